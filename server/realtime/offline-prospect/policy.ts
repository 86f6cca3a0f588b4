import type { ObjectionMoment, ScenarioTopic } from '../../contracts/scenario/schema';
import { canSay } from '../../contracts/speech/guard';
import { readTurn, type RepIntent } from './intent';
import { proposeNextStep } from './next-step';
import { answerPending, raise, unraised } from './objections';
import type { ProspectFact } from './profile';
import { copyState, Turn, type ProspectReply, type ProspectState } from './state';

/** How long a line takes to say (ms): about 16 characters a second, plus a breath. */
export function speechMs(text: string): number {
  return 300 + text.length * 60;
}

/** The prospect picks up the phone. */
export function greet(state: ProspectState, now: number): ProspectReply {
  const s = copyState(state);
  s.startedAt ??= now;
  const reply = s.profile.greeting;
  s.speakingUntil = now + s.profile.thinkMs + speechMs(reply);
  return { reply, state: s, end: null, events: new Turn(s).events };
}

const PITCH_OBJECTIONS: Record<ObjectionMoment, readonly ObjectionMoment[]> = {
  pitch: ['pitch', 'proof', 'competition'],
  price: ['price'],
  proof: ['proof', 'pitch'],
  competition: ['competition'],
  implementation: ['implementation'],
  opening: [],
  discovery: [],
  next_step: [],
};

/** A fact not said yet on one of `topics`: one that is mainly about it first, then one that touches it. */
function unvoiced(t: Turn, topics: readonly ScenarioTopic[], except?: ScenarioTopic): ProspectFact | undefined {
  const open = t.s.profile.facts.filter((f) => !t.s.voiced.includes(f.id) && (!except || !f.topics.includes(except)));
  return open.find((f) => topics.includes(f.topics[0])) ?? open.find((f) => f.topics.some((x) => topics.includes(x)));
}

function voice(t: Turn, f: ProspectFact, lead: string) {
  t.s.voiced.push(f.id);
  t.newFacts++;
  t.sayWith(lead, f.line);
}

/** A hidden fact on this topic may be shared now: asked openly, specifically enough, often enough for the difficulty. */
function mayReveal(t: Turn, intent: RepIntent, asks: number, followUp: boolean): boolean {
  const k = t.knobs;
  const specific = followUp || intent.words >= k.revealMinWords;
  const enough =
    asks >= k.revealAsks || (k.revealAfterGoodQuestions > 0 && t.s.goodQuestions >= k.revealAfterGoodQuestions);
  const stillListening = t.s.profile.difficulty !== 'expert' || t.s.patience >= k.patience / 2;
  return specific && enough && stillListening;
}

/**
 * What an easy (or sometimes a medium) prospect adds unasked, when its answer had no new fact of its
 * own (one new fact an answer: a second would be glued on before the rep asked for it), and the
 * hints an easy one drops.
 */
function volunteer(t: Turn, answered: ScenarioTopic) {
  if (t.newFacts === 0 && t.knobs.volunteer > 0 && t.chance('volunteer') < t.knobs.volunteerChance) {
    const extra = unvoiced(t, ['pain', 'situation', 'goal', 'impact'], answered);
    if (extra) {
      t.events.volunteered.push(extra.id);
      voice(t, extra, t.pick(t.lines.alsoLeadIn, 'also'));
    }
  }
  if (t.knobs.hints) {
    const h = t.s.profile.hidden.find(
      (x) => !t.s.revealed.includes(x.id) && !t.s.hinted.includes(x.topic) && x.topic !== answered,
    );
    if (h) {
      t.s.hinted.push(h.topic);
      t.events.hinted.push(h.topic);
      t.say(t.lines.hint[h.topic]);
    }
  }
}

