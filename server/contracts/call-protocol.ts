import { z } from 'zod';
import { CALL_END_REASONS } from './enums';

/**
 * The browser ⇄ server call protocol on the `/ws/call` socket: control events as JSON text
 * messages, audio as binary frames `[uint32 LE seq][pcm16 mono]`. Both ends parse what they
 * receive with these schemas (server/realtime/call-session.ts, client/features/calls/).
 */

/** PCM sample rate of both audio directions. */
export const SAMPLE_RATE = 24_000;
/** Bytes before the PCM in a binary frame (the sequence number). */
export const FRAME_HEADER_BYTES = 4;
const MAX_METRICS_BATCH = 30;
const MAX_TEXT_TURN_CHARS = 2000;

/** What the browser shows of the call: the socket, the ringing, who is speaking. */
const CALL_UI_STATES = [
  'connecting',
  'connected',
  'dialing',
  'ringing',
  'call_connected',
  'listening',
  'speaking',
  'ended',
] as const;
export type CallUiState = (typeof CALL_UI_STATES)[number];
export type CallEndReason = (typeof CALL_END_REASONS)[number];

// ───────────────────────────── browser → server ─────────────────────────────

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hangup') }),
  z.object({ type: z.literal('ping'), id: z.number(), t: z.number() }),
  z.object({ type: z.literal('playback'), itemId: z.string().max(200), playedMs: z.number().min(0) }),
  z.object({
    type: z.literal('text'),
    text: z.string().min(1).max(MAX_TEXT_TURN_CHARS),
    source: z.enum(['typed', 'speech']).optional(),
    /**
     * Whether the browser was playing the prospect's audio when the rep sent the turn: only a turn
     * over audio the rep could hear interrupts it. Absent: the server's own estimate decides.
     */
    heard: z.boolean().optional(),
  }),
  z.object({ type: z.literal('metrics'), samples: z.array(z.record(z.string(), z.unknown())).max(MAX_METRICS_BATCH) }),
  z.object({ type: z.literal('mute'), muted: z.boolean() }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

// ───────────────────────────── server → browser ─────────────────────────────

/**
 * A failure of the call, as a code of the error catalogue (server/errors.ts) with its values: the
 * browser translates `errors.<code>` from locales/<lng>/common.json like any other error.
 */
const callErrorSchema = z.object({
  type: z.literal('error'),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  fatal: z.boolean(),
});
export type CallError = z.infer<typeof callErrorSchema>;

export const serverEventSchema = z.union([
  z.object({ type: z.literal('state'), state: z.enum(CALL_UI_STATES), at: z.number() }),
  z.object({
    type: z.literal('transcript'),
    itemId: z.string(),
    speaker: z.enum(['rep', 'prospect']),
    delta: z.string().optional(),
    text: z.string().optional(),
    final: z.boolean(),
    startMs: z.number(),
  }),
  z.object({ type: z.literal('prospect_text'), itemId: z.string(), text: z.string() }),
  z.object({ type: z.literal('interruption'), itemId: z.string() }),
  z.object({ type: z.literal('warning'), code: z.literal('time_warning'), remainingSeconds: z.number() }),
  z.object({ type: z.literal('warning'), code: z.enum(['bad_frame', 'rate_limited', 'upstream_recovered']) }),
  // `message`: the end's detail as stored on the call (services/calls), for logs and support
  z.object({
    type: z.literal('end'),
    reason: z.enum(CALL_END_REASONS),
    durationMs: z.number(),
    callId: z.string(),
    message: z.string().optional(),
  }),
  callErrorSchema,
  z.object({ type: z.literal('pong'), id: z.number(), t: z.number() }),
]);
export type ServerEvent = z.infer<typeof serverEventSchema>;
export type Speaker = Extract<ServerEvent, { type: 'transcript' }>['speaker'];
