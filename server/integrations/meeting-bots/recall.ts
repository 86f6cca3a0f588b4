import { z } from 'zod';
import { Webhook } from 'standardwebhooks';
import {
  botStatusFrom,
  header,
  ProviderError,
  tokenClient,
  webhookJson,
  WebhookRefused,
  type BotCodes,
  type BotStatus,
  type MeetingBotProvider,
  type ProviderConfig,
} from './provider';

/**
 * Recall.ai: `POST /api/v1/bot/` (meeting_url, bot_name, join_at, metadata, recording_config with
 * the meeting's captions as transcript provider — Meet captions carry speaker names), `GET
 * /api/v1/bot/{id}/` (status_changes, recordings with media_shortcuts), `POST …/leave_call/`,
 * `Authorization: Token <key>`. The transcript is downloaded from the recording's
 * `media_shortcuts.transcript.data.download_url` (a pre-signed URL: no key is sent there).
 * Webhooks (`bot.status_change`, and the per-status `bot.<code>` events) are signed the Standard
 * Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`; `svix-*` on older
 * workspaces) with the workspace's `whsec_` secret; a timestamp more than five minutes off is
 * refused, and each id is accepted once.
 */

const RECALL_TOLERANCE_SECONDS = 5 * 60;

const statusChange = z.object({
  code: z.string(),
  sub_code: z.string().nullish(),
  message: z.string().nullish(),
  created_at: z.string().nullish(),
});
const botSchema = z.object({
  id: z.string().min(1),
  status_changes: z.array(statusChange).optional().default([]),
  recordings: z
    .array(
      z.object({
        id: z.string().optional(),
        media_shortcuts: z
          .object({
            transcript: z.object({ data: z.object({ download_url: z.string().nullish() }).nullish() }).nullish(),
            video_mixed: z.object({ data: z.object({ download_url: z.string().nullish() }).nullish() }).nullish(),
          })
          .nullish(),
      }),
    )
    .optional()
    .default([]),
});

const transcriptSchema = z.array(
  z.object({
    participant: z.object({ name: z.string().nullish() }).nullish(),
    words: z.array(
      z.object({
        text: z.string(),
        start_timestamp: z.object({ relative: z.number() }).nullish(),
        end_timestamp: z.object({ relative: z.number() }).nullish(),
      }),
    ),
  }),
);

const RECALL_CODES: BotCodes = {
  states: {
    ready: 'requested',
    joining_call: 'joining',
    in_waiting_room: 'waiting_room',
    in_call_not_recording: 'in_call',
    recording_permission_allowed: 'in_call',
    recording_permission_denied: 'in_call',
    in_call_recording: 'recording',
    call_ended: 'leaving',
    recording_done: 'leaving',
    done: 'ended',
    fatal: 'failed',
  },
  // Recall's ways of saying the host did not let the bot in
  refused: new Set([
    'bot_kicked_from_waiting_room',
    'timeout_exceeded_waiting_room',
    'bot_kicked_from_call',
    'meeting_not_started',
    'denied_by_host',
  ]),
};

/** A Recall status code (and sub-code) in Spar's words; null for codes that are not about the bot's presence. */
function recallStatus(code: string, subCode?: string | null, message?: string | null): BotStatus | null {
  const reason = [code, subCode, message].filter(Boolean).join(': ');
  // a call that ended because the host refused the bot is a failure, not a bot leaving
  const refusedEnd = code === 'call_ended' && subCode && RECALL_CODES.refused.has(subCode);
  if (refusedEnd) return { state: 'failed', failure: 'refused', reason };
  return botStatusFrom(RECALL_CODES, code, { subCode, reason }) ?? null; // null: analysis_done, media_expired and the like
}

function statusOf(bot: z.infer<typeof botSchema>): BotStatus {
  for (let i = bot.status_changes.length - 1; i >= 0; i--) {
    const s = bot.status_changes[i];
    const st = recallStatus(s.code, s.sub_code, s.message);
    if (st) return st;
  }
  return { state: 'requested', reason: null };
}

