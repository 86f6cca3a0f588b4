import { finding, isFollowUp, nextStepRubric, questions, verdict, type Rubric } from './detectors';
import type { CallFacts, RepSentence } from './features';

/** Closing & Next Steps (seed/scorecards.ts): the end of a sales conversation. */

/** A summary sentence and the rest of its turn. */
const block = (x: CallFacts, s: RepSentence) => x.sameTurn(s).filter((t) => t.sentIdx >= s.sentIdx && !t.void);

/** About the prospect's needs: "you/your …" with a problem, a cost or a number, not the product's features. */
const aboutNeeds = (x: CallFacts, s: RepSentence) =>
  !s.question &&
  x.has(s, 'secondPerson') &&
  (x.has(s, 'problem') || x.has(s, 'consequence') || x.hasNumber(s.text)) &&
  !x.has(s, 'pitch');

const summary: Rubric = (x) => {
  const starts = x.live.filter((s) => x.has(s, 'summary') || x.has(s, 'paraphrase'));
  const needs = starts.flatMap((s) => block(x, s).filter((t) => aboutNeeds(x, t)));
  const check = x.live.find((s) => s.question && x.has(s, 'missingCheck'));
  const found = [
    finding('summaryNeeds', needs.length),
    finding('summaryFeatures', needs.length ? 0 : starts.length),
    check && finding('missingChecked'),
  ];
  const missing = [finding('summaryNeeds'), finding('missingChecked')];
  if (needs.length && check) return verdict({ level: 2, example: 'summary', evidence: [needs[0], check], found });
  if (starts.length) return verdict({ level: 1, example: 'summary', evidence: [...starts, ...needs], found, missing });
  return verdict({ level: 0, example: 'summary', evidence: [], found, missing });
};

const trialClose: Rubric = (x) => {
  const readiness = questions(x).filter((s) => x.hasScale(s.text) || (s.open && x.has(s, 'readiness')));
  const explored = readiness.find((s) =>
    x.following(s, 1).some((f) => f.question && (x.has(f, 'readiness') || isFollowUp(x, f))),
  );
  const exploreQ =
    explored && x.following(explored, 1).find((f) => f.question && (x.has(f, 'readiness') || isFollowUp(x, f)));
  const yesNo = questions(x).filter((s) => x.has(s, 'interestYesNo'));
  const found = [
    finding('readinessOpen', readiness.length),
    exploreQ && finding('readinessExplored'),
    finding('interestYesNo', yesNo.length),
  ];
  const missing = [finding('readinessOpen'), finding('readinessExplored')];
  if (explored) return verdict({ level: 2, example: 'trialClose', evidence: [explored, exploreQ], found });
  if (readiness.length || yesNo.length)
    return verdict({ level: 1, example: 'trialClose', evidence: [...readiness, ...yesNo], found, missing });
  return verdict({ level: 0, example: 'trialClose', evidence: [], found, missing });
};

const commitment: Rubric = (x) => {
  const asks = x.live.filter(
    (s) => x.has(s, 'commitment') && (s.question || x.has(s, 'proposal') || x.has(s, 'hedge')) && !x.has(s, 'sendInfo'),
  );
  const hedged = asks.filter((s) => x.has(s, 'hedge'));
  // specific (a number or a date), not hedged, and the rep's turn ends on the question: then silence
  const specific = asks.filter(
    (s) => !x.has(s, 'hedge') && (x.hasNumber(s.text) || x.dated(s.text)) && x.sameTurn(s).at(-1)?.question,
  );
  const found = [finding('commitmentSpecific', specific.length), finding('commitmentHedged', hedged.length)];
  const missing = [finding('commitmentSpecific')];
  if (specific.length)
    return verdict({ level: 2, example: 'commitment', evidence: [specific[0], x.sameTurn(specific[0]).at(-1)], found });
  if (asks.length) return verdict({ level: 1, example: 'commitment', evidence: asks, found, missing });
  return verdict({ level: 0, example: 'commitment', evidence: [], found, missing });
};

const agreedStep = nextStepRubric(
  'ownersConfirmed',
  (x, s, step) => s.at >= step.at && s !== step && (x.has(s, 'invite') || x.has(s, 'whoDoesWhat')),
);

export const CLOSING: Record<string, Rubric> = {
  'Summary of value': summary,
  'Trial close': trialClose,
  'Commitment ask': commitment,
  'Agreed next step': agreedStep,
};
