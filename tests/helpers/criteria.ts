import type { CriterionResult, Level } from '../../db/schema';

/* The scorecard criteria tests and benchmarks build their scorecards from. Pure data: e2e specs import it too. */

export const OPEN_QUESTIONS = {
  name: 'Open questions',
  description: 'Asks open questions',
  includeInScenario: true,
  levelZero: 'None',
  levelLow: 'One',
  levelHigh: 'Several',
};

const DATED_NEXT_STEP = {
  name: 'Next step',
  description: 'Agrees a dated next step',
  includeInScenario: true,
  levelZero: 'None',
  levelLow: 'Vague',
  levelHigh: 'Dated',
};

/** What the offline evaluator scores a discovery call on: open questions and a dated next step. */
export const TWO_CRITERIA = [OPEN_QUESTIONS, DATED_NEXT_STEP];

/** One criterion, for tests whose calls are not about the score. */
export const PAIN = {
  name: 'Pain',
  description: 'Gets numbers',
  includeInScenario: true,
  levelZero: 'No',
  levelLow: 'Some',
  levelHigh: 'All',
};

/** A ready report's results on TWO_CRITERIA (ids `a` and `b`) at these levels, with no evidence. */
export const twoCriterionLevels = (a: number, b: number): CriterionResult[] =>
  [
    { id: 'a', name: OPEN_QUESTIONS.name, level: a },
    { id: 'b', name: DATED_NEXT_STEP.name, level: b },
  ].map(({ id, name, level }) => ({
    criterionId: id,
    name,
    level: level as Level,
    originalLevel: level as Level,
    rationale: '',
    evidence: [],
    unverified: false,
  }));
