import type { Difficulty } from '../../db/schema';
import { DIFFICULTY_BEHAVIOUR } from '../ai/difficulty';
import { prospectPhrases, type ProspectPhrases } from './offline-phrases';
import { EnergyVad } from './energy-vad';
import { sharedProspectVoice, type ProspectVoice } from './offline-voice/voice';
import { UpstreamEmitter, type CallUpstream } from './upstream';

/** What the offline prospect knows: persona, scenario and difficulty (frozen at call start). */
export interface OfflineProspectProfile {
  personaName: string;
  /** The persona's voice (Realtime voice names), mapped to a voice of the app's synthesiser. */
  voice?: string;
  difficulty: Difficulty;
  language: string;
  openingLine?: string | null;
  currentSituation?: string | null;
  painPoints?: string[];
  goals?: string[];
  objections?: { objection: string; surfaces_when: string }[];
  hiddenInformation?: { information: string; reveal_when: string }[];
  successSignals?: string[];
  /** Delay before the prospect answers (ms); 0 in tests. */
  thinkMs?: number;
}

/** Weak turns the prospect tolerates before hanging up, per difficulty. */
export const OFFLINE_PATIENCE: Record<Difficulty, number> = { easy: 6, medium: 4, hard: 3, expert: 2 };
/** Good (open or pain) questions needed before the prospect agrees to a next step. */
export const OFFLINE_QUESTIONS_NEEDED: Record<Difficulty, number> = { easy: 1, medium: 2, hard: 3, expert: 4 };

const STOP = new Set(['the', 'a', 'an', 'and', 'or', 'of', 'to', 'in', 'on', 'for', 'is', 'are', 'rep', 'asks', 'about', 'when', 'with', 'their', 'they', 'that', 'this', 'what', 'how']);
const words = (s: string) => s.toLowerCase().normalize('NFC').split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 3 && !STOP.has(w));

/** Builds the offline profile from a stored scenario (`{variables, narrative}`) and the persona. */
export function offlineProfileFrom(p: { personaName: string; difficulty: Difficulty; language: string; scenario: unknown }): OfflineProspectProfile {
  const s = (p.scenario ?? {}) as { variables?: Record<string, unknown>; narrative?: { opening_line?: unknown } };
  const v = (s.variables ?? {}) as Record<string, unknown>;
  const arr = <T>(x: unknown): T[] => (Array.isArray(x) ? (x as T[]) : []);
  return {
    personaName: p.personaName,
    difficulty: p.difficulty,
    language: p.language,
    openingLine: typeof s.narrative?.opening_line === 'string' ? s.narrative.opening_line : null,
    currentSituation: typeof v.current_situation === 'string' ? v.current_situation : null,
    painPoints: arr<string>(v.pain_points).filter((x) => typeof x === 'string'),
    goals: arr<string>(v.goals).filter((x) => typeof x === 'string'),
    objections: arr<{ objection: string; surfaces_when: string }>(v.objections).filter((o) => o && typeof o.objection === 'string'),
    hiddenInformation: arr<{ information: string; reveal_when: string }>(v.hidden_information).filter((h) => h && typeof h.information === 'string'),
    successSignals: arr<string>(v.success_signals).filter((x) => typeof x === 'string'),
  };
}

type Kind = 'weak' | 'question' | 'good_question' | 'pitch' | 'next_step' | 'answer';

/**
 * The offline practice prospect: deterministic and rule-based, driven by the persona, the
 * scenario and the difficulty. It works on text turns (typed, or recognised in the browser) and
 * answers with text the browser speaks. Patience (weak turns tolerated), the number of objections
 * and how often it pushes back, and how many good questions it needs before agreeing to a next
 * step all follow the difficulty.
 */
export class OfflineProspect {
  readonly phrases: ProspectPhrases;
  private patience: number;
  private readonly objections: { text: string; pushBacksLeft: number; raised: boolean; handled: boolean }[];
  private hidden: { information: string; keys: string[]; revealed: boolean }[];
  private goodQuestions = 0;
  private turn = 0;
  private pendingObjection: number | null = null;
  private answerCursor = 0;
  agreed = false;
  ended = false;

