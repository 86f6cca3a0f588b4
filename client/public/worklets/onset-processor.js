/* global AudioWorkletProcessor, registerProcessor, currentTime, sampleRate */
// Spar output onset: watches the prospect's audio as it is played and posts the audio clock's time
// when sound starts after quiet (`onset`: the rep starts hearing an answer) and when it has been
// quiet for a while again (`quiet`). With the microphone's last loud moment (capture-processor.js,
// same clock) this gives the delay the rep hears after speaking: client/features/calls/turn-latency.ts.
// Plain JS served as a file: the CSP allows workers from 'self' only.

class OnsetProcessor extends AudioWorkletProcessor {
  constructor(options) {
    super();
    const o = (options && options.processorOptions) || {};
    this.level = o.level || 0.01;
    this.quietSeconds = o.quietSeconds || 0.15;
    this.quietFor = Infinity;
    this.sounding = false;
  }

  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    const n = channel ? channel.length : 128;
    let sum = 0;
    if (channel) for (let i = 0; i < channel.length; i++) sum += channel[i] * channel[i];
    const loud = channel ? Math.sqrt(sum / channel.length) > this.level : false;
    if (loud) {
      if (!this.sounding && this.quietFor >= this.quietSeconds)
        this.port.postMessage({ type: 'onset', t: currentTime });
      this.sounding = true;
      this.quietFor = 0;
    } else {
      this.quietFor += n / sampleRate;
      if (this.sounding && this.quietFor >= this.quietSeconds) {
        this.sounding = false;
        this.port.postMessage({ type: 'quiet', t: currentTime });
      }
    }
    return true;
  }
}

registerProcessor('spar-onset', OnsetProcessor);
