/**
 * A small energy voice-activity detector for the offline prospect, which hears the rep's words as
 * text (typed, or recognised in the browser) but still needs to know when the rep starts talking
 * over it, as a model's server VAD would tell: that is what barge-in runs on. It reads the same
 * PCM16 24 kHz frames the browser sends a model (echo-cancelled by the browser).
 */
export interface EnergyVadOptions {
  /** Loudness (dBFS, RMS of a frame) above which a frame counts as speech. */
  thresholdDb?: number;
  /** Speech must last this long before it counts (a click or a cough does not). */
  startMs?: number;
  /** Quiet this long ends the speech. */
  stopMs?: number;
}

export type VadChange = 'start' | 'stop' | null;

const SAMPLES_PER_MS = 24;

export class EnergyVad {
  private readonly thresholdDb: number;
  private readonly startMs: number;
  private readonly stopMs: number;
  private loudMs = 0;
  private quietMs = 0;
  speaking = false;

  constructor(o: EnergyVadOptions = {}) {
    this.thresholdDb = o.thresholdDb ?? -42;
    this.startMs = o.startMs ?? 200;
    this.stopMs = o.stopMs ?? 600;
  }

  /** Feeds one frame of PCM16 LE mono 24 kHz; returns 'start' or 'stop' when the state changes. */
  push(pcm: Buffer): VadChange {
    const n = pcm.length >> 1;
    if (n === 0) return null;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const s = pcm.readInt16LE(i * 2) / 32768;
      sum += s * s;
    }
    const db = 10 * Math.log10(sum / n + 1e-12);
    const ms = n / SAMPLES_PER_MS;
    if (db >= this.thresholdDb) {
      this.loudMs += ms;
      this.quietMs = 0;
      if (!this.speaking && this.loudMs >= this.startMs) {
        this.speaking = true;
        return 'start';
      }
    } else {
      this.quietMs += ms;
      if (!this.speaking) this.loudMs = Math.max(0, this.loudMs - ms);
      else if (this.quietMs >= this.stopMs) {
        this.speaking = false;
        this.loudMs = 0;
        return 'stop';
      }
    }
    return null;
  }
}
