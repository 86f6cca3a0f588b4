import { and, eq, isNull } from 'drizzle-orm';
import OpenAI from 'openai';
import { callTickets, calls } from '../../db/schema/calls';
import { asSystem, type TenantRunner } from '../../db/tenant';
import { tenantRunnerFor } from '../access/tenant-runner';
import type { Db } from '../../db/client';
import type { Env } from '../env';
import { AppError } from '../errors';
import { getCallTransport } from '../services/calls/call-settings';
import { unusedTicket } from '../services/calls/calls';
import { realtimeSessionConfig } from './openai-realtime-upstream';
import type { CallRelayOptions } from './relay-options';
import type { UpstreamSessionConfig } from './upstream';
import { caught } from '../metrics/caught';

/** What the WebRTC session needs of the process (a part of AppDeps: the call code does not import the transport's deps). */
type SessionDeps = { db: Db; env: Env; calls?: Pick<CallRelayOptions, 'openaiFetch'> };

/** How long a WebRTC call's client secret may be used to open the connection (the API allows 10–7200 s). */
const CLIENT_SECRET_TTL_SECONDS = 60;
/** The model's WebRTC call ids as the GA calls endpoint names them (`Location: /v1/realtime/calls/rtc_…`). */
export const RTC_CALL_ID = /^rtc_[A-Za-z0-9_-]{1,120}$/;

type CallRow = typeof calls.$inferSelect;

/** What the model is told for a call, frozen on the call row at its start (the relay and WebRTC alike). */
export function sessionConfigOf(
  call: Pick<CallRow, 'instructions' | 'model' | 'voice' | 'language'>,
  env: Env,
): UpstreamSessionConfig {
  return {
    instructions: call.instructions ?? '',
    model: call.model ?? env.OPENAI_REALTIME_MODEL,
    voice: call.voice ?? 'alloy',
    language: call.language,
  };
}

/** The Realtime API's base URL (OPENAI_REALTIME_URL, else OpenAI's) — where the browser's SDP offer goes. */
function realtimeBaseUrl(env: Env): string {
  return (env.OPENAI_REALTIME_URL ?? 'https://api.openai.com/v1').replace(/\/$/, '');
}

/** The origin the browser calls for WebRTC (the CSP's connect-src), when a model is configured. */
export function realtimeConnectOrigins(env: Env): string[] {
  return env.OPENAI_API_KEY ? [new URL(realtimeBaseUrl(env)).origin] : [];
}

export interface RealtimeSessionAnswer {
  callId: string;
  /** The short-lived client secret (`ek_…`) the browser sends with its SDP offer; never the API key. */
  clientSecret: string;
  expiresAt: string;
  /** Where the browser posts its SDP offer (`Content-Type: application/sdp`). */
  callsUrl: string;
}

/** The call's ticket, checked without using it up (the call's socket consumes it). */
async function ticketIsValid(deps: SessionDeps, callId: string, ticket: string): Promise<boolean> {
  const rows = await asSystem(deps.db, { action: 'calls.ticket.check' }, (tx) =>
    tx.select({ id: callTickets.id }).from(callTickets).where(unusedTicket(callId, ticket)).limit(1),
  );
  return rows.length === 1;
}

/**
 * `POST /api/v1/openai/realtime-session`: turns a started call (calls.start, or a candidate's or
 * guest's link — the same start freezes the scorecard, scenario and evaluation context) into a
 * WebRTC call. Whoever holds the call's socket ticket may ask, once per call. The session's
 * configuration (instructions, voice, transcription, turn detection) is built here, by the same
 * builder as the relay's, and bound to a client secret minted through the Realtime API; the
 * browser gets only the secret, never the API key nor the instructions. The browser then opens
 * its peer connection to the model and the call's socket with the model's call id, and the server
 * follows the call over the sideband (server/realtime/openai-realtime-upstream.ts).
 */