/** Objections that come up by themselves: early in the call, after some discovery, or late if still unsaid. */
function surfaceObjection(t: Turn) {
  if (t.s.pending) return;
  const o =
    (t.s.turn <= 3 ? unraised(t, ['opening']) : undefined) ??
    (t.s.goodQuestions >= 2 ? unraised(t, ['discovery']) : undefined) ??
    (t.s.turn >= 8
      ? unraised(t, ['opening', 'discovery', 'pitch', 'proof', 'competition', 'implementation'])
      : undefined);
  if (o) raise(t, o, true);
}

function answerOpen(t: Turn, intent: RepIntent) {
  const s = t.s;
  const followUp = intent.topics.length === 0 && s.lastTopic !== null && intent.words <= 12;
  const topics = intent.topics.length ? intent.topics : followUp ? [s.lastTopic!] : [];
  if (topics.length === 0) {
    const broadOk = t.knobs.volunteer > 0 ? unvoiced(t, ['situation', 'pain']) : undefined;
    if (broadOk) return voice(t, broadOk, t.pick(t.lines.leadIn[s.profile.difficulty], 'lead'));
    t.spend(0.5);
    return t.say(t.pick(t.lines.broad, 'broad'));
  }
  s.goodQuestions++;
  s.strikes.statements = 0;
  s.patience = Math.min(t.knobs.patience, s.patience + 0.5);
  const hiddenOn = (x: ScenarioTopic) => s.profile.hidden.find((h) => h.topic === x && !s.revealed.includes(h.id));
  // the question is about its main topic; another topic it touches is answered only when the main one has nothing at all
  const hasAnything = (x: ScenarioTopic) =>
    s.profile.hidden.some((h) => h.topic === x) || s.profile.facts.some((f) => f.topics.includes(x));
  const topic = hasAnything(topics[0]) ? topics[0] : (topics.find((x) => unvoiced(t, [x])) ?? topics[0]);
  const asks = (s.asks[topic] = (s.asks[topic] ?? 0) + 1);
  s.lastTopic = topic;
  const hidden = hiddenOn(topic);
  // past the easy level, the first answer on a topic is the surface one; digging deeper finds the rest
  const saidOnTopic = s.profile.facts.some((f) => s.voiced.includes(f.id) && f.topics.includes(topic));
  const surface = s.profile.difficulty !== 'easy' && !saidOnTopic ? unvoiced(t, [topic]) : undefined;
  if (hidden && !surface && mayReveal(t, intent, asks, followUp)) {
    s.revealed.push(hidden.id);
    t.events.revealed.push(hidden.id);
    t.newFacts++;
    // "If I am honest, we…", "Between us, I…": a line that opens with its own lead-in needs no other
    const ownLead = /^[^,:.!?]{1,30}[,:]\s/u.test(hidden.line) && hidden.line.split(/[,:]/)[0].split(/\s+/).length <= 4;
    t.sayWith(ownLead ? '' : t.pick(t.lines.revealLeadIn, 'reveal'), hidden.line);
  } else {
    const fact = unvoiced(t, [topic]);
    const told = s.profile.hidden.find((h) => h.topic === topic && s.revealed.includes(h.id));
    const said = s.profile.facts.find((f) => s.voiced.includes(f.id) && f.topics.includes(topic));
    if (fact) voice(t, fact, t.pick(t.lines.leadIn[s.profile.difficulty], 'lead'));
    else if (hidden && s.profile.difficulty !== 'easy')
      t.say(t.pick(s.profile.difficulty === 'medium' ? t.lines.topicFallback[topic] : t.lines.guarded, 'guarded'));
    else if (told) t.say(t.pick(t.lines.alreadyTold, 'told'));
    else if (said) t.sayWith(t.pick(t.lines.asISaid, 'asisaid'), said.line);
    else t.say(t.pick(t.lines.topicFallback[topic], `fallback:${topic}`));
  }
  volunteer(t, topic);
  surfaceObjection(t);
}

