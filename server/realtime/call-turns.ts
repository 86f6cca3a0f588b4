import type { TurnRecord } from '../services/calls/calls';
import { normaliseLine } from '../contracts/text';
import type { CallMetrics, ItemState } from './call-metrics';

/**
 * The turns of one call (rep and prospect items by upstream item id): their order, their frame
 * counts, and the metrics line each adds when it becomes final. Storing them is the session's
 * (call-session.ts), which passes `now` (ms on the call's clock).
 */
export class CallTurns {
  private readonly items = new Map<string, ItemState>();
  private nextSeq = 0;
  private counters = { up: 0, down: 0, dropped: 0 };

  constructor(
    private readonly metrics: CallMetrics,
    private readonly now: () => number,
  ) {}

  get(itemId: string): ItemState | undefined {
    return this.items.get(itemId);
  }

  /** The item, started (next in order, now) the first time it is named. */
  item(itemId: string, speaker: 'rep' | 'prospect'): ItemState {
    let it = this.items.get(itemId);
    if (!it) {
      it = {
        turn: {
          seq: this.nextSeq++,
          itemId,
          speaker,
          text: '',
          startMs: this.now(),
          endMs: null,
          interrupted: false,
          playedMs: null,
          responseLatencyMs: null,
        },
        persisted: false,
        sentMs: 0,
        firstAudioAt: null,
        interrupted: false,
        upstreamResponseMs: null,
        deltas: '',
      };
      this.items.set(itemId, it);
    }
    return it;
  }

  /** Counts a frame against the turn under way (its metrics line carries the counts). */
  count(kind: 'up' | 'down' | 'dropped') {
    this.counters[kind]++;
  }

  /** Makes the item final once and adds its metrics line; returns the turn to store (null: nothing to store). */
  finalize(it: ItemState): TurnRecord | null {
    if (it.persisted) return null;
    it.persisted = true;
    const turn = { ...it.turn };
    this.metrics.turns.push({
      seq: turn.seq,
      itemId: turn.itemId,
      speaker: turn.speaker,
      atMs: this.now(),
      responseLatencyMs: turn.responseLatencyMs,
      upstreamResponseMs: it.upstreamResponseMs,
      framesUp: this.counters.up,
      framesDown: this.counters.down,
      framesDropped: this.counters.dropped,
    });
    this.counters = { up: 0, down: 0, dropped: 0 };
    return turn.text ? turn : null;
  }

  /** What was said but not yet final (e.g. the prospect cut off by the drop), made final now. */
  finalizeUnfinished(): TurnRecord[] {
    const turns: TurnRecord[] = [];
    for (const it of this.items.values())
      if (!it.persisted && (it.turn.text || it.deltas)) {
        it.turn.text ||= normaliseLine(it.deltas);
        const turn = this.finalize(it);
        if (turn) turns.push(turn);
      }
    return turns;
  }

  /** The rep's stored turns that hold text. */
  repTurns(): number {
    return [...this.items.values()].filter((i) => i.turn.speaker === 'rep' && i.persisted && i.turn.text).length;
  }
}
