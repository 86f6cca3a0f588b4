import type { Difficulty } from '../../contracts/enums';
import { DIFFICULTY_BEHAVIOUR } from '../../ai/difficulty';

/**
 * How the offline prospect behaves at each difficulty, in numbers (the words are in
 * server/ai/difficulty.ts, which the model prompt receives). Patience is spent by wasted turns,
 * early pitches, interruptions, pressure and rudeness, and partly won back by good questions;
 * at zero the prospect hangs up.
 */
export interface ProspectKnobs {
  patience: number;
  /** Cost of a turn that carries nothing ("ok", "hmm", a repeated line). */
  weakCost: number;
  earlyPitchCost: number;
  interruptCost: number;
  pressureCost: number;
  rudeCost: number;
  /** Rude turns tolerated before hanging up. */
  rudeLimit: number;
  /** Pressure turns tolerated before hanging up. */
  pressureLimit: number;
  /** Extra facts volunteered per answer (0 = answers only what was asked). */
  volunteer: number;
  /** Chance that an answer carries the volunteered extra. */
  volunteerChance: number;
  /** Hints that there is more (the hidden topics), unprompted. */
  hints: boolean;
  /** Open questions on a hidden fact's topic before it is shared. */
  revealAsks: number;
  /** Words an open question needs to count as specific enough to share a hidden fact. */
  revealMinWords: number;
  /** Good questions that also unlock a hidden fact on the first ask. */
  revealAfterGoodQuestions: number;
  /** A yes/no question is answered as fully as an open one. */
  closedAnswersFully: boolean;
  /** What has to be true before the prospect agrees to a next step. */
  ready: {
    questions: number;
    pain: boolean;
    impact: boolean;
    decision: boolean;
    hiddenShare: number;
    objectionsResolved: boolean;
  };
  /** Quality an answer to an objection needs (empathy, evidence, substance, numbers). */
  acceptScore: number;
  /** Push-backs on each objection before letting it go. */
  pushBacks: number;
  /** Unanswered push-backs end as "not convinced" (blocks agreement) rather than grudging acceptance. */
  stubborn: boolean;
  /** Time the prospect gives the call before wrapping up (ms). */
  timeBudgetMs: number;
  /** Words after which a rep's turn is a monologue. */
  monologueWords: number;
}

export const PROSPECT_KNOBS: Readonly<Record<Difficulty, ProspectKnobs>> = {
  easy: {
    patience: 8,
    weakCost: 1,
    earlyPitchCost: 0,
    interruptCost: 0,
    pressureCost: 1.5,
    rudeCost: 3,
    rudeLimit: 2,
    pressureLimit: 4,
    volunteer: 1,
    volunteerChance: 1,
    hints: true,
    revealAsks: 1,
    revealMinWords: 0,
    revealAfterGoodQuestions: 0,
    closedAnswersFully: true,
    ready: { questions: 1, pain: false, impact: false, decision: false, hiddenShare: 0, objectionsResolved: false },
    acceptScore: 1,
    pushBacks: DIFFICULTY_BEHAVIOUR.easy.pushBacks,
    stubborn: false,
    timeBudgetMs: 15 * 60_000,
    monologueWords: 200,
  },
  medium: {
    patience: 6,
    weakCost: 1,
    earlyPitchCost: 0.5,
    interruptCost: 0.5,
    pressureCost: 2,
    rudeCost: 3,
    rudeLimit: 2,
    pressureLimit: 3,
    volunteer: 1,
    volunteerChance: 0.35,
    hints: false,
    revealAsks: 1,
    revealMinWords: 6,
    revealAfterGoodQuestions: 0,
    closedAnswersFully: false,
    ready: { questions: 2, pain: true, impact: false, decision: false, hiddenShare: 0, objectionsResolved: false },
    acceptScore: 2,
    pushBacks: DIFFICULTY_BEHAVIOUR.medium.pushBacks,
    stubborn: false,
    timeBudgetMs: 10 * 60_000,
    monologueWords: 120,
  },
  hard: {
    patience: 4,
    weakCost: 1,
    earlyPitchCost: 1,
    interruptCost: 1,
    pressureCost: 2,
    rudeCost: 4,
    rudeLimit: 1,
    pressureLimit: 2,
    volunteer: 0,
    volunteerChance: 0,
    hints: false,
    revealAsks: 2,
    revealMinWords: 6,
    revealAfterGoodQuestions: 3,
    closedAnswersFully: false,
    ready: { questions: 3, pain: true, impact: true, decision: true, hiddenShare: 0.5, objectionsResolved: true },
    acceptScore: 2,
    pushBacks: DIFFICULTY_BEHAVIOUR.hard.pushBacks,
    stubborn: true,
    timeBudgetMs: 7 * 60_000,
    monologueWords: 60,
  },
  expert: {
    patience: 3,
    weakCost: 1,
    earlyPitchCost: 1,
    interruptCost: 1.5,
    pressureCost: 3,
    rudeCost: 4,
    rudeLimit: 1,
    pressureLimit: 1,
    volunteer: 0,
    volunteerChance: 0,
    hints: false,
    revealAsks: 2,
    revealMinWords: 8,
    revealAfterGoodQuestions: 4,
    closedAnswersFully: false,
    ready: { questions: 4, pain: true, impact: true, decision: true, hiddenShare: 0.75, objectionsResolved: true },
    acceptScore: 3,
    pushBacks: DIFFICULTY_BEHAVIOUR.expert.pushBacks,
    stubborn: true,
    timeBudgetMs: 5 * 60_000,
    monologueWords: 45,
  },
};
