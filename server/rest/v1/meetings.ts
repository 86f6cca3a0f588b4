import { z } from 'zod';
import { MEETING_BOT_PROVIDERS } from '../../integrations/meeting-bots';
import { AppError } from '../../errors';
import { sendJson } from '../../http/respond';
import { receiveBotWebhook } from '../../services/meetings/bots';
import { defineRoute, type RestRoute } from './route';

/**
 * POST /api/v1/meeting-bots/{provider}/webhook — a meeting-bot provider's status webhook
 * (Attendee's `X-Webhook-Signature`, Recall.ai's Standard Webhooks headers). Verified against the
 * exact body before anything is read from it; a bad signature is 401, a replayed event id is
 * answered 200 and changes nothing, an unknown bot is 404 (the provider retries).
 */
const webhook = defineRoute({
  method: 'POST',
  path: '/api/v1/meeting-bots/:provider/webhook',
  auth: 'public',
  handler: async (ctx) => {
    const provider = ctx.params.provider ?? '';
    if (!(MEETING_BOT_PROVIDERS as readonly string[]).includes(provider)) throw new AppError('NOT_FOUND', 'No such meeting-bot provider');
    const raw = await ctx.rawBody();
    const result = await receiveBotWebhook(ctx.deps.db, ctx.deps.env, provider, ctx.req.headers, raw);
    if (result.tenantId) ctx.deps.readCache?.invalidateTenant(result.tenantId);
    sendJson(ctx.res, 200, { received: true, duplicate: result.duplicate });
  },
});

export const webhookAck = z.object({ received: z.literal(true), duplicate: z.boolean() });

export const meetingRoutes: RestRoute[] = [webhook];
