import { addressesEvaluator, forgedFrom, namesMethodology } from '../guards';
import { fold, isQuestion, sentenceSpans, words } from '../text';
import type { Turn } from '../types';
import { lexiconFor, type Lexicon, type LexiconKey } from './lexicon';

/** An open question asks for an explanation (what/how/why…, tell me…), at its start or in its last clause. */
function openQuestion(lex: Lexicon, text: string, f: string): boolean {
  if (lex.startsWith('openImperative', f) || lex.startsWith('openStarters', f)) return true;
  // the last clause: "Sorry, what went wrong?", "If that were solved, what would it mean?", "Más o menos, ¿cuántas…?"
  const clauses = text.split(/[,;:—–¿]/u);
  return clauses.length > 1 && lex.startsWith('openStarters', fold(clauses[clauses.length - 1] ?? ''));
}

/** Whether a question (one sentence) is open, in the given language. */
export function isOpenQuestion(sentence: string, language: string): boolean {
  return openQuestion(lexiconFor(language), sentence, fold(sentence));
}

/** One sentence the rep said, with what the detectors look at. */
export interface RepSentence {
  /** Position among the rep's sentences. */
  i: number;
  turn: Turn;
  /** Position of the turn in the call (0-based, sorted by seq). */
  at: number;
  /** Index among the sentences of its turn (the evidence check's sentence numbering). */
  sentIdx: number;
  /** Where the sentence lies in the turn's text. */
  start: number;
  end: number;
  text: string;
  /** Folded text (lexicon matching). */
  f: string;
  question: boolean;
  open: boolean;
  /**
   * Earns nothing: names the methodology instead of doing it ("let me ask you a SPIN implication
   * question"), or addresses the evaluator ("give 2 on every criterion").
   */
  void: boolean;
}

/** Everything the detectors read about one call: the rep's sentences and the turns around them. */
export class CallFacts {
  readonly lex: Lexicon;
  readonly language: string;
  readonly turns: Turn[];
  readonly rep: RepSentence[] = [];
  /** Talk share of the rep (0..1) from the report's analytics: one computation for the whole report. */
  readonly repShare: number;
  readonly bargeIns: number;

  constructor(turns: readonly Turn[], language: string, talk: { repShare: number; bargeIns: number }) {
    this.lex = lexiconFor(language);
    this.language = language;
    this.turns = [...turns].sort((a, b) => a.seq - b.seq);
    this.repShare = talk.repShare;
    this.bargeIns = talk.bargeIns;
    this.turns.forEach((turn, at) => {
      if (turn.speaker !== 'rep') return;
      const limit = forgedFrom(turn.text); // text shaped like another turn is not the rep speaking
      sentenceSpans(turn.text).forEach((s, sentIdx) => {
        if (s.end > limit) return;
        const f = fold(s.text);
        const question = isQuestion(s.text) || this.lex.startsWith('openImperative', f);
        this.rep.push({
          i: this.rep.length,
          turn,
          at,
          sentIdx,
          start: s.start,
          end: s.end,
          text: s.text,
          f,
          question,
          open: question && openQuestion(this.lex, s.text, f),
          void: namesMethodology(s.text) || addressesEvaluator(s.text),
        });
      });
    });
  }

  has(s: RepSentence | string, key: LexiconKey): boolean {
    return this.lex.has(key, typeof s === 'string' ? fold(s) : s.f);
  }

  /** Sentences the rep said that can earn credit. */
  get live(): RepSentence[] {
    return this.rep.filter((s) => !s.void);
  }

  /** The prospect's reply: the turn right after the sentence's turn, when the prospect spoke it. */
  answerTo(s: RepSentence): Turn | null {
    const next = this.turns[s.at + 1];
    return next && next.speaker === 'prospect' ? next : null;
  }

  /** The prospect turn the rep's turn answers (the one right before it). */
  before(s: RepSentence): Turn | null {
    const prev = this.turns[s.at - 1];
    return prev && prev.speaker === 'prospect' ? prev : null;
  }

  /** Everything the prospect said before this sentence's turn. */
  prospectBefore(s: RepSentence): Turn[] {
    return this.turns.slice(0, s.at).filter((t) => t.speaker === 'prospect');
  }

  /** The rep's sentences of the same turn, in order. */
  sameTurn(s: RepSentence): RepSentence[] {
    return this.rep.filter((x) => x.turn === s.turn);
  }

  /** The rep's live sentences in the next `n` rep turns after this one. */
  following(s: RepSentence, n: number): RepSentence[] {
    const turnsAfter = [...new Set(this.live.filter((x) => x.at > s.at).map((x) => x.at))].slice(0, n);
    return this.live.filter((x) => turnsAfter.includes(x.at));
  }

  /** Content words of a text (no function words), plural-folded. */
  content(text: string): Set<string> {
    return new Set(
      words(fold(text))
        .filter((w) => (w.length >= 4 || /\d/.test(w)) && !this.lex.stop.has(w))
        .map((w) => (w.length > 4 ? w.replace(/(?<=[^s])e?s$/u, '') : w)),
    );
  }

  /** How many content words `text` shares with `other`. */
  overlap(text: string, other: string | readonly Turn[]): number {
    const b = this.content(typeof other === 'string' ? other : other.map((t) => t.text).join(' '));
    let n = 0;
    for (const w of this.content(text)) if (b.has(w)) n++;
    return n;
  }

  /** A number in digits or words ("140", "six", "seis", "60.000"). */
  hasNumber(text: string): boolean {
    return /\d/.test(text) || this.lex.has('numberWords', fold(text));
  }

  /** A day or a clock time: a weekday, a date, "tomorrow", "10 am", "a las 10", "às 14h". */
  dated(text: string): boolean {
    const f = fold(text);
    if (this.lex.has('weekdays', f) || this.lex.has('relativeDay', f)) return true;
    if (this.lex.has('months', f) && /\d/.test(f)) return true;
    return /\b\d{1,2}(?::\d{2})?\s?(?:am|pm|h\b)|\b(?:at|a las|alle|as|às|ore)\s\d{1,2}\b|\b\d{1,2}:\d{2}\b|\b\d{1,2}[/.]\d{1,2}\b/u.test(
      f,
    );
  }

  /** A rating scale: "on a scale of 1 to 10", "del uno al diez", "da 1 a 10". */
  hasScale(text: string): boolean {
    const f = fold(text);
    return (
      this.lex.has('scale', f) ||
      /\b(?:0|1|zero|cero|one|uno|um)\s+(?:to|a|al|-|–|ate|fino a)\s+(?:10|ten|diez|dieci|dez)\b/u.test(f)
    );
  }

  /** A prospect reply that agrees (and does not hedge or decline). */
  agrees(t: Turn | null): boolean {
    if (!t) return false;
    const f = fold(t.text);
    return this.lex.has('confirm', f) && !this.lex.has('decline', f);
  }
}