export async function openRealtimeSession(
  deps: SessionDeps,
  input: { callId: string; ticket: string },
): Promise<RealtimeSessionAnswer> {
  const { env } = deps;
  if (!(await ticketIsValid(deps, input.callId, input.ticket))) throw new AppError('NOT_FOUND', 'Call not found');
  const [call] = await asSystem(deps.db, { action: 'calls.realtime_session' }, (tx) =>
    tx.select().from(calls).where(eq(calls.id, input.callId)).limit(1),
  );
  if (!call) throw new AppError('NOT_FOUND', 'Call not found');
  // the ticket named the call (and so its tenant) on the system path: the session acts for it
  const tenant = tenantRunnerFor(deps.db, call.tenantId);
  if (call.provider !== 'openai-realtime' || !env.OPENAI_API_KEY)
    throw new AppError(
      'CALL_TRANSPORT_UNAVAILABLE',
      'This call is not with a realtime model: it runs through the server',
    );
  if ((await tenant((tx) => getCallTransport(tx, call.tenantId))) === 'relay')
    throw new AppError('CALL_TRANSPORT_UNAVAILABLE', 'This workspace sends calls through the server');
  // once per call: the first request claims the call for WebRTC
  const claimed = await tenant((tx) =>
    tx
      .update(calls)
      .set({ transport: 'webrtc' })
      .where(
        and(eq(calls.id, call.id), eq(calls.state, 'created'), eq(calls.transport, 'relay'), isNull(calls.rtcCallId)),
      )
      .returning({ id: calls.id }),
  );
  if (!claimed.length) throw new AppError('CONFLICT', 'This call has already been opened');
  const client = new OpenAI({
    apiKey: env.OPENAI_API_KEY,
    baseURL: realtimeBaseUrl(env),
    maxRetries: 0,
    timeout: 8000,
    ...(deps.calls?.openaiFetch ? { fetch: deps.calls.openaiFetch } : {}),
  });
  const config = sessionConfigOf(call, env);
  try {
    const secret = await client.realtime.clientSecrets.create({
      expires_after: { anchor: 'created_at', seconds: CLIENT_SECRET_TTL_SECONDS },
      session: { ...realtimeSessionConfig(config), model: config.model },
    });
    return {
      callId: call.id,
      clientSecret: secret.value,
      expiresAt: new Date(secret.expires_at * 1000).toISOString(),
      callsUrl: `${realtimeBaseUrl(env)}/realtime/calls`,
    };
  } catch (err) {
    caught('realtime_client_secret', 'realtime client secret refused', { err, callId: call.id }, 'warn');
    // the call can still go through the server's relay
    await tenant((tx) =>
      tx
        .update(calls)
        .set({ transport: 'relay' })
        .where(and(eq(calls.id, call.id), isNull(calls.rtcCallId))),
    );
    const message =
      err instanceof OpenAI.APIError
        ? ((err.error as { message?: string } | undefined)?.message ?? err.message)
        : (err as Error).message;
    throw new AppError(
      'REALTIME_SESSION_FAILED',
      `The realtime model refused the session: ${String(message).slice(0, 300)}`,
    );
  }
}

/**
 * The call's socket opens for a WebRTC call: its model call id is recorded, once (a call id is
 * accepted for one call only, and only for a call whose client secret was minted). False when it
 * cannot be (another call's id, or no secret was minted for this call).
 */
export async function bindRtcCall(tenant: TenantRunner, callId: string, rtcCallId: string): Promise<boolean> {
  try {
    const rows = await tenant((tx) =>
      tx
        .update(calls)
        .set({ rtcCallId })
        .where(
          and(eq(calls.id, callId), eq(calls.state, 'created'), eq(calls.transport, 'webrtc'), isNull(calls.rtcCallId)),
        )
        .returning({ id: calls.id }),
    );
    return rows.length === 1;
  } catch (e) {
    if (uniqueViolation(e)) return false; // the id is another call's (unique)
    throw e;
  }
}

/** The call's socket opens without a model call id: the call goes through the relay (a fallback from WebRTC). */
export async function useRelay(tenant: TenantRunner, callId: string): Promise<void> {
  await tenant((tx) =>
    tx
      .update(calls)
      .set({ transport: 'relay' })
      .where(and(eq(calls.id, callId), eq(calls.transport, 'webrtc'), isNull(calls.rtcCallId))),
  );
}

/** PostgreSQL's unique_violation (23505), as drizzle wraps it or the driver throws it. */
function uniqueViolation(e: unknown): boolean {
  for (let c: unknown = e; c instanceof Error; c = c.cause) if ((c as { code?: unknown }).code === '23505') return true;
  return false;
}