function answerClosed(t: Turn, intent: RepIntent) {
  const s = t.s;
  const topic = intent.topics[0] ?? s.lastTopic;
  t.say(t.pick(t.lines.closedShort[s.profile.difficulty], 'closed'));
  if (!topic) return;
  s.lastTopic = topic;
  const full = t.knobs.closedAnswersFully || (s.profile.difficulty === 'medium' && t.chance('closed') < 0.5);
  const fact = full ? unvoiced(t, [topic]) : undefined;
  if (fact) voice(t, fact, '');
  else if (t.knobs.hints) {
    const h = s.profile.hidden.find(
      (x) => x.topic === topic && !s.revealed.includes(x.id) && !s.hinted.includes(topic),
    );
    if (h) {
      s.hinted.push(topic);
      t.events.hinted.push(topic);
      t.say(t.lines.hint[topic]);
    }
  }
}

function statement(t: Turn, intent: RepIntent) {
  const s = t.s;
  const d = s.profile.difficulty;
  if (intent.filler || intent.words < 3) {
    s.strikes.weak++;
    t.spend(t.knobs.weakCost);
    return t.say(t.pick(t.lines.impatient, 'impatient'));
  }
  if (intent.thanks && intent.words <= 6) return t.say(t.pick(t.lines.thanks, 'thanks'));
  if (intent.empathy) {
    t.say(t.pick(t.lines.acknowledged[d], 'acknowledged'));
    if (s.lastTopic) volunteer(t, s.lastTopic);
    return;
  }
  if (intent.topics.length) return answerClosed(t, intent);
  s.strikes.statements++;
  if (s.strikes.statements >= 2) {
    s.strikes.statements = 0;
    t.spend(0.5);
    return t.say(t.pick(t.lines.impatient, 'impatient'));
  }
  t.say(t.pick(t.lines.ack[d], 'ack'));
}

/** One rep turn: what the prospect hears, how it reacts, what it says. The heart of the dialogue. */
function turnOf(t: Turn, intent: RepIntent, repeated: boolean, interrupted: boolean) {
  const s = t.s;
  const d = s.profile.difficulty;
  if (s.saidGoodbye) {
    t.end = 'goodbye';
    return t.say(t.pick(t.lines.afterGoodbye, 'aftergoodbye'));
  }
  if (intent.rude) {
    s.strikes.rude++;
    t.events.tone = 'rude';
    t.spend(t.knobs.rudeCost);
    if (s.strikes.rude >= t.knobs.rudeLimit || s.patience <= 0) {
      t.end = 'rude';
      return t.say(t.pick(t.lines.tone.rudeHangup, 'rudehangup'));
    }
    return t.say(t.pick(t.lines.tone.rude, 'rude'));
  }
  if (interrupted) {
    s.strikes.interruptions++;
    t.events.interrupted = true;
    t.spend(t.knobs.interruptCost);
    t.say(t.pick(t.lines.tone.interrupted[d], 'interrupted'));
  }
  if (intent.pressure) {
    s.strikes.pressure++;
    t.events.tone = 'pressure';
    t.spend(t.knobs.pressureCost);
    if (s.strikes.pressure >= t.knobs.pressureLimit) {
      t.end = 'pressure';
      return t.say(t.pick(t.lines.tone.pressureHangup, 'pressurehangup'));
    }
    t.say(t.pick(t.lines.tone.pressure, 'pressure'));
    if (s.pending || !intent.question) return;
  }
  if (repeated) {
    s.strikes.weak++;
    t.spend(t.knobs.weakCost);
    return t.say(t.pick(t.lines.repeatLine, 'repeat'));
  }
  if (intent.words > t.knobs.monologueWords) {
    t.spend(0.5);
    t.say(t.pick(t.lines.getToThePoint, 'monologue'));
  }
  if (intent.goodbye && !intent.question && !intent.nextStep.action) {
    s.saidGoodbye = true;
    return t.say(t.pick(s.agreed ? t.lines.goodbyeAgreed(s.agreed.when) : t.lines.goodbye, 'goodbye'));
  }
  if (s.pending && answerPending(t, intent)) return;
  const opening = s.turn <= 2 && intent.topics.length === 0 && intent.moves.length === 0 && !intent.nextStep.action;
  if (opening && (intent.greeting || intent.intro || intent.permission || intent.howAreYou)) {
    const list = intent.permission ? t.lines.timeCheck : intent.howAreYou ? t.lines.howAreYou : t.lines.afterIntro;
    return t.say(t.pick(list[d], 'opening'));
  }
  const proposal =
    intent.nextStep.action &&
    (!!intent.nextStep.when || intent.nextStep.vague || (!intent.open && intent.topics.length === 0));
  if (proposal) return proposeNextStep(t, intent);
  // a question that brings up the price, the rollout or a competitor triggers the concern kept for it too
  const moves = intent.open
    ? intent.moves.filter((m) => m === 'price' || m === 'implementation' || m === 'competition')
    : intent.moves;
  if (moves.length) {
    if (moves.includes('pitch') && s.goodQuestions === 0) {
      s.strikes.earlyPitch++;
      t.spend(t.knobs.earlyPitchCost);
      t.say(t.pick(t.lines.pitchTooEarly[d], 'earlypitch'));
    }
    const o = unraised(t, [...new Set(moves.flatMap((m) => PITCH_OBJECTIONS[m]))]);
    if (o) return raise(t, o, t.parts.length > 0);
    if (!intent.open) {
      if (t.parts.length === 0) t.say(t.pick(t.lines.pitchReaction[d], 'pitch'));
      return;
    }
  }
  if (intent.question) return intent.open ? answerOpen(t, intent) : answerClosed(t, intent);
  statement(t, intent);
}

