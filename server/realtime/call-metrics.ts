import type { CallEndReason } from '../contracts/enums';
import type { TurnRecord } from '../services/calls/calls';

/** A turn of the call as the session tracks it until it is stored. */
export interface ItemState {
  turn: TurnRecord;
  persisted: boolean;
  /** Prospect audio: ms sent to the browser, when the first frame went, whether it was cut. */
  sentMs: number;
  firstAudioAt: number | null;
  interrupted: boolean;
  upstreamResponseMs: number | null;
  deltas: string;
  /** WebRTC: when the model's output buffer stopped playing this answer (call clock, ms). */
  playbackEndMs?: number;
}

/** Stored end details for the ends besides the normal ones (sent with `end` as its `message`). */
export const END_DETAIL: Partial<Record<CallEndReason, string>> = {
  upstream_dropped: 'The connection to the AI prospect was lost. What was said so far has been kept.',
  client_dropped: 'The browser connection was lost. What was said so far has been kept.',
  time_limit: 'Time Limit Reached',
};

/** The server's measurements of one call, stored with it when it ends (`serverMetrics`). */
export function newCallMetrics() {
  return {
    framesUp: 0,
    framesForwarded: 0,
    framesDown: 0,
    bytesUp: 0,
    bytesDown: 0,
    dropped: { badFrame: 0, oversize: 0, rateLimited: 0, muted: 0, afterInterruption: 0 },
    clientSeqGaps: 0,
    textDropped: 0,
    upstreamRttMs: [] as number[],
    upstreamErrors: [] as { code: string; message: string; fatal: boolean; atMs: number }[],
    bargeIns: [] as { itemId: string; sentMs: number; reportedMs: number | null; truncatedMs: number }[],
    turns: [] as Record<string, unknown>[],
    timeWarningAtMs: null as number | null,
  };
}
export type CallMetrics = ReturnType<typeof newCallMetrics>;

/** The metrics as stored: with the response latency's count, median and maximum. */
export function storedMetrics(metrics: CallMetrics) {
  const latencies = metrics.turns
    .map((t) => t.responseLatencyMs as number | null)
    .filter((x): x is number => x !== null);
  return { ...metrics, responseLatencyMs: summarize(latencies) };
}

function summarize(xs: number[]) {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return { count: s.length, p50: s[Math.floor((s.length - 1) / 2)], max: s[s.length - 1] };
}
