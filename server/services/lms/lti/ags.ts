import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import { lmsLaunches, ltiPlatforms, ltiResourceLinks, reports } from '../../../../db/schema';
import type { TenantRunner } from '../../../../db/tenant';
import type { Env } from '../../../env';
import { PermanentJobError, type JobHandler } from '../../../jobs/handler';
import { exchangeOutbound, OutboundRefused } from '../../../integrations/http/outbound';
import { signLmsJwt } from '../keys';
import { AGS_SCOPES } from './claims';

/*
 * Grade passback (LTI Assignment and Grade Services 2.0): the 'lti_score' job sends a launch's
 * score to its platform once the report is ready. Spar gets an access token from the platform's
 * token endpoint (OAuth 2 client credentials, authenticated by a JWT client assertion Spar signs,
 * per the IMS Security Framework), uses the resource link's line item — or finds the one for the
 * resource link among the context's line items, or makes it — and posts the score to the line
 * item's `/scores`. A score carries the report's time, so sending it twice records it once.
 *
 * A platform's 4xx other than 401, 408 and 429 will not change by asking again: the grade has
 * failed (its reason kept on the launch). Anything else is retried on the schedule below.
 */

const HTTP_TIMEOUT_MS = 15_000;
const MAX_BODY = 1024 * 1024;
const ASSERTION_TTL_S = 5 * 60;
/** After the first attempt: 30 s, 2 min, 10 min, 1 h, 4 h, 12 h. */
const RETRY_SCHEDULE_MS = [30_000, 2 * 60_000, 10 * 60_000, 3_600_000, 4 * 3_600_000, 12 * 3_600_000];
const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const MEDIA = {
  lineItem: 'application/vnd.ims.lis.v2.lineitem+json',
  lineItems: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
  score: 'application/vnd.ims.lis.v1.score+json',
} as const;

export interface LtiScoreHandlerOptions {
  env: Env;
  /** Tests: a shorter schedule. */
  scheduleMs?: number[];
  random?: () => number;
}

/** The platform answered something that asking again cannot change. */
class GradeRefused extends Error {}

const trim = (s: string) => (s.length > 500 ? `${s.slice(0, 497)}...` : s);
const permanent = (status: number) => status >= 400 && status < 500 && ![401, 408, 429].includes(status);

async function call(
  url: string,
  req: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; allowPrivate: boolean; what: string },
) {
  const res = await exchangeOutbound(url, {
    method: req.method,
    headers: { 'user-agent': 'Spar-LTI/1.0', ...req.headers },
    body: req.body,
    timeoutMs: HTTP_TIMEOUT_MS,
    maxBytes: MAX_BODY,
    allowPrivate: req.allowPrivate,
  });
  if (res.status >= 200 && res.status < 300) return res;
  const message = `${req.what}: the platform answered ${res.status}${res.body ? ` (${trim(res.body.replace(/\s+/g, ' '))})` : ''}`;
  if (permanent(res.status)) throw new GradeRefused(message);
  throw new Error(message);
}

function json(body: string, what: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new GradeRefused(`${what}: the platform's answer is not JSON`);
  }
}

