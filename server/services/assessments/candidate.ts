import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assessmentSettings, assessments, clients, simulations } from '../../../db/schema';
import type { completeOutput, validateTokenOutput } from '../../contracts/assessments';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import type { StartCallResult } from '../calls/calls';
import * as guest from '../guest-links/guest-link';
import { emitAssessmentEvent } from './lifecycle';
import { effectiveStatus } from './read';

type Row = typeof assessments.$inferSelect;

const unavailable = () => new AppError('ASSESSMENT_LINK_INVALID', 'This assessment is no longer available');

/**
 * The candidate's side of an assessment link (no account): a link that expires at its time, whose
 * one call may start again while it never connected; the partner hears each step by webhook.
 */
const links = guest.guestLinks<Row>({
  table: assessments,
  action: 'assessment.link',
  mode: 'assessment',
  openStatuses: ['created', 'opened'],
  invalid: () => new AppError('ASSESSMENT_LINK_INVALID', 'This assessment link is invalid or has expired'),
  alreadyStarted: () => new AppError('ASSESSMENT_LINK_USED', 'A call was already started from this link'),
  simulationOf: async (_tx, row) => {
    if (!row.simulationId) throw unavailable();
    return row.simulationId;
  },
  onStarted: (tx, linked, callId, now) =>
    emitAssessmentEvent({
      tx,
      assessment: linked,
      type: 'assessment.started',
      extra: { status: 'started', started_at: now.toISOString(), call_id: callId },
      at: now,
    }),
});

/** The link, with a start whose call never connected (its ticket expired unused) released; refused when used or expired. */
async function usableLink(req: guest.GuestLinkRequest & { env: Pick<Env, 'CALL_TICKET_TTL_SECONDS'>; now: Date }) {
  const link = await links.resolve(req);
  const row = await links.release(link, { now: req.now, olderThan: guest.ticketExpiredBefore(req.env, req.now) });
  if (row.status === 'completed')
    throw new AppError('ASSESSMENT_LINK_USED', 'This assessment has already been completed');
  if (effectiveStatus(row, req.now) === 'expired')
    throw new AppError('ASSESSMENT_LINK_EXPIRED', 'This assessment link has expired');
  return { ...link, row };
}

/** The intro's facts; the first validation marks the link opened (`assessment.opened`). */
export async function validateLink({
  now = new Date(),
  ...req
}: guest.GuestLinkRequest & { env: Pick<Env, 'CALL_TICKET_TTL_SECONDS'> }): Promise<
  z.infer<typeof validateTokenOutput>
> {
  const { row, tenant } = await usableLink({ ...req, now });
  return tenant(async (tx) => {
    if (row.status === 'created') {
      const [opened] = await tx
        .update(assessments)
        .set({ status: 'opened', openedAt: now, updatedAt: now })
        .where(and(eq(assessments.id, row.id), eq(assessments.status, 'created')))
        .returning();
      if (opened)
        await emitAssessmentEvent({
          tx,
          assessment: opened,
          type: 'assessment.opened',
          extra: { status: 'opened', opened_at: now.toISOString() },
          at: now,
        });
    }
    const [info] = await tx
      .select({ ...guest.introSimulationColumns, company: clients.name, showScore: assessmentSettings.showScore })
      .from(clients)
      .leftJoin(assessmentSettings, eq(assessmentSettings.tenantId, clients.id))
      .leftJoin(simulations, eq(simulations.id, row.simulationId ?? sql`null`))
      .where(eq(clients.id, row.tenantId));
    if (!info?.name) throw unavailable();
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
      simulation: guest.introSimulation({ ...info, name: info.name }),
      show_score: info.showScore ?? false,
      call_started: current.callId !== null,
    };
  });
}

/** Starts the link's one call (see startGuestCall): of two tabs racing, the other gets ASSESSMENT_LINK_USED. */
export async function startLinkCall({
  now = new Date(),
  ...req
}: guest.GuestLinkRequest & { env: Env }): Promise<StartCallResult> {
  const link = await usableLink({ ...req, now });
  return links.start({ db: req.db, env: req.env, link, now });
}

/** The thank-you page's facts: where the assessment stands; the score only if the tenant shows it. */
export async function completeLink({
  now = new Date(),
  ...req
}: guest.GuestLinkRequest): Promise<z.infer<typeof completeOutput>> {
  return links.run(req, async (tx, row) => {
    const [current] = await tx.select().from(assessments).where(eq(assessments.id, row.id));
    const report = await guest.guestReportOf(tx, current.callId);
    const [settings] = await tx
      .select({ showScore: assessmentSettings.showScore })
      .from(assessmentSettings)
      .where(eq(assessmentSettings.tenantId, row.tenantId));
    return {
      assessment_id: row.id,
      status: effectiveStatus(current, now),
      report_status: report.status,
      score: settings?.showScore ? report.score : null,
    };
  });
}
