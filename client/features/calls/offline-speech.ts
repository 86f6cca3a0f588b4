// Offline practice mode, the rep's side: the prospect hears the rep as text, so the rep's speech is
// turned into text by the browser's speech recognition where the browser has one that works, and
// typed otherwise. The prospect's voice comes from the server as audio (like a model's); the
// browser's own speech synthesis only reads a line the server could not voice.

interface RecognitionResultEvent {
  resultIndex: number;
  results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }>;
}

interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((e: RecognitionResultEvent) => void) | null;
  onend: (() => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

type RecognitionCtor = new () => Recognition;

function recognitionCtor(): RecognitionCtor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionCtor; webkitSpeechRecognition?: RecognitionCtor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

const speechSynthesisAvailable = () =>
  typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';

/** Why speech cannot be heard (i18n keys `calls:offline.recognition.failed.*`). */
export type RecognitionFailure = 'unsupported' | 'not-allowed' | 'audio-capture' | 'network' | 'language' | 'no-engine';

/** What the rep's speech recognition is doing: the call view says it in words. */
export type RecognitionStatus =
  | { kind: 'off' }
  | { kind: 'starting' }
  | { kind: 'listening' }
  | { kind: 'paused'; why: 'prospect' | 'muted' }
  | { kind: 'failed'; reason: RecognitionFailure };

const FAILURE: Record<string, RecognitionFailure> = {
  'not-allowed': 'not-allowed',
  'service-not-allowed': 'not-allowed',
  'audio-capture': 'audio-capture',
  network: 'network',
  'language-not-supported': 'language',
  'bad-grammar': 'no-engine',
};

/** A session that ends this soon after starting, without hearing anything, has no working engine. */
const DEAD_START_MS = 1500;
const DEAD_STARTS = 3;

export class OfflineSpeech {
  private recognition: Recognition | null = null;
  private running = false;
  private failed = false;
  private muted = false;
  private prospectSpeaking = false;
  private startedAt = 0;
  private deadStarts = 0;

  constructor(
    private readonly lang: string,
    private readonly onFinal: (text: string) => void,
    private readonly onStatus: (status: RecognitionStatus) => void,
    /** Whether the call's own microphone works (it feeds the level meter, barge-in and the recording). */
    private readonly micWorks: () => boolean = () => false,
  ) {}

  /** Starts listening; reports 'failed' (unsupported) at once when the browser has no recognition. */
  start() {
    const Ctor = recognitionCtor();
    if (!Ctor) return this.fail('unsupported');
    let rec: Recognition;
    try {
      rec = new Ctor();
    } catch {
      return this.fail('unsupported');
    }
    rec.lang = this.lang;
    rec.continuous = true;
    rec.interimResults = false;
    rec.onresult = (e) => {
      this.deadStarts = 0;
      for (let i = e.resultIndex; i < e.results.length; i++) {
        const r = e.results[i];
        const text = r[0].transcript.trim();
        if (r.isFinal && text) this.onFinal(text);
      }
    };
    rec.onerror = (e) => {
      // no-speech: a silence, it restarts; aborted: we stopped it (prospect speaking, mute)
      const reason = FAILURE[e.error];
      // the engine cannot capture while the call's microphone works: the engine is what fails, not the microphone
      if (reason === 'audio-capture' && this.micWorks()) this.fail('no-engine');
      else if (reason) this.fail(reason);
    };
    rec.onend = () => {
      this.running = false;
      if (this.failed) return;
      if (performance.now() - this.startedAt < DEAD_START_MS && ++this.deadStarts >= DEAD_STARTS)
        return this.fail('no-engine');
      this.resume();
    };
    this.recognition = rec;
    this.onStatus({ kind: 'starting' });
    this.resume();
  }

  private fail(reason: RecognitionFailure) {
    this.failed = true;
    this.running = false;
    try {
      this.recognition?.abort();
    } catch {
      /* already stopped */
    }
    this.onStatus({ kind: 'failed', reason });
  }

  private resume() {
    if (!this.recognition || this.failed) return;
    if (this.muted || this.prospectSpeaking) {
      this.onStatus({ kind: 'paused', why: this.muted ? 'muted' : 'prospect' });
      return;
    }
    if (this.running) return;
    try {
      this.recognition.start();
      this.running = true;
      this.startedAt = performance.now();
      this.onStatus({ kind: 'listening' });
    } catch {
      /* already started */
    }
  }

  private pause() {
    if (this.failed || !this.recognition) return;
    if (this.running) {
      this.running = false;
      try {
        this.recognition.abort();
      } catch {
        /* already stopped */
      }
    }
    this.onStatus({ kind: 'paused', why: this.muted ? 'muted' : 'prospect' });
  }

  setMuted(muted: boolean) {
    this.muted = muted;
    if (muted) this.pause();
    else this.resume();
  }

  /** Recognition pauses while the prospect's voice plays, so the prospect is not heard as the rep. */
  setProspectSpeaking(speaking: boolean) {
    if (this.prospectSpeaking === speaking) return;
    this.prospectSpeaking = speaking;
    if (speaking) this.pause();
    else this.resume();
  }

  dispose() {
    this.failed = true;
    try {
      this.recognition?.abort();
    } catch {
      /* already stopped */
    }
    this.recognition = null;
    if (speechSynthesisAvailable()) window.speechSynthesis.cancel();
  }
}

/**
 * Reads a prospect line the server could not voice, with the browser's own voice for the call's
 * language. False when the browser has no such voice (the line is then only shown).
 */
export function speakWithBrowserVoice(text: string, lang: string): boolean {
  if (!speechSynthesisAvailable()) return false;
  const voice = window.speechSynthesis
    .getVoices()
    .find((v) => v.lang.toLowerCase().startsWith(lang.toLowerCase().slice(0, 2)));
  if (!voice) return false;
  const u = new SpeechSynthesisUtterance(text);
  u.lang = lang;
  u.voice = voice;
  window.speechSynthesis.speak(u);
  return true;
}
