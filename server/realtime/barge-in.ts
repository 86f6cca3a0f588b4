import type { ServerEvent } from './protocol';
import type { CallMetrics } from './call-metrics';
import type { CallTurns } from './call-turns';
import type { CallUpstream } from './upstream';

export interface BargeInHost {
  turns: CallTurns;
  metrics: CallMetrics;
  upstream: CallUpstream;
  send: (msg: ServerEvent) => void;
  /** A timer the call clears when it ends; `cancel` clears one before it fires. */
  timer: (ms: number, fn: () => void) => NodeJS.Timeout;
  cancel: (t: NodeJS.Timeout) => void;
  /** Records that a stored turn was cut at `playedMs`. */
  turnInterrupted: (itemId: string, playedMs: number) => void;
  /** How long to wait for the browser's `playback` report (ms). */
  waitMs: number;
}

/**
 * The rep speaking (or typing) over the prospect: the browser is told to stop, reports what it
 * played (or the wall clock estimates it after `waitMs`), and the upstream item is truncated there.
 */
export class BargeIn {
  private pending: { itemId: string; timer: NodeJS.Timeout } | null = null;

  constructor(private readonly host: BargeInHost) {}

  /** Interrupts the prospect's item `itemId`. */
  start(itemId: string) {
    const h = this.host;
    h.turns.get(itemId)!.interrupted = true;
    h.send({ type: 'interruption', itemId });
    const timer = h.timer(h.waitMs, () => {
      this.pending = null;
      // no report from the browser: estimate what it played from the wall clock
      this.truncate(itemId, null);
    });
    this.pending = { itemId, timer };
  }

  /** The browser's `playback` report for the interrupted item. */
  played(itemId: string, playedMs: number) {
    const p = this.pending;
    if (!p || p.itemId !== itemId) return;
    this.host.cancel(p.timer);
    this.pending = null;
    this.truncate(itemId, playedMs);
  }

  /** Truncates the upstream item to the audio actually played, never beyond what was sent. */
  private truncate(itemId: string, reportedMs: number | null) {
    const h = this.host;
    const it = h.turns.get(itemId);
    if (!it) return;
    const sent = Math.floor(it.sentMs);
    const estimate = it.firstAudioAt !== null ? performance.now() - it.firstAudioAt : 0;
    const played = Math.max(0, Math.min(sent, Math.floor(reportedMs ?? estimate)));
    h.upstream.truncate(itemId, played);
    if (h.metrics.bargeIns.length < 500)
      h.metrics.bargeIns.push({ itemId, sentMs: sent, reportedMs, truncatedMs: played });
    this.markCut(itemId, played);
  }

  /**
   * WebRTC: the model cut the answer the rep spoke over where its own buffer had played it
   * (`conversation.item.truncated`). Over the relay that event only confirms our own truncate, and
   * the item is already interrupted.
   */
  cutByModel(itemId: string, audioEndMs: number) {
    const it = this.host.turns.get(itemId);
    if (!it || it.interrupted || it.turn.speaker !== 'prospect') return;
    it.interrupted = true;
    this.markCut(itemId, Math.max(0, Math.round(audioEndMs)));
  }

  /** The stored turn was heard for `playedMs` only. */
  private markCut(itemId: string, playedMs: number) {
    const it = this.host.turns.get(itemId)!;
    it.turn.interrupted = true;
    it.turn.playedMs = playedMs;
    if (it.persisted) this.host.turnInterrupted(itemId, playedMs);
  }
}
