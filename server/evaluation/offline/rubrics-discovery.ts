import {
  finding,
  isDatedStep,
  isFollowUp,
  isParaphrase,
  isReference,
  objections,
  questions,
  responseAfter,
  talkFinding,
  verdict,
  type Rubric,
} from './detectors';
import { isCourtesyOnly } from '../guards';
import type { CallFacts, RepSentence } from './features';

/** Discovery (SPIN), seed/scorecards.ts: rubrics built from the level texts, read as behaviour. */

const isSituation = (x: CallFacts, s: RepSentence) =>
  s.question &&
  (x.has(s, 'present') || x.has(s, 'genericAbout') || x.has(s, 'quantityAsk')) &&
  !x.has(s, 'problem') &&
  !x.has(s, 'consequence') &&
  !isDatedStep(x, s);
/** "If that were solved, what would it mean…?" — the hypothetical may be the sentence before ("Suppose… What would change?"). */
// A verb in the conditional ("would change", "cambiaría", "cambierebbe", "mudaria"), on folded text.
const CONDITIONAL: Record<string, RegExp> = {
  en: /(?<![\p{L}])(?:would|could|'d)(?![\p{L}])/u,
  es: /\p{L}{2,}(?:ria|rias|riamos|rian)(?![\p{L}])/u,
  it: /\p{L}{2,}(?:rebbe|rebbero|resti|remmo|reste)(?![\p{L}])/u,
  pt: /\p{L}{2,}(?:ria|rias|riamos|riam)(?![\p{L}])/u,
};
const HYPOTHESIS_OPENS =
  /^\s*(?:if|suppose|supposing|imagine|say|si|se|imagin\p{L}*|supon\p{L}*|suppon\p{L}*|ipotizz\p{L}*)(?![\p{L}])/u;

/**
 * A need-payoff question: it asks what a solution would be worth ("what would that mean?"), or is
 * open and hypothetical — a condition first, then the question in the conditional ("If deliveries
 * were reliable, what would that change for you?", "Se le consegne fossero puntuali, cosa
 * cambierebbe?"), in one sentence or after a sentence that sets the condition.
 */
function isPayoff(x: CallFacts, s: RepSentence): boolean {
  if (!s.question) return false;
  if (x.has(s, 'wouldAsk')) return true;
  if (!s.open) return false;
  const conditional = CONDITIONAL[x.language.slice(0, 2).toLowerCase()] ?? CONDITIONAL.en;
  if (HYPOTHESIS_OPENS.test(s.f) && conditional.test(s.f)) return true;
  const prev = x.sameTurn(s).find((t) => t.sentIdx === s.sentIdx - 1);
  return !!prev && x.has(prev, 'hypothetical');
}

const situation: Rubric = (x) => {
  const qs = questions(x).filter((s) => isSituation(x, s));
  const generic = qs.filter((s) => x.has(s, 'genericAbout'));
  const targeted = qs.filter((s) => (s.open || x.has(s, 'quantityAsk')) && !x.has(s, 'genericAbout'));
  const closed = qs.filter((s) => !s.open && !x.has(s, 'quantityAsk') && !x.has(s, 'genericAbout'));
  const research = x.live.find((s) => x.has(s, 'research'));
  const found = [
    finding('situationTargeted', targeted.length),
    finding('situationGeneric', generic.length),
    finding('closedQuestions', closed.length),
    research && finding('research'),
  ];
  const missing = [finding('situationTargeted', 2), finding('research')];
  if (targeted.length >= 2 && targeted.length <= 6 && research)
    return verdict({ level: 2, example: 'situation', evidence: [...targeted, research], found });
  if (targeted.length + generic.length >= 1 || closed.length >= 2)
    return verdict({ level: 1, example: 'situation', evidence: [...targeted, ...generic, ...closed], found, missing });
  return verdict({ level: 0, example: 'situation', evidence: closed, found, missing });
};

const problem: Rubric = (x) => {
  const qs = questions(x).filter((s) => x.has(s, 'problem'));
  const open = qs.filter((s) => s.open);
  // an open problem question, then a follow-up that gets an example or details
  const probed = open.find((s) =>
    x
      .following(s, 2)
      .some((f) => f.question && isFollowUp(x, f) && (x.has(f, 'probe') || x.has(f, 'problem') || f.open)),
  );
  const probe = probed && x.following(probed, 2).find((f) => f.question && isFollowUp(x, f));
  const found = [
    finding('problemOpen', open.length),
    finding('problemClosed', qs.length - open.length),
    probe && finding('probe'),
  ];
  const missing = [finding('problemOpen'), finding('probe')];
  if (probed) return verdict({ level: 2, example: 'problem', evidence: [probed, probe], found });
  if (qs.length) return verdict({ level: 1, example: 'problem', evidence: qs, found, missing });
  return verdict({ level: 0, example: 'problem', evidence: [], found, missing });
};

const implication: Rubric = (x) => {
  const asked = questions(x).filter((s) => x.has(s, 'consequence') && !x.has(s, 'probe') && !isPayoff(x, s));
  const open = asked.filter((s) => s.open);
  const quantified = open.filter((s) => x.hasNumber(x.answerTo(s)?.text ?? ''));
  const stated = x.live.filter((s) => !s.question && x.has(s, 'consequence') && x.has(s, 'secondPerson'));
  const found = [
    finding('implicationOpen', open.length),
    finding('impactQuantified', quantified.length),
    finding('consequenceStated', stated.length),
  ];
  const missing = [finding('implicationOpen', 2), finding('impactQuantified')];
  if (open.length >= 2 && quantified.length >= 1)
    return verdict({ level: 2, example: 'implication', evidence: [...quantified, ...open], found });
  if (asked.length || stated.length)
    return verdict({ level: 1, example: 'implication', evidence: [...asked, ...stated], found, missing });
  return verdict({ level: 0, example: 'implication', evidence: [], found, missing });
};

const payoff: Rubric = (x) => {
  const open = questions(x).filter((s) => s.open && isPayoff(x, s));
  const yesNo = questions(x).filter((s) => !s.open && x.has(s, 'valueYesNo'));
  // the prospect states the benefit, and the rep later builds on it (refers back or uses the words)
  const tied = open.find((s) => {
    const answer = x.answerTo(s);
    if (!answer || answer.text.split(/\s+/).length < 8) return false;
    return x.live.some((l) => l.at > s.at && (isReference(x, l) || x.overlap(l.text, answer.text) >= 2));
  });
  const tie =
    tied && x.live.find((l) => l.at > tied.at && (isReference(x, l) || x.overlap(l.text, x.answerTo(tied)!.text) >= 2));
  const found = [
    finding('payoffOpen', open.length),
    finding('payoffYesNo', yesNo.length),
    tie && finding('payoffTied'),
  ];
  const missing = [finding('payoffOpen'), finding('payoffTied')];
  if (tied) return verdict({ level: 2, example: 'payoff', evidence: [tied, tie], found });
  if (open.length || yesNo.length)
    return verdict({ level: 1, example: 'payoff', evidence: [...open, ...yesNo], found, missing });
  return verdict({ level: 0, example: 'payoff', evidence: [], found, missing });
};

const listening: Rubric = (x) => {
  const back = x.live.filter((s) => isParaphrase(x, s) || isReference(x, s));
  const argued = objections(x)
    .flatMap((o) => responseAfter(x, o.at))
    .filter((s) => x.has(s, 'argue'));
  // answers that open by acknowledging what was just said ("Great, okay.") and carry on
  const acks = x.live.filter((s) => {
    const mine = x.sameTurn(s);
    return !!x.before(s) && mine[0] === s && mine.length >= 2 && (isCourtesyOnly(s.text) || x.has(s, 'ack'));
  });
  const share = talkFinding(x);
  const found = [
    finding('paraphrases', back.length),
    finding('acknowledgements', acks.length),
    share,
    x.bargeIns && finding('bargeIns', x.bargeIns),
    argued.length && finding('argued'),
  ];
  const missing = [finding('paraphrases', 2), finding('prospectTalksMost')];
  if (argued.length || x.repShare > 0.65 || x.bargeIns >= 3)
    return verdict({ level: 0, example: 'listening', evidence: argued, found, missing });
  if (back.length >= 2 && x.repShare <= 0.5 && x.bargeIns <= 1)
    return verdict({ level: 2, example: 'listening', evidence: back, found });
  if (back.length || acks.length)
    return verdict({ level: 1, example: 'listening', evidence: [...back, ...acks], found, missing });
  return verdict({ level: 0, example: 'listening', evidence: [], found, missing });
};

export const DISCOVERY: Record<string, Rubric> = {
  'Situation questions': situation,
  'Problem questions': problem,
  'Implication questions': implication,
  'Need-payoff questions': payoff,
  'Active listening': listening,
};
