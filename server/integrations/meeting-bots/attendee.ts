import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  botStatusFrom,
  header,
  tokenClient,
  webhookJson,
  WebhookRefused,
  type BotCodes,
  type BotStatus,
  type MeetingBotProvider,
  type ProviderConfig,
} from './provider';

/**
 * Attendee (attendee.dev, open source and self-hostable): `POST /api/v1/bots`, `GET
 * /api/v1/bots/{id}`, `POST …/leave`, `GET …/transcript`, `GET …/recording`, authenticated by
 * `Authorization: Token <key>`. Webhooks (`bot.state_change`) carry an `idempotency_key` and are
 * signed in `X-Webhook-Signature`: base64 HMAC-SHA256, keyed by the base64-decoded project secret,
 * of the payload as JSON with sorted keys and no spaces. They carry no timestamp, so replays are
 * refused by their idempotency key (server/services/meetings/bots.ts records each one).
 */

const botSchema = z.object({
  id: z.string().min(1),
  state: z.string(),
  events: z
    .array(z.object({ type: z.string(), sub_type: z.string().nullish(), created_at: z.string().nullish() }))
    .optional()
    .default([]),
});

const transcriptSchema = z.array(
  z.object({
    speaker_name: z.string().nullish(),
    timestamp_ms: z.number(),
    duration_ms: z.number().nullish(),
    transcription: z.object({ transcript: z.string().nullish() }).nullish(),
  }),
);

const webhookSchema = z.object({
  idempotency_key: z.string().min(1),
  bot_id: z.string().min(1).optional(),
  trigger: z.string(),
  data: z.record(z.string(), z.unknown()).optional().default({}),
});

const ATTENDEE_CODES: BotCodes = {
  states: {
    scheduled: 'scheduled',
    staged: 'scheduled',
    ready: 'requested',
    joining: 'joining',
    joining_breakout_room: 'joining',
    leaving_breakout_room: 'joining',
    waiting_room: 'waiting_room',
    joined_not_recording: 'in_call',
    joined_recording_permission_denied: 'in_call',
    joined_recording: 'recording',
    joined_recording_paused: 'recording',
    leaving: 'leaving',
    post_processing: 'leaving',
    ended: 'ended',
    fatal_error: 'failed',
    data_deleted: 'failed',
  },
  // the denial and lobby-timeout sub-types: the host did not let the bot in
  refused: new Set(['request_to_join_denied', 'waiting_room_timeout_exceeded']),
};

/** Attendee's bot state (and the event that led to it) in Spar's words; an unknown state reads as joining. */
function attendeeStatus(state: string, eventType?: string | null, eventSubType?: string | null): BotStatus {
  const reason = [state, eventType, eventSubType].filter(Boolean).join(': ');
  return botStatusFrom(ATTENDEE_CODES, state, { subCode: eventSubType, reason }) ?? { state: 'joining', reason };
}

/** JSON with keys sorted at every level and compact separators (Python's `sort_keys=True, separators=(",", ":")`). */
function canonicalJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return JSON.stringify(sort(value));
}

function attendeeSignature(secret: string, payload: unknown): string {
  return createHmac('sha256', Buffer.from(secret, 'base64')).update(canonicalJson(payload), 'utf8').digest('base64');
}

export function createAttendeeProvider(config: ProviderConfig): MeetingBotProvider {
  const call = tokenClient(config);
  const statusOf = (bot: z.infer<typeof botSchema>) => {
    const last = bot.events.at(-1);
    return attendeeStatus(bot.state, last?.type, last?.sub_type);
  };
  return {
    name: 'attendee',
    async createBot(input) {
      const bot = await call(
        'POST',
        'api/v1/bots',
        {
          meeting_url: input.meetingUrl,
          bot_name: input.botName,
          metadata: input.metadata,
          ...(input.joinAt ? { join_at: input.joinAt.toISOString() } : {}),
        },
        botSchema,
      );
      return { botId: bot.id, status: statusOf(bot) };
    },
    async stopBot(botId, { scheduled }) {
      if (scheduled) await call('DELETE', `api/v1/bots/${encodeURIComponent(botId)}`);
      else await call('POST', `api/v1/bots/${encodeURIComponent(botId)}/leave`);
    },
    async getStatus(botId) {
      return statusOf(await call('GET', `api/v1/bots/${encodeURIComponent(botId)}`, undefined, botSchema));
    },
    async fetchTranscript(botId) {
      const rows = await call(
        'GET',
        `api/v1/bots/${encodeURIComponent(botId)}/transcript`,
        undefined,
        transcriptSchema,
      );
      return rows
        .map((r) => ({
          speaker: r.speaker_name?.trim() || 'Unknown speaker',
          startMs: Math.round(r.timestamp_ms),
          endMs: Math.round(r.timestamp_ms + (r.duration_ms ?? 0)),
          text: r.transcription?.transcript?.trim() ?? '',
        }))
        .filter((u) => u.text);
    },
    async fetchRecording(botId) {
      const r = await call(
        'GET',
        `api/v1/bots/${encodeURIComponent(botId)}/recording`,
        undefined,
        z.object({ url: z.string().nullish() }),
      );
      return r.url ?? null;
    },
    verifyWebhook(headers, rawBody) {
      if (!config.webhookSecret) throw new WebhookRefused('No webhook secret is configured (ATTENDEE_WEBHOOK_SECRET)');
      const given = header(headers, 'x-webhook-signature') ?? '';
      const payload = webhookJson(rawBody);
      const expected = Buffer.from(attendeeSignature(config.webhookSecret, payload));
      const got = Buffer.from(given);
      if (got.length !== expected.length || !timingSafeEqual(got, expected))
        throw new WebhookRefused('Invalid signature');
      const parsed = webhookSchema.safeParse(payload);
      if (!parsed.success || !parsed.data.bot_id) throw new WebhookRefused('Not a bot webhook', 'malformed');
      const { idempotency_key, bot_id, trigger, data } = parsed.data;
      const str = (v: unknown) => (typeof v === 'string' ? v : null);
      const status =
        trigger === 'bot.state_change' && str(data.new_state)
          ? attendeeStatus(str(data.new_state)!, str(data.event_type), str(data.event_sub_type))
          : undefined;
      return { eventId: idempotency_key, botId: bot_id, status };
    },
  };
}
