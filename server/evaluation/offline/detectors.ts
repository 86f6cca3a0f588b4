import type { Level, Turn } from '../types';
import type { CallFacts, RepSentence } from './features';
import { objectionFamilies, type ObjectionFamily } from './objections';
import type { ExampleKey, FactKey } from './texts';

/**
 * Behaviour detectors shared by the rubrics. Each looks at what the rep did in their own turns —
 * asked, followed up, quantified, proposed a dated step, summarised, acknowledged — and, where a
 * behaviour needs it, at the prospect's reply (a number given, a step agreed). None gives credit
 * for a word of the scorecard's own text.
 */

export interface Finding {
  key: FactKey;
  n?: number;
}

export interface RubricResult {
  /** null: the offline evaluator cannot assess this criterion (custom scorecard, no detector). */
  level: Level | null;
  /** Sentences that show it, best first (the evaluator keeps the ones that pass the evidence check). */
  evidence: RepSentence[];
  found: Finding[];
  missing: Finding[];
  example: ExampleKey;
  /** Measured over the whole call (talk share): needs no quote. */
  measured?: boolean;
}

export type Rubric = (x: CallFacts) => RubricResult;

export const finding = (key: FactKey, n?: number): Finding => (n === undefined ? { key } : { key, n });

/** Builds a result; `found` entries with a count of 0 and `missing` entries already found are dropped. */
type Maybe<T> = T | boolean | number | null | undefined;
const isFinding = (x: Maybe<Finding>): x is Finding => typeof x === 'object' && x !== null;

export function verdict({
  level,
  example,
  evidence,
  found,
  missing = [],
}: {
  level: Level;
  example: ExampleKey;
  evidence: (RepSentence | undefined | null)[];
  found: Maybe<Finding>[];
  missing?: Maybe<Finding>[];
}): RubricResult {
  const ev = [...new Set(evidence.filter((s): s is RepSentence => !!s))];
  const f = found.filter(isFinding).filter((x) => x.n === undefined || x.n > 0);
  const keys = new Set(f.map((x) => x.key));
  const m = level === 2 ? [] : missing.filter(isFinding).filter((x) => !keys.has(x.key));
  return { level, evidence: ev, found: f, missing: m, example };
}

export const questions = (x: CallFacts) => x.live.filter((s) => s.question);

/** A question that builds on the prospect's previous answer: its words, a probe, or "you mentioned…". */
export function isFollowUp(x: CallFacts, s: RepSentence): boolean {
  if (!s.question) return false;
  if (x.has(s, 'probe') || x.has(s, 'reference')) return true;
  const prev = x.before(s);
  if (!prev) return false;
  // "And what happens when…?" asked straight after the answer, as the turn's first question
  const first = x.sameTurn(s).find((t) => t.question) === s;
  return x.overlap(s.text, prev.text) >= 1 || (first && s.open && x.lex.opensWith('continuers', s.f));
}

/**
 * "So if I heard you right, …" with the prospect's own content, a summary of it, or their points
 * played back and checked ("…and that's over 2,000 a week. Have I got that right?").
 */
export function isParaphrase(x: CallFacts, s: RepSentence, min = 2): boolean {
  if (s.question) return false;
  const shared = x.overlap(s.text, x.prospectBefore(s));
  if (x.has(s, 'paraphrase') || x.has(s, 'summary')) return shared >= min;
  const next = x.sameTurn(s).find((t) => t.sentIdx === s.sentIdx + 1);
  return shared >= min + 1 && !!next && next.question && x.has(next, 'confirmCheck');
}

/** Refers back to something the prospect said ("You mentioned finance…"). */
export function isReference(x: CallFacts, s: RepSentence): boolean {
  return x.has(s, 'reference') && x.overlap(s.text, x.prospectBefore(s)) >= 1;
}

/** A quantity question the prospect answered with a number. */
export function isConfirmedQuantity(x: CallFacts, s: RepSentence): boolean {
  return s.question && x.has(s, 'quantityAsk') && x.hasNumber(x.answerTo(s)?.text ?? '');
}

