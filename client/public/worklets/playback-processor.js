/* global AudioWorkletProcessor, registerProcessor, sampleRate */
// Spar prospect playback: a queue of PCM16 chunks (already converted to Float32 on the main
// thread), played in order. Counts the samples actually played per item tag and per segment (a
// segment starts when audio resumes after the queue ran dry), so the client can tell the server how
// much of an interrupted item the rep really heard. `flush` empties the queue at once.

class PlaybackProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.queue = []; // { samples: Float32Array, offset: number, tag: string | null }
    this.playedByTag = new Map();
    this.segmentPlayed = 0;
    this.playing = false;
    this.port.onmessage = (event) => {
      const msg = event.data;
      if (!msg) return;
      if (msg.type === 'chunk') {
        this.queue.push({ samples: msg.samples, offset: 0, tag: msg.tag || null });
      } else if (msg.type === 'flush') {
        const tagPlayed = msg.tag ? this.playedByTag.get(msg.tag) || 0 : 0;
        const played = tagPlayed > 0 ? tagPlayed : this.segmentPlayed;
        this.queue = [];
        this.playing = false;
        this.segmentPlayed = 0;
        this.port.postMessage({
          type: 'flushed',
          requestId: msg.requestId,
          playedMs: Math.round((played / sampleRate) * 1000),
        });
      }
    };
  }

  process(_inputs, outputs) {
    const out = outputs[0] && outputs[0][0];
    if (!out) return true;
    let written = 0;
    while (written < out.length && this.queue.length) {
      const head = this.queue[0];
      if (!this.playing) {
        this.playing = true;
        this.segmentPlayed = 0;
        this.port.postMessage({ type: 'playing', playing: true });
      }
      const n = Math.min(out.length - written, head.samples.length - head.offset);
      out.set(head.samples.subarray(head.offset, head.offset + n), written);
      head.offset += n;
      written += n;
      this.segmentPlayed += n;
      if (head.tag) this.playedByTag.set(head.tag, (this.playedByTag.get(head.tag) || 0) + n);
      if (head.offset >= head.samples.length) this.queue.shift();
    }
    if (written < out.length) {
      out.fill(0, written);
      if (this.playing) {
        this.playing = false;
        this.port.postMessage({ type: 'playing', playing: false });
      }
    }
    for (let c = 1; c < outputs[0].length; c++) outputs[0][c].set(out);
    return true;
  }
}

registerProcessor('spar-playback', PlaybackProcessor);
