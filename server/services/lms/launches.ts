import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../../db/client';
import {
  calls,
  certifications,
  ltiResourceLinks,
  lmsLaunches,
  scormPackages,
  simulations,
  users,
} from '../../../db/schema';
import { tenantRunnerFor } from '../../access/tenant-runner';
import type { LmsLaunchSource, LmsLaunchStatus, LmsTargetKind } from '../../contracts/enums';
import type { LmsLaunchView } from '../../contracts/lms';
import { roleOf } from '../../contracts/roles';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { enqueue } from '../../jobs/queue';
import { failUnconnectedCall, issueTicket, startCall, type StartCallResult } from '../calls/calls';
import { forGuest } from '../campaigns/guest';
import { getCertification } from '../certifications/certifications';
import { guestReportOf, introSimulation, introSimulationColumns, ticketExpiredBefore } from '../guest-links/guest-link';
import { getReport } from '../reports/reports';
import { signLmsJwt, verifyLmsJwt } from './keys';

/*
 * A launch from a learning system (a SCORM package a learner opened, an LTI resource link): one
 * row of the launch log, and the learner's credential — a token Spar signs (RS256, the tenant's
 * key, 12 h) naming the launch. The learner's page (`/lms/launch/<id>#<token>`) needs no account
 * session: the token is checked on every request. A launch whose learner has a Spar account runs
 * its calls on that account (they count in progress, dashboards and certifications); one without
 * (a SCORM guest) runs a call of mode 'lms' with no user.
 */

const LAUNCH_AUDIENCE = 'spar-lms-launch';
const LAUNCH_TTL_SECONDS = 12 * 3600;
/** The job queue that sends an LTI launch's grade (server/services/lms/lti). */
export const LTI_SCORE_QUEUE = 'lti_score' as const;

export interface NewLaunch {
  tenantId: string;
  source: LmsLaunchSource;
  packageId?: string;
  platformId?: string;
  resourceLinkId?: string;
  targetKind: LmsTargetKind;
  simulationId?: string | null;
  certificationId?: string | null;
  userId: string | null;
  learnerId: string;
  learnerName: string | null;
  returnUrl?: string | null;
}

/** The learner page's path for a launch: the token rides in the fragment (never sent to a server log). */
export const learnerPagePath = (launchId: string, token: string) => `/lms/launch/${launchId}#${token}`;

/** Opens an accepted launch (status 'opened') and signs its token. */
export async function openLaunch(
  db: Db,
  env: Pick<Env, 'ENCRYPTION_KEY'>,
  launch: NewLaunch,
): Promise<{ launchId: string; token: string; path: string }> {
  const expiresAt = new Date(Date.now() + LAUNCH_TTL_SECONDS * 1000);
  // signed first: without a key (no ENCRYPTION_KEY) nothing is written
  const id = randomUUID();
  const token = await signLmsJwt(db, env, {
    tenantId: launch.tenantId,
    claims: { aud: LAUNCH_AUDIENCE, sub: id },
    expiresInSeconds: LAUNCH_TTL_SECONDS,
  });
  await tenantRunnerFor(
    db,
    launch.tenantId,
  )((tx) =>
    tx.insert(lmsLaunches).values({
      id,
      tenantId: launch.tenantId,
      source: launch.source,
      status: 'opened',
      packageId: launch.packageId ?? null,
      platformId: launch.platformId ?? null,
      resourceLinkId: launch.resourceLinkId ?? null,
      targetKind: launch.targetKind,
      simulationId: launch.simulationId ?? null,
      certificationId: launch.certificationId ?? null,
      userId: launch.userId,
      learnerId: launch.learnerId.slice(0, 255),
      learnerName: launch.learnerName?.slice(0, 200) ?? null,
      returnUrl: launch.returnUrl ?? null,
      expiresAt,
    }),
  );
  return { launchId: id, token, path: learnerPagePath(id, token) };
}

/** Writes a refused launch to the launch log with its reason (an i18n key of the lms namespace). */
export async function refuseLaunch(
  db: Db,
  r: {
    tenantId: string;
    source: LmsLaunchSource;
    packageId?: string;
    platformId?: string;
    error: string;
    learnerId?: string | null;
  },
): Promise<void> {
  await tenantRunnerFor(
    db,
    r.tenantId,
  )((tx) =>
    tx.insert(lmsLaunches).values({
      tenantId: r.tenantId,
      source: r.source,
      status: 'refused',
      error: r.error.slice(0, 200),
      packageId: r.packageId ?? null,
      platformId: r.platformId ?? null,
      learnerId: r.learnerId?.slice(0, 255) ?? null,
    }),
  );
}

