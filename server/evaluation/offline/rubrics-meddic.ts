import { fold } from '../text';
import type { Turn } from '../types';
import { agreed, finding, isConfirmedQuantity, isParaphrase, questions, verdict, type Rubric } from './detectors';
import type { CallFacts, RepSentence } from './features';

/**
 * MEDDIC Qualification (seed/scorecards.ts). Scored on whether the rep obtained the
 * information — what the prospect answered — not on whether the topic was mentioned.
 */

const answer = (x: CallFacts, s: RepSentence) => x.answerTo(s)?.text ?? '';

/** A person named in a reply: a role ("the CFO") or a capitalised name after the first word. */
function namesPerson(x: CallFacts, t: Turn | null): string[] {
  if (!t) return [];
  const names = [...t.text.matchAll(/(?<=[\p{L}\p{N},;:]\s+)(\p{Lu}\p{Ll}+)(?:\s+\p{Lu}\p{Ll}+)?/gu)]
    .map((m) => m[1])
    .filter((n) => n.length > 2 && !x.lex.stop.has(fold(n)));
  return x.has(t.text, 'roles') ? ['role', ...names] : names;
}

const metrics: Rubric = (x) => {
  const qs = questions(x);
  // today's figure: a quantity asked for, or a question about the present answered with a number
  const baseline = qs.filter(
    (s) => !x.has(s, 'goal') && (isConfirmedQuantity(x, s) || (x.has(s, 'present') && x.hasNumber(answer(x, s)))),
  );
  const goals = qs.filter((s) => x.has(s, 'goal'));
  const target = goals.filter((s) => x.hasNumber(answer(x, s)));
  const measured = qs.filter((s) => x.has(s, 'measure') && x.agrees(x.answerTo(s)));
  const found = [
    finding('baseline', baseline.length),
    finding('target', target.length),
    finding('goalVague', goals.length - target.length),
    finding('measured', measured.length),
  ];
  const missing = [finding('baseline'), finding('target'), finding('measured')];
  if (baseline.length && target.length && measured.length)
    return verdict({ level: 2, example: 'metrics', evidence: [...target, ...measured, ...baseline], found });
  if (goals.length || baseline.length || measured.length)
    return verdict({ level: 1, example: 'metrics', evidence: [...goals, ...baseline, ...measured], found, missing });
  return verdict({ level: 0, example: 'metrics', evidence: [], found, missing });
};

const economicBuyer: Rubric = (x) => {
  const asked = questions(x).filter((s) => x.has(s, 'budgetOwner'));
  const named = asked.filter((s) => namesPerson(x, x.answerTo(s)).length > 0 && !x.has(answer(x, s), 'vagueGroup'));
  const people = named.flatMap((s) => namesPerson(x, x.answerTo(s)).filter((n) => n !== 'role'));
  const mentions = (s: RepSentence) => people.some((p) => s.text.includes(p)) || x.has(s, 'roles');
  const after = named.length ? x.live.filter((s) => s.at > named[0].at) : [];
  const priorities = after.find((s) => s.question && x.has(s, 'careAbout') && mentions(s));
  const access = after.find((s) => x.has(s, 'meeting') && mentions(s));
  const assumes = x.live.find((s) => x.has(s, 'assumesDecider'));
  const found = [
    finding('buyerAsked', asked.length),
    finding('buyerNamed', named.length),
    priorities && finding('buyerPriorities'),
    access && finding('buyerAccess'),
    !asked.length && assumes && finding('assumesDecider'),
  ];
  const missing = [finding('buyerNamed'), finding('buyerPriorities'), finding('buyerAccess')];
  if (named.length && priorities && access)
    return verdict({ level: 2, example: 'buyer', evidence: [named[0], priorities, access], found });
  if (asked.length)
    return verdict({ level: 1, example: 'buyer', evidence: [...named, ...asked, priorities, access], found, missing });
  return verdict({ level: 0, example: 'buyer', evidence: [assumes], found, missing });
};

