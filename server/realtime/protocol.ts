/** Server-side limits of the call protocol (server/contracts/call-protocol.ts holds the messages). */
export const MAX_FRAME_BYTES = 64 * 1024;
/** The socket's hard bound (ws maxPayload): anything larger closes the socket (1009). */
export const MAX_MESSAGE_BYTES = 256 * 1024;
/** Up frames per second tolerated (token bucket: this rate, one second of burst). */
export const MAX_FRAMES_PER_SECOND = 100;
/** Text messages per second tolerated. */
export const MAX_TEXT_PER_SECOND = 50;
/** Prospect audio is sent down in frames of at most 40 ms (960 samples). */
export const DOWN_FRAME_BYTES = 960 * 2;
export {
  clientMessageSchema,
  type CallUiState,
  type ClientMessage,
  type ServerEvent,
} from '../contracts/call-protocol';

/** A simple token bucket (rate per second, burst = one second). */
export class TokenBucket {
  private tokens: number;
  private last = performance.now();
  constructor(private readonly rate: number) {
    this.tokens = rate;
  }
  take(): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.rate, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** `[uint32 LE seq][pcm]` */
export function encodeFrame(seq: number, pcm: Buffer, offset = 0, length = pcm.length - offset): Buffer {
  const out = Buffer.allocUnsafe(4 + length);
  out.writeUInt32LE(seq >>> 0, 0);
  pcm.copy(out, 4, offset, offset + length);
  return out;
}