/** `<line item>/scores`, the query string of the line item kept after the path. */
function scoresUrl(lineItem: string): string {
  const u = new URL(lineItem);
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/scores`;
  return u.toString();
}

const tokenAnswer = z.object({ access_token: z.string().min(1), token_type: z.string().optional() });
const lineItemAnswer = z.looseObject({ id: z.string().min(1), resourceLinkId: z.string().optional() });

async function accessToken(
  db: Db,
  env: Env,
  o: { platform: typeof ltiPlatforms.$inferSelect; scopes: string[]; allowPrivate: boolean },
): Promise<string> {
  const assertion = await signLmsJwt(db, env, {
    tenantId: o.platform.tenantId,
    claims: { iss: o.platform.clientId, sub: o.platform.clientId, aud: o.platform.accessTokenUrl, jti: randomUUID() },
    expiresInSeconds: ASSERTION_TTL_S,
  });
  const res = await call(o.platform.accessTokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: CLIENT_ASSERTION_TYPE,
      client_assertion: assertion,
      scope: o.scopes.join(' '),
    }).toString(),
    allowPrivate: o.allowPrivate,
    what: 'access token',
  });
  const parsed = tokenAnswer.safeParse(json(res.body, 'access token'));
  if (!parsed.success) throw new GradeRefused('access token: the answer has no access_token');
  return parsed.data.access_token;
}

async function record(tenant: TenantRunner, launchId: string, set: Partial<typeof lmsLaunches.$inferInsert>) {
  await tenant((tx) =>
    tx
      .update(lmsLaunches)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(lmsLaunches.id, launchId)),
  );
}

/** The 'lti_score' job: one launch's score to its platform's gradebook. */
export function ltiScoreHandler(opts: LtiScoreHandlerOptions): JobHandler {
  const schedule = opts.scheduleMs ?? RETRY_SCHEDULE_MS;
  const allowPrivate = opts.env.WEBHOOKS_ALLOW_PRIVATE_URLS ?? false;
  const launchIdOf = (payload: Record<string, unknown>) =>
    typeof payload.launchId === 'string' ? payload.launchId : null;
  return {
    retryDelayMs(attempts) {
      const base = schedule[Math.min(Math.max(attempts, 1), schedule.length) - 1];
      return Math.round(base * (0.9 + 0.2 * (opts.random ?? Math.random)()));
    },
    async run({ job, db, tenant }) {
      const launchId = launchIdOf(job.payload);
      if (!launchId || !tenant) throw new PermanentJobError('lti_score job without launchId or tenant');
      const [row] = await tenant((tx) =>
        tx
          .select({
            launch: lmsLaunches,
            link: ltiResourceLinks,
            platform: ltiPlatforms,
            reportAt: reports.completedAt,
          })
          .from(lmsLaunches)
          .leftJoin(ltiResourceLinks, eq(ltiResourceLinks.id, lmsLaunches.resourceLinkId))
          .leftJoin(ltiPlatforms, eq(ltiPlatforms.id, lmsLaunches.platformId))
          .leftJoin(reports, eq(reports.callId, lmsLaunches.callId))
          .where(eq(lmsLaunches.id, launchId)),
      );
      if (!row) throw new PermanentJobError(`launch ${launchId} not found`);
      const { launch, link, platform } = row;
      if (launch.gradeStatus === 'sent') return { launchId, skipped: 'sent' };
      const fail = async (message: string): Promise<never> => {
        await record(tenant, launchId, { gradeStatus: 'failed', gradeError: trim(message) });
        throw new PermanentJobError(message);
      };
      if (launch.score === null) return fail('The launch has no score');
      if (!platform || !link || !launch.learnerId) return fail('The launch has no platform, resource link or learner');
      if (platform.disabledAt) return fail('The platform is disabled');
      const granted = new Set(link.agsScopes);
      if (!granted.has(AGS_SCOPES.score)) return fail('The platform does not let Spar post scores for this link');
      if (!link.lineItemUrl && !link.lineItemsUrl) return fail('The platform gave no line item for this link');
      const scopes = [AGS_SCOPES.score, AGS_SCOPES.lineItem, AGS_SCOPES.lineItemReadonly].filter((s) => granted.has(s));
      try {
        const token = await accessToken(db, opts.env, { platform, scopes, allowPrivate });
        const auth = { authorization: `Bearer ${token}` };
        let lineItem = link.lineItemUrl;
        if (!lineItem) {
          // the context's line items: this link's, or a new one for it
          const list = new URL(link.lineItemsUrl!);
          list.searchParams.set('resource_link_id', link.resourceLinkId);
          const found = await call(list.toString(), {
            method: 'GET',
            headers: { ...auth, accept: MEDIA.lineItems },
            allowPrivate,
            what: 'line items',
          });
          const items = z.array(lineItemAnswer).safeParse(json(found.body, 'line items'));
          lineItem =
            (items.success ? items.data : []).find((i) => i.resourceLinkId === link.resourceLinkId)?.id ?? null;
          if (!lineItem) {
            if (!granted.has(AGS_SCOPES.lineItem)) return await fail('The platform does not let Spar make a line item');
            const made = await call(link.lineItemsUrl!, {
              method: 'POST',
              headers: { ...auth, 'content-type': MEDIA.lineItem, accept: MEDIA.lineItem },
              body: JSON.stringify({
                scoreMaximum: 100,
                label: link.title || 'Spar',
                resourceLinkId: link.resourceLinkId,
                resourceId: link.simulationId
                  ? `simulation:${link.simulationId}`
                  : link.certificationId
                    ? `certification:${link.certificationId}`
                    : undefined,
              }),
              allowPrivate,
              what: 'new line item',
            });
            const parsed = lineItemAnswer.safeParse(json(made.body, 'new line item'));
            if (!parsed.success) throw new GradeRefused('new line item: the answer has no id');
            lineItem = parsed.data.id;
          }
          const kept = lineItem;
          await tenant((tx) =>
            tx
              .update(ltiResourceLinks)
              .set({ lineItemUrl: kept, updatedAt: new Date() })
              .where(eq(ltiResourceLinks.id, link.id)),
          );
        }
        const at = row.reportAt ?? launch.updatedAt;
        await call(scoresUrl(lineItem), {
          method: 'POST',
          headers: { ...auth, 'content-type': MEDIA.score },
          body: JSON.stringify({
            userId: launch.learnerId,
            scoreGiven: launch.score,
            scoreMaximum: 100,
            activityProgress: 'Completed',
            gradingProgress: 'FullyGraded',
            timestamp: at.toISOString(),
          }),
          allowPrivate,
          what: 'score',
        });
        await record(tenant, launchId, { gradeStatus: 'sent', gradedAt: new Date(), gradeError: null });
        return { launchId, lineItem, score: launch.score };
      } catch (e) {
        if (e instanceof PermanentJobError) throw e;
        if (e instanceof GradeRefused || e instanceof OutboundRefused) return fail(e.message);
        await record(tenant, launchId, { gradeStatus: 'pending', gradeError: trim((e as Error).message) });
        throw e;
      }
    },
    async onDead(job, error, _db, tenant) {
      const launchId = launchIdOf(job.payload);
      if (launchId && tenant) await record(tenant, launchId, { gradeStatus: 'failed', gradeError: trim(error) });
    },
  };
}
