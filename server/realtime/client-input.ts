import { relayFramesDropped } from '../metrics/metrics';
import type { RawData } from 'ws';
import { logger } from '../logger';
import type { CallMetrics } from './call-metrics';
import {
  clientMessageSchema,
  MAX_FRAME_BYTES,
  MAX_FRAMES_PER_SECOND,
  MAX_TEXT_PER_SECOND,
  TokenBucket,
  type ClientMessage,
} from './protocol';

export type ClientInputResult =
  { kind: 'audio'; seq: number; pcm: Buffer } | { kind: 'message'; msg: ClientMessage } | null;

/**
 * What the browser sends, checked before the call sees it: audio frames by shape and rate, control
 * messages by rate and by the protocol's schema. Drops are counted in the call's metrics; the
 * browser is warned once per kind (`bad_frame`, `rate_limited`).
 */
export class ClientInput {
  private readonly frameBucket = new TokenBucket(MAX_FRAMES_PER_SECOND);
  private readonly textBucket = new TokenBucket(MAX_TEXT_PER_SECOND);
  private warnedBadFrame = false;
  private warnedRate = false;
  private lastClientSeq: number | null = null;

  constructor(
    private readonly callId: string,
    private readonly metrics: CallMetrics,
    private readonly warn: (code: 'bad_frame' | 'rate_limited') => void,
    /** Counts a dropped frame in the current turn's counters. */
    private readonly onDropped: () => void,
  ) {}

  receive(data: RawData, isBinary: boolean): ClientInputResult {
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    if (isBinary) return this.audio(buf);
    if (!this.textBucket.take()) {
      this.metrics.textDropped++;
      return null;
    }
    try {
      const parsed = clientMessageSchema.safeParse(JSON.parse(buf.toString('utf8')));
      if (!parsed.success) return this.bad('badFrame', 'Unknown or malformed control message');
      return { kind: 'message', msg: parsed.data };
    } catch {
      return this.bad('badFrame', 'Control message is not JSON');
    }
  }

  /** A message that passed the schema but cannot be used (e.g. metrics that cannot be stored). */
  bad(kind: 'badFrame' | 'oversize', reason: string): null {
    logger.debug({ callId: this.callId, reason }, 'call: dropped a message');
    this.metrics.dropped[kind]++;
    relayFramesDropped.inc({ reason: kind });
    this.onDropped();
    if (!this.warnedBadFrame) {
      this.warnedBadFrame = true;
      this.warn('bad_frame');
    }
    return null;
  }

  private audio(buf: Buffer): ClientInputResult {
    if (buf.length > MAX_FRAME_BYTES + 4)
      return this.bad('oversize', `Audio frame larger than ${MAX_FRAME_BYTES} bytes`);
    if (buf.length < 6 || (buf.length - 4) % 2 !== 0)
      return this.bad('badFrame', 'Audio frame must be a uint32 sequence number followed by PCM16 samples');
    if (!this.frameBucket.take()) {
      this.metrics.dropped.rateLimited++;
      relayFramesDropped.inc({ reason: 'rateLimited' });
      this.onDropped();
      if (!this.warnedRate) {
        this.warnedRate = true;
        this.warn('rate_limited');
      }
      return null;
    }
    const seq = buf.readUInt32LE(0);
    if (this.lastClientSeq !== null && seq > this.lastClientSeq + 1)
      this.metrics.clientSeqGaps += seq - this.lastClientSeq - 1;
    this.lastClientSeq = seq;
    return { kind: 'audio', seq, pcm: buf.subarray(4) };
  }
}
