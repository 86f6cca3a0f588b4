import { addressesEvaluator, forgedFrom, isCourtesyOnly } from './guards';
import { findQuote } from './quote-match';
import { isQuestion, sentenceSpans, wordCount } from './text';
import type { EvidenceQuote, QuoteRejection, RejectedQuote, Turn } from './types';

/** A quote shorter than this (in words) proves nothing and is refused. */
const MIN_QUOTE_WORDS = 4;
/** One sentence of the transcript may back at most this many criteria. */
const MAX_CRITERIA_PER_SENTENCE = 2;

/** A quote as an evaluator proposes it: the words and the number of the turn they come from. */
export interface ProposedQuote {
  turn: number | null;
  quote: string;
}

export interface LocatedQuote extends EvidenceQuote {
  /** Keys ("turn:sentence") of the transcript sentences the quote overlaps. */
  sentenceKeys: string[];
}

export type QuoteCheck = { ok: true; evidence: LocatedQuote } | { ok: false; rejected: RejectedQuote };

const WRAPPING = /^["'“”‘’«»„‚‹›\s]+|["'“”‘’«»„‚‹›\s]+$/g;
// "[14]", "[14] Rep:", "Rep:" in front of a quote: formatting, not words the rep said
const PREFIX = /^\[\s*(\d{1,5})\s*\]\s*(?:([\p{L}][\p{L} .'-]{0,30}?)\s*:\s*)?|^([\p{L}][\p{L} .'-]{0,30}?)\s*:\s+/u;
const REP_LABELS =
  /^(rep|sales ?rep|seller|salesperson|vendedor|vendedora|venditore|venditrice|representante|agent|agente)$/iu;

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
 * names, it is found word for word (quote-match.ts), has at least four words, is not mere
 * courtesy, does not come from text the rep typed to look like another turn, and is not a
 * sentence addressed to the evaluator. The evidence kept is the transcript's own text at that
 * place, never the evaluator's wording.
 */
export function checkQuote(proposed: ProposedQuote, turns: ReadonlyMap<number, Turn>): QuoteCheck {
  const reject = (reason: QuoteRejection, turnSeq: number | null = proposed.turn): QuoteCheck => ({
    ok: false,
    rejected: { quote: proposed.quote, turnSeq, reason },
  });
  let raw = proposed.quote.replace(WRAPPING, '');
  let turnSeq = proposed.turn;
  const prefix = PREFIX.exec(raw);
  if (prefix) {
    const label = (prefix[2] ?? prefix[3] ?? '').trim();
    const named = prefix[1] !== undefined ? Number(prefix[1]) : null;
    // a bare "Word:" is only a label when it names the rep; otherwise it is part of the quote
    if (named !== null || REP_LABELS.test(label)) {
      if (label && !REP_LABELS.test(label)) return reject('prospect_turn', named ?? turnSeq);
      if (named !== null && turnSeq !== null && named !== turnSeq) return reject('turn_mismatch');
      turnSeq ??= named;
      raw = raw.slice(prefix[0].length).replace(WRAPPING, '');
    }
  }
  if (!raw) return reject('empty');
  if (/…|\.\.\.|\[\s*\.\.\.\s*\]|\(\s*\.\.\.\s*\)/.test(raw)) return reject('ellipsis');
  if (wordCount(raw) < MIN_QUOTE_WORDS) return reject('too_short');
  // courtesy is no evidence; a check made of courtesy words ("That makes sense, right?") still asks
  // something — judged on the transcript's sentence, since a model may drop the question mark
  if (isCourtesyOnly(raw) && !isQuestion(raw) && !inRepQuestion(raw, turnSeq, turns)) return reject('generic');
  if (turnSeq === null || !Number.isInteger(turnSeq)) return reject('no_turn');
  const turn = turns.get(turnSeq);
  if (!turn) return reject('no_turn');
  if (turn.speaker !== 'rep') return reject('prospect_turn');
  const span = findQuote(raw, turn.text);
  if (!span) {
    const elsewhere = [...turns.values()].some(
      (t) => t.speaker === 'rep' && t.seq !== turnSeq && findQuote(raw, t.text),
    );
    return reject(elsewhere ? 'wrong_turn' : 'not_found');
  }
  if (span.end > forgedFrom(turn.text)) return reject('forged');
  const { keys, texts } = spanSentences(turn, span.start, span.end);
  if (texts.some(addressesEvaluator)) return reject('instruction');
  return {
    ok: true,
    evidence: {
      quote: turn.text.slice(span.start, span.end),
      turnSeq: turn.seq,
      startMs: turn.startMs,
      start: span.start,
      end: span.end,
      sentenceKeys: keys,
    },
  };
}

/**
 * Which criteria each transcript sentence backs, so one sentence backs at most two criteria
 * (MAX_CRITERIA_PER_SENTENCE); shared by every criterion of one evaluation.
 */
export class EvidenceLedger {
  private readonly uses = new Map<string, Set<string>>();

  /** Records the quote for the criterion unless one of its sentences already backs two others. */
  claim(criterionId: string, q: LocatedQuote): boolean {
    const free = q.sentenceKeys.every((k) => {
      const s = this.uses.get(k);
      return !s || s.has(criterionId) || s.size < MAX_CRITERIA_PER_SENTENCE;
    });
    if (!free) return false;
    for (const k of q.sentenceKeys) {
      const s = this.uses.get(k) ?? new Set<string>();
      s.add(criterionId);
      this.uses.set(k, s);
    }
    return true;
  }
}

/** The turns by their stored number. */
export function turnIndex(turns: readonly Turn[]): Map<number, Turn> {
  return new Map(turns.map((t) => [t.seq, t]));
}

/**
 * Checks a criterion's proposed quotes in order: the located ones (each place once) become its
 * evidence, the others are kept with the reason they were refused.
 */
export function checkQuotes({
  criterionId,
  quotes,
  turns,
  ledger,
}: {
  criterionId: string;
  quotes: readonly ProposedQuote[];
  turns: ReadonlyMap<number, Turn>;
  ledger: EvidenceLedger;
}): { evidence: EvidenceQuote[]; rejected: RejectedQuote[] } {
  const evidence: EvidenceQuote[] = [];
  const rejected: RejectedQuote[] = [];
  const seen = new Set<string>();
  for (const p of quotes) {
    const r = checkQuote(p, turns);
    if (!r.ok) {
      rejected.push(r.rejected);
      continue;
    }
    const key = `${r.evidence.turnSeq}:${r.evidence.start}:${r.evidence.end}`;
    if (seen.has(key)) continue; // the same words twice are one quote
    seen.add(key);
    if (!ledger.claim(criterionId, r.evidence)) {
      rejected.push({ quote: p.quote, turnSeq: r.evidence.turnSeq, reason: 'reused' });
      continue;
    }
    const { sentenceKeys: _keys, ...kept } = r.evidence;
    evidence.push(kept);
  }
  return { evidence, rejected };
}
