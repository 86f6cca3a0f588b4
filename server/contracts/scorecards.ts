import { z } from 'zod';
import { requiredText, text } from './text';
import { stampsOutput } from './records';

/** Tabler icon names a scorecard may show (the client maps each to its component). */
export const SCORECARD_ICONS = [
  'clipboard-check',
  'target',
  'search',
  'shield',
  'phone',
  'message',
  'trophy',
  'chart-bar',
  'bulb',
  'heart-handshake',
  'users',
  'rocket',
  'flag',
  'compass',
  'ear',
  'message-question',
] as const;
export type ScorecardIcon = (typeof SCORECARD_ICONS)[number];

/** At least 1, at most 10 criteria per scorecard. */
const MIN_CRITERIA = 1;
export const MAX_CRITERIA = 10;

export const LIMITS = {
  name: 120,
  shortDescription: 300,
  longDescription: 5000,
  criterionName: 120,
  criterionText: 2000,
} as const;

/** Every criterion field shares one message ("Please fill in all required fields for each criterion"). */
const criterionText = (max: number) =>
  requiredText('scorecards.validation.criterionFieldsRequired', max, 'scorecards.validation.criterionTooLong');

const criterionInput = z.object({
  name: criterionText(LIMITS.criterionName),
  description: criterionText(LIMITS.criterionText),
  includeInScenario: z.boolean().default(true),
  levelZero: criterionText(LIMITS.criterionText),
  levelLow: criterionText(LIMITS.criterionText),
  levelHigh: criterionText(LIMITS.criterionText),
});

type CriterionFields = z.output<typeof criterionInput>;

/** A criterion's own fields (what the manager writes), out of any row or form value that carries more. */
export const criterionFields = (c: CriterionFields): CriterionFields => ({
  name: c.name,
  description: c.description,
  includeInScenario: c.includeInScenario,
  levelZero: c.levelZero,
  levelLow: c.levelLow,
  levelHigh: c.levelHigh,
});

/** Step 1 of the wizard (General Details). */
export const scorecardDetailsInput = z.object({
  name: requiredText('scorecards.validation.nameRequired', LIMITS.name, 'scorecards.validation.nameTooLong'),
  icon: z.enum(SCORECARD_ICONS, 'scorecards.validation.iconInvalid'),
  shortDescription: requiredText(
    'scorecards.validation.shortDescriptionRequired',
    LIMITS.shortDescription,
    'scorecards.validation.shortDescriptionTooLong',
  ),
  longDescription: text().max(LIMITS.longDescription, 'scorecards.validation.longDescriptionTooLong').default(''),
});

/** Step 2 of the wizard (Criteria). */
export const scorecardCriteriaInput = z.object({
  criteria: z
    .array(criterionInput, 'scorecards.validation.criteriaRequired')
    .min(MIN_CRITERIA, 'scorecards.validation.criteriaRequired')
    .max(MAX_CRITERIA, 'scorecards.validation.criteriaMax'),
});

export const scorecardInput = z.object({ ...scorecardDetailsInput.shape, ...scorecardCriteriaInput.shape });
export type ScorecardInput = z.input<typeof scorecardInput>;
export type ScorecardValues = z.output<typeof scorecardInput>;

export const scorecardIdInput = z.object({ id: z.uuid('scorecards.validation.idInvalid') });
export const updateScorecardInput = z.object({ ...scorecardIdInput.shape, ...scorecardInput.shape });

const criterionOutput = z.object({
  id: z.string(),
  position: z.number().int(),
  name: z.string(),
  description: z.string(),
  includeInScenario: z.boolean(),
  levelZero: z.string(),
  levelLow: z.string(),
  levelHigh: z.string(),
});
export type ScorecardCriterion = z.infer<typeof criterionOutput>;

const iconOutput = z.string();

export const scorecardListItemOutput = z.object({
  id: z.string(),
  lineageId: z.string(),
  version: z.number().int(),
  name: z.string(),
  icon: iconOutput,
  shortDescription: z.string(),
  criteriaCount: z.number().int(),
  used: z.boolean(),
  updatedAt: z.string(),
});
export type ScorecardListItem = z.infer<typeof scorecardListItemOutput>;

export const scorecardOutput = z.object({
  id: z.string(),
  lineageId: z.string(),
  version: z.number().int(),
  isCurrent: z.boolean(),
  name: z.string(),
  icon: iconOutput,
  shortDescription: z.string(),
  longDescription: z.string(),
  usedAt: z.string().nullable(),
  ...stampsOutput,
  criteria: z.array(criterionOutput),
});
export type ScorecardDetail = z.infer<typeof scorecardOutput>;

export const scorecardVersionOutput = z.object({
  id: z.string(),
  version: z.number().int(),
  isCurrent: z.boolean(),
  createdAt: z.string(),
  usedAt: z.string().nullable(),
});

export const deleteScorecardOutput = z.object({
  /** 'soft' when a version was used by a call (kept for old reports), 'hard' otherwise. */
  mode: z.enum(['soft', 'hard']),
});
