import { randomId } from '@mantine/hooks';
import type { ScorecardDetail, ScorecardIcon, ScorecardInput } from '../../../server/contracts/scorecards';
import { criterionFields } from '../../../server/contracts/scorecards';

export interface CriterionValues {
  /** Stable React key while criteria are added, removed and reordered; never sent. */
  key: string;
  name: string;
  description: string;
  includeInScenario: boolean;
  levelZero: string;
  levelLow: string;
  levelHigh: string;
}

export interface ScorecardFormValues {
  name: string;
  icon: ScorecardIcon;
  shortDescription: string;
  longDescription: string;
  criteria: CriterionValues[];
}

export function emptyCriterion(): CriterionValues {
  return {
    key: randomId(),
    name: '',
    description: '',
    includeInScenario: true,
    levelZero: '',
    levelLow: '',
    levelHigh: '',
  };
}

export function emptyScorecard(): ScorecardFormValues {
  return { name: '', icon: 'clipboard-check', shortDescription: '', longDescription: '', criteria: [emptyCriterion()] };
}

export function formValuesOf(s: ScorecardDetail): ScorecardFormValues {
  return {
    name: s.name,
    icon: s.icon as ScorecardIcon,
    shortDescription: s.shortDescription,
    longDescription: s.longDescription,
    criteria: s.criteria.map((c) => ({ key: c.id, ...criterionFields(c) })),
  };
}

/** What the server receives: the form without the React keys. */
export function toInput(v: ScorecardFormValues): ScorecardInput {
  return {
    name: v.name,
    icon: v.icon,
    shortDescription: v.shortDescription,
    longDescription: v.longDescription,
    criteria: v.criteria.map(({ key: _key, ...c }) => c),
  };
}