/**
 * The prospect's answer to one rep line (already one normalised line). Pure: the same state,
 * line and clock give the same reply. `interrupted` is set by the adapter when the rep cut into
 * the prospect (a barge-in on its audio, or a line sent before the prospect had answered the last).
 */
export function respond(
  state: ProspectState,
  line: string,
  now: number,
  opts: { interrupted?: boolean } = {},
): ProspectReply {
  const s = copyState(state);
  const t = new Turn(s);
  if (s.ended) return { reply: '', state: s, end: s.ended, events: t.events };
  s.turn++;
  s.startedAt ??= now;
  const intent = readTurn(line, s.profile.language);
  const norm = line.toLowerCase().replace(/\s+/g, ' ').trim();
  // the same words twice in a row (asking again after an answer in between is fine)
  const repeated = intent.words >= 2 && s.recent.at(-1) === norm;
  s.recent = [...s.recent, norm].slice(-3);
  turnOf(t, intent, repeated, !!opts.interrupted);

  const elapsed = now - s.startedAt;
  if (!t.end && elapsed > t.knobs.timeBudgetMs + 120_000) {
    t.end = 'time';
    t.parts.splice(
      0,
      t.parts.length,
      t.pick(s.agreed ? t.lines.goodbyeAgreed(s.agreed.when) : t.lines.timeHangup, 'timehangup'),
    );
  } else if (!t.end && elapsed > t.knobs.timeBudgetMs && !s.timeWarned) {
    s.timeWarned = true;
    t.say(t.pick(t.lines.timeWarning, 'timewarning'));
  }
  if (!t.end && s.patience <= 0) {
    t.end = 'patience';
    t.parts.splice(0, t.parts.length, t.pick(t.lines.patienceHangup, 'patiencehangup'));
  }
  // the last line of defence: nothing written for the system is ever said
  const said = t.parts.filter((p) => canSay(p, s.profile.speech));
  t.events.refused = t.parts.length - said.length;
  const reply = said.join(' ') || t.pick(t.lines.unclear, 'unclear');
  s.lastSaid = [...said, ...s.lastSaid].slice(0, 6);
  s.speakingUntil = now + s.profile.thinkMs + speechMs(reply);
  s.ended = t.end;
  return { reply, state: s, end: t.end, events: t.events };
}
