import { and, eq, gt, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../../db/client';
import type { TenantRunner } from '../../../db/tenant';
import { assessments, atsResponseErrors } from '../../../db/schema';
import type { GreenhouseStatus, SendTestInput, testStatusOutput } from '../../contracts/greenhouse';
import type { AssessmentStatus } from '../../contracts/enums';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { createAssessment } from '../assessments/create';
import { assessmentOutcome, effectiveStatus } from '../assessments/read';
import { listAssessableSimulations } from '../assessments/simulations';
import type { ApiKeyPrincipal } from '../api-keys/api-keys';
import { urlRefusal } from '../../integrations/http/outbound';
import { sealCallbackAuth } from '../../integrations/greenhouse/callback-auth';
import { fieldError } from '../../integrations/greenhouse/validation';

/** `list_tests`: the tenant's simulations available as assessments. */
export async function listTests(tx: Executor) {
  return (await listAssessableSimulations(tx)).map((s) => ({ partner_test_id: s.id, partner_test_name: s.name }));
}

/**
 * `send_test`: a candidate's assessment for the chosen simulation, mailed by Spar (Greenhouse
 * expects the partner to e-mail the test), with Greenhouse's `url` to PATCH on completion.
 *
 * The `url` passes the outbound policy here, before anything is created (it is checked again
 * when the PATCH is sent, where the name is resolved). Greenhouse retries a send_test it did not
 * see answered: the same test for the same candidate and `url` while the link is live answers the
 * assessment already created, with no second invitation; an `Idempotency-Key` header is honoured
 * as on the partner assessment API.
 */
export async function sendTest({
  tenant,
  env,
  key,
  input,
  baseUrl,
  now = new Date(),
}: {
  /** The key's tenant transactions (the partner API's ctx.tenant). */
  tenant: TenantRunner;
  env: Env;
  key: ApiKeyPrincipal;
  input: SendTestInput;
  baseUrl: string;
  now?: Date;
}) {
  const refusal = urlRefusal(input.url, env.WEBHOOKS_ALLOW_PRIVATE_URLS ?? false);
  if (refusal)
    throw fieldError(
      'url',
      'assessments.validation.callbackUrlRefused',
      `This url cannot receive the completion callback: ${refusal}`,
    );
  const email = input.candidate.email.toLowerCase();
  const { assessment } = await createAssessment({
    tenant,
    env,
    key,
    input: {
      simulation_id: input.partner_test_id,
      candidate: {
        email: input.candidate.email,
        first_name: input.candidate.first_name,
        last_name: input.candidate.last_name,
      },
      send_email: true,
      idempotency_key: input.idempotency_key,
    },
    options: {
      source: 'greenhouse',
      callbackUrl: input.url,
      callbackAuth: sealCallbackAuth(env, key.key),
      sentBy: input.sent_by ?? null,
      candidateExtra: {
        preferredName: input.candidate.preferred_name ?? null,
        phone: input.candidate.phone_number ?? null,
        resumeUrl: input.candidate.resume_url ?? null,
        profileUrl: input.candidate.profile_url ?? null,
      },
      baseUrl,
      now,
      sameRequest: {
        lockKey: `greenhouse-send-test:${key.tenantId}:${input.partner_test_id}:${email}:${input.url}`,
        find: async (tx) => {
          const [row] = await tx
            .select({ id: assessments.id })
            .from(assessments)
            .where(
              and(
                eq(assessments.source, 'greenhouse'),
                eq(assessments.simulationId, input.partner_test_id),
                eq(assessments.candidateEmail, email),
                eq(assessments.callbackUrl, input.url),
                // live: a link not yet expired, or a call under way
                or(
                  and(inArray(assessments.status, ['created', 'opened']), gt(assessments.expiresAt, now)),
                  inArray(assessments.status, ['started', 'in_progress']),
                ),
              ),
            )
            .limit(1);
          return row?.id ?? null;
        },
      },
    },
  });
  return { partner_interview_id: assessment.id };
}

/** Where the candidate is, in the words test_status answers (docs/greenhouse.md has the table). */
export function partnerStatus(
  status: AssessmentStatus,
  report: { status: string; score: unknown } | null | undefined,
): GreenhouseStatus {
  switch (status) {
    case 'created':
      return 'sent';
    case 'opened':
      return 'opened';
    case 'started':
    case 'in_progress':
      return 'in_progress';
    case 'expired':
      return 'expired';
    case 'completed':
      // "complete" tells Greenhouse the results are there: only a ready report with a score
      if (report?.status === 'ready' && report.score !== null && report.score !== undefined) return 'complete';
      // final without a score (the evaluation failed for good) or not final yet
      return report?.status === 'failed' || report?.status === 'ready' ? 'scoring_failed' : 'scoring';
  }
}

/** `test_status`: "complete" with the score, the report page and flat metadata once the report is ready; 404 for an id that is not one of the tenant's. */
export async function testStatus(
  tx: Executor,
  id: string,
  now = new Date(),
): Promise<z.infer<typeof testStatusOutput>> {
  const r = z.uuid().safeParse(id).success ? await assessmentOutcome(tx, { id }) : null;
  if (!r) throw new AppError('NOT_FOUND', 'Unknown partner_interview_id');
  const partner_status = partnerStatus(effectiveStatus(r.a, now), r.report);
  if (partner_status !== 'complete')
    return {
      partner_status,
      partner_profile_url: null,
      partner_score: null,
      metadata: partner_status === 'scoring_failed' ? { report_status: r.report!.status } : {},
    };
  const rep = r.report!;
  const criteria = rep.criteria ?? [];
  const assessed = criteria.filter((c) => c.level !== null);
  const metadata: Record<string, string | number | boolean> = {
    evaluator: rep.evaluator === 'offline' ? 'offline_heuristic' : (rep.evaluator ?? 'none'),
    report_status: rep.status,
  };
  if (r.difficulty) metadata.difficulty = r.difficulty;
  if (r.durationMs !== null && r.durationMs !== undefined) metadata.duration_seconds = Math.round(r.durationMs / 1000);
  // evidence integrity: how many scored criteria rest on a verified quote of the candidate
  metadata.criteria_assessed = assessed.length;
  metadata.criteria_with_evidence = assessed.filter((c) => c.evidence.length > 0).length;
  metadata.verified_quotes = criteria.reduce((n, c) => n + c.evidence.length, 0);
  metadata.rejected_quotes = criteria.reduce((n, c) => n + (c.rejected?.length ?? 0), 0);
  return {
    partner_status,
    partner_profile_url: r.a.callId ? `${r.a.baseUrl}/reports/${r.a.callId}` : null,
    partner_score: Number(rep.score),
    metadata,
  };
}

/** `response_error`: stored as Greenhouse sent it, for support to read. */
export async function recordResponseError(tx: Executor, key: ApiKeyPrincipal, payload: Record<string, unknown>) {
  const id = typeof payload.partner_interview_id === 'string' ? payload.partner_interview_id : null;
  await tx
    .insert(atsResponseErrors)
    .values({ tenantId: key.tenantId, apiKeyId: key.apiKeyId, partnerInterviewId: id, payload });
  return { received: true as const };
}
