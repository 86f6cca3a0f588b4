import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import {
  calls,
  certificates,
  certificationSteps,
  certifications,
  clients,
  reports,
  simulations,
  users,
} from '../../../db/schema';
import type { CertificateDetails } from '../../../db/schema/certifications';
import type { CriterionResult } from '../../../db/schema/reports';
import { rawRows } from '../../../db/tenant';
import type {
  CertificateStatus,
  CertificateView,
  CertificationDetail,
  CertificationValues,
} from '../../contracts/certifications';
import { toCsv } from '../../contracts/csv';
import { hasRole, type Role } from '../../contracts/roles';
import { AppError } from '../../errors';
import { enqueue } from '../../jobs/queue';
import { hashToken, newLinkToken, tokenMatches } from '../guest-links/tokens';
import { teamCondition } from '../team/scope';

/**
 * Certifications: a manager defines an ordered set of simulations, each with a pass rule; a rep
 * earns the certification when every step has a passing attempt (a certification-mode call with a
 * ready report), with verified evidence where the step requires it. The certificate is frozen when
 * earned (certification name, holder's name, organisation, the passing calls), may expire after
 * some months and may be revoked; its public verification link carries a random token stored as
 * its SHA-256, which the holder may replace (the old link stops verifying).
 */

export interface CertViewer {
  tenantId: string;
  userId: string;
  role: Role | null;
}

const DAY = 86_400_000;
/** The job queue of the expiry sweep (server/services/certifications/expiry-job.ts). */
const CERTIFICATES_QUEUE = 'certificate_expiry' as const;

/** A certificate expiring within this many days is flagged, and its holder reminded. */
const REMIND_DAYS_BEFORE = 30;

const notFound = () =>
  new AppError('NOT_FOUND', 'Certification not found', { messageKey: 'certifications.errors.notFound' });
const canManage = (viewer: CertViewer) => hasRole(viewer.role, ['admin', 'sales_manager']);

function managerOnly(viewer: CertViewer) {
  if (!canManage(viewer))
    throw new AppError('FORBIDDEN', 'Only admins and managers manage certifications', {
      messageKey: 'certifications.errors.managersOnly',
    });
}

/** The status of a certificate at `now`. */
export function certificateStatus(c: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): CertificateStatus {
  if (c.revokedAt) return 'revoked';
  if (c.expiresAt && c.expiresAt <= now) return 'expired';
  return 'valid';
}

