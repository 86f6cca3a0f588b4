// Offline practice mode: the prospect speaks through speechSynthesis and the rep is heard through
// the browser's speech recognition, where the browser offers them (headless Chromium does not
// recognise speech: the typed input covers that).

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
  const w = window as unknown as { SpeechRecognition?: RecognitionCtor; webkitSpeechRecognition?: RecognitionCtor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export const speechRecognitionAvailable = () => recognitionCtor() !== null;
export const speechSynthesisAvailable = () => typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';

export class OfflineSpeech {
  private recognition: Recognition | null = null;
  private listening = false;
  private speaking = 0;
  private stopped = false;

  constructor(
    private readonly lang: string,
    private readonly onFinal: (text: string) => void,
    private readonly onRecognitionChange: (active: boolean) => void,
  ) {}

  /** Starts continuous recognition if the browser has it; false when it does not. */
  startListening(): boolean {
    const Ctor = recognitionCtor();
    if (!Ctor) return false;
    this.stopped = false;
    const rec = new Ctor();
    rec.lang = this.lang;
    rec.continuous = true;
    rec.interimResults = false;
    rec.onresult = (e) => {
      for (let i = e.resultIndex; i < e.results.length; i++) {
        const r = e.results[i];
        const text = r[0].transcript.trim();
        if (r.isFinal && text) this.onFinal(text);
      }
    };
    rec.onerror = (e) => {
      // denied: give up (typed input stays); others (no-speech, network) restart in onend
      if (e.error === 'not-allowed' || e.error === 'service-not-allowed') this.stopped = true;
    };
    rec.onend = () => {
      this.listening = false;
      if (!this.stopped && this.speaking === 0) this.resume();
      else this.onRecognitionChange(false);
    };
    this.recognition = rec;
    this.resume();
    return true;
  }

  private resume() {
    if (!this.recognition || this.listening || this.stopped) return;
    try {
      this.recognition.start();
      this.listening = true;
      this.onRecognitionChange(true);
    } catch {
      /* already started */
    }
  }

  setPaused(paused: boolean) {
    if (paused) {
      this.stopped = true;
      this.recognition?.abort();
    } else if (this.recognition) {
      this.stopped = false;
      this.resume();
    }
  }

  /** Speaks a prospect line; recognition pauses meanwhile so the prospect is not heard as the rep. */
  speak(text: string) {
    if (!speechSynthesisAvailable()) return;
    const u = new SpeechSynthesisUtterance(text);
    u.lang = this.lang;
    const voice = window.speechSynthesis.getVoices().find((v) => v.lang.toLowerCase().startsWith(this.lang.toLowerCase().slice(0, 2)));
    if (voice) u.voice = voice;
    this.speaking++;
    if (this.listening) this.recognition?.abort();
    const done = () => {
      this.speaking = Math.max(0, this.speaking - 1);
      if (this.speaking === 0 && !this.stopped) this.resume();
    };
    u.onend = done;
    u.onerror = done;
    window.speechSynthesis.speak(u);
  }

  cancelSpeech() {
    if (speechSynthesisAvailable()) window.speechSynthesis.cancel();
    this.speaking = 0;
  }

  dispose() {
    this.stopped = true;
    this.cancelSpeech();
    this.recognition?.abort();
    this.recognition = null;
  }
}
