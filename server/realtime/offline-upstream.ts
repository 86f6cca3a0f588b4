import {
  greet,
  initialState,
  respond,
  type ProspectEnd,
  type ProspectProfile,
  type ProspectState,
} from './offline-prospect';
import { EnergyVad } from './energy-vad';
import { sharedProspectVoice, type ProspectVoice } from './offline-voice/voice';
import { UpstreamEmitter, type CallUpstream } from './upstream';

const HANGUP_DETAIL: Record<ProspectEnd, string> = {
  rude: 'The prospect ended the call: the rep was rude',
  pressure: 'The prospect ended the call: too much pressure',
  patience: 'The prospect ran out of patience',
  time: 'The prospect ran out of time',
  goodbye: 'The prospect said goodbye',
};

/**
 * The offline prospect behind the CallUpstream interface (provider 'offline'): the dialogue engine
 * (server/realtime/offline-prospect) on a clock. It hears the rep as text (typed, or recognised in
 * the browser) and speaks through the app's synthesiser, its audio going down as the same PCM
 * frames a model's voice does. The rep's audio, when the browser sends it, only tells it when the
 * rep talks over it (energy VAD → barge-in, as a model's server VAD). A rep line that arrives
 * before the prospect answered the previous one, or a barge-in on its audio (`truncate`), is an
 * interruption.
 */
export class OfflineUpstream extends UpstreamEmitter implements CallUpstream {
  readonly provider = 'offline' as const;
  readonly hearsText = true;
  private state: ProspectState;
  private n = 0;
  private closed = false;
  private unanswered = 0;
  private bargedIn = false;
  private timers = new Set<NodeJS.Timeout>();
  private readonly vad = new EnergyVad();
  private readonly voice: ProspectVoice | null;
  private speaking: { itemId: string; cancel(): void } | null = null;

  constructor(
    readonly profile: ProspectProfile,
    opts: { voice?: ProspectVoice | null; personaVoice?: string; clock?: () => number } = {},
  ) {
    super();
    this.state = initialState(profile);
    this.voice = opts.voice === undefined ? sharedProspectVoice() : opts.voice;
    this.personaVoice = opts.personaVoice ?? '';
    this.clock = opts.clock ?? Date.now;
  }

  private readonly personaVoice: string;
  private readonly clock: () => number;

  /** What the prospect remembers so far (for tests and diagnostics). */
  get prospectState(): ProspectState {
    return this.state;
  }

  connect(): Promise<void> {
    this.voice?.warm();
    this.emit({ type: 'ready' });
    return Promise.resolve();
  }

  private later(fn: () => void) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (!this.closed) fn();
    }, this.profile.thinkMs);
    this.timers.add(t);
  }

  /**
   * One prospect line: the text is shown at once (a transcript delta) while the voice is made and
   * streamed; the final transcript closes the line. No voice (no synthesiser, or it failed): the
   * line goes out as text, marked unvoiced, and the browser shows it (and speaks it if it can).
   */
  private say(text: string, after?: () => void) {
    const itemId = `offline_p_${++this.n}`;
    this.emit({ type: 'response_started' });
    const finish = (voiced: boolean) => {
      if (this.closed) return;
      if (this.speaking?.itemId === itemId) this.speaking = null;
      this.emit({ type: 'output_transcript', itemId, text, final: true, voiced });
      this.emit({ type: 'response_done', usage: null, status: 'completed' });
      after?.();
    };
    if (!this.voice) return finish(false);
    this.emit({ type: 'output_transcript', itemId, delta: text, final: false });
    let audio = false;
    const h = this.voice.speak(text, { language: this.profile.language, persona: this.personaVoice }, (pcm) => {
      if (this.closed) return;
      audio = true;
      this.emit({ type: 'output_audio', itemId, pcm });
    });
    this.speaking = { itemId, cancel: h.cancel };
    void h.done.then((r) => finish(!!r || audio));
  }

  greet() {
    const r = greet(this.state, this.clock());
    this.state = r.state;
    this.later(() => this.say(r.reply));
  }

  /** The rep's audio: only for knowing when they talk (the words arrive as text). */
  appendAudio(pcm16: Buffer) {
    if (this.closed) return;
    const change = this.vad.push(pcm16);
    if (change === 'start') this.emit({ type: 'speech_started', itemId: null });
    else if (change === 'stop') this.emit({ type: 'speech_stopped', itemId: null });
  }

  sendText(text: string) {
    if (this.closed || this.state.ended) return;
    this.emit({ type: 'input_transcript', itemId: `offline_r_${++this.n}`, text, final: true });
    const r = respond(this.state, text, this.clock(), { interrupted: this.unanswered > 0 || this.bargedIn });
    this.bargedIn = false;
    this.state = r.state;
    this.unanswered++;
    this.later(() => {
      this.unanswered--;
      const end = () => {
        if (r.end) this.emit({ type: 'hangup', detail: HANGUP_DETAIL[r.end] });
      };
      if (r.reply) this.say(r.reply, end);
      else end();
    });
  }

  /** Barge-in: the rest of the line is not made, and the next thing the rep says interrupted it. */
  truncate(itemId: string) {
    this.bargedIn = true;
    if (this.speaking?.itemId === itemId) this.speaking.cancel();
  }

  close() {
    this.closed = true;
    this.speaking?.cancel();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