type LaunchRow = typeof lmsLaunches.$inferSelect;

/**
 * The launch a token names, in its tenant: the token's signature (a published key of the tenant),
 * audience and expiry, the launch id it names (when `id` is given, it must be that one), and a
 * launch that was accepted. Anything else is LMS_LAUNCH_INVALID.
 */
async function resolveLaunch(db: Db, token: string, id?: string) {
  const { tenantId, payload } = await verifyLmsJwt(db, token, LAUNCH_AUDIENCE);
  if (!payload.sub || (id && payload.sub !== id)) throw new AppError('LMS_LAUNCH_INVALID', 'lms.errors.launchInvalid');
  const tenant = tenantRunnerFor(db, tenantId);
  const [row] = await tenant((tx) => tx.select().from(lmsLaunches).where(eq(lmsLaunches.id, payload.sub!)));
  if (!row || row.status === 'refused') throw new AppError('LMS_LAUNCH_INVALID', 'lms.errors.launchInvalid');
  return { row, tenant };
}

/** The role a launch's calls run with: its learner's (a deactivated or role-less account cannot call). */
async function learnerActor(tx: Executor, row: LaunchRow) {
  if (!row.userId) return null;
  const [u] = await tx
    .select({ userType: users.userType, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, row.userId));
  const role = u && !u.deactivatedAt ? roleOf(u.userType) : null;
  if (!role) throw new AppError('LMS_LAUNCH_REFUSED', 'lms.errors.accountUnavailable');
  return { tenantId: row.tenantId, userId: row.userId, role };
}

/** Whether the launch's current call is in flight: started and its report not settled (none, or pending/running). */
async function inFlight(tx: Executor, row: LaunchRow) {
  if (!row.callId) return false;
  const [c] = await tx.select({ state: calls.state }).from(calls).where(eq(calls.id, row.callId));
  if (!c) return false;
  const report = await guestReportOf(tx, row.callId);
  if (report.status === 'pending' || report.status === 'running') return true;
  if (report.status === 'ready' || report.status === 'failed') return false;
  // no report: a call still live is in flight; one that ended without the rep speaking is not
  return c.state !== 'ended' && c.state !== 'failed';
}

/** What the learner's page shows. */
export async function launchView(db: Db, req: { id: string; token: string }): Promise<LmsLaunchView> {
  const { row, tenant } = await resolveLaunch(db, req.token, req.id);
  return tenant(async (tx) => {
    let simulation: LmsLaunchView['simulation'] = null;
    let certification: LmsLaunchView['certification'] = null;
    if (row.targetKind === 'simulation' && row.simulationId) {
      const [s] = await tx.select(introSimulationColumns).from(simulations).where(eq(simulations.id, row.simulationId));
      if (s) simulation = introSimulation(s);
    }
    if (row.targetKind === 'certification' && row.certificationId) {
      const actor = await learnerActor(tx, row);
      if (actor) {
        const detail = await getCertification(tx, actor, { id: row.certificationId }).catch(() => null);
        if (detail && !detail.archived) {
          const held = detail.mine?.status === 'valid';
          certification = {
            name: detail.name,
            description: detail.description,
            held,
            steps: detail.steps.map((s) => {
              const p = detail.progress.find((x) => x.stepId === s.id);
              return {
                step_id: s.id,
                position: s.position,
                simulation_name: s.simulationName,
                available: !held && !!s.simulationId && !p?.passed && p?.attemptsLeft !== 0,
                passed: !!p?.passed,
                attempts_left: p?.attemptsLeft ?? null,
                best_score: p?.bestScore ?? null,
              };
            }),
          };
        }
      }
    }
    const report = await guestReportOf(tx, row.callId);
    return {
      launch_id: row.id,
      source: row.source,
      status: row.status,
      target_kind: row.targetKind ?? 'simulation',
      learner_name: row.learnerName,
      return_url: row.returnUrl,
      simulation,
      certification,
      call_in_flight: await inFlight(tx, row),
      report_status: report.status,
      score: report.score,
    };
  });
}

/**
 * Starts the launch's call: a simulation launch's one call (a start whose call never connected,
 * or a call that ended before the learner spoke, may be started again), or a certification
 * launch's attempt at a step (one at a time). The claim is a conditional UPDATE on the call the
 * launch held, so two tabs cannot both start one.
 */
