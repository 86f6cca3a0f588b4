import { addressesEvaluator, forgedFrom, isCourtesyOnly, isOfferOnly, namesMethodology } from './guards';
import { findQuote } from './quote-match';
import { isQuestion, sentenceSpans, wordCount } from './text';
import type { EvidenceQuote, Level, QuoteRejection, RejectedQuote, Turn } from './types';

/** A quote shorter than this (in words) proves nothing and is refused. */
const MIN_QUOTE_WORDS = 4;
/** One sentence of the transcript may back at most this many criteria (one of them at level 2). */
const MAX_CRITERIA_PER_SENTENCE = 2;

/** A quote as an evaluator proposes it: the words and the number of the turn they come from. */
export interface ProposedQuote {
  turn: number | null;
  quote: string;
}

export interface LocatedQuote extends EvidenceQuote {
  /** Keys ("turn:sentence") of the transcript sentences the quote overlaps. */
  sentenceKeys: string[];
  /** Every sentence it overlaps only offers something or is courtesy: it backs level 1 at most. */
  offerOnly: boolean;
}

export type QuoteCheck = { ok: true; evidence: LocatedQuote } | { ok: false; rejected: RejectedQuote };

const WRAPPING = /^["'“”‘’«»„‚‹›\s]+|["'“”‘’«»„‚‹›\s]+$/g;
const ELLIPSIS = /…|\.\.\.|\[\s*\.\.\.\s*\]|\(\s*\.\.\.\s*\)/;
const EDGE_ELLIPSES =
  /^(?:…|\.{2,}|\[\s*\.{2,}\s*\]|\(\s*\.{2,}\s*\)|\s)+|(?:…|\.{2,}|\[\s*\.{2,}\s*\]|\(\s*\.{2,}\s*\)|\s)+$/g;
// What a model may put in front of a quote: a turn number ("[14]", "(14)", "Turn 14:", "#14"), a
// time ("[00:01:23]") and a speaker label ("Rep:", "Ana:", "Ana (rep):") — formatting, not words.
const TURN_LABEL =
  /^(?:[[(]\s*(?:turn|turno|intervento|fala|t|#)?\s*(\d{1,5})\s*[\])]|(?:turn|turno|intervento|fala|t|#)\s*(\d{1,5})(?![\p{L}\p{N}]))/iu;
/** What separates one label from the next or from the quote: spaces, dashes, a colon, a bar. */
const LABEL_GAP = /^[\s:|\-–—.]+/u;
const TIME_LABEL = /^[[(]?\s*\d{1,2}(?::\d{2}){1,2}\s*[\])]?/u;
const SPEAKER_LABEL = /^[\p{L}][\p{L}\p{M} .'-]{0,30}?(?:\s*[[(][^\])]{1,20}[\])])?\s*:\s+/u;

/** A quote without the labels in front of it, and the turn number a label named. */
function withoutLabels(quote: string): { text: string; named: number | null } {
  let text = quote;
  let named: number | null = null;
  for (let pass = 0; pass < 3; pass++) {
    const turn = TURN_LABEL.exec(text);
    if (turn) {
      named ??= Number(turn[1] ?? turn[2]);
      text = text.slice(turn[0].length).replace(LABEL_GAP, '');
      continue;
    }
    const time = TIME_LABEL.exec(text);
    if (time) {
      text = text.slice(time[0].length).replace(LABEL_GAP, '');
      continue;
    }
    const speaker = SPEAKER_LABEL.exec(text);
    if (speaker) {
      text = text.slice(speaker[0].length);
      continue;
    }
    break;
  }
  return { text: text.replace(WRAPPING, ''), named };
}

function spanSentences(turn: Turn, start: number, end: number): { keys: string[]; texts: string[] } {
  const keys: string[] = [];
  const texts: string[] = [];
  sentenceSpans(turn.text).forEach((s, i) => {
    if (s.start < end && s.end > start) {
      keys.push(`${turn.seq}:${i}`);
      texts.push(s.text);
    }
  });
  return { keys, texts };
}

/** Whether `raw` lies, in the rep turn named, inside a sentence that is a question. */
function inRepQuestion(raw: string, turnSeq: number | null, turns: ReadonlyMap<number, Turn>): boolean {
  const turn = turnSeq === null ? undefined : turns.get(turnSeq);
  if (!turn || turn.speaker !== 'rep') return false;
  const span = findQuote(raw, turn.text);
  return !!span && sentenceSpans(turn.text).some((s) => s.start < span.end && s.end > span.start && isQuestion(s.text));
}

/**
 * Checks one proposed quote against the stored turns. It is evidence only if, in the rep turn it
 * names, the same words stand in the same order (quote-match.ts: formatting aside, and with any
 * turn number, time or speaker label a model put in front left out), it has at least four words,
 * is not mere courtesy, does not come from text the rep typed to look like another turn, and its
 * sentence neither addresses the evaluator nor names the methodology instead of doing it. The
 * evidence kept is the transcript's own text at that place, never the evaluator's wording.
 */
export function checkQuote(proposed: ProposedQuote, turns: ReadonlyMap<number, Turn>): QuoteCheck {
  const reject = (reason: QuoteRejection, turnSeq: number | null = proposed.turn): QuoteCheck => ({
    ok: false,
    rejected: { quote: proposed.quote, turnSeq, reason },
  });
  const whole = proposed.quote.replace(WRAPPING, '').replace(EDGE_ELLIPSES, '').replace(WRAPPING, '');
  const { text: bare, named } = withoutLabels(whole);
  const turnSeq = proposed.turn ?? named;
  if (!bare) return reject('empty');
  if (wordCount(bare) < MIN_QUOTE_WORDS) return reject('too_short');
  // courtesy is no evidence; a check made of courtesy words ("That makes sense, right?") still asks
  // something — judged on the transcript's sentence, since a model may drop the question mark
  if (isCourtesyOnly(bare) && !isQuestion(bare) && !inRepQuestion(bare, turnSeq, turns)) return reject('generic');
  if (turnSeq === null || !Number.isInteger(turnSeq)) return reject('no_turn');
  const turn = turns.get(turnSeq);
  if (!turn) return reject('no_turn');
  if (turn.speaker !== 'rep') return reject('prospect_turn');
  // the words as quoted first (a rep may say "Look: …"), then without the labels in front
  let span = findQuote(whole, turn.text);
  if (!span) {
    if (named !== null && proposed.turn !== null && named !== proposed.turn) return reject('turn_mismatch');
    span = findQuote(bare, turn.text);
  }
  if (!span) {
    if (ELLIPSIS.test(bare)) return reject('ellipsis');
    const elsewhere = [...turns.values()].some(
      (t) => t.speaker === 'rep' && t.seq !== turnSeq && findQuote(bare, t.text),
    );
    return reject(elsewhere ? 'wrong_turn' : 'not_found');
  }
  if (span.end > forgedFrom(turn.text)) return reject('forged');
  const { keys, texts } = spanSentences(turn, span.start, span.end);
  if (texts.some(addressesEvaluator)) return reject('instruction');
  if (texts.some(namesMethodology)) return reject('self_label');
  return {
    ok: true,
    evidence: {
      quote: turn.text.slice(span.start, span.end),
      turnSeq: turn.seq,
      startMs: turn.startMs,
      start: span.start,
      end: span.end,
      sentenceKeys: keys,
      offerOnly: texts.every(isOfferOnly),
    },
  };
}

/**
 * Which criteria each transcript sentence backs, and at what level, shared by every criterion of
 * one evaluation: a sentence backs at most two criteria, at most one of them at level 2 (another
 * may use it for level 1 only), and a sentence that only offers something ("I can send you some
 * material") or is courtesy backs level 1 at most.
 */
export class EvidenceLedger {
  private readonly uses = new Map<string, Map<string, Level>>();

  /**
   * The highest level, up to `level`, the quote may back for the criterion, recorded as claimed;
   * 0 when its sentences already back two other criteria.
   */
  claim(criterionId: string, q: LocatedQuote, level: Level): Level {
    let granted: Level = q.offerOnly ? (Math.min(level, 1) as Level) : level;
    for (const k of q.sentenceKeys) {
      const others = [...(this.uses.get(k) ?? new Map<string, Level>())].filter(([id]) => id !== criterionId);
      if (others.length >= MAX_CRITERIA_PER_SENTENCE) return 0;
      if (others.some(([, l]) => l === 2)) granted = Math.min(granted, 1) as Level;
    }
    if (granted === 0) return 0;
    for (const k of q.sentenceKeys) {
      const s = this.uses.get(k) ?? new Map<string, Level>();
      s.set(criterionId, Math.max(s.get(criterionId) ?? 0, granted) as Level);
      this.uses.set(k, s);
    }
    return granted;
  }
}

/** The turns by their stored number. */
export function turnIndex(turns: readonly Turn[]): Map<number, Turn> {
  return new Map(turns.map((t) => [t.seq, t]));
}

/**
 * Checks a criterion's proposed quotes in order for the level proposed: the located ones (each
 * place once) become its evidence, the others are kept with the reason they were refused. `backs`
 * is the highest level the evidence may back (EvidenceLedger): the criterion's level is at most
 * that. A level-0 answer's quotes are checked and shown, but claim nothing.
 */
export function checkQuotes({
  criterionId,
  quotes,
  turns,
  ledger,
  level,
}: {
  criterionId: string;
  quotes: readonly ProposedQuote[];
  turns: ReadonlyMap<number, Turn>;
  ledger: EvidenceLedger;
  level: Level;
}): { evidence: EvidenceQuote[]; rejected: RejectedQuote[]; backs: Level } {
  const evidence: EvidenceQuote[] = [];
  const rejected: RejectedQuote[] = [];
  const seen = new Set<string>();
  let backs: Level = 0;
  for (const p of quotes) {
    const r = checkQuote(p, turns);
    if (!r.ok) {
      rejected.push(r.rejected);
      continue;
    }
    const key = `${r.evidence.turnSeq}:${r.evidence.start}:${r.evidence.end}`;
    if (seen.has(key)) continue; // the same words twice are one quote
    seen.add(key);
    if (level > 0) {
      const granted = ledger.claim(criterionId, r.evidence, level);
      if (granted === 0) {
        rejected.push({ quote: p.quote, turnSeq: r.evidence.turnSeq, reason: 'reused' });
        continue;
      }
      backs = Math.max(backs, granted) as Level;
    }
    const { sentenceKeys: _keys, offerOnly: _offer, ...kept } = r.evidence;
    evidence.push(kept);
  }
  return { evidence, rejected, backs };
}