const criteria: Rubric = (x) => {
  const asked = questions(x).filter((s) => x.has(s, 'criteriaAsk'));
  const ranked = questions(x).filter((s) => x.has(s, 'rank'));
  const alternatives = questions(x).filter((s) => x.has(s, 'alternatives'));
  const found = [
    finding('criteriaAsked', asked.length),
    finding('criteriaRanked', ranked.length),
    finding('alternativesAsked', alternatives.length),
  ];
  const missing = [finding('criteriaAsked'), finding('criteriaRanked'), finding('alternativesAsked')];
  if (asked.length && ranked.length && alternatives.length)
    return verdict({ level: 2, example: 'criteria', evidence: [asked[0], ranked[0], alternatives[0]], found });
  if (asked.length)
    return verdict({ level: 1, example: 'criteria', evidence: [...asked, ...ranked, ...alternatives], found, missing });
  return verdict({ level: 0, example: 'criteria', evidence: [], found, missing });
};

const process: Rubric = (x) => {
  const asked = questions(x).filter((s) => x.has(s, 'processAsk') && !x.has(s, 'criteriaAsk'));
  const mapped = asked.filter((s) => {
    const a = fold(answer(x, s));
    return (
      x.lex.has('steps', a) &&
      (a.match(/,|\band\b|\by\b|\be\b|\bpoi\b|\bthen\b|\bdepois\b|\bdespues\b/gu) ?? []).length >= 2
    );
  });
  const confirmed = mapped.flatMap((s) =>
    x.live.filter(
      (l) =>
        l.at > s.at &&
        (isParaphrase(x, l) || x.has(l, 'confirmCheck')) &&
        x.overlap(l.text, answer(x, s)) >= 2 &&
        agreed(x, l),
    ),
  );
  const found = [
    finding('processAsked', asked.length),
    finding('processMapped', mapped.length),
    finding('processConfirmed', confirmed.length),
  ];
  const missing = [finding('processMapped'), finding('processConfirmed')];
  if (mapped.length && confirmed.length)
    return verdict({ level: 2, example: 'process', evidence: [mapped[0], confirmed[0]], found });
  if (asked.length) return verdict({ level: 1, example: 'process', evidence: asked, found, missing });
  return verdict({ level: 0, example: 'process', evidence: [], found, missing });
};

const pain: Rubric = (x) => {
  const asked = questions(x).filter((s) => s.open && (x.has(s, 'problem') || x.has(s, 'consequence')));
  const costly = asked.filter((s) => x.has(s, 'consequence') && x.hasNumber(answer(x, s)));
  const who = questions(x).filter((s) => x.has(s, 'whoAffected'));
  const urgency = x.live.filter((s) => s.question && x.has(s, 'urgency') && x.agrees(x.answerTo(s)));
  const found = [
    finding('painAsked', asked.length),
    finding('painCost', costly.length),
    finding('painWho', who.length),
    finding('painUrgency', urgency.length),
  ];
  const missing = [finding('painCost'), finding('painWho')];
  if (costly.length && (who.length || urgency.length))
    return verdict({ level: 2, example: 'pain', evidence: [costly[0], who[0], urgency[0], ...asked], found });
  if (asked.length) return verdict({ level: 1, example: 'pain', evidence: asked, found, missing });
  return verdict({ level: 0, example: 'pain', evidence: [], found, missing });
};

const champion: Rubric = (x) => {
  const personal = questions(x).filter((s) => x.has(s, 'personal'));
  const influence = questions(x).filter((s) => x.has(s, 'influence') && agreed(x, s));
  const found = [finding('personalGain', personal.length), finding('influenceTested', influence.length)];
  const missing = [finding('personalGain'), finding('influenceTested')];
  if (personal.length && influence.length)
    return verdict({ level: 2, example: 'champion', evidence: [personal[0], influence[0]], found });
  if (personal.length || influence.length)
    return verdict({ level: 1, example: 'champion', evidence: [...personal, ...influence], found, missing });
  return verdict({ level: 0, example: 'champion', evidence: [], found, missing });
};

export const MEDDIC: Record<string, Rubric> = {
  Metrics: metrics,
  'Economic buyer': economicBuyer,
  'Decision criteria': criteria,
  'Decision process': process,
  'Identify pain': pain,
  Champion: champion,
};