  constructor(readonly profile: OfflineProspectProfile) {
    this.phrases = prospectPhrases(profile.language);
    this.patience = OFFLINE_PATIENCE[profile.difficulty];
    const b = DIFFICULTY_BEHAVIOUR[profile.difficulty];
    this.objections = (profile.objections ?? []).slice(0, b.objectionCount).map((o) => ({ text: o.objection, pushBacksLeft: b.pushBacks, raised: false, handled: false }));
    this.hidden = (profile.hiddenInformation ?? []).map((h) => ({ information: h.information, keys: words(h.reveal_when), revealed: false }));
  }

  greeting(): string {
    return this.profile.openingLine?.trim() || this.phrases.greeting(this.profile.personaName);
  }

  classify(text: string): Kind {
    const t = ` ${text.toLowerCase().trim()} `;
    const p = this.phrases;
    const has = (list: string[]) => list.some((w) => t.includes(` ${w}`) || t.includes(`¿${w}`));
    const wordCount = text.trim().split(/\s+/).filter(Boolean).length;
    if (this.pendingObjection !== null && wordCount >= 12) return 'answer';
    if (has(p.nextStepWords)) return 'next_step';
    const question = t.includes('?') || has(p.openWords);
    if (question) {
      const open = has(p.openWords);
      const pain = has(p.painWords) || this.hidden.some((h) => h.keys.some((k) => t.includes(k)));
      return open && (pain || wordCount >= 6) ? 'good_question' : wordCount < 3 ? 'weak' : 'question';
    }
    if (this.pendingObjection !== null && wordCount >= 3) return 'answer';
    if (has(p.pitchWords)) return 'pitch';
    return wordCount < 3 ? 'weak' : 'answer';
  }

  /** The prospect's reply to one rep turn; `hangup` when the call should end. */
  reply(text: string): { text: string; hangup: boolean } {
    this.turn++;
    const p = this.phrases;
    const kind = this.classify(text);
    const weak = () => {
      this.patience--;
      if (this.patience <= 0) {
        this.ended = true;
        return { text: p.hangup, hangup: true };
      }
      return { text: p.impatient[this.turn % p.impatient.length], hangup: false };
    };

    if (this.pendingObjection !== null && kind !== 'next_step') {
      const o = this.objections[this.pendingObjection];
      const substantive = text.trim().split(/\s+/).length >= 12;
      if (o.pushBacksLeft > 0 && !substantive) {
        o.pushBacksLeft--;
        return { text: p.pushBack[o.pushBacksLeft % p.pushBack.length], hangup: false };
      }
      o.handled = true;
      this.pendingObjection = null;
      return { text: p.acceptAnswer, hangup: false };
    }

    switch (kind) {
      case 'weak':
        return weak();
      case 'pitch': {
        const next = this.objections.findIndex((o) => !o.raised);
        if (next >= 0) return this.raise(next);
        return weak();
      }
      case 'next_step': {
        if (this.agreed) return { text: p.afterAgreement, hangup: false };
        const ready = this.goodQuestions >= OFFLINE_QUESTIONS_NEEDED[this.profile.difficulty] && this.objections.every((o) => o.handled || !o.raised) && (this.profile.difficulty !== 'expert' || this.hidden.every((h) => h.revealed));
        const unraised = this.objections.findIndex((o) => !o.raised);
        if (ready && unraised < 0) {
          this.agreed = true;
          return { text: p.agree(this.profile.successSignals?.[0] ?? ''), hangup: false };
        }
        if (unraised >= 0 && this.goodQuestions >= 1) return this.raise(unraised);
        return weak().hangup ? { text: p.hangup, hangup: true } : { text: p.notReady, hangup: false };
      }
      case 'good_question': {
        this.goodQuestions++;
        const lower = text.toLowerCase();
        const match = this.hidden.find((h) => !h.revealed && h.keys.some((k) => lower.includes(k))) ?? (this.goodQuestions >= 2 ? this.hidden.find((h) => !h.revealed) : undefined);
        if (match) {
          match.revealed = true;
          return { text: p.answers.reveal(match.information), hangup: false };
        }
        // an objection surfaces after the rep has explored a little
        const unraised = this.objections.findIndex((o) => !o.raised);
        if (unraised >= 0 && this.goodQuestions >= 2 && this.turn % 2 === 0) return this.raise(unraised);
        return { text: this.nextFact(), hangup: false };
      }
      case 'question':
        return { text: this.nextFact(), hangup: false };
      default:
        return { text: this.nextFact(), hangup: false };
    }
  }

