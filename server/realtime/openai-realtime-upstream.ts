import OpenAI from 'openai';
import { OpenAIRealtimeWS } from 'openai/realtime/ws';
import type { RawData, ClientOptions as WsClientOptions } from 'ws';
import type { CallUsage } from '../../db/schema/calls';
import { REALTIME_SESSION_CAP_MS } from '../services/calls/session-cap';
import { UpstreamEmitter, type CallUpstream, type UpstreamSessionConfig } from './upstream';
import { appendAudioMessage, parseOutputAudioDelta } from './realtime-wire';
import { caught } from '../metrics/caught';

/** The transcription model for the rep's speech (input transcription). */
const INPUT_TRANSCRIPTION_MODEL = 'gpt-4o-mini-transcribe';

export interface OpenAIRealtimeOptions {
  apiKey: string;
  /** Base URL override (OPENAI_REALTIME_URL), e.g. https://127.0.0.1:4443/v1 for the test fake. The SDK always connects with wss:. */
  baseURL?: string;
  /** Extra `ws` client options (tests pass the fake's self-signed CA). */
  wsOptions?: WsClientOptions;
  /** With no event and no pong from the upstream for this long, the call is given up (default 15 s). */
  stallMs?: number;
  /**
   * A WebRTC call's id (`rtc_…`): instead of opening a model session, attach to that call over the
   * GA sideband socket. The browser sends and hears the audio itself; this side receives every
   * event, configures the session, and ends the call (hangup) when the call ends.
   */
  rtcCallId?: string;
  /** The HTTP client for the REST calls (hangup); tests pass one that trusts the fake's CA. */
  fetch?: typeof fetch;
}

/**
 * The session's configuration (GA `session` object) for a call: the same for the relay's
 * `session.update` and for a WebRTC call's client secret (server/realtime/realtime-session.ts).
 */
export function realtimeSessionConfig(config: UpstreamSessionConfig) {
  return {
    type: 'realtime' as const,
    instructions: config.instructions,
    output_modalities: ['audio' as const],
    audio: {
      input: {
        format: { type: 'audio/pcm' as const, rate: 24000 as const },
        turn_detection: { type: 'server_vad' as const, create_response: true, interrupt_response: true },
        transcription: { model: INPUT_TRANSCRIPTION_MODEL, language: config.language.slice(0, 2) },
      },
      output: { format: { type: 'audio/pcm' as const, rate: 24000 as const }, voice: config.voice },
    },
  };
}

const UPSTREAM_STALL_MS = 15_000;

/** Error codes/types after which the session cannot continue. Everything else is recoverable (one bad event). */
const FATAL_TYPES = new Set(['authentication_error', 'permission_error', 'server_error', 'insufficient_quota']);
const FATAL_CODES = new Set([
  'session_expired',
  'invalid_api_key',
  'insufficient_quota',
  'session_not_found',
  'model_not_found',
  'invalid_session',
  'rate_limit_exceeded',
]);

export function isFatalRealtimeError(err: { type?: string | null; code?: string | null } | null | undefined): boolean {
  if (!err) return true;
  if (err.code && FATAL_CODES.has(err.code)) return true;
  if (err.type && FATAL_TYPES.has(err.type)) return true;
  return false;
}

interface RawUsage {
  total_tokens?: number;
  input_tokens?: number;
  output_tokens?: number;
  input_token_details?: { text_tokens?: number; audio_tokens?: number; cached_tokens?: number };
  output_token_details?: { text_tokens?: number; audio_tokens?: number };
}

export function normalizeUsage(u: RawUsage | null | undefined): Partial<CallUsage> | null {
  if (!u) return null;
  return {
    inputTextTokens: u.input_token_details?.text_tokens ?? 0,
    inputAudioTokens: u.input_token_details?.audio_tokens ?? 0,
    outputTextTokens: u.output_token_details?.text_tokens ?? 0,
    outputAudioTokens: u.output_token_details?.audio_tokens ?? 0,
    cachedTokens: u.input_token_details?.cached_tokens ?? 0,
    totalTokens: u.total_tokens ?? (u.input_tokens ?? 0) + (u.output_tokens ?? 0),
  };
}

type AnyEvent = { type: string } & Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The prospect as an OpenAI Realtime session (GA protocol, `openai/realtime/ws`): PCM16 24 kHz
 * both ways, server VAD with interruption, input transcription on.
 */
export class OpenAIRealtimeUpstream extends UpstreamEmitter implements CallUpstream {
  readonly provider = 'openai-realtime' as const;
  readonly hearsText = false;
  private rt: OpenAIRealtimeWS | null = null;
  private closing = false;
  private closedEmitted = false;
  private capTimer: NodeJS.Timeout | null = null;
  /** Pings the upstream and watches that it still answers (server/realtime: a stalled model ends the call). */
  private watchdog: NodeJS.Timeout | null = null;
  private lastHeardAt = 0;
  private textItems = 0;

