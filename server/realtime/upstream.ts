import type { CallProvider, CallUsage } from '../../db/schema/calls';

/** What a call session tells its upstream (the model, or the offline prospect) when it connects. */
export interface UpstreamSessionConfig {
  instructions: string;
  model: string;
  voice: string;
  /** ISO-ish language code of the call (en, es, it, pt-BR). */
  language: string;
}

/** Normalized upstream events; item ids identify conversation items (ordering, truncation). */
export type UpstreamEvent =
  | { type: 'ready' }
  | { type: 'speech_started'; itemId: string | null }
  | { type: 'speech_stopped'; itemId: string | null }
  | { type: 'input_transcript'; itemId: string; delta?: string; text?: string; final: boolean }
  | { type: 'output_audio'; itemId: string; pcm: Buffer }
  /** `voiced: false` on a final transcript: the line went out as text only (no voice could be made). */
  | { type: 'output_transcript'; itemId: string; delta?: string; text?: string; final: boolean; voiced?: boolean }
  | { type: 'response_started' }
  | { type: 'response_done'; usage: Partial<CallUsage> | null; status: string | null }
  /**
   * WebRTC only: the model's own output buffer started or finished playing the answer to the
   * browser (drained, or cleared by an interruption). The relay knows this from the audio it sends.
   */
  | { type: 'remote_playback'; playing: boolean }
  /**
   * WebRTC only: the model cut an answer the rep spoke over at the audio that had played
   * (`conversation.item.truncated`). Over the relay the server truncates it itself (barge-in.ts).
   */
  | { type: 'truncated'; itemId: string; audioEndMs: number }
  | { type: 'error'; fatal: boolean; code: string; message: string }
  /** The offline prospect ends the call (patience ran out, or goodbye after agreeing). */
  | { type: 'hangup'; detail: string }
  | { type: 'closed'; code: number | null; reason: string };

export type UpstreamListener = (e: UpstreamEvent) => void;

/**
 * The server's side of the conversation with the prospect. One instance per call; `connect`
 * resolves once the session is configured; `close` is idempotent and emits no `closed` event
 * (only an unexpected close does).
 */
export interface CallUpstream {
  readonly provider: CallProvider;
  /**
   * True when the prospect understands the rep's words as text (offline: typed or recognised in
   * the browser); the rep's audio then only tells it when the rep talks (barge-in).
   */
  readonly hearsText: boolean;
  connect(config: UpstreamSessionConfig): Promise<void>;
  /** Starts the conversation: the prospect answers the phone. */
  greet(): void;
  appendAudio(pcm16: Buffer): void;
  sendText(text: string): void;
  truncate(itemId: string, audioEndMs: number): void;
  close(): void;
  on(listener: UpstreamListener): void;
  /** Transport round trip to the upstream (ping/pong), when it can be measured. */
  ping?(): Promise<number | null>;
}

/** Minimal listener fan-out shared by the implementations. */
export class UpstreamEmitter {
  private listeners: UpstreamListener[] = [];
  on(listener: UpstreamListener) {
    this.listeners.push(listener);
  }
  protected emit(e: UpstreamEvent) {
    for (const l of this.listeners) l(e);
  }
}