export async function startLaunchCall(
  db: Db,
  env: Env,
  req: { id: string; token: string; stepId?: string },
): Promise<StartCallResult> {
  const { row, tenant } = await resolveLaunch(db, req.token, req.id);
  const now = new Date();
  const started = await tenant(async (tx) => {
    if (row.callId) {
      await failUnconnectedCall({ tx, callId: row.callId, now, olderThan: ticketExpiredBefore(env, now) });
      if (await inFlight(tx, row)) throw new AppError('LMS_LAUNCH_STARTED', 'lms.errors.launchStarted');
      const reported: string = (await guestReportOf(tx, row.callId)).status;
      if (row.targetKind === 'simulation' && reported !== 'none')
        throw new AppError('LMS_LAUNCH_STARTED', 'lms.errors.launchStarted');
    }
    const actor = await learnerActor(tx, row);
    let simulationId = row.simulationId;
    let certificationStepId: string | undefined;
    if (row.targetKind === 'certification') {
      if (!actor || !row.certificationId)
        throw new AppError('LMS_LAUNCH_REFUSED', 'lms.errors.certificationNeedsAccount');
      const detail = await getCertification(tx, actor, { id: row.certificationId });
      const step = detail.steps.find((s) => s.id === req.stepId);
      if (!step?.simulationId) throw new AppError('NOT_FOUND', 'Certification step not found');
      simulationId = step.simulationId;
      certificationStepId = step.id;
    }
    if (!simulationId) throw new AppError('NOT_FOUND', 'Simulation not found');
    const call = await startCall({
      tx,
      env,
      actor: actor ?? { tenantId: row.tenantId, userId: null, role: null, candidate: true },
      input: { simulationId, mode: actor ? 'practice' : 'lms', certificationStepId },
    });
    const [claimed] = await tx
      .update(lmsLaunches)
      .set({ status: 'started', callId: call.callId, score: null, updatedAt: now })
      .where(
        and(eq(lmsLaunches.id, row.id), row.callId ? eq(lmsLaunches.callId, row.callId) : isNull(lmsLaunches.callId)),
      )
      .returning({ id: lmsLaunches.id });
    if (!claimed) throw new AppError('LMS_LAUNCH_STARTED', 'lms.errors.launchStarted');
    return { call, userId: actor?.userId ?? null };
  });
  const ticket = await issueTicket(db, env, {
    tenantId: row.tenantId,
    callId: started.call.callId,
    userId: started.userId,
  });
  return { ...started.call, ticket };
}

/** Where the launch's report stands (the call page polls it after the call). */
export async function launchProgress(db: Db, req: { id: string; token: string }) {
  const { row, tenant } = await resolveLaunch(db, req.token, req.id);
  return tenant(async (tx) => {
    const r = await guestReportOf(tx, row.callId);
    return { report_status: r.status, score: r.score };
  });
}

/** The report of the launch's current call, as a guest sees one (no recording, no reviews, no links into the app). */
export async function launchReport(db: Db, req: { id: string; token: string }) {
  const { row, tenant } = await resolveLaunch(db, req.token, req.id);
  return tenant(async (tx) => {
    const status = (await guestReportOf(tx, row.callId)).status;
    const report =
      row.callId && status === 'ready'
        ? forGuest(await getReport(tx, { userId: row.id, role: 'sales_manager' }, row.callId), row.learnerName ?? '')
        : null;
    return { report_status: status, report };
  });
}

/**
 * What a package reads about its launch, by the launch token alone: the status, the score of the
 * launch's call, and whether it passed (a SCORM package's passing score; a certification launch:
 * the certificate held) and completed.
 */
export async function launchResult(db: Db, token: string) {
  const { row, tenant } = await resolveLaunch(db, token);
  return tenant(async (tx) => {
    const [call] = row.callId
      ? await tx.select({ durationMs: calls.durationMs }).from(calls).where(eq(calls.id, row.callId))
      : [];
    const [pkg] = row.packageId
      ? await tx
          .select({ passingScore: scormPackages.passingScore })
          .from(scormPackages)
          .where(eq(scormPackages.id, row.packageId))
      : [];
    const score = row.score;
    let passed: boolean | null = null;
    let completed = row.status === 'completed';
    if (row.targetKind === 'certification') {
      const view = await launchView(db, { id: row.id, token });
      const held = view.certification?.held ?? false;
      completed = held;
      passed = held ? true : view.certification?.steps.some((s) => !s.passed && s.attempts_left === 0) ? false : null;
    } else if (completed && score !== null) {
      passed = score >= (pkg?.passingScore ?? 70);
    }
    return {
      status: row.status === 'refused' ? ('failed' as const) : row.status,
      score,
      score_min: 0 as const,
      score_max: 100 as const,
      passed,
      completed,
      session_seconds: call?.durationMs != null ? Math.round(call.durationMs / 1000) : null,
    };
  });
}