  constructor(private readonly opts: OpenAIRealtimeOptions) {
    super();
  }

  connect(config: UpstreamSessionConfig): Promise<void> {
    const client = this.client();
    const options = { ...this.opts.wsOptions, maxPayload: 16 * 1024 * 1024 };
    const rt = new OpenAIRealtimeWS(
      this.opts.rtcCallId ? { callID: this.opts.rtcCallId, options } : { model: config.model, options },
      client,
    );
    this.rt = rt;
    this.fastAudioPath(rt);
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const fail = (e: Error) => {
        if (!settled) {
          settled = true;
          reject(e);
        }
      };
      rt.socket.once('open', () => {
        // a WebRTC call was configured by its client secret; the sideband asserts the same session
        // (and its `session.updated` says the call is ready), so the browser cannot have changed it
        rt.send({ type: 'session.update', session: realtimeSessionConfig(config) });
      });
      rt.on('event', (ev) => {
        this.lastHeardAt = performance.now();
        const e = ev as unknown as AnyEvent;
        if (!settled && (e.type === 'session.updated' || e.type === 'session.created')) {
          if (e.type === 'session.updated') {
            settled = true;
            this.capTimer = setTimeout(
              () =>
                this.emit({
                  type: 'error',
                  fatal: true,
                  code: 'session_cap',
                  message: 'The 60-minute realtime session cap was reached',
                }),
              REALTIME_SESSION_CAP_MS - 30_000,
            );
            this.capTimer.unref();
            this.watch(rt);
            this.emit({ type: 'ready' });
            resolve();
          }
          return;
        }
        this.handle(e);
      });
      rt.on('error', (err) => {
        const detail = (err as { error?: { type?: string; code?: string; message?: string } }).error;
        if (!detail) {
          // transport / parse failure
          if (!settled) return fail(err);
          this.emit({ type: 'error', fatal: false, code: 'transport', message: err.message });
          return;
        }
        const fatal = isFatalRealtimeError(detail);
        if (!settled && fatal) return fail(new Error(detail.message ?? 'realtime session refused'));
        this.emit({
          type: 'error',
          fatal,
          code: detail.code ?? detail.type ?? 'error',
          message: detail.message ?? 'error',
        });
      });
      rt.socket.on('unexpected-response', (_req, res) =>
        fail(new Error(`realtime upgrade refused: HTTP ${res.statusCode}`)),
      );
      rt.socket.on('close', (code, reason) => {
        if (this.capTimer) clearTimeout(this.capTimer);
        if (this.watchdog) clearInterval(this.watchdog);
        fail(new Error(`realtime socket closed before the session was ready (${code})`));
        if (!this.closing && !this.closedEmitted) {
          this.closedEmitted = true;
          this.emit({ type: 'closed', code, reason: reason.toString() });
        }
      });
    });
  }

  private handle(e: AnyEvent) {
    switch (e.type) {
      case 'input_audio_buffer.speech_started':
        return this.emit({ type: 'speech_started', itemId: str(e.item_id) || null });
      case 'input_audio_buffer.speech_stopped':
        return this.emit({ type: 'speech_stopped', itemId: str(e.item_id) || null });
      case 'conversation.item.input_audio_transcription.delta':
        return this.emit({ type: 'input_transcript', itemId: str(e.item_id), delta: str(e.delta), final: false });
      case 'conversation.item.input_audio_transcription.completed':
        return this.emit({ type: 'input_transcript', itemId: str(e.item_id), text: str(e.transcript), final: true });
      case 'response.created':
        return this.emit({ type: 'response_started' });
      case 'response.output_audio.delta':
        return this.emit({ type: 'output_audio', itemId: str(e.item_id), pcm: Buffer.from(str(e.delta), 'base64') });
      case 'response.output_audio_transcript.delta':
        return this.emit({ type: 'output_transcript', itemId: str(e.item_id), delta: str(e.delta), final: false });
      case 'response.output_audio_transcript.done':
        return this.emit({ type: 'output_transcript', itemId: str(e.item_id), text: str(e.transcript), final: true });
      case 'response.done': {
        const response = (e.response ?? {}) as { usage?: RawUsage; status?: string };
        return this.emit({
          type: 'response_done',
          usage: normalizeUsage(response.usage),
          status: response.status ?? null,
        });
      }
      // WebRTC: the answer plays from the model's buffer, which says when it starts and is drained
      case 'output_audio_buffer.started':
        return this.emit({ type: 'remote_playback', playing: true });
      case 'output_audio_buffer.stopped':
      case 'output_audio_buffer.cleared':
        return this.emit({ type: 'remote_playback', playing: false });
      case 'conversation.item.truncated':
        // the answer to our own truncate (relay), or the model's own cut of an interrupted answer (WebRTC)
        if (typeof e.audio_end_ms !== 'number' || !Number.isFinite(e.audio_end_ms)) return;
        return this.emit({ type: 'truncated', itemId: str(e.item_id), audioEndMs: e.audio_end_ms });
      default:
        return;
    }
  }

  /**
   * Audio deltas (most of what the model sends) skip the SDK's full parse and double dispatch
   * (realtime-wire.ts); every other message goes to the SDK's own listener as before.
   */
  private fastAudioPath(rt: OpenAIRealtimeWS) {
    const socket = rt.socket;
    const sdk = socket.listeners('message') as ((data: RawData, isBinary: boolean) => void)[];
    socket.removeAllListeners('message');
    socket.on('message', (data, isBinary) => {
      const audio = !isBinary && Buffer.isBuffer(data) ? parseOutputAudioDelta(data) : null;
      if (!audio) {
        for (const l of sdk) l.call(socket, data, isBinary);
        return;
      }
      this.lastHeardAt = performance.now();
      this.emit({ type: 'output_audio', itemId: audio.itemId, pcm: audio.pcm });
    });
  }

  greet() {
    this.rt?.send({ type: 'response.create' });
  }

  private client() {
    return new OpenAI({
      apiKey: this.opts.apiKey,
      baseURL: this.opts.baseURL,
      ...(this.opts.fetch ? { fetch: this.opts.fetch } : {}),
    });
  }

  appendAudio(pcm16: Buffer) {
    // over WebRTC the microphone goes from the browser to the model; nothing is relayed
    if (this.opts.rtcCallId || this.rt?.socket.readyState !== 1) return;
    // the same JSON as rt.send would make, without JSON.stringify scanning the base64 (realtime-wire.ts)
    try {
      this.rt.socket.send(appendAudioMessage(pcm16), { binary: false });
    } catch (err) {
      this.emit({ type: 'error', fatal: false, code: 'transport', message: (err as Error).message });
    }
  }

  /** A typed rep turn: a user message item (our own id, so the transcript orders it) and a response. */
  sendText(text: string) {
    if (!this.rt) return;
    const itemId = `rep_text_${Date.now().toString(36)}_${++this.textItems}`.slice(0, 32);
    this.rt.send({
      type: 'conversation.item.create',
      item: { id: itemId, type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
    });
    this.emit({ type: 'input_transcript', itemId, text, final: true });
    this.rt.send({ type: 'response.create' });
  }

  truncate(itemId: string, audioEndMs: number) {
    // over WebRTC the model knows what the browser played and truncates the answer itself
    if (this.opts.rtcCallId) return;
    this.rt?.send({
      type: 'conversation.item.truncate',
      item_id: itemId,
      content_index: 0,
      audio_end_ms: Math.max(0, Math.floor(audioEndMs)),
    });
  }

  ping(): Promise<number | null> {
    const socket = this.rt?.socket;
    if (!socket || socket.readyState !== 1) return Promise.resolve(null);
    const started = performance.now();
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(null), 5000);
      socket.once('pong', () => {
        clearTimeout(t);
        resolve(performance.now() - started);
      });
      socket.ping();
    });
  }

  /**
   * A quiet conversation is normal (nobody speaks), a quiet connection is not: the upstream is
   * pinged every few seconds, and when neither an event nor a pong has come for `stallMs`, the
   * model has stalled — the call says so and ends, keeping what was said.
   */
  private watch(rt: { socket: { readyState: number; ping(): void; on(e: 'pong', f: () => void): void } }) {
    const stallMs = this.opts.stallMs ?? UPSTREAM_STALL_MS;
    this.lastHeardAt = performance.now();
    rt.socket.on('pong', () => (this.lastHeardAt = performance.now()));
    this.watchdog = setInterval(
      () => {
        if (this.closing) return;
        if (performance.now() - this.lastHeardAt > stallMs) {
          if (this.watchdog) clearInterval(this.watchdog);
          this.emit({
            type: 'error',
            fatal: true,
            code: 'upstream_stalled',
            message: `The realtime model sent nothing for ${Math.round(stallMs / 1000)} s`,
          });
          return;
        }
        try {
          if (rt.socket.readyState === 1) rt.socket.ping();
        } catch {
          /* closing */
        }
      },
      Math.max(50, Math.min(5000, Math.round(stallMs / 3))),
    );
    this.watchdog.unref();
  }

  close() {
    if (this.opts.rtcCallId && !this.closing) {
      // the call's media runs between the browser and the model: only a hangup ends it
      const id = this.opts.rtcCallId;
      this.client()
        .realtime.calls.hangup(id)
        .catch((err: unknown) =>
          caught('realtime_hangup', 'realtime call hangup failed', { err, rtcCallId: id }, 'warn'),
        );
    }
    this.closing = true;
    if (this.capTimer) clearTimeout(this.capTimer);
    if (this.watchdog) clearInterval(this.watchdog);
    const rt = this.rt;
    if (!rt) return;
    try {
      if (rt.socket.readyState === 1) rt.close({ code: 1000, reason: 'call ended' });
      else rt.socket.terminate();
    } catch {
      /* already closed */
    }
  }
}
