import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Wire-level stand-ins for the two meeting-bot providers, on loopback, following their documents:
 * Attendee (`/api/v1/bots`, `Authorization: Token`, `bot.state_change` webhooks signed in
 * `X-Webhook-Signature` over sorted-key JSON) and Recall.ai (`/api/v1/bot/`, `status_changes`,
 * `recordings[].media_shortcuts.transcript.data.download_url`, `bot.status_change` webhooks signed
 * the Standard Webhooks way). A test moves a bot through the provider's states with `advance`;
 * each move is delivered to `webhookUrl` as the provider would, unless the test drops it.
 */

export interface Utterance {
  speaker: string;
  startMs: number;
  endMs: number;
  text: string;
}

interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

interface Bot {
  id: string;
  meetingUrl: string;
  botName: string;
  metadata: Record<string, unknown>;
  joinAt: string | null;
  /** Attendee: its state and events; Recall: its status changes. */
  state: string;
  events: { type: string; sub_type: string | null; created_at: string }[];
  transcript: Utterance[] | null;
}

export interface FakeBotProvider {
  url: string;
  webhookUrl: string | null;
  requests: RecordedRequest[];
  bots: Map<string, Bot>;
  /** The next create answers this status and body instead. */
  failNextCreate(status: number, body: unknown): void;
  /** Moves a bot to a provider state (with its event / sub-code); delivers the signed webhook unless `deliver: false`. Returns the webhook's HTTP status. */
  advance(
    botId: string,
    state: string,
    opts?: { state?: string; eventType?: string; subType?: string | null; deliver?: boolean },
  ): Promise<number | null>;
  setTranscript(botId: string, utterances: Utterance[]): void;
  /** The last webhook sent, sent again exactly (a replay). */
  replayLast(): Promise<number>;
  /** Sends a body with the given headers to the webhook URL (forged or stale deliveries). */
  post(headers: Record<string, string>, body: string): Promise<number>;
  /** Signs a payload as the provider would (valid headers for `post`). */
  sign(body: string, at?: Date): Record<string, string>;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

async function deliver(url: string, headers: Record<string, string>, body: string): Promise<number> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  await r.text();
  return r.status;
}

interface Flavour {
  /** The bot's JSON as the provider answers it. */
  botJson(bot: Bot, baseUrl: string): unknown;
  /** The webhook body for a state change. */
  webhook(bot: Bot, oldState: string, ev: Bot['events'][number]): unknown;
  sign(secret: string, body: string, at: Date): Record<string, string>;
  route(
    method: string,
    path: string,
  ): { kind: 'create' | 'get' | 'leave' | 'delete' | 'transcript' | 'recording' | 'media'; id?: string } | null;
  initialState(joinAt: string | null): string;
  transcriptJson(bot: Bot): unknown;
}

const sortKeys = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(sortKeys)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
        )
      : v;

const attendee: Flavour = {
  botJson: (b) => ({
    id: b.id,
    meeting_url: b.meetingUrl,
    state: b.state,
    events: b.events,
    transcription_state: b.transcript ? 'complete' : 'not_started',
    recording_state: b.state === 'ended' ? 'complete' : 'in_progress',
    join_at: b.joinAt,
    metadata: b.metadata,
  }),
  webhook: (b, oldState, ev) => ({
    idempotency_key: randomUUID(),
    bot_id: b.id,
    bot_metadata: b.metadata,
    trigger: 'bot.state_change',
    data: {
      new_state: b.state,
      old_state: oldState,
      created_at: ev.created_at,
      event_type: ev.type,
      event_sub_type: ev.sub_type,
    },
  }),
  // as Attendee documents it: base64 HMAC-SHA256 keyed by the base64-decoded secret, over the payload as JSON with sorted keys and no spaces
  sign: (secret, body) => ({
    'X-Webhook-Signature': createHmac('sha256', Buffer.from(secret, 'base64'))
      .update(JSON.stringify(sortKeys(JSON.parse(body))), 'utf8')
      .digest('base64'),
  }),
  route(method, path) {
    if (method === 'POST' && path === '/api/v1/bots') return { kind: 'create' };
    const m = /^\/api\/v1\/bots\/([^/]+)(\/leave|\/transcript|\/recording)?$/.exec(path);
    if (!m) return null;
    const sub = m[2];
    if (!sub)
      return method === 'GET' ? { kind: 'get', id: m[1] } : method === 'DELETE' ? { kind: 'delete', id: m[1] } : null;
    if (sub === '/leave' && method === 'POST') return { kind: 'leave', id: m[1] };
    if (sub === '/transcript' && method === 'GET') return { kind: 'transcript', id: m[1] };
    if (sub === '/recording' && method === 'GET') return { kind: 'recording', id: m[1] };
    return null;
  },
  initialState: (joinAt) => (joinAt ? 'scheduled' : 'joining'),
  transcriptJson: (b) =>
    (b.transcript ?? []).map((u, i) => ({
      speaker_name: u.speaker,
      speaker_uuid: `uuid-${u.speaker}`,
      speaker_user_uuid: null,
      speaker_is_host: i === 0,
      timestamp_ms: u.startMs,
      duration_ms: u.endMs - u.startMs,
      transcription: { transcript: u.text, words: null },
    })),
};