/** A meeting with a day or time. */
export const isDatedStep = (x: CallFacts, s: RepSentence) => x.has(s, 'meeting') && x.dated(s.text);

/** A step proposed without a date ("let's talk again next month", "another call?"). */
export function isVagueStep(x: CallFacts, s: RepSentence): boolean {
  // "…a call you weren't expecting; can I take 30 seconds?" is about this call, not a next one
  if (x.has(s, 'noStep') || x.dated(s.text) || x.has(s, 'timeAsk') || x.has(s, 'unexpected') || x.has(s, 'badTime'))
    return false;
  return x.has(s, 'vagueWhen') || (s.question && x.has(s, 'meeting'));
}

/** The prospect agreed to what this sentence's turn proposed. */
export const agreed = (x: CallFacts, s: RepSentence) => x.agrees(x.answerTo(s));

/**
 * The agreed next step (closing, and a cold call's ask): level 2 for a dated step the prospect
 * agreed to whose details the rep then confirmed (`confirms`, reported as `confirmed`), level 1 for
 * a dated or vague proposal.
 */
export function nextStepRubric(
  confirmed: FactKey,
  confirms: (x: CallFacts, s: RepSentence, step: RepSentence) => boolean,
): Rubric {
  return (x) => {
    const dated = x.live.filter((s) => isDatedStep(x, s));
    const step = dated.find((s) => agreed(x, s));
    const details = step && x.live.find((s) => confirms(x, s, step));
    const vague = x.live.filter((s) => isVagueStep(x, s));
    const found = [
      step && finding('datedStepAgreed'),
      details && finding(confirmed),
      finding('datedStep', step ? 0 : dated.length),
      finding('vagueStep', vague.length),
    ];
    const missing = [finding('datedStepAgreed'), finding(confirmed)];
    if (step && details) return verdict({ level: 2, example: 'nextStep', evidence: [step, details], found });
    if (dated.length || vague.length)
      return verdict({ level: 1, example: 'nextStep', evidence: [...dated, ...vague], found, missing });
    return verdict({ level: 0, example: 'nextStep', evidence: [], found, missing });
  };
}

/**
 * Prospect turns that push back, with what about (offline/objections.ts: price, budget, timing,
 * authority, a competitor, the status quo, a brush-off), said plainly or indirectly.
 */
export function objections(x: CallFacts): { turn: Turn; at: number; families: ObjectionFamily[] }[] {
  return x.turns.flatMap((turn, at) => {
    if (turn.speaker !== 'prospect') return [];
    const families = objectionFamilies(turn.text, x.language);
    return families.length ? [{ turn, at, families }] : [];
  });
}

/** The rep's live sentences of the first rep turn after position `at`. */
export function responseAfter(x: CallFacts, at: number): RepSentence[] {
  const next = x.live.find((s) => s.at > at);
  return next ? x.live.filter((s) => s.at === next.at) : [];
}

/** The rep's live sentences in the `n` rep turns after position `at`. */
export function repTurnsAfter(x: CallFacts, at: number, n: number): RepSentence[] {
  const ats = [...new Set(x.live.filter((s) => s.at > at).map((s) => s.at))].slice(0, n);
  return x.live.filter((s) => ats.includes(s.at));
}

/** Statements (not questions) and what they are about: the rep's claims, pitches and proposals. */
export const statements = (x: CallFacts) => x.live.filter((s) => !s.question);

/** The first `n` rep turns' live sentences (the opening of a call). */
export function opening(x: CallFacts, n: number): RepSentence[] {
  const ats = [...new Set(x.rep.map((s) => s.at))].slice(0, n);
  return x.live.filter((s) => ats.includes(s.at));
}

/** The rep's talk share as a finding (percent). */
export const talkFinding = (x: CallFacts) => finding('repShare', Math.round(x.repShare * 100));
