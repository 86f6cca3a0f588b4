import { eq } from 'drizzle-orm';
import { assessments } from '../../../db/schema';
import type { Env } from '../../env';
import { PermanentJobError, type JobHandler } from '../../jobs/handler';
import { OutboundRefused, sendOutbound } from '../../integrations/http/outbound';
import { openCallbackAuth } from '../../integrations/greenhouse/callback-auth';
import { testStatus } from './greenhouse';

const CALLBACK_TIMEOUT_MS = 15_000;

/**
 * The 'ats_callback' job: tells Greenhouse an assessment's report is final by a PATCH to the `url`
 * it gave in send_test; Greenhouse then calls test_status. Greenhouse documents the PATCH as a
 * signal only; its JSON body repeats what test_status answers at that moment (partner_interview_id,
 * partner_status, partner_score, partner_profile_url) for a receiver that reads it. Retried by the
 * jobs table until it succeeds (2xx). HTTP Basic with the partner key when it was kept (callback-auth.ts).
 */
export function atsCallbackHandler(env: Pick<Env, 'ENCRYPTION_KEY' | 'WEBHOOKS_ALLOW_PRIVATE_URLS'>): JobHandler {
  return {
    async run({ job, tenant }) {
      const assessmentId = typeof job.payload.assessmentId === 'string' ? job.payload.assessmentId : null;
      if (!assessmentId || !tenant) throw new PermanentJobError('ats_callback job without assessmentId or tenantId');
      const [a] = await tenant((tx) =>
        tx
          .select({ url: assessments.callbackUrl, auth: assessments.callbackAuth })
          .from(assessments)
          .where(eq(assessments.id, assessmentId)),
      );
      if (!a?.url) throw new PermanentJobError(`assessment ${assessmentId} has no callback URL`);
      const now = await tenant((tx) => testStatus(tx, assessmentId));
      const body = JSON.stringify({
        partner_interview_id: assessmentId,
        partner_status: now.partner_status,
        partner_score: now.partner_score,
        partner_profile_url: now.partner_profile_url,
      });
      const key = openCallbackAuth(env, a.auth);
      const headers: Record<string, string> = {
        'user-agent': 'Spar-Assessments/1.0',
        'content-type': 'application/json',
      };
      if (key) headers.authorization = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
      let status: number;
      try {
        ({ status } = await sendOutbound(a.url, {
          method: 'PATCH',
          headers,
          body,
          timeoutMs: CALLBACK_TIMEOUT_MS,
          allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE_URLS ?? false,
        }));
      } catch (e) {
        if (e instanceof OutboundRefused) throw new PermanentJobError(`callback refused: ${e.message}`);
        throw e;
      }
      if (status < 200 || status >= 300) throw new Error(`Greenhouse answered ${status}`);
      // delivered: the kept key is no longer needed
      await tenant((tx) => tx.update(assessments).set({ callbackAuth: null }).where(eq(assessments.id, assessmentId)));
      return { assessmentId, status };
    },
  };
}