const recall: Flavour = {
  botJson: (b, baseUrl) => ({
    id: b.id,
    bot_name: b.botName,
    meeting_url: { meeting_id: b.meetingUrl.split('/').pop(), platform: 'google_meet' },
    join_at: b.joinAt,
    metadata: b.metadata,
    status_changes: b.events.map((e) => ({
      code: e.type,
      sub_code: e.sub_type,
      message: null,
      created_at: e.created_at,
    })),
    recordings:
      b.state === 'done' && b.transcript
        ? [
            {
              id: `rec-${b.id}`,
              media_shortcuts: {
                transcript: {
                  status: { code: 'done' },
                  data: { download_url: `${baseUrl}/media/${b.id}/transcript.json` },
                },
                video_mixed: { data: { download_url: `${baseUrl}/media/${b.id}/video.mp4` } },
              },
            },
          ]
        : [],
  }),
  webhook: (b, _old, ev) => ({
    event: 'bot.status_change',
    data: {
      bot: { id: b.id, metadata: b.metadata },
      status: { code: ev.type, sub_code: ev.sub_type, message: null, created_at: ev.created_at },
    },
  }),
  // Standard Webhooks: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>"> keyed by the base64 part of the whsec_ secret
  sign(secret, body, at) {
    const id = `msg_${randomBytes(8).toString('hex')}`;
    const ts = Math.floor(at.getTime() / 1000);
    const sig = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
      .update(`${id}.${ts}.${body}`)
      .digest('base64');
    return { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': `v1,${sig}` };
  },
  route(method, path) {
    if (method === 'POST' && path === '/api/v1/bot/') return { kind: 'create' };
    const media = /^\/media\/([^/]+)\/transcript\.json$/.exec(path);
    if (media && method === 'GET') return { kind: 'media', id: media[1] };
    const m = /^\/api\/v1\/bot\/([^/]+)\/(leave_call\/)?$/.exec(path);
    if (!m) return null;
    if (m[2]) return method === 'POST' ? { kind: 'leave', id: m[1] } : null;
    return method === 'GET' ? { kind: 'get', id: m[1] } : method === 'DELETE' ? { kind: 'delete', id: m[1] } : null;
  },
  initialState: () => 'ready',
  transcriptJson: (b) =>
    (b.transcript ?? []).map((u, i) => {
      const words = u.text.split(/\s+/);
      const step = (u.endMs - u.startMs) / Math.max(1, words.length);
      return {
        participant: { id: i + 100, name: u.speaker, is_host: false, platform: 'desktop', extra_data: {}, email: null },
        words: words.map((w, k) => ({
          text: w,
          start_timestamp: { relative: (u.startMs + k * step) / 1000, absolute: null },
          end_timestamp: { relative: (u.startMs + (k + 1) * step) / 1000, absolute: null },
        })),
      };
    }),
};

function startFake(flavour: Flavour, opts: { apiKey: string; secret: string }): Promise<FakeBotProvider> {
  const bots = new Map<string, Bot>();
  const requests: RecordedRequest[] = [];
  let nextFailure: { status: number; body: unknown } | null = null;
  let last: { headers: Record<string, string>; body: string } | null = null;
  let baseUrl = '';
  const fake: FakeBotProvider = {
    url: '',
    webhookUrl: null,
    requests,
    bots,
    failNextCreate(status, body) {
      nextFailure = { status, body };
    },
    async advance(botId, state, o = {}) {
      const bot = bots.get(botId);
      if (!bot) throw new Error(`no bot ${botId}`);
      const old = bot.state;
      bot.state = state;
      const ev = { type: o.eventType ?? state, sub_type: o.subType ?? null, created_at: new Date().toISOString() };
      bot.events.push(ev);
      if (o.deliver === false || !fake.webhookUrl) return null;
      const body = JSON.stringify(flavour.webhook(bot, old, ev));
      const headers = flavour.sign(opts.secret, body, new Date());
      last = { headers, body };
      return deliver(fake.webhookUrl, headers, body);
    },
    setTranscript(botId, utterances) {
      bots.get(botId)!.transcript = utterances;
    },
    async replayLast() {
      if (!last || !fake.webhookUrl) throw new Error('nothing to replay');
      return deliver(fake.webhookUrl, last.headers, last.body);
    },
    post: (headers, body) => deliver(fake.webhookUrl!, headers, body),
    sign: (body, at = new Date()) => flavour.sign(opts.secret, body, at),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const text = await readBody(req);
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, authorization: req.headers.authorization, body });
    const route = flavour.route(req.method ?? 'GET', url.pathname);
    if (!route) return send(res, 404, { detail: 'Not found.' });
    if (route.kind === 'media') {
      const bot = bots.get(route.id!);
      return bot?.transcript ? send(res, 200, flavour.transcriptJson(bot)) : send(res, 404, { detail: 'Not found.' });
    }
    if (req.headers.authorization !== `Token ${opts.apiKey}`) return send(res, 401, { detail: 'Invalid token.' });
    if (route.kind === 'create') {
      if (nextFailure) {
        const f = nextFailure;
        nextFailure = null;
        return send(res, f.status, f.body);
      }
      const id = flavour === attendee ? `bot_${randomBytes(8).toString('hex')}` : randomUUID();
      const joinAt = typeof body?.join_at === 'string' ? body.join_at : null;
      const state = flavour.initialState(joinAt);
      const bot: Bot = {
        id,
        meetingUrl: String(body?.meeting_url),
        botName: String(body?.bot_name),
        metadata: (body?.metadata as Record<string, unknown>) ?? {},
        joinAt,
        state,
        events: [
          {
            type: flavour === attendee ? 'join_requested' : state,
            sub_type: null,
            created_at: new Date().toISOString(),
          },
        ],
        transcript: null,
      };
      bots.set(id, bot);
      return send(res, 201, flavour.botJson(bot, baseUrl));
    }
    const bot = bots.get(route.id!);
    if (!bot) return send(res, 404, { detail: 'Bot not found' });
    if (route.kind === 'get') return send(res, 200, flavour.botJson(bot, baseUrl));
    if (route.kind === 'leave') return send(res, 200, flavour.botJson(bot, baseUrl));
    if (route.kind === 'delete') {
      bots.delete(bot.id);
      return send(res, 200, {});
    }
    if (route.kind === 'transcript') return send(res, 200, flavour.transcriptJson(bot));
    if (route.kind === 'recording')
      return send(res, 200, {
        url: bot.state === 'ended' ? `${baseUrl}/media/${bot.id}/recording.mp4` : null,
        start_timestamp_ms: 0,
      });
    return send(res, 404, { detail: 'Not found.' });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      fake.url = baseUrl;
      resolve(fake);
    }),
  );
}

export const startFakeAttendee = (opts: { apiKey: string; secret: string }) => startFake(attendee, opts);
export const startFakeRecall = (opts: { apiKey: string; secret: string }) => startFake(recall, opts);