export function createRecallProvider(config: ProviderConfig): MeetingBotProvider {
  const call = tokenClient(config);
  const getBot = (botId: string) => call('GET', `api/v1/bot/${encodeURIComponent(botId)}/`, undefined, botSchema);
  return {
    name: 'recall',
    async createBot(input) {
      const bot = await call(
        'POST',
        'api/v1/bot/',
        {
          meeting_url: input.meetingUrl,
          bot_name: input.botName,
          metadata: input.metadata,
          recording_config: { transcript: { provider: { meeting_captions: {} } } },
          ...(input.joinAt ? { join_at: input.joinAt.toISOString() } : {}),
        },
        botSchema,
      );
      return {
        botId: bot.id,
        status: input.joinAt && bot.status_changes.length === 0 ? { state: 'scheduled', reason: null } : statusOf(bot),
      };
    },
    async stopBot(botId, { scheduled }) {
      if (scheduled) await call('DELETE', `api/v1/bot/${encodeURIComponent(botId)}/`);
      else await call('POST', `api/v1/bot/${encodeURIComponent(botId)}/leave_call/`);
    },
    async getStatus(botId) {
      return statusOf(await getBot(botId));
    },
    async fetchTranscript(botId) {
      const bot = await getBot(botId);
      const url = bot.recordings.map((r) => r.media_shortcuts?.transcript?.data?.download_url).find(Boolean);
      if (!url) return [];
      let res: Response;
      try {
        res = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(config.timeoutMs) });
      } catch (e) {
        throw new ProviderError(`The transcript could not be downloaded (${(e as Error).message})`);
      }
      if (!res.ok) throw new ProviderError(`The transcript could not be downloaded (HTTP ${res.status})`, res.status);
      const parsed = transcriptSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new ProviderError('The transcript is not in the expected shape');
      return parsed.data
        .map((u) => {
          const first = u.words[0];
          const last = u.words.at(-1);
          return {
            speaker: u.participant?.name?.trim() || 'Unknown speaker',
            startMs: Math.round((first?.start_timestamp?.relative ?? 0) * 1000),
            endMs: Math.round((last?.end_timestamp?.relative ?? last?.start_timestamp?.relative ?? 0) * 1000),
            text: u.words
              .map((w) => w.text)
              .join(' ')
              .replace(/\s+([,.;:!?])/g, '$1')
              .trim(),
          };
        })
        .filter((u) => u.text);
    },
    async fetchRecording(botId) {
      const bot = await getBot(botId);
      return bot.recordings.map((r) => r.media_shortcuts?.video_mixed?.data?.download_url).find(Boolean) ?? null;
    },
    verifyWebhook(headers, rawBody, now = new Date()) {
      if (!config.webhookSecret) throw new WebhookRefused('No webhook secret is configured (RECALL_WEBHOOK_SECRET)');
      const id = header(headers, 'webhook-id') ?? header(headers, 'svix-id');
      const ts = header(headers, 'webhook-timestamp') ?? header(headers, 'svix-timestamp');
      const sigs = header(headers, 'webhook-signature') ?? header(headers, 'svix-signature') ?? '';
      if (!id || !ts || !/^\d{1,12}$/.test(ts)) throw new WebhookRefused('Missing webhook-id or webhook-timestamp');
      if (Math.abs(now.getTime() / 1000 - Number(ts)) > RECALL_TOLERANCE_SECONDS)
        throw new WebhookRefused('Timestamp outside the tolerance', 'stale');
      // the signature, checked by the Standard Webhooks reference library (which also holds the
      // timestamp to its own five minutes of the present; the window above is the same)
      try {
        new Webhook(config.webhookSecret).verify(rawBody, {
          'webhook-id': id,
          'webhook-timestamp': ts,
          'webhook-signature': sigs,
        });
      } catch {
        throw new WebhookRefused('Invalid signature');
      }
      const payload = webhookJson(rawBody);
      const p = z
        .object({
          event: z.string(),
          data: z.object({
            bot: z.object({ id: z.string().min(1) }),
            status: statusChange.optional(),
            data: z.object({ code: z.string(), sub_code: z.string().nullish() }).optional(),
          }),
        })
        .safeParse(payload);
      if (!p.success) throw new WebhookRefused('Not a bot webhook', 'malformed');
      const change = p.data.data.status ?? p.data.data.data;
      const status =
        p.data.event.startsWith('bot.') && change
          ? (recallStatus(change.code, change.sub_code, (change as { message?: string | null }).message) ?? undefined)
          : undefined;
      return { eventId: id, botId: p.data.data.bot.id, status };
    },
  };
}
