import type { ObjectionMoment } from '../../contracts/scenario/schema';
import type { RepIntent } from './intent';
import type { ProspectObjection } from './profile';
import type { Turn } from './state';

/** The first objection not raised yet whose moment is one of `moments`. */
export function unraised(t: Turn, moments: readonly ObjectionMoment[]): ProspectObjection | undefined {
  return t.s.profile.objections.find((o) => !t.s.objections[o.id].raised && moments.includes(o.moment));
}

/** Says the objection (after a lead-in when it follows an answer) and waits for the rep to handle it. */
export function raise(t: Turn, o: ProspectObjection, afterAnswer: boolean) {
  const st = t.s.objections[o.id];
  st.raised = true;
  st.status = 'open';
  t.s.pending = o.id;
  t.events.raised = o.id;
  const lead = afterAnswer ? t.pick(t.lines.objectionLead, `lead:${o.id}`) : '';
  // "Honestly, though. Honestly, I…" would stumble: no lead-in that starts like the objection
  if (lead && lead.split(/[\s,.]/)[0] !== o.line.split(/[\s,.]/)[0]) t.say(lead);
  t.say(o.line);
}

/**
 * How well a line answers an objection: understanding shown, evidence, substance, numbers that
 * back the evidence, having asked what is behind it. Pressure and a bare pitch or discount count
 * against it.
 */
function quality(intent: RepIntent, clarified: boolean): number {
  const pitchy = intent.moves.includes('pitch') || intent.moves.includes('price');
  return (
    (intent.empathy ? 1 : 0) +
    (intent.evidence ? 1 : 0) +
    (intent.words >= 14 && !pitchy ? 1 : 0) +
    (intent.numbers && intent.evidence ? 1 : 0) +
    (clarified ? 1 : 0) -
    (intent.pressure ? 2 : 0) -
    (pitchy && !intent.evidence ? 1 : 0)
  );
}

/**
 * The rep's line while an objection is open. Asking what is behind it gets the reason; a good
 * enough answer (by difficulty) settles it; a thin one gets pushed back on, up to the
 * difficulty's number of times, after which easy and medium prospects let it go and hard and
 * expert ones stay unconvinced (which blocks a next step). Returns true when the reply is complete.
 */
export function answerPending(t: Turn, intent: RepIntent): boolean {
  const o = t.s.profile.objections.find((x) => x.id === t.s.pending)!;
  const st = t.s.objections[o.id];
  if (intent.open && !st.clarified && intent.topics.length === 0) {
    st.clarified = true;
    t.say(t.pick(t.lines.objectionDetail[o.moment], `detail:${o.id}`));
    return true;
  }
  const moveOn = intent.open && intent.topics.length > 0;
  if (quality(intent, st.clarified) >= t.knobs.acceptScore) {
    st.status = 'handled';
    t.s.pending = null;
    t.events.resolved = 'handled';
    t.say(t.pick(t.lines.accept[t.s.profile.difficulty], `accept:${o.id}`));
    return !moveOn;
  }
  if (st.pushBacks < t.knobs.pushBacks) {
    const level = Math.min(st.pushBacks, t.lines.pushBack.length - 1);
    st.pushBacks++;
    t.events.pushedBack = true;
    // a question on something else, with the concern left standing
    if (moveOn && intent.words < 14) {
      t.spend(0.5);
      t.say(t.pick(t.lines.ignoredObjection, `ignored:${o.id}`));
    } else t.say(t.pick(t.lines.pushBack[level], `push:${o.id}:${level}`));
    return true;
  }
  t.s.pending = null;
  if (t.knobs.stubborn) {
    st.status = 'unresolved';
    t.events.resolved = 'unresolved';
    t.say(t.pick(t.lines.unresolved, `unresolved:${o.id}`));
  } else {
    st.status = 'handled';
    t.events.resolved = 'handled';
    t.say(t.pick(t.lines.acceptGrudging, `grudging:${o.id}`));
  }
  return !moveOn;
}
