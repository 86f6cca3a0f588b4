import type { RepIntent } from './intent';
import { raise, unraised } from './objections';
import type { ProspectState, Turn } from './state';

type Missing = 'rude' | 'discovery' | 'pain' | 'impact' | 'decision' | 'objections' | 'hidden';

/** What still stands between the rep and a next step at this difficulty, or null. */
function missingForNextStep(s: ProspectState, knobs: Turn['knobs']): Missing | null {
  const r = knobs.ready;
  const asked = (t: keyof ProspectState['asks']) => (s.asks[t] ?? 0) > 0;
  const revealedTopic = (t: string) => s.profile.hidden.some((h) => h.topic === t && s.revealed.includes(h.id));
  // a rep who was rude does not get a meeting in the same call, at any difficulty
  if (s.strikes.rude > 0) return 'rude';
  if (s.goodQuestions < r.questions) return 'discovery';
  if (r.pain && !asked('pain') && !asked('impact') && !s.voiced.some((id) => id.startsWith('pain.'))) return 'pain';
  if (r.impact && !asked('impact') && !revealedTopic('impact')) return 'impact';
  if (r.decision && !asked('decision') && !revealedTopic('decision')) return 'decision';
  if (r.objectionsResolved && Object.values(s.objections).some((o) => o.status === 'open' || o.status === 'unresolved'))
    return 'objections';
  if (
    r.hiddenShare > 0 &&
    s.profile.hidden.length > 0 &&
    s.revealed.length < Math.ceil(s.profile.hidden.length * r.hiddenShare)
  )
    return 'hidden';
  return null;
}

/**
 * A proposed next step. The prospect agrees only to something concrete — a day or a date, and
 * something to do on it — and only once the difficulty's conditions are met; before that it
 * raises its next-step objection or says, in character, what is missing.
 */
export function proposeNextStep(t: Turn, intent: RepIntent) {
  const s = t.s;
  if (s.agreed) return t.say(t.pick(t.lines.nextStep.afterAgreement(s.agreed.when), 'after'));
  const ns = intent.nextStep;
  if (!ns.when) return t.say(t.pick(t.lines.nextStep.vague, 'vague'));
  if (!ns.action) return t.say(t.pick(t.lines.nextStep.noAction, 'noaction'));
  // a concern kept for this moment comes first; past easy, so does the money
  const objection =
    unraised(t, ['next_step']) ?? (s.profile.difficulty !== 'easy' ? unraised(t, ['price']) : undefined);
  if (objection && s.goodQuestions > 0) return raise(t, objection, false);
  const missing = missingForNextStep(s, t.knobs);
  if (missing) {
    s.strikes.notReady++;
    // asking again and again for a meeting the prospect already refused is pressure
    if (s.strikes.notReady >= 3) t.spend(1);
    return t.say(t.pick(t.lines.nextStep.notReady[missing], `notready:${missing}`));
  }
  s.agreed = { when: ns.when };
  t.events.agreed = true;
  t.say(t.pick(t.lines.nextStep.agree(ns.when), 'agree'));
}