  private raise(i: number) {
    this.objections[i].raised = true;
    this.pendingObjection = i;
    return { text: this.phrases.raiseObjection(this.objections[i].text), hangup: false };
  }

  private nextFact(): string {
    const a = this.phrases.answers;
    const facts = [
      ...(this.profile.currentSituation ? [a.situation(this.profile.currentSituation)] : []),
      ...(this.profile.painPoints ?? []).map(a.pain),
      ...(this.profile.goals ?? []).map(a.goal),
    ];
    if (!facts.length) return a.generic;
    return facts[this.answerCursor++ % facts.length];
  }
}

/**
 * The offline prospect behind the CallUpstream interface (provider 'offline'). It hears the rep as
 * text (typed, or recognised in the browser) and speaks through the app's synthesiser, its audio
 * going down as the same PCM frames a model's voice does. The rep's audio, when the browser
 * sends it, only tells it when the rep talks over it (energy VAD → barge-in, as a model's VAD).
 */
export class OfflineUpstream extends UpstreamEmitter implements CallUpstream {
  readonly provider = 'offline' as const;
  readonly hearsText = true;
  readonly prospect: OfflineProspect;
  private n = 0;
  private closed = false;
  private timers = new Set<NodeJS.Timeout>();
  private readonly vad = new EnergyVad();
  private readonly voice: ProspectVoice | null;
  private speaking: { itemId: string; cancel(): void } | null = null;

  constructor(profile: OfflineProspectProfile, opts: { voice?: ProspectVoice | null } = {}) {
    super();
    this.prospect = new OfflineProspect(profile);
    this.voice = opts.voice === undefined ? sharedProspectVoice() : opts.voice;
  }

  connect(): Promise<void> {
    this.voice?.warm();
    this.emit({ type: 'ready' });
    return Promise.resolve();
  }

  private later(fn: () => void) {
    const ms = this.prospect.profile.thinkMs ?? 400;
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (!this.closed) fn();
    }, ms);
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
    const h = this.voice.speak(text, { language: this.prospect.profile.language, persona: this.prospect.profile.voice ?? '' }, (pcm) => {
      if (this.closed) return;
      audio = true;
      this.emit({ type: 'output_audio', itemId, pcm });
    });
    this.speaking = { itemId, cancel: h.cancel };
    void h.done.then((r) => finish(!!r || audio));
  }

  greet() {
    this.later(() => this.say(this.prospect.greeting()));
  }

  /** The rep's audio: only for knowing when they talk (the words arrive as text). */
  appendAudio(pcm16: Buffer) {
    if (this.closed) return;
    const change = this.vad.push(pcm16);
    if (change === 'start') this.emit({ type: 'speech_started', itemId: null });
    else if (change === 'stop') this.emit({ type: 'speech_stopped', itemId: null });
  }

  sendText(text: string) {
    if (this.closed || this.prospect.ended) return;
    const itemId = `offline_r_${++this.n}`;
    this.emit({ type: 'input_transcript', itemId, text, final: true });
    const r = this.prospect.reply(text);
    this.later(() =>
      this.say(r.text, () => {
        if (r.hangup) this.emit({ type: 'hangup', detail: 'The prospect ran out of patience' });
      }),
    );
  }

  /** Barge-in: the rest of the line is not made (what was sent is cut by the browser). */
  truncate(itemId: string) {
    if (this.speaking?.itemId === itemId) this.speaking.cancel();
  }

  close() {
    this.closed = true;
    this.speaking?.cancel();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