function addMonths(d: Date, months: number): Date {
  const x = new Date(d);
  x.setUTCMonth(x.getUTCMonth() + months);
  return x;
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').trim().toLowerCase();

interface StepRule {
  minScore: number | null;
  minLevels: { criterion: string; level: number }[];
  evidenceRequired: boolean;
}

/**
 * Whether one scored attempt passes a step: the minimum score, and each named criterion at its
 * minimum level; with evidence required, each of those levels backed by a verified quote of the
 * rep, no level kept without verification, and a score resting on at least one verified quote.
 */
export function attemptPasses(
  step: StepRule,
  report: { score: number | null; criteria: readonly CriterionResult[] | null },
): boolean {
  const criteria = report.criteria ?? [];
  if (step.minScore !== null && (report.score ?? -1) < step.minScore) return false;
  for (const rule of step.minLevels) {
    const c = criteria.find((x) => fold(x.name) === fold(rule.criterion));
    if (!c || c.level === null || c.level < rule.level) return false;
    if (step.evidenceRequired && (c.unverified || c.evidence.length === 0)) return false;
  }
  if (step.evidenceRequired) {
    if (criteria.some((c) => c.unverified && (c.level ?? 0) > 0)) return false;
    if (!criteria.some((c) => (c.level ?? 0) > 0 && c.evidence.length > 0)) return false;
  }
  return true;
}

async function stepsOf(tx: Executor, certificationId: string) {
  return tx
    .select({
      id: certificationSteps.id,
      position: certificationSteps.position,
      simulationId: certificationSteps.simulationId,
      simulationName: simulations.name,
      minScore: certificationSteps.minScore,
      minLevels: certificationSteps.minLevels,
      evidenceRequired: certificationSteps.evidenceRequired,
    })
    .from(certificationSteps)
    .leftJoin(simulations, eq(simulations.id, certificationSteps.simulationId))
    .where(eq(certificationSteps.certificationId, certificationId))
    .orderBy(asc(certificationSteps.position));
}

async function loadCertification(tx: Executor, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(certifications)
    .where(and(eq(certifications.tenantId, tenantId), eq(certifications.id, id)));
  if (!row) throw notFound();
  return row;
}

async function assertSimulations(tx: Executor, tenantId: string, ids: string[]) {
  const found = await tx
    .select({ id: simulations.id })
    .from(simulations)
    .where(and(eq(simulations.tenantId, tenantId), inArray(simulations.id, ids)));
  if (found.length !== new Set(ids).size)
    throw new AppError('VALIDATION', 'A step names a simulation that does not exist', {
      messageKey: 'certifications.validation.simulationUnknown',
      field: 'steps',
    });
}

async function writeSteps(tx: Executor, tenantId: string, certificationId: string, v: CertificationValues) {
  await assertSimulations(
    tx,
    tenantId,
    v.steps.map((s) => s.simulationId),
  );
  await tx.delete(certificationSteps).where(eq(certificationSteps.certificationId, certificationId));
  await tx.insert(certificationSteps).values(
    v.steps.map((s, i) => ({
      tenantId,
      certificationId,
      position: i,
      simulationId: s.simulationId,
      minScore: s.minScore,
      minLevels: s.minLevels,
      evidenceRequired: s.evidenceRequired,
    })),
  );
}

export async function createCertification(tx: Executor, viewer: CertViewer, v: CertificationValues) {
  managerOnly(viewer);
  const [row] = await tx
    .insert(certifications)
    .values({
      tenantId: viewer.tenantId,
      createdBy: viewer.userId,
      name: v.name,
      description: v.description,
      expiryMonths: v.expiryMonths,
      maxAttempts: v.maxAttempts,
    })
    .returning({ id: certifications.id });
  await writeSteps(tx, viewer.tenantId, row.id, v);
  return { id: row.id };
}

/**
 * Changes a certification's definition. Steps are rewritten; attempts already made keep pointing
 * at the steps they were made for, so a changed rule is judged on new attempts only. Certificates
 * already earned stay as they were earned.
 */
export async function updateCertification(
  tx: Executor,
  viewer: CertViewer,
  { id, values: v }: { id: string; values: CertificationValues },
) {
  managerOnly(viewer);
  await loadCertification(tx, viewer.tenantId, id);
  const held = await tx
    .select({ id: calls.id })
    .from(calls)
    .innerJoin(certificationSteps, eq(certificationSteps.id, calls.certificationStepId))
    .where(eq(certificationSteps.certificationId, id))
    .limit(1);
  if (held.length)
    throw new AppError('CONFLICT', 'Reps have already attempted this certification: archive it and create a new one', {
      messageKey: 'certifications.errors.attempted',
    });
  await tx
    .update(certifications)
    .set({
      name: v.name,
      description: v.description,
      expiryMonths: v.expiryMonths,
      maxAttempts: v.maxAttempts,
      updatedAt: new Date(),
    })
    .where(eq(certifications.id, id));
  await writeSteps(tx, viewer.tenantId, id, v);
  return { id };
}

/** Archived: no new attempts; certificates already earned stay valid until they expire. */
export async function archiveCertification(tx: Executor, viewer: CertViewer, id: string) {
  managerOnly(viewer);
  await loadCertification(tx, viewer.tenantId, id);
  await tx.update(certifications).set({ archivedAt: new Date() }).where(eq(certifications.id, id));
  return { id };
}

type CertificateRow = typeof certificates.$inferSelect;

function certificateView(c: CertificateRow, now: Date): CertificateView {
  const status = certificateStatus(c, now);
  return {
    id: c.id,
    certificationId: c.certificationId,
    certificationName: c.details.certificationName,
    userId: c.userId,
    holderName: c.details.holderName,
    earnedAt: c.earnedAt.toISOString(),
    expiresAt: c.expiresAt?.toISOString() ?? null,
    status,
    expiringSoon:
      status === 'valid' && !!c.expiresAt && c.expiresAt.getTime() - now.getTime() <= REMIND_DAYS_BEFORE * DAY,
  };
}

/** The users a viewer may see certificates of: themselves, their team (managers), everyone (admins). */
async function visibleUserIds(tx: Executor, viewer: CertViewer): Promise<string[] | 'all'> {
  if (viewer.role === 'admin' || viewer.role === 'superuser') return 'all';
  if (viewer.role !== 'sales_manager') return [viewer.userId];
  const team = await rawRows<{ id: string }>(
    tx,
    sql`select u.id from users u where ${teamCondition({ ...viewer, tenantId: viewer.tenantId })}`,
  );
  return [viewer.userId, ...team.map((t) => t.id)];
}

export async function listCertifications(tx: Executor, viewer: CertViewer, now = new Date()) {
  const rows = await tx
    .select()
    .from(certifications)
    .where(eq(certifications.tenantId, viewer.tenantId))
    .orderBy(asc(sql`lower(${certifications.name})`), asc(certifications.id));
  const manage = canManage(viewer);
  const visible = await visibleUserIds(tx, viewer);
  const certs = await tx
    .select()
    .from(certificates)
    .where(
      and(
        eq(certificates.tenantId, viewer.tenantId),
        isNull(certificates.revokedAt),
        visible === 'all' ? undefined : inArray(certificates.userId, visible),
      ),
    );
  const steps = await rawRows<{ certification_id: string; n: number }>(
    tx,
    sql`select certification_id, count(*)::int as n from certification_steps where tenant_id = ${viewer.tenantId} group by 1`,
  );
  const valid = certs.filter((c) => certificateStatus(c, now) === 'valid');
  return rows
    .filter(
      (r) => manage || !r.archivedAt || valid.some((c) => c.certificationId === r.id && c.userId === viewer.userId),
    )
    .map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      steps: steps.find((s) => s.certification_id === r.id)?.n ?? 0,
      expiryMonths: r.expiryMonths,
      holders: new Set(valid.filter((c) => c.certificationId === r.id).map((c) => c.userId)).size,
      held: valid.some((c) => c.certificationId === r.id && c.userId === viewer.userId),
      archived: !!r.archivedAt,
    }));
}

