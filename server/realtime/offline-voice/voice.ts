import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { logger } from '../../logger';
import { caught } from '../../metrics/caught';

/**
 * The offline prospect's voice. Its lines are synthesised on the server and go down the call
 * socket as the same PCM16 24 kHz frames a model's voice does, so the browser's playback, mute,
 * barge-in and played-sample counting are one path, the recording holds the prospect, and it
 * speaks in every browser (headless ones and those without speech-synthesis voices included).
 */
export interface ProspectVoice {
  /**
   * Speaks `text`: `onPcm` gets the audio in order as it is made. `done` resolves with the audio
   * length, or null when no voice could be made (the caller then falls back to text).
   */
  speak(
    text: string,
    voice: VoiceChoice,
    onPcm: (pcm: Buffer) => void,
  ): { done: Promise<{ ms: number } | null>; cancel(): void };
  /** Loads the synthesiser ahead of the first line (a call about to start). */
  warm(): void;
  close(): Promise<void>;
}

export interface VoiceChoice {
  /** The call's language: en, es, it, pt-BR. */
  language: string;
  /** The persona's voice name (the Realtime voices: alloy, ash, coral…), mapped to an eSpeak variant. */
  persona: string;
}

const LANGUAGE_VOICE: Record<string, string> = { en: 'en-us', es: 'es', it: 'it', 'pt-br': 'pt-br', pt: 'pt-br' };
// The Realtime voices by their usual register, so a persona keeps a recognisable voice offline.
const PERSONA_VARIANT: Record<string, string> = {
  alloy: 'f1',
  coral: 'f2',
  sage: 'f3',
  shimmer: 'f4',
  marin: 'f5',
  echo: 'm1',
  ballad: 'm2',
  ash: 'm3',
  verse: 'm4',
  cedar: 'm6',
};
/** Words per minute: a little slower than eSpeak's default 175, easier to follow on a call. */
const OFFLINE_SPEECH_RATE = 160;

/** The eSpeak voice name for a call: `es+f3`. */
export function espeakVoiceName(choice: VoiceChoice): string {
  const base = LANGUAGE_VOICE[choice.language.toLowerCase()] ?? 'en-us';
  const variant = PERSONA_VARIANT[choice.persona.toLowerCase()];
  return variant ? `${base}+${variant}` : base;
}

/** The worker file: beside this module in the sources, beside the bundle in dist/server. */
function workerUrl(): URL {
  const here = new URL('./tts-worker.mjs', import.meta.url);
  if (existsSync(fileURLToPath(here))) return here;
  return new URL('./offline-voice/tts-worker.mjs', import.meta.url);
}

type Pending = { onPcm: (pcm: Buffer) => void; resolve: (r: { ms: number } | null) => void; cancelled: boolean };

/**
 * eSpeak NG in one worker thread, started on the first line spoken (it costs ~100 MB and a second
 * to load, so a server that never runs an offline call never pays it). Lines are spoken in order.
 */
export class EspeakVoice implements ProspectVoice {
  private worker: Worker | null = null;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private broken = false;

  private ensureWorker(): Worker | null {
    if (this.broken) return null;
    if (this.worker) return this.worker;
    try {
      const w = new Worker(workerUrl());
      w.unref();
      w.on('message', (m: { id: number; pcm?: ArrayBuffer; done?: boolean; ms?: number; error?: string }) => {
        const p = this.pending.get(m.id);
        if (!p) return;
        if (m.pcm) {
          if (!p.cancelled) p.onPcm(Buffer.from(m.pcm));
          return;
        }
        this.pending.delete(m.id);
        if (m.error) logger.warn({ err: m.error }, 'offline voice: a line could not be synthesised');
        p.resolve(m.done && !p.cancelled ? { ms: m.ms ?? 0 } : null);
      });
      w.on('error', (err) => {
        logger.error({ err }, 'offline voice: the synthesiser stopped; prospects fall back to text');
        this.failAll();
      });
      w.on('exit', () => {
        this.worker = null;
        this.failAll();
      });
      this.worker = w;
      return w;
    } catch (err) {
      caught('offline_voice', 'offline voice: the synthesiser could not start', { err });
      this.broken = true;
      return null;
    }
  }

  private failAll() {
    for (const p of this.pending.values()) p.resolve(null);
    this.pending.clear();
  }

  speak(text: string, choice: VoiceChoice, onPcm: (pcm: Buffer) => void) {
    const w = this.ensureWorker();
    if (!w || !text.trim()) return { done: Promise.resolve(null), cancel: () => {} };
    const id = this.nextId++;
    let entry!: Pending;
    const done = new Promise<{ ms: number } | null>((resolve) => {
      entry = { onPcm, resolve, cancelled: false };
      this.pending.set(id, entry);
    });
    w.postMessage({ id, text, voice: espeakVoiceName(choice), rate: OFFLINE_SPEECH_RATE });
    return {
      done,
      cancel: () => {
        entry.cancelled = true;
      },
    };
  }

  warm() {
    this.ensureWorker()?.postMessage({ id: 0, warm: true });
  }

  async close() {
    const w = this.worker;
    this.worker = null;
    this.failAll();
    if (w) await w.terminate();
  }
}

let shared: EspeakVoice | null = null;
/** The process's synthesiser (one worker for every offline call of this process). */
export function sharedProspectVoice(): ProspectVoice {
  shared ??= new EspeakVoice();
  return shared;
}
