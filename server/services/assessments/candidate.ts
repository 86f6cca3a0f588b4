import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { assessmentSettings, assessments, clients, reports, simulations } from '../../../db/schema';
import { asSystem, type TenantRunner } from '../../../db/tenant';
import { tenantRunnerFor } from '../../access/tenant-runner';
import type { completeOutput, validateTokenOutput } from '../../contracts/assessments';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { failUnconnectedCall, issueTicket, startCall, type StartCallResult } from '../calls/calls';
import { emitAssessmentEvent } from './lifecycle';
import { tokenMatches } from './links';
import { effectiveStatus } from './read';

type Row = typeof assessments.$inferSelect;

/** A resolved link: its assessment and its tenant's transactions. */
interface Link {
  row: Row;
  tenant: TenantRunner;
}

/**
 * The candidate's side of a link (no account): the token in the link is the only credential. The
 * assessment is found on the system path (the token tells the tenant), the token compared with its
 * stored hash in constant time; everything after runs in that tenant's transactions.
 */
async function resolveLink(db: Db, assessmentId: string, token: string): Promise<Link> {
  const [row] = await asSystem(db, { action: 'assessment.link' }, (tx) =>
    tx.select().from(assessments).where(eq(assessments.id, assessmentId)),
  );
  // a wrong token and an unknown id are one answer: the link tells nothing more
  if (!row || !tokenMatches(token, row.tokenHash))
    throw new AppError('ASSESSMENT_LINK_INVALID', 'This assessment link is invalid or has expired');
  // the token named the tenant on the system path: this link acts for it, and for it only
  return { row, tenant: tenantRunnerFor(db, row.tenantId) };
}

/**
 * A start whose call never connected (the page closed before the socket opened, so its single-use
 * ticket expired unused) does not use up the link: the call is marked failed and the link is
 * 'opened' again. A call that connected is never released here — it ends on its own and is scored.
 */
async function releaseStaleStart({ row, tenant }: Link, ticketTtlSeconds: number, now: Date): Promise<Row> {
  if (row.status !== 'started' || !row.callId) return row;
  const staleBefore = new Date(now.getTime() - ticketTtlSeconds * 1000);
  return tenant(async (tx) => {
    if (!(await failUnconnectedCall(tx, row.callId!, now, staleBefore))) return row;
    const [reopened] = await tx
      .update(assessments)
      .set({ status: 'opened', callId: null, startedAt: null, updatedAt: now })
      .where(and(eq(assessments.id, row.id), eq(assessments.callId, row.callId!)))
      .returning();
    return reopened ?? row;
  });
}

function refuseUnusable(row: Row, now: Date) {
  if (row.status === 'completed')
    throw new AppError('ASSESSMENT_LINK_USED', 'This assessment has already been completed');
  if (effectiveStatus(row, now) === 'expired')
    throw new AppError('ASSESSMENT_LINK_EXPIRED', 'This assessment link has expired');
}

/** The intro's facts; the first validation marks the link opened (`assessment.opened`). */
export async function validateLink(
  db: Db,
  env: Pick<Env, 'CALL_TICKET_TTL_SECONDS'>,
  assessmentId: string,
  token: string,
  now = new Date(),
): Promise<z.infer<typeof validateTokenOutput>> {
  const link = await resolveLink(db, assessmentId, token);
  const row = await releaseStaleStart(link, env.CALL_TICKET_TTL_SECONDS, now);
  refuseUnusable(row, now);
  return link.tenant(async (tx) => {
    if (row.status === 'created') {
      const [opened] = await tx
        .update(assessments)
        .set({ status: 'opened', openedAt: now, updatedAt: now })
        .where(and(eq(assessments.id, row.id), eq(assessments.status, 'created')))
        .returning();
      if (opened)
        await emitAssessmentEvent(
          tx,
          opened,
          'assessment.opened',
          { status: 'opened', opened_at: now.toISOString() },
          now,
        );
    }
    const [info] = await tx
      .select({
        name: simulations.name,
        learnerRole: simulations.learnerRole,
        difficulty: simulations.difficulty,
        timeLimitMinutes: simulations.timeLimitMinutes,
        language: simulations.language,
        instructions: simulations.instructions,
        company: clients.name,
        showScore: assessmentSettings.showScore,
      })
      .from(clients)
      .leftJoin(assessmentSettings, eq(assessmentSettings.tenantId, clients.id))
      .leftJoin(simulations, eq(simulations.id, row.simulationId ?? sql`null`))
      .where(eq(clients.id, row.tenantId));
    if (!info?.name) throw new AppError('ASSESSMENT_LINK_INVALID', 'This assessment is no longer available');
    const [current] = await tx
      .select({ status: assessments.status, callId: assessments.callId })
      .from(assessments)
      .where(eq(assessments.id, row.id));
    return {
      assessment_id: row.id,
      status: current.status,
      candidate_first_name: row.candidate.preferredName || row.candidate.firstName,
      company_name: info.company,
      expires_at: row.expiresAt.toISOString(),
      simulation: {
        name: info.name,
        type: info.learnerRole!,
        difficulty: info.difficulty!,
        time_limit_minutes: Number(info.timeLimitMinutes),
        language: info.language!,
        instructions: info.instructions ?? '',
      },
      show_score: info.showScore ?? false,
      call_started: current.callId !== null,
    };
  });
}

