/**
 * The delay the rep hears after speaking — end of the rep's speech to the first sound of the
 * answer, both on the call's audio clock (AudioContext time, seconds): the microphone's last loud
 * moment (capture worklet) and the onset of the prospect's audio as it is played (onset worklet).
 * It is the same measure over WebRTC and over the relay. Loudness on the microphone while the
 * prospect is audible is not a turn (echo, or talking over the prospect); the call's first sound
 * (the prospect answering the phone) and an answer with no rep speech before it are not measured.
 */
export class TurnLatency {
  private lastLoudEnd: number | null = null;
  private sounding = false;
  private heard = false;
  private quietAt = -Infinity;
  private measured: number[] = [];

  /** The end of the last loud microphone block so far (null: none yet). */
  mic(loudEndT: number | null) {
    if (loudEndT === null || this.sounding || loudEndT <= this.quietAt) return;
    if (this.lastLoudEnd === null || loudEndT > this.lastLoudEnd) this.lastLoudEnd = loudEndT;
  }

  /** The prospect's audio starts being heard. */
  onset(t: number) {
    this.sounding = true;
    const first = !this.heard;
    this.heard = true;
    if (!first && this.lastLoudEnd !== null && t >= this.lastLoudEnd && t - this.lastLoudEnd < 30)
      this.measured.push(Math.round((t - this.lastLoudEnd) * 1000));
    this.lastLoudEnd = null;
  }

  /** The prospect's audio has stopped. */
  quiet(t: number) {
    this.sounding = false;
    this.quietAt = t;
  }

  /** The delays measured since the last call (ms), oldest first. */
  take(): number[] {
    const out = this.measured;
    this.measured = [];
    return out;
  }
}