/** A learner's attempts at each step of a certification, with their reports, oldest first. */
async function attemptsOf(tx: Executor, userId: string, stepIds: string[]) {
  if (!stepIds.length) return [];
  return tx
    .select({
      callId: calls.id,
      stepId: calls.certificationStepId,
      startedAt: calls.createdAt,
      status: reports.status,
      score: reports.score,
      criteria: reports.criteria,
      completedAt: reports.completedAt,
    })
    .from(calls)
    .leftJoin(reports, eq(reports.callId, calls.id))
    .where(and(eq(calls.userId, userId), inArray(calls.certificationStepId, stepIds)))
    .orderBy(asc(calls.createdAt));
}

function progressOf(
  steps: Awaited<ReturnType<typeof stepsOf>>,
  attempts: Awaited<ReturnType<typeof attemptsOf>>,
  maxAttempts: number | null,
) {
  return steps.map((s) => {
    const mine = attempts.filter((a) => a.stepId === s.id);
    const ready = mine.filter((a) => a.status === 'ready');
    const passing = ready.find((a) =>
      attemptPasses(
        { minScore: s.minScore, minLevels: s.minLevels, evidenceRequired: s.evidenceRequired },
        { score: a.score, criteria: a.criteria },
      ),
    );
    const scores = ready.map((a) => a.score).filter((x): x is number => x !== null);
    return {
      stepId: s.id,
      passed: !!passing,
      attempts: mine.length,
      attemptsLeft: maxAttempts === null ? null : Math.max(0, maxAttempts - mine.length),
      bestScore: scores.length ? Math.max(...scores) : null,
      callId: passing?.callId ?? mine[mine.length - 1]?.callId ?? null,
      passedAt: passing?.completedAt ?? null,
    };
  });
}

