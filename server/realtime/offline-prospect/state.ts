import type { ScenarioTopic } from '../../contracts/scenario/schema';
import { lowerStart } from '../../contracts/speech/first-person';
import { hashOf, pick, wordsOf } from '../../contracts/speech/words';
import { PROSPECT_KNOBS, type ProspectKnobs } from './knobs';
import { linesFor, type ProspectLines } from './lines';
import type { ProspectProfile } from './profile';

/** Why the prospect ended the call. */
export type ProspectEnd = 'rude' | 'pressure' | 'patience' | 'time' | 'goodbye';

interface ObjectionState {
  raised: boolean;
  status: 'none' | 'open' | 'handled' | 'unresolved';
  pushBacks: number;
  clarified: boolean;
}

/** Everything the prospect remembers of the call: plain data, copied on every turn. */
export interface ProspectState {
  profile: ProspectProfile;
  turn: number;
  startedAt: number | null;
  /** Until when the prospect's last line is still being spoken (ms, the clock `respond` gets). */
  speakingUntil: number;
  patience: number;
  /** Open questions with a topic. */
  goodQuestions: number;
  /** Open questions per topic. */
  asks: Partial<Record<ScenarioTopic, number>>;
  lastTopic: ScenarioTopic | null;
  /** Facts said (ids), hidden facts shared (ids), topics hinted at. */
  voiced: string[];
  revealed: string[];
  hinted: ScenarioTopic[];
  objections: Record<string, ObjectionState>;
  pending: string | null;
  agreed: { when: string } | null;
  /** The last rep lines, lower-cased (to notice repetition). */
  recent: string[];
  /** The prospect's last lines: it avoids saying the same words twice in a row. */
  lastSaid: string[];
  strikes: {
    rude: number;
    pressure: number;
    interruptions: number;
    weak: number;
    statements: number;
    notReady: number;
    earlyPitch: number;
  };
  timeWarned: boolean;
  saidGoodbye: boolean;
  ended: ProspectEnd | null;
}

/** What happened on one turn, for tests, reports of scripted calls and the adapter. */
export interface TurnEvents {
  revealed: string[];
  volunteered: string[];
  hinted: ScenarioTopic[];
  raised: string | null;
  pushedBack: boolean;
  resolved: 'handled' | 'unresolved' | null;
  agreed: boolean;
  interrupted: boolean;
  tone: 'rude' | 'pressure' | null;
  /** Lines the guard refused (they were not said). */
  refused: number;
}

export interface ProspectReply {
  reply: string;
  state: ProspectState;
  end: ProspectEnd | null;
  events: TurnEvents;
}

export function initialState(profile: ProspectProfile): ProspectState {
  return {
    profile,
    turn: 0,
    startedAt: null,
    speakingUntil: 0,
    patience: PROSPECT_KNOBS[profile.difficulty].patience,
    goodQuestions: 0,
    asks: {},
    lastTopic: null,
    voiced: [],
    revealed: [],
    hinted: [],
    objections: Object.fromEntries(
      profile.objections.map((o) => [o.id, { raised: false, status: 'none', pushBacks: 0, clarified: false }]),
    ),
    pending: null,
    agreed: null,
    recent: [],
    lastSaid: [],
    strikes: { rude: 0, pressure: 0, interruptions: 0, weak: 0, statements: 0, notReady: 0, earlyPitch: 0 },
    timeWarned: false,
    saidGoodbye: false,
    ended: null,
  };
}

/** A copy the turn may change; the profile is shared (it never changes). */
export function copyState(s: ProspectState): ProspectState {
  const { profile, ...rest } = s;
  return { ...structuredClone(rest), profile };
}

/** The pieces of one reply and the helpers that build it, for one turn. */
export class Turn {
  readonly parts: string[] = [];
  readonly events: TurnEvents = {
    revealed: [],
    volunteered: [],
    hinted: [],
    raised: null,
    pushedBack: false,
    resolved: null,
    agreed: false,
    interrupted: false,
    tone: null,
    refused: 0,
  };
  readonly lines: ProspectLines;
  readonly knobs: ProspectKnobs;
  end: ProspectEnd | null = null;
  /** Facts said for the first time on this turn (said or shared): one an answer, unless asked for several. */
  newFacts = 0;

  constructor(readonly s: ProspectState) {
    this.lines = linesFor(s.profile.language);
    this.knobs = PROSPECT_KNOBS[s.profile.difficulty];
  }

  /** One variant of `list`, the same for the same call, turn and purpose. */
  pick(list: readonly string[], salt: string): string {
    const fresh = list.filter((x) => !this.s.lastSaid.includes(x));
    return pick(fresh.length ? fresh : list.length ? list : [''], `${this.s.profile.seed}:${this.s.turn}:${salt}`);
  }

  /** A chance in [0, 1) that is the same for the same call, turn and purpose. */
  chance(salt: string): number {
    return (hashOf(`${this.s.profile.seed}:${this.s.turn}:${salt}`) % 1000) / 1000;
  }

  say(text: string) {
    if (text.trim()) this.parts.push(text.trim());
  }

  /**
   * `line` after a lead-in ("Honestly, we…"): after a comma the first word is lower-cased unless it
   * is a name. A lead-in whose words the line already says ("Honestly," before "…, honestly, …") is left out.
   */
  sayWith(lead: string, line: string) {
    const said = new Set(wordsOf(line));
    if (!lead || wordsOf(lead).every((w) => said.has(w))) return this.say(line);
    this.say(`${lead} ${lead.endsWith(',') ? lowerStart(line, this.s.profile.language, this.names) : line}`);
  }

  private get names(): ReadonlySet<string> {
    return new Set(this.s.profile.properNouns);
  }

  spend(cost: number) {
    this.s.patience -= cost;
  }
}
