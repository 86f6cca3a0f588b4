import type { ScenarioTopic } from '../contracts/scenario/schema';
import { seededRandom, shuffled } from '../ai/seeded-random';
import {
  greet,
  initialState,
  respond,
  speechMs,
  type ProspectEnd,
  type ProspectProfile,
} from '../realtime/offline-prospect';
import { REP_LINES } from './rep-lines';
import type { CallKind, RepLanguage } from './rep-lines-types';

/**
 * A scripted rep holding a call with the offline prospect (the same dialogue engine a practice call
 * uses), for the demo tenant's history. Skill changes what the rep does, not how the prospect
 * judges it: a strong rep asks open questions and follows up, checks numbers, sums up, answers
 * objections with evidence and proposes a dated next step; an average one mixes open and closed
 * questions and is vaguer; a weak one pitches, asks yes/no questions and brushes objections off.
 */
export type Skill = 'strong' | 'average' | 'weak';

interface ScriptedTurn {
  speaker: 'rep' | 'prospect';
  text: string;
  startMs: number;
  endMs: number;
}

export interface ScriptedCall {
  turns: ScriptedTurn[];
  durationMs: number;
  end: ProspectEnd | null;
}

const pick = <T>(xs: readonly T[], rnd: () => number): T => xs[Math.floor(rnd() * xs.length) % xs.length];

/** Placeholders in a plan for lines made from what the prospect said. */
const QUANTIFY = '\u0000quantify';
const SUMMARY = '\u0000summary';

const CORE: ScenarioTopic[] = ['situation', 'pain', 'impact'];
const MORE: ScenarioTopic[] = ['goal', 'timing', 'decision', 'budget', 'history', 'competition', 'motivation'];

/** What the rep plans to say, before objections interrupt the plan. */
function plan(lines: RepLanguage, kind: CallKind, skill: Skill, company: string, rnd: () => number): string[] {
  const open = (t: ScenarioTopic, follow: boolean) => {
    const q = lines.open[t];
    return q ? (follow ? [q[0], q[1]] : [q[0]]) : [];
  };
  const moves = lines.kindMoves[kind].map((m) => m.replace('{company}', company || lines.yourCompany));
  if (skill === 'strong') {
    const extra = shuffled(MORE, rnd).slice(0, 3);
    // a cold call opens with permission and a reason; the others with a greeting
    const opener = kind === 'cold' ? moves.slice(0, 3) : [pick(lines.opener, rnd)];
    const kindMoves = kind === 'cold' ? [] : moves;
    return [
      ...opener,
      ...CORE.flatMap((t) => open(t, true)),
      QUANTIFY,
      ...kindMoves.slice(0, Math.ceil(kindMoves.length / 2)),
      ...extra.flatMap((t, i) => open(t, i < 2)),
      ...kindMoves.slice(Math.ceil(kindMoves.length / 2)),
      SUMMARY,
      pick(lines.concreteNextStep, rnd),
      lines.owner,
      pick(lines.goodbye, rnd),
    ];
  }
  if (skill === 'average') {
    const topics = shuffled([...CORE, ...MORE], rnd).slice(0, 4);
    const closed = shuffled(lines.closed, rnd).slice(0, 2);
    // about half of the behaviours the scorecard asks for
    const some = shuffled(moves, rnd).slice(0, Math.max(1, Math.floor(moves.length / 2)));
    return [
      kind === 'cold' ? moves[0] : pick(lines.opener, rnd),
      ...topics.slice(0, 2).flatMap((t) => open(t, false)),
      closed[0],
      ...some,
      ...topics.slice(2).flatMap((t) => open(t, false)),
      closed[1],
      ...(rnd() < 0.5 ? [pick(lines.pitch, rnd)] : []),
      pick(lines.vagueNextStep, rnd),
      pick(lines.concreteNextStep, rnd),
      pick(lines.goodbye, rnd),
    ];
  }
  return [
    pick(lines.opener, rnd),
    pick(lines.pitch, rnd),
    ...shuffled(lines.closed, rnd).slice(0, 3),
    pick(lines.vagueNextStep, rnd),
    pick(lines.vagueNextStep, rnd),
    pick(lines.goodbye, rnd),
  ];
}

/** A number the prospect gave with a unit of time, money or count that a rep would check. */
const quantityPattern = (lines: RepLanguage) =>
  new RegExp(`(\\d[\\d.,]*)\\s*(${lines.units.join('|')})(?![\\p{L}\\p{N}])`, 'iu');

/**
 * A strong rep checks the number the prospect just gave ("So that is 16 hours, is that the right
 * number?"); with no such number there is nothing to check and the line is not said.
 */
function quantify(lines: RepLanguage, heard: string[]): string | null {
  const quantity = quantityPattern(lines);
  for (const h of [...heard].reverse()) {
    const m = quantity.exec(h);
    if (m) return lines.checkNumber.replace('{amount}', `${m[1].replace(/[.,]$/, '')} ${m[2]}`);
  }
  return null;
}

/** Holds one call: the prospect answers each line; objections are answered according to skill. */
export function holdScriptedCall(profile: ProspectProfile, kind: CallKind, skill: Skill, seed: number): ScriptedCall {
  const lines = REP_LINES[profile.language] ?? REP_LINES.en;
  const heard: string[] = [];
  const rnd = seededRandom(seed);
  const turns: ScriptedTurn[] = [];
  let now = 0;
  const add = (speaker: 'rep' | 'prospect', text: string) => {
    if (!text) return;
    const startMs = now + (speaker === 'prospect' ? 600 + Math.floor(rnd() * 900) : 400 + Math.floor(rnd() * 1200));
    const endMs = startMs + speechMs(text);
    turns.push({ speaker, text, startMs, endMs });
    now = endMs;
  };
  let state = initialState(profile);
  const g = greet(state, now);
  state = g.state;
  add('prospect', g.reply);
  let end: ProspectEnd | null = null;
  const say = (text: string) => {
    add('rep', text);
    const r = respond(state, text, now, { interrupted: false });
    state = r.state;
    add('prospect', r.reply);
    if (r.reply) heard.push(r.reply);
    end = r.end;
    return !!r.end;
  };
  let handled = 0;
  for (const line of plan(lines, kind, skill, profile.company ?? '', rnd)) {
    // an open objection is answered first, as a rep of this skill would
    let answers = 0;
    while (state.pending && answers < (skill === 'strong' ? 2 : 1)) {
      answers++;
      const reply =
        skill === 'strong'
          ? lines.handle[handled++ % lines.handle.length]
          : skill === 'average' && rnd() < 0.6
            ? pick(lines.handle, rnd)
            : pick(lines.thin, rnd);
      if (say(reply)) return { turns, durationMs: now, end };
    }
    const spoken = line === QUANTIFY ? quantify(lines, heard) : line === SUMMARY ? pick(lines.summary, rnd) : line;
    if (spoken && say(spoken)) break;
  }
  return { turns, durationMs: now, end };
}
