/* global AudioWorkletProcessor, registerProcessor, currentTime, sampleRate */
// Spar mic capture: turns the 24 kHz mono mic signal into wire frames
// `[uint32 LE seq][PCM16 LE samples]` of FRAME_SAMPLES samples (40 ms), numbered only while
// unmuted (muting sends nothing, so the server sees no gap), plus the RMS level of each frame and
// the audio clock's time at which the last loud block (speech) ended — the end of the rep's turn
// for the delay the rep hears (client/features/calls/turn-latency.ts).
// Plain JS served as a file: the CSP allows workers from 'self' only.

const FRAME_SAMPLES = 960;
/** RMS above which a render block counts as speech. */
const SPEECH_LEVEL = 0.02;

class CaptureProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.buffer = new Float32Array(FRAME_SAMPLES);
    this.filled = 0;
    this.seq = 0;
    this.muted = false;
    this.loudEndT = null;
    this.port.onmessage = (event) => {
      const msg = event.data;
      if (msg && msg.type === 'mute') {
        this.muted = !!msg.muted;
        this.filled = 0;
        if (this.muted) this.port.postMessage({ type: 'level', level: 0 });
      }
    };
  }

  emit() {
    const frame = new ArrayBuffer(4 + FRAME_SAMPLES * 2);
    const view = new DataView(frame);
    view.setUint32(0, this.seq >>> 0, true);
    let sum = 0;
    for (let i = 0; i < FRAME_SAMPLES; i++) {
      const s = Math.max(-1, Math.min(1, this.buffer[i]));
      sum += s * s;
      view.setInt16(4 + i * 2, s < 0 ? s * 0x8000 : s * 0x7fff, true);
    }
    this.seq = (this.seq + 1) >>> 0;
    const level = Math.sqrt(sum / FRAME_SAMPLES);
    this.port.postMessage({ type: 'frame', frame, level, loudEndT: this.loudEndT }, [frame]);
  }

  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (!channel || this.muted) return true;
    let sum = 0;
    for (let i = 0; i < channel.length; i++) sum += channel[i] * channel[i];
    if (Math.sqrt(sum / channel.length) > SPEECH_LEVEL) this.loudEndT = currentTime + channel.length / sampleRate;
    let offset = 0;
    while (offset < channel.length) {
      const n = Math.min(channel.length - offset, FRAME_SAMPLES - this.filled);
      this.buffer.set(channel.subarray(offset, offset + n), this.filled);
      this.filled += n;
      offset += n;
      if (this.filled === FRAME_SAMPLES) {
        this.emit();
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('spar-capture', CaptureProcessor);
