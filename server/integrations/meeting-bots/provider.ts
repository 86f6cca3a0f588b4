import { z } from 'zod';

/**
 * Meeting bots: a provider sends a named bot into a video meeting, records it and
 * transcribes it. Spar speaks to two through their documented HTTP APIs — Attendee (open source,
 * self-hostable) and Recall.ai — behind this one interface. Status changes arrive by signed webhook
 * (verified, replay-protected) and are also polled, so a lost webhook only delays a meeting.
 */

/** Where a bot is, in Spar's words (each provider's states map onto these). */
type BotState =
  'scheduled' | 'requested' | 'joining' | 'waiting_room' | 'in_call' | 'recording' | 'leaving' | 'ended' | 'failed';

/** Why a bot failed, when the provider says: refused by the host, or another error. */
type BotFailure = 'refused' | 'provider_error';

export interface BotStatus {
  state: BotState;
  failure?: BotFailure;
  /** The provider's own words for what happened (state, event and sub-code), kept for the user. */
  reason?: string | null;
}

interface TranscriptUtterance {
  speaker: string;
  startMs: number;
  endMs: number;
  text: string;
}

interface CreateBotInput {
  meetingUrl: string;
  botName: string;
  /** When to join; absent: now. */
  joinAt?: Date | null;
  /** Echoed back by the provider in webhooks (Spar's meeting id). */
  metadata: Record<string, string>;
}

/** A verified webhook: who sent it (its id, for replay protection), which bot, the new status. */
interface BotWebhookEvent {
  eventId: string;
  botId: string;
  /** Absent: the event is not a status change (ignored after it is recorded). */
  status?: BotStatus;
}

export interface MeetingBotProvider {
  readonly name: MeetingBotProviderName;
  createBot(input: CreateBotInput): Promise<{ botId: string; status: BotStatus }>;
  /** Asks the bot to leave (what it recorded is still processed), or deletes a scheduled bot before it joins. */
  stopBot(botId: string, opts: { scheduled: boolean }): Promise<void>;
  getStatus(botId: string): Promise<BotStatus>;
  /** The transcript once the bot has ended: each utterance with its speaker's name. */
  fetchTranscript(botId: string): Promise<TranscriptUtterance[]>;
  /** Where the recording can be downloaded (a short-lived provider URL), or null when there is none. */
  fetchRecording(botId: string): Promise<string | null>;
  /**
   * Checks a webhook's signature (throws WebhookRefused when it is not the provider's) and reads
   * it. `rawBody` is the request body exactly as received.
   */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string, now?: Date): BotWebhookEvent;
}

export const MEETING_BOT_PROVIDERS = ['attendee', 'recall'] as const;
export type MeetingBotProviderName = (typeof MEETING_BOT_PROVIDERS)[number];

/** A request to the provider failed; `message` is what the provider said (or the network error). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** A webhook whose signature, timestamp or shape is not the provider's: answered 401/400, nothing changes. */
export class WebhookRefused extends Error {
  constructor(
    message: string,
    readonly kind: 'signature' | 'malformed' | 'stale' = 'signature',
  ) {
    super(message);
  }
}

export interface ProviderConfig {
  baseUrl: string;
  apiKey: string;
  webhookSecret: string | undefined;
  timeoutMs: number;
}

/** The provider's API as `call(method, path, body?, schema?)`, authenticated by `Token <key>` (both providers' way). */
export function tokenClient(config: ProviderConfig) {
  const authHeader = `Token ${config.apiKey}`;
  return <T>(method: string, path: string, body?: unknown, schema?: z.ZodType<T>) =>
    providerRequest({ config, authHeader, method, path, body, schema });
}

/** How a provider's status codes read in Spar's words. */
export interface BotCodes {
  states: Record<string, BotState>;
  /** The provider's sub-codes for "the host did not let the bot in": a failure with one is 'refused'. */
  refused: ReadonlySet<string>;
}

/** A provider's status code in Spar's words (undefined for a code the table does not hold). */
export function botStatusFrom(
  codes: BotCodes,
  code: string,
  { subCode, reason }: { subCode?: string | null; reason: string },
): BotStatus | undefined {
  const state = Object.hasOwn(codes.states, code) ? codes.states[code] : undefined;
  if (state !== 'failed') return state && { state, reason };
  return { state, failure: subCode && codes.refused.has(subCode) ? 'refused' : 'provider_error', reason };
}

/** A webhook's body as JSON, or WebhookRefused('malformed'). */
export function webhookJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new WebhookRefused('Malformed JSON', 'malformed');
  }
}

/** JSON over HTTP with the provider's key, a timeout, and the provider's error text on failure. */
async function providerRequest<T>({
  config,
  authHeader,
  method,
  path,
  body,
  schema,
}: {
  config: ProviderConfig;
  authHeader: string;
  method: string;
  path: string;
  body?: unknown;
  schema?: z.ZodType<T>;
}): Promise<T> {
  const url = new URL(path, config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`);
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { Authorization: authHeader, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (e) {
    throw new ProviderError(
      `The meeting-bot provider could not be reached (${(e as Error).name === 'TimeoutError' ? 'timed out' : (e as Error).message})`,
    );
  }
  const text = await res.text();
  if (!res.ok) throw new ProviderError(providerMessage(text) ?? `HTTP ${res.status}`, res.status);
  if (!schema) return undefined as T;
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    throw new ProviderError('The meeting-bot provider answered with something that is not JSON', res.status);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ProviderError('The meeting-bot provider answered in an unexpected shape', res.status);
  return parsed.data;
}

/** The readable part of a provider's error body (`detail`, `error`, `message`, or field errors). */
function providerMessage(text: string): string | null {
  try {
    const j = JSON.parse(text) as unknown;
    if (typeof j === 'string') return j.slice(0, 500);
    if (j && typeof j === 'object') {
      const o = j as Record<string, unknown>;
      for (const k of ['detail', 'error', 'message', 'non_field_errors']) {
        const v = o[k];
        if (typeof v === 'string') return v.slice(0, 500);
        if (Array.isArray(v) && typeof v[0] === 'string') return v.join(' ').slice(0, 500);
      }
      const first = Object.entries(o).find(([, v]) => Array.isArray(v) && typeof v[0] === 'string');
      if (first) return `${first[0]}: ${(first[1] as string[]).join(' ')}`.slice(0, 500);
    }
  } catch {
    // not JSON: the text itself, if short
  }
  const t = text.trim();
  return t && t.length <= 300 && !t.startsWith('<') ? t : null;
}

export function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
