// The offline prospect's voice: eSpeak NG (the @echogarden/espeak-ng-emscripten build, GPL-3.0)
// in a worker thread, so synthesis never blocks the event loop that relays live calls.
//
// Plain JavaScript on purpose: a worker thread is started from a file path, and this one must run
// unchanged under tsx (npm run dev), vitest and the bundled server (scripts/build-server.mjs copies
// it next to dist/server/index.mjs).
//
// In:  { id, text, voice, rate }             voice: an eSpeak voice name such as "es+f3"
// Out: { id, pcm: ArrayBuffer }               PCM16 mono 24 kHz pieces, in order, as they are made
//      { id, done: true, ms }                 the whole line is out (ms: audio length)
//      { id, error: string }                  nothing (more) will come for this line
import { parentPort } from 'node:worker_threads';
import initEspeak from '@echogarden/espeak-ng-emscripten';

const OUT_RATE = 24000;

let engine = null;
async function getEngine() {
  if (!engine) {
    const module = await initEspeak();
    engine = { worker: new module.eSpeakNGWorker(), voice: null, rate: null, inRate: 22050 };
    engine.inRate = engine.worker.get_samplerate?.() || 22050;
  }
  return engine;
}

/** Streaming linear resampler: keeps its position and the last sample across pieces. */
function resampler(inRate, outRate) {
  const step = inRate / outRate;
  let pos = 0; // position of the next output sample, in input samples, relative to `prev`
  let prev = 0;
  return (input) => {
    const out = [];
    // virtual signal: [prev, ...input]; index 0 is prev
    const length = input.length + 1;
    while (pos + 1 < length) {
      const i = Math.floor(pos);
      const frac = pos - i;
      const a = i === 0 ? prev : input[i - 1];
      const b = input[i];
      out.push(Math.round(a + (b - a) * frac));
      pos += step;
    }
    pos -= input.length;
    if (input.length) prev = input[input.length - 1];
    return Int16Array.from(out);
  };
}

const queue = [];
let busy = false;

async function run(job) {
  const e = await getEngine();
  if (e.voice !== job.voice) {
    const failed = e.worker.set_voice(job.voice);
    // an unknown variant: fall back to the plain language voice
    if (failed && job.voice.includes('+')) e.worker.set_voice(job.voice.split('+')[0]);
    e.voice = job.voice;
  }
  if (e.rate !== job.rate) {
    e.worker.set_rate(job.rate);
    e.rate = job.rate;
  }
  const resample = resampler(e.inRate, OUT_RATE);
  let samples = 0;
  e.worker.synthesize(job.text, (piece) => {
    if (!piece || piece.length === 0) return;
    const pcm = resample(piece);
    samples += pcm.length;
    parentPort.postMessage({ id: job.id, pcm: pcm.buffer }, [pcm.buffer]);
  });
  parentPort.postMessage({ id: job.id, done: true, ms: Math.round((samples / OUT_RATE) * 1000) });
}

async function drain() {
  if (busy) return;
  busy = true;
  while (queue.length) {
    const job = queue.shift();
    try {
      await run(job);
    } catch (err) {
      parentPort.postMessage({ id: job.id, error: String(err && err.message ? err.message : err) });
    }
  }
  busy = false;
}

parentPort.on('message', (job) => {
  if (job.warm) {
    void getEngine().catch(() => undefined);
    return;
  }
  queue.push(job);
  void drain();
});
