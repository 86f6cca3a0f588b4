import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { assessments, calls } from '../../../db/schema';
import type { TenantRunner } from '../../../db/tenant';
import type { WebhookEventType } from '../../contracts/enums';
import { enqueue } from '../../jobs/queue';
import { PermanentJobError, type JobHandler } from '../../jobs/handler';
import { emitWebhookEvent } from '../webhooks/emit';
import { assessmentOutcome, evaluatorName, reportUrls } from './read';

type Row = typeof assessments.$inferSelect;

const atsCallbackDedupeKey = (assessmentId: string) => `ats-callback:${assessmentId}`;

/** The fields every assessment event carries. */
function eventBase(a: Row) {
  return {
    assessment_id: a.id,
    external_id: a.externalId,
    metadata: a.metadata ?? null,
    simulation_id: a.simulationId,
    candidate: { email: a.candidate.email, first_name: a.candidate.firstName, last_name: a.candidate.lastName },
  };
}

export async function emitAssessmentEvent({
  tx,
  assessment: a,
  type,
  extra = {},
  at = new Date(),
}: {
  tx: Executor;
  assessment: Row;
  type: WebhookEventType;
  extra?: Record<string, unknown>;
  at?: Date;
}) {
  await emitWebhookEvent(tx, { tenantId: a.tenantId, type, at, data: { ...eventBase(a), ...extra } });
}

/**
 * The report of an assessment's call is final (ready, or failed for good): `assessment.completed`
 * to the tenant's webhooks with the score, levels and report links, and the ATS callback (the
 * Greenhouse PATCH) when the assessment came with one. Runs in the transaction that saves the report.
 */
export async function onAssessmentReport(tx: Executor, callId: string) {
  const r = await assessmentOutcome(tx, { callId });
  if (!r?.report) return;
  const { a, report } = r;
  const ready = report.status === 'ready';
  await emitAssessmentEvent({
    tx,
    assessment: a,
    type: 'assessment.completed',
    extra: {
      status: 'completed',
      report_status: report.status,
      score: ready && report.score !== null ? Number(report.score) : null,
      evaluator: ready ? evaluatorName(report.evaluator) : null,
      heuristic: ready && report.evaluator === 'offline',
      levels: ready
        ? (report.criteria ?? []).map((c) => ({
            name: c.name,
            level: c.level,
            max_level: 2,
            evidence_count: c.evidence.length,
          }))
        : [],
      duration_seconds: r.durationMs !== null && r.durationMs !== undefined ? Math.round(r.durationMs / 1000) : null,
      difficulty: r.difficulty,
      completed_at: (a.completedAt ?? new Date()).toISOString(),
      ...reportUrls(a.baseUrl, a.id),
    },
  });
  if (a.callbackUrl) {
    await enqueue(tx, {
      queue: 'ats_callback',
      tenantId: a.tenantId,
      payload: { assessmentId: a.id },
      dedupeKey: atsCallbackDedupeKey(a.id),
      maxAttempts: 12,
    });
  }
}

/** Whether a call belongs to an assessment (cheap: the call's mode). */
export async function isAssessmentCall(tx: Executor, callId: string): Promise<boolean> {
  const [c] = await tx.select({ mode: calls.mode }).from(calls).where(eq(calls.id, callId));
  return c?.mode === 'assessment';
}

/**
 * The 'assessment_expiry' job (due at the link's expiry): a link never started is expired and
 * `assessment.expired` is sent. A link whose call started is left alone (the call may run on).
 */
export function assessmentExpiryHandler(opts: { now?: () => Date } = {}): JobHandler {
  return {
    async run({ job, tenant }) {
      const assessmentId = typeof job.payload.assessmentId === 'string' ? job.payload.assessmentId : null;
      if (!assessmentId || !tenant)
        throw new PermanentJobError('assessment_expiry job without assessmentId or tenantId');
      return expireAssessment(tenant, assessmentId, opts.now?.() ?? new Date());
    },
  };
}

export async function expireAssessment(tenant: TenantRunner, assessmentId: string, now: Date) {
  return tenant(async (tx) => {
    const [row] = await tx
      .update(assessments)
      .set({ status: 'expired', expiredAt: now, updatedAt: now })
      .where(
        and(
          eq(assessments.id, assessmentId),
          inArray(assessments.status, ['created', 'opened']),
          lte(assessments.expiresAt, now),
        ),
      )
      .returning();
    if (!row) {
      const [left] = await tx
        .select({ status: assessments.status, expiresAt: assessments.expiresAt })
        .from(assessments)
        .where(eq(assessments.id, assessmentId));
      // due by the database's clock but not yet by this process's: try again shortly
      if (left && (left.status === 'created' || left.status === 'opened'))
        throw new Error('the link is not expired yet');
      return { assessmentId, expired: false };
    }
    await emitAssessmentEvent({
      tx,
      assessment: row,
      type: 'assessment.expired',
      extra: { status: 'expired', expires_at: row.expiresAt.toISOString() },
      at: now,
    });
    return { assessmentId, expired: true };
  });
}
