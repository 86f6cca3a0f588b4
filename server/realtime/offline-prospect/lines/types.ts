import type { Difficulty } from '../../../contracts/enums';
import type { ObjectionMoment, ScenarioTopic } from '../../../contracts/scenario/schema';

type ByDifficulty = Record<Difficulty, string[]>;

/**
 * What the offline prospect says in one language, apart from the scenario's own facts. Each entry
 * is a list of variants; the engine picks one with the call's seeded randomness. Written for each
 * language, in the first person, as a busy buyer on the phone would say it.
 */
export interface ProspectLines {
  /** When the scenario has no opening line (or it cannot be said). */
  greeting: Record<Difficulty, (name: string, company: string | null) => string[]>;
  /** "Is now a good time?" */
  timeCheck: ByDifficulty;
  howAreYou: ByDifficulty;
  /** The rep introduced themselves without asking anything. */
  afterIntro: ByDifficulty;
  /** A neutral reaction to a statement. */
  ack: ByDifficulty;
  /** The rep showed understanding ("that sounds frustrating"). */
  acknowledged: ByDifficulty;
  /** Before a fact, in an answer. Empty strings allowed (no lead-in). */
  leadIn: ByDifficulty;
  /** Before a fact the prospect had held back. */
  revealLeadIn: string[];
  /** Before a fact nobody asked for (the prospect volunteers it). */
  alsoLeadIn: string[];
  /** That there is more on a topic, without saying it (easy prospects volunteer this). */
  hint: Record<ScenarioTopic, string>;
  /** An in-character answer when the scenario holds nothing on the topic. */
  topicFallback: Record<ScenarioTopic, string[]>;
  /** Hard and expert, to a first question on something they keep back. */
  guarded: string[];
  /** A yes/no question gets a yes/no answer. */
  closedShort: ByDifficulty;
  broad: string[];
  unclear: string[];
  repeatLine: string[];
  alreadyTold: string[];
  /** Before repeating something already said. */
  asISaid: string[];
  company(company: string | null, employees: number | null): string[];
  competition(names: string[]): string[];
  pitchTooEarly: ByDifficulty;
  /** A pitch with no objection left to raise. */
  pitchReaction: ByDifficulty;
  /** A monologue (hard, expert). */
  getToThePoint: string[];
  objectionLead: string[];
  /** What lies behind an objection, when the rep asks. */
  objectionDetail: Record<ObjectionMoment, string[]>;
  /** Escalating: the first push-back, the second, the third. */
  pushBack: string[][];
  accept: ByDifficulty;
  acceptGrudging: string[];
  unresolved: string[];
  ignoredObjection: string[];
  nextStep: {
    /** A next step with no day or date. */
    vague: string[];
    /** A day with nothing to do on it. */
    noAction: string[];
    agree(when: string): string[];
    afterAgreement(when: string): string[];
    notReady: Record<'discovery' | 'pain' | 'impact' | 'decision' | 'objections' | 'hidden', string[]>;
  };
  tone: {
    rude: string[];
    rudeHangup: string[];
    pressure: string[];
    pressureHangup: string[];
    interrupted: ByDifficulty;
  };
  impatient: string[];
  patienceHangup: string[];
  timeWarning: string[];
  timeHangup: string[];
  goodbye: string[];
  goodbyeAgreed(when: string): string[];
  afterGoodbye: string[];
  thanks: string[];
}
