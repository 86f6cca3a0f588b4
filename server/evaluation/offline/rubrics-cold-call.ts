import { finding, isFollowUp, nextStepRubric, opening, questions, verdict, type Rubric } from './detectors';
import type { CallFacts, RepSentence } from './features';

/** Cold Call Opener (seed/scorecards.ts): the first minute of an outbound call. */

/** A greeting question ("How are you today?"), not a question about the prospect's business. */
const greeting = (x: CallFacts, s: RepSentence) => x.has(s, 'howAreYou') && s.text.split(/\s+/).length <= 6;

/** A capitalised word that is not the first of its sentence: a company, a place, a person. */
const properNoun = (s: RepSentence) => /[\p{L}\p{N},;:]\s+\p{Lu}\p{Ll}/u.test(s.text);

const opener: Rubric = (x) => {
  const first = opening(x, 1);
  const open = opening(x, 2);
  const intro = first.find((s) => x.lex.intro.test(s.text));
  const unexpected = open.find((s) => x.has(s, 'unexpected'));
  const time = open.find((s) => s.question && x.has(s, 'timeAsk'));
  const badTime = open.find((s) => s.question && x.has(s, 'badTime'));
  const howAreYou = first.find((s) => greeting(x, s));
  const found = [
    intro && finding('introduced'),
    unexpected && finding('unexpectedAcknowledged'),
    time && finding('timeAsked'),
    badTime && finding('badTimeQuestion'),
    !intro && howAreYou && finding('howAreYouOpener'),
  ];
  const missing = [finding('introduced'), finding('unexpectedAcknowledged'), finding('timeAsked')];
  if (intro && unexpected && time)
    return verdict({ level: 2, example: 'opener', evidence: [intro, unexpected, time], found });
  if (intro) return verdict({ level: 1, example: 'opener', evidence: [intro, badTime], found, missing });
  return verdict({ level: 0, example: 'opener', evidence: [], found, missing });
};

const reason: Rubric = (x) => {
  const open = opening(x, 3);
  const specific = open.find(
    (s) => x.has(s, 'research') && (x.has(s, 'event') || properNoun(s) || x.hasNumber(s.text)),
  );
  const researched = open.find((s) => x.has(s, 'research'));
  const generic = open.find((s) => x.has(s, 'genericReason'));
  const self = open.find((s) => x.has(s, 'selfReason'));
  const found = [
    specific && finding('specificReason'),
    generic && finding('genericReason'),
    self && finding('selfReason'),
  ];
  const missing = [finding('specificReason')];
  if (specific) return verdict({ level: 2, example: 'reason', evidence: [specific], found });
  if (generic || researched)
    return verdict({ level: 1, example: 'reason', evidence: [generic, researched], found, missing });
  return verdict({ level: 0, example: 'reason', evidence: [], found, missing });
};

const value: Rubric = (x) => {
  const repTurns = [...new Set(x.live.map((s) => s.at))];
  const early = opening(x, Math.max(3, Math.ceil(repTurns.length / 2)));
  const byTurn = [...new Set(early.map((s) => s.at))].map((at) => early.filter((s) => s.at === at));
  const hypothesis = byTurn.find(
    (t) =>
      t.some((s) => x.has(s, 'peers')) &&
      t.some((s) => !s.question && x.hasNumber(s.text) && !x.has(s, 'pitch')) &&
      t.some((s) => x.has(s, 'hypothesisFrame')),
  );
  const vague = early.filter((s) => x.has(s, 'vagueValue') || (x.has(s, 'peers') && x.has(s, 'problem')));
  const pitch = early.filter((s) => x.has(s, 'pitch'));
  const found = [
    hypothesis && finding('valueHypothesis'),
    finding('vagueValue', vague.length),
    !hypothesis && !vague.length && finding('featuresOnly', pitch.length),
  ];
  const missing = [finding('peersOutcome'), finding('hypothesisFramed')];
  if (hypothesis) {
    const peers = hypothesis.find((s) => x.has(s, 'peers'));
    const outcome = hypothesis.find((s) => !s.question && x.hasNumber(s.text) && !x.has(s, 'pitch'));
    return verdict({
      level: 2,
      example: 'value',
      evidence: [peers, outcome, hypothesis.find((s) => x.has(s, 'hypothesisFrame'))],
      found,
    });
  }
  if (vague.length) return verdict({ level: 1, example: 'value', evidence: vague, found, missing });
  return verdict({ level: 0, example: 'value', evidence: [], found, missing });
};

const engaging: Rubric = (x) => {
  const qs = questions(x).filter((s) => s.open && !greeting(x, s) && !x.has(s, 'genericQuestion'));
  const generic = questions(x).filter((s) => x.has(s, 'genericQuestion'));
  const followed = qs.find((s) => x.following(s, 1).some((f) => f.question && isFollowUp(x, f)));
  const follow = followed && x.following(followed, 1).find((f) => f.question && isFollowUp(x, f));
  const closedOnly = questions(x).filter((s) => !s.open && !greeting(x, s));
  const found = [
    finding('openQuestions', qs.length),
    finding('genericQuestions', generic.length),
    follow && finding('followUps', 1),
    !qs.length && finding('closedQuestions', closedOnly.length),
  ];
  const missing = [finding('openQuestions'), finding('followUps')];
  if (followed) return verdict({ level: 2, example: 'engaging', evidence: [followed, follow], found });
  if (qs.length || generic.length)
    return verdict({ level: 1, example: 'engaging', evidence: [...qs, ...generic], found, missing });
  return verdict({ level: 0, example: 'engaging', evidence: [], found, missing });
};

const nextStepAsk = nextStepRubric(
  'inviteConfirmed',
  (x, s, step) => s.at > step.at && (x.has(s, 'invite') || /\S@\S/.test(s.text)),
);

export const COLD_CALL: Record<string, Rubric> = {
  'Permission-based opener': opener,
  'Reason for the call': reason,
  'Value hypothesis': value,
  'Engaging question': engaging,
  'Next-step ask': nextStepAsk,
};