export async function getCertification(
  tx: Executor,
  viewer: CertViewer,
  { id, now = new Date() }: { id: string; now?: Date },
): Promise<CertificationDetail> {
  const row = await loadCertification(tx, viewer.tenantId, id);
  const steps = await stepsOf(tx, id);
  const attempts = await attemptsOf(
    tx,
    viewer.userId,
    steps.map((s) => s.id),
  );
  const progress = progressOf(steps, attempts, row.maxAttempts).map(({ passedAt: _p, ...p }) => p);
  const [mine] = await tx
    .select()
    .from(certificates)
    .where(and(eq(certificates.certificationId, id), eq(certificates.userId, viewer.userId)))
    .orderBy(desc(certificates.earnedAt))
    .limit(1);
  let holders: CertificateView[] = [];
  if (canManage(viewer)) {
    const visible = await visibleUserIds(tx, viewer);
    const rows = await tx
      .select()
      .from(certificates)
      .where(
        and(
          eq(certificates.certificationId, id),
          visible === 'all' ? undefined : inArray(certificates.userId, visible),
        ),
      )
      .orderBy(desc(certificates.earnedAt));
    holders = rows.map((c) => certificateView(c, now));
  }
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    expiryMonths: row.expiryMonths,
    maxAttempts: row.maxAttempts,
    archived: !!row.archivedAt,
    steps: steps.map((s) => ({
      id: s.id,
      position: s.position,
      simulationId: s.simulationId,
      simulationName: s.simulationName,
      minScore: s.minScore,
      minLevels: s.minLevels,
      evidenceRequired: s.evidenceRequired,
    })),
    progress,
    mine: mine ? certificateView(mine, now) : null,
    holders,
    canManage: canManage(viewer),
  };
}

/**
 * Before a certification-mode call starts: the step belongs to an active certification of the
 * tenant and to this simulation, the rep has attempts left on it, and does not hold the
 * certification already. Returns the step id the call records.
 */