/**
 * A call's report was stored as ready (in that transaction): a launch whose current call it is
 * becomes completed with the score; an LTI launch whose course item takes grades gets its grade
 * job (one per launch and call).
 */
export async function onLmsReportReady(tx: Tx, r: { tenantId: string; callId: string; score: number | null }) {
  const done = await tx
    .update(lmsLaunches)
    .set({ status: 'completed', score: r.score, updatedAt: new Date() })
    .where(eq(lmsLaunches.callId, r.callId))
    .returning({ id: lmsLaunches.id, source: lmsLaunches.source, resourceLinkId: lmsLaunches.resourceLinkId });
  for (const launch of done) {
    if (launch.source !== 'lti' || !launch.resourceLinkId || r.score === null) continue;
    const [link] = await tx
      .select({ lineItemUrl: ltiResourceLinks.lineItemUrl, lineItemsUrl: ltiResourceLinks.lineItemsUrl })
      .from(ltiResourceLinks)
      .where(eq(ltiResourceLinks.id, launch.resourceLinkId));
    if (!link || (!link.lineItemUrl && !link.lineItemsUrl)) continue;
    await tx.update(lmsLaunches).set({ gradeStatus: 'pending', gradeError: null }).where(eq(lmsLaunches.id, launch.id));
    await enqueue(tx, {
      queue: LTI_SCORE_QUEUE,
      tenantId: r.tenantId,
      payload: { launchId: launch.id },
      dedupeKey: `lti-score:${launch.id}:${r.callId}`,
    });
  }
}

/** A call's report failed for good: a launch whose current call it is is marked failed. */
export async function onLmsReportFailed(tx: Tx, r: { callId: string }) {
  await tx.update(lmsLaunches).set({ status: 'failed', updatedAt: new Date() }).where(eq(lmsLaunches.callId, r.callId));
}

const PAGE_SIZE = 50;

/** The tenant's launch log, newest first (Admin → LMS). */
export async function launchLog(tx: Executor, q: { status: 'all' | 'refused' | 'accepted'; page: number }) {
  const where =
    q.status === 'refused'
      ? eq(lmsLaunches.status, 'refused')
      : q.status === 'accepted'
        ? inArray(lmsLaunches.status, ['opened', 'started', 'completed', 'failed'] satisfies LmsLaunchStatus[])
        : undefined;
  const [{ total }] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(lmsLaunches)
    .where(where);
  const rows = await tx
    .select({
      l: lmsLaunches,
      packageTitle: scormPackages.title,
      platformName: sql<string | null>`(select name from lti_platforms p where p.id = ${lmsLaunches.platformId})`,
      simulationName: simulations.name,
      certificationName: certifications.name,
      userEmail: users.email,
      userName: users.displayName,
    })
    .from(lmsLaunches)
    .leftJoin(scormPackages, eq(scormPackages.id, lmsLaunches.packageId))
    .leftJoin(simulations, eq(simulations.id, lmsLaunches.simulationId))
    .leftJoin(certifications, eq(certifications.id, lmsLaunches.certificationId))
    .leftJoin(users, eq(users.id, lmsLaunches.userId))
    .where(where)
    .orderBy(sql`${lmsLaunches.createdAt} desc, ${lmsLaunches.id} desc`)
    .limit(PAGE_SIZE)
    .offset((q.page - 1) * PAGE_SIZE);
  return {
    total,
    page_size: PAGE_SIZE,
    rows: rows.map(({ l, ...r }) => ({
      id: l.id,
      created_at: l.createdAt.toISOString(),
      source: l.source,
      status: l.status,
      error: l.error,
      origin: l.source === 'scorm' ? r.packageTitle : r.platformName,
      target: r.simulationName ?? r.certificationName ?? null,
      learner: r.userName ?? r.userEmail ?? l.learnerName ?? l.learnerId,
      score: l.score,
      grade_status: l.gradeStatus,
      grade_error: l.gradeError,
    })),
  };
}
