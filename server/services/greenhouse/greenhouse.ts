import type { z } from 'zod';
import type { Db, Executor } from '../../../db/client';
import { atsResponseErrors } from '../../../db/schema';
import type { SendTestInput, testStatusOutput } from '../../contracts/greenhouse';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { createAssessment } from '../assessments/create';
import { assessmentOutcome, effectiveStatus } from '../assessments/read';
import { listAssessableSimulations } from '../assessments/simulations';
import type { ApiKeyPrincipal } from '../api-keys/api-keys';
import { sealCallbackAuth } from '../../integrations/greenhouse/callback-auth';

/** `list_tests`: the tenant's simulations available as assessments. */
export async function listTests(tx: Executor) {
  return (await listAssessableSimulations(tx)).map((s) => ({ partner_test_id: s.id, partner_test_name: s.name }));
}

/**
 * `send_test`: a candidate's assessment for the chosen simulation, mailed by Spar (Greenhouse
 * expects the partner to e-mail the test), with Greenhouse's `url` to PATCH on completion.
 */
export async function sendTest(db: Db, env: Env, key: ApiKeyPrincipal, input: SendTestInput, baseUrl: string) {
  const { assessment } = await createAssessment(
    db,
    env,
    key,
    { simulation_id: input.partner_test_id, candidate: { email: input.candidate.email, first_name: input.candidate.first_name, last_name: input.candidate.last_name }, send_email: true },
    {
      source: 'greenhouse',
      callbackUrl: input.url,
      callbackAuth: sealCallbackAuth(env, key.key),
      sentBy: input.sent_by ?? null,
      candidateExtra: { preferredName: input.candidate.preferred_name ?? null, phone: input.candidate.phone_number ?? null, resumeUrl: input.candidate.resume_url ?? null, profileUrl: input.candidate.profile_url ?? null },
      baseUrl,
    },
  );
  return { partner_interview_id: assessment.id };
}

/** `test_status`: "complete" with the score, the report page and flat metadata once the report is final. */
export async function testStatus(tx: Executor, id: string, now = new Date()): Promise<z.infer<typeof testStatusOutput>> {
  const r = await assessmentOutcome(tx, { id });
  if (!r) throw new AppError('NOT_FOUND', 'Unknown partner_interview_id');
  const status = effectiveStatus(r.a, now);
  const final = status === 'completed' && (r.report?.status === 'ready' || r.report?.status === 'failed');
  if (!final) return { partner_status: status, partner_profile_url: null, partner_score: null, metadata: {} };
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
    partner_status: 'complete',
    partner_profile_url: r.a.callId ? `${r.a.baseUrl}/reports/${r.a.callId}` : null,
    partner_score: rep.status === 'ready' && rep.score !== null ? Number(rep.score) : null,
    metadata,
  };
}

/** `response_error`: stored as Greenhouse sent it, for support to read. */
export async function recordResponseError(tx: Executor, key: ApiKeyPrincipal, payload: Record<string, unknown>) {
  const id = typeof payload.partner_interview_id === 'string' ? payload.partner_interview_id : null;
  await tx.insert(atsResponseErrors).values({ tenantId: key.tenantId, apiKeyId: key.apiKeyId, partnerInterviewId: id, payload });
  return { received: true as const };
}