export async function startCertificationAttempt({
  tx,
  actor,
  stepId,
  simulationId,
  now = new Date(),
}: {
  tx: Executor;
  actor: CertViewer;
  stepId: string;
  simulationId: string;
  now?: Date;
}): Promise<string> {
  const [step] = await tx
    .select({
      id: certificationSteps.id,
      simulationId: certificationSteps.simulationId,
      certificationId: certificationSteps.certificationId,
      archivedAt: certifications.archivedAt,
      maxAttempts: certifications.maxAttempts,
    })
    .from(certificationSteps)
    .innerJoin(certifications, eq(certifications.id, certificationSteps.certificationId))
    .where(and(eq(certificationSteps.tenantId, actor.tenantId), eq(certificationSteps.id, stepId)));
  if (!step || step.simulationId !== simulationId) throw notFound();
  if (step.archivedAt)
    throw new AppError('CONFLICT', 'This certification is archived', { messageKey: 'certifications.errors.archived' });
  const held = await tx
    .select({ revokedAt: certificates.revokedAt, expiresAt: certificates.expiresAt })
    .from(certificates)
    .where(and(eq(certificates.certificationId, step.certificationId), eq(certificates.userId, actor.userId)));
  if (held.some((c) => certificateStatus(c, now) === 'valid'))
    throw new AppError('CONFLICT', 'You already hold this certification', {
      messageKey: 'certifications.errors.alreadyHeld',
    });
  if (step.maxAttempts !== null) {
    const [{ n }] = await rawRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from calls where certification_step_id = ${stepId} and user_id = ${actor.userId}`,
    );
    if (n >= step.maxAttempts)
      throw new AppError('CONFLICT', 'No attempts left on this step', {
        messageKey: 'certifications.errors.noAttemptsLeft',
      });
  }
  return step.id;
}

/**
 * After a certification attempt's report is ready: when every step of its certification now has
 * a passing attempt and the rep holds no valid certificate of it, the certificate is issued. The
 * earn date is the last step's pass; the expiry counts from it.
 */
export async function checkCertificationForCall(
  tx: Executor,
  callId: string,
  now = new Date(),
): Promise<{ issued: string | null }> {
  const [call] = await tx
    .select({
      userId: calls.userId,
      stepId: calls.certificationStepId,
      tenantId: calls.tenantId,
      demo: sql<boolean>`coalesce((${calls.serverMetrics}->>'demo')::boolean, false)`,
    })
    .from(calls)
    .where(eq(calls.id, callId));
  if (!call?.stepId || !call.userId) return { issued: null };
  const [step] = await tx
    .select({ certificationId: certificationSteps.certificationId })
    .from(certificationSteps)
    .where(eq(certificationSteps.id, call.stepId));
  if (!step) return { issued: null };
  return issueIfEarned(tx, {
    tenantId: call.tenantId,
    userId: call.userId,
    certificationId: step.certificationId,
    now,
    // the demo history dates its certificates itself and mails nobody (server/demo-history/coaching.ts)
    schedule: !call.demo,
  });
}

async function issueIfEarned(
  tx: Executor,
  {
    tenantId,
    userId,
    certificationId,
    now,
    schedule,
  }: { tenantId: string; userId: string; certificationId: string; now: Date; schedule: boolean },
): Promise<{ issued: string | null }> {
  const cert = await loadCertification(tx, tenantId, certificationId);
  const held = await tx
    .select({ revokedAt: certificates.revokedAt, expiresAt: certificates.expiresAt, earnedAt: certificates.earnedAt })
    .from(certificates)
    .where(and(eq(certificates.certificationId, certificationId), eq(certificates.userId, userId)));
  if (held.some((c) => certificateStatus(c, now) === 'valid')) return { issued: null };
  const steps = await stepsOf(tx, certificationId);
  if (!steps.length || steps.some((s) => !s.simulationId)) return { issued: null };
  // attempts made after the last certificate ended count towards a new one
  const since = held.reduce<Date | null>((d, c) => (d && d > c.earnedAt ? d : c.earnedAt), null);
  const attempts = (
    await attemptsOf(
      tx,
      userId,
      steps.map((s) => s.id),
    )
  ).filter((a) => !since || a.startedAt > since);
  const progress = progressOf(steps, attempts, cert.maxAttempts);
  if (!progress.every((p) => p.passed)) return { issued: null };
  const earnedAt = progress.reduce<Date>((d, p) => (p.passedAt && p.passedAt > d ? p.passedAt : d), new Date(0));
  const [holder] = await tx
    .select({ name: sql<string>`coalesce(nullif(${users.displayName}, ''), ${users.username})` })
    .from(users)
    .where(eq(users.id, userId));
  const [org] = await tx.select({ name: clients.name }).from(clients).where(eq(clients.id, tenantId));
  const details: CertificateDetails = {
    certificationName: cert.name,
    holderName: holder?.name ?? '',
    organisation: org?.name ?? '',
    steps: steps.map((s, i) => ({
      simulationName: s.simulationName ?? '',
      callId: progress[i].callId!,
      score: attempts.find((a) => a.callId === progress[i].callId)?.score ?? null,
    })),
  };
  const [row] = await tx
    .insert(certificates)
    .values({
      tenantId,
      certificationId,
      userId,
      earnedAt,
      expiresAt: cert.expiryMonths ? addMonths(earnedAt, cert.expiryMonths) : null,
      verifyTokenHash: hashToken(newLinkToken()),
      details,
    })
    .returning({ id: certificates.id });
  const expiresAt = cert.expiryMonths ? addMonths(earnedAt, cert.expiryMonths) : null;
  if (expiresAt && schedule) {
    // the reminder 30 days before, and the lapse on the day: the sweep does both, whichever runs
    const remindAt = new Date(Math.max(now.getTime(), expiresAt.getTime() - REMIND_DAYS_BEFORE * DAY));
    for (const [phase, runAt] of [
      ['remind', remindAt],
      ['lapse', expiresAt],
    ] as const)
      await enqueue(tx, {
        queue: CERTIFICATES_QUEUE,
        tenantId,
        payload: { certificateId: row.id, phase },
        dedupeKey: `certificate:${row.id}:${phase}`,
        maxAttempts: 5,
        runAt,
      });
  }
  return { issued: row.id };
}

/** A certificate the viewer may act on: their own, or (managers) their team's, (admins) any. */
export async function certificateFor(tx: Executor, viewer: CertViewer, certificateId: string) {
  const [c] = await tx
    .select()
    .from(certificates)
    .where(and(eq(certificates.tenantId, viewer.tenantId), eq(certificates.id, certificateId)));
  if (!c)
    throw new AppError('NOT_FOUND', 'Certificate not found', {
      messageKey: 'certifications.errors.certificateNotFound',
    });
  const visible = await visibleUserIds(tx, viewer);
  if (visible !== 'all' && !visible.includes(c.userId))
    throw new AppError('NOT_FOUND', 'Certificate not found', {
      messageKey: 'certifications.errors.certificateNotFound',
    });
  return c;
}

/**
 * A new verification link for a valid certificate (its holder, or a manager of theirs): a fresh
 * random token, stored as its SHA-256; the previous link stops verifying. The token is shown now
 * and never again.
 */
export async function newVerificationLink(
  tx: Executor,
  viewer: CertViewer,
  { certificateId, now = new Date() }: { certificateId: string; now?: Date },
) {
  const c = await certificateFor(tx, viewer, certificateId);
  if (certificateStatus(c, now) !== 'valid')
    throw new AppError('CONFLICT', 'Only a valid certificate can be verified', {
      messageKey: 'certifications.errors.notValid',
    });
  const token = newLinkToken();
  await tx
    .update(certificates)
    .set({ verifyTokenHash: hashToken(token) })
    .where(eq(certificates.id, c.id));
  return { token: `${c.id}.${token}` };
}

export async function revokeCertificate(
  tx: Executor,
  viewer: CertViewer,
  { certificateId, now = new Date() }: { certificateId: string; now?: Date },
) {
  managerOnly(viewer);
  const c = await certificateFor(tx, viewer, certificateId);
  if (c.revokedAt) return { id: c.id };
  await tx.update(certificates).set({ revokedAt: now, revokedBy: viewer.userId }).where(eq(certificates.id, c.id));
  return { id: c.id };
}

/**
 * What a signed-out visitor learns from a verification link (read on the system path): the
 * certificate's status, its name, the holder's name, the organisation and the dates — nothing
 * else. A wrong, replaced or malformed token is "not found", told apart from nothing else.
 */
export async function verifyCertificate(tx: Executor, link: string, now = new Date()) {
  const m = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{20,100})$/.exec(link);
  const none = () =>
    new AppError('NOT_FOUND', 'This verification link is not valid', {
      messageKey: 'certifications.errors.linkInvalid',
    });
  if (!m) throw none();
  const [c] = await tx.select().from(certificates).where(eq(certificates.id, m[1]));
  if (!c || !tokenMatches(m[2], c.verifyTokenHash)) throw none();
  return {
    status: certificateStatus(c, now),
    certificationName: c.details.certificationName,
    holderName: c.details.holderName,
    organisation: c.details.organisation,
    earnedAt: c.earnedAt.toISOString(),
    expiresAt: c.expiresAt?.toISOString() ?? null,
  };
}

/** The viewer's own certificates, newest first (the in-app reminder reads `expiringSoon`). */
export async function myCertificates(tx: Executor, viewer: CertViewer, now = new Date()) {
  const rows = await tx
    .select()
    .from(certificates)
    .where(and(eq(certificates.tenantId, viewer.tenantId), eq(certificates.userId, viewer.userId)))
    .orderBy(desc(certificates.earnedAt));
  return rows.map((c) => certificateView(c, now));
}

/** Every certificate the viewer may see, as CSV: certification, holder, e-mail, dates, status. */
export async function exportCertificates(tx: Executor, viewer: CertViewer, now = new Date()) {
  managerOnly(viewer);
  const visible = await visibleUserIds(tx, viewer);
  const rows = await tx
    .select({ c: certificates, email: users.email })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(
      and(
        eq(certificates.tenantId, viewer.tenantId),
        visible === 'all' ? undefined : inArray(certificates.userId, visible),
      ),
    )
    .orderBy(asc(sql`lower(${certificates.details}->>'certificationName')`), desc(certificates.earnedAt));
  const csv = toCsv([
    ['certification', 'holder', 'email', 'earned_at', 'expires_at', 'status', 'revoked_at'],
    ...rows.map(({ c, email }) => [
      c.details.certificationName,
      c.details.holderName,
      email,
      c.earnedAt.toISOString(),
      c.expiresAt?.toISOString() ?? '',
      certificateStatus(c, now),
      c.revokedAt?.toISOString() ?? '',
    ]),
  ]);
  return { filename: `certificates-${now.toISOString().slice(0, 10)}.csv`, csv, rows: rows.length };
}

/**
 * The expiry sweep (the certificates job, and tests with their own clock): holders of a valid
 * certificate expiring within 30 days are reminded once (`remind` sends the mail; the app shows
 * it from `expiringSoon`); certificates whose expiry has passed are marked lapsed once.
 */
export async function sweepCertificates(
  tx: Executor,
  { now, remind }: { now: Date; remind: (c: CertificateRow) => Promise<void> },
): Promise<{ reminded: number; lapsed: number }> {
  const due = await tx
    .select()
    .from(certificates)
    .where(
      and(
        isNull(certificates.revokedAt),
        isNull(certificates.reminderSentAt),
        isNotNull(certificates.expiresAt),
        gt(certificates.expiresAt, now),
        lte(certificates.expiresAt, new Date(now.getTime() + REMIND_DAYS_BEFORE * DAY)),
      ),
    );
  for (const c of due) {
    await remind(c);
    await tx.update(certificates).set({ reminderSentAt: now }).where(eq(certificates.id, c.id));
  }
  const lapsed = await tx
    .update(certificates)
    .set({ lapsedAt: now })
    .where(
      and(
        isNull(certificates.revokedAt),
        isNull(certificates.lapsedAt),
        isNotNull(certificates.expiresAt),
        lte(certificates.expiresAt, now),
      ),
    )
    .returning({ id: certificates.id });
  return { reminded: due.length, lapsed: lapsed.length };
}

/**
 * Dates a certificate from the attempts it was earned with (the demo history, after moving its
 * calls into the past): earned when its last step passed, expiring that many months later. A
 * certificate already within its reminder window counts as reminded in the app: nobody is mailed.
 */
export async function redateCertificate(tx: Executor, certificateId: string, now = new Date()) {
  const [c] = await tx.select().from(certificates).where(eq(certificates.id, certificateId));
  if (!c) return;
  const callIds = c.details.steps.map((s) => s.callId);
  const [{ at }] = await rawRows<{ at: string | Date | null }>(
    tx,
    sql`select max(completed_at) as at from reports where call_id = any(${sql.param(callIds)}::uuid[])`,
  );
  if (!at) return;
  const earnedAt = new Date(at);
  const [cert] = await tx
    .select({ months: certifications.expiryMonths })
    .from(certifications)
    .where(eq(certifications.id, c.certificationId));
  const expiresAt = cert?.months ? addMonths(earnedAt, cert.months) : null;
  await tx
    .update(certificates)
    .set({
      earnedAt,
      expiresAt,
      reminderSentAt: expiresAt && expiresAt.getTime() - now.getTime() <= REMIND_DAYS_BEFORE * DAY ? now : null,
    })
    .where(eq(certificates.id, c.id));
}