/**
 * Starts the link's one call. The claim is one conditional UPDATE (a link not started, not
 * expired): of two tabs racing, one gets the call and the other ASSESSMENT_LINK_USED. The call is
 * created in the same transaction; its single-use socket ticket is issued after it commits.
 */
export async function startLinkCall(
  db: Db,
  env: Env,
  assessmentId: string,
  token: string,
  now = new Date(),
): Promise<StartCallResult> {
  const link = await resolveLink(db, assessmentId, token);
  const row = await releaseStaleStart(link, env.CALL_TICKET_TTL_SECONDS, now);
  refuseUnusable(row, now);
  if (!row.simulationId) throw new AppError('ASSESSMENT_LINK_INVALID', 'This assessment is no longer available');
  const started = await link.tenant(async (tx) => {
    const [claimed] = await tx
      .update(assessments)
      .set({ status: 'started', startedAt: now, updatedAt: now })
      .where(
        and(
          eq(assessments.id, row.id),
          inArray(assessments.status, ['created', 'opened']),
          isNull(assessments.callId),
          gt(assessments.expiresAt, now),
        ),
      )
      .returning();
    if (!claimed) throw new AppError('ASSESSMENT_LINK_USED', 'A call was already started from this link');
    const call = await startCall(
      tx,
      env,
      { tenantId: row.tenantId, userId: null, role: null, candidate: true },
      { simulationId: row.simulationId!, mode: 'assessment' },
    );
    const [linked] = await tx
      .update(assessments)
      .set({ callId: call.callId })
      .where(eq(assessments.id, row.id))
      .returning();
    await emitAssessmentEvent(
      tx,
      linked,
      'assessment.started',
      { status: 'started', started_at: now.toISOString(), call_id: call.callId },
      now,
    );
    return call;
  });
  const ticket = await issueTicket(db, env, { tenantId: row.tenantId, callId: started.callId, userId: null });
  return { ...started, ticket };
}

/** The thank-you page's facts: where the assessment stands; the score only if the tenant shows it. */
export async function completeLink(
  db: Db,
  assessmentId: string,
  token: string,
  now = new Date(),
): Promise<z.infer<typeof completeOutput>> {
  const { row, tenant } = await resolveLink(db, assessmentId, token);
  return tenant(async (tx) => {
    const [r] = await tx
      .select({
        status: assessments.status,
        expiresAt: assessments.expiresAt,
        reportStatus: reports.status,
        score: reports.score,
        showScore: assessmentSettings.showScore,
      })
      .from(assessments)
      .leftJoin(assessmentSettings, eq(assessmentSettings.tenantId, assessments.tenantId))
      .leftJoin(reports, eq(reports.callId, assessments.callId))
      .where(eq(assessments.id, row.id));
    const ready = r.reportStatus === 'ready';
    return {
      assessment_id: row.id,
      status: effectiveStatus(r, now),
      report_status: r.reportStatus ?? 'none',
      score: r.showScore && ready && r.score !== null ? Number(r.score) : null,
    };
  });
}
