import { z } from 'zod';
import { PROMPT_KINDS, type PromptKind } from './enums';
import { unknownPlaceholders } from './prompt-placeholders';
import { text } from './text';
import { stampsOutput } from './records';

const promptKindSchema = z.enum(PROMPT_KINDS, 'prompts.validation.kindInvalid');

export const PROMPT_TEXT_FIELDS = [
  'generalRules',
  'detailedInstructions',
  'startPrompt',
  'endPrompt',
  'systemPrompt',
  'userPrompt',
  'instructions',
] as const;
export type PromptTextField = (typeof PROMPT_TEXT_FIELDS)[number];

/** One schema for each text field, in PROMPT_TEXT_FIELDS order: the form and the answer list the same fields. */
const promptTextShape = <Schema extends z.ZodType>(schema: () => Schema) =>
  Object.fromEntries(PROMPT_TEXT_FIELDS.map((field) => [field, schema()])) as Record<PromptTextField, Schema>;

/** The text fields each kind has, in editor order; the others are stored empty. */
export const PROMPT_KIND_FIELDS: Record<PromptKind, readonly PromptTextField[]> = {
  simulation: ['generalRules', 'detailedInstructions', 'startPrompt', 'endPrompt'],
  scenario_variables: ['systemPrompt', 'userPrompt'],
  scenario_narrative: ['systemPrompt', 'userPrompt'],
  evaluation: ['instructions'],
};

/** The fields a kind cannot do without. */
export const PROMPT_REQUIRED_FIELDS: Record<PromptKind, readonly PromptTextField[]> = {
  simulation: ['generalRules', 'detailedInstructions'],
  scenario_variables: ['userPrompt'],
  scenario_narrative: ['userPrompt'],
  evaluation: ['instructions'],
};

const REQUIRED_MESSAGE: Record<PromptTextField, string> = {
  generalRules: 'prompts.validation.generalRulesRequired',
  detailedInstructions: 'prompts.validation.detailedInstructionsRequired',
  startPrompt: 'prompts.validation.startPromptRequired',
  endPrompt: 'prompts.validation.endPromptRequired',
  systemPrompt: 'prompts.validation.systemPromptRequired',
  userPrompt: 'prompts.validation.userPromptRequired',
  instructions: 'prompts.validation.instructionsRequired',
};

const MAX_TEXT = 20_000;
const promptText = text().max(MAX_TEXT, 'prompts.validation.textTooLong').nullish();

// Required-ness depends on the kind, so it is checked in one refinement below: every missing
// field is reported at once instead of one per submit.
const promptFields = z.object({
  kind: promptKindSchema,
  name: text('prompts.validation.nameRequired').max(120, 'prompts.validation.nameTooLong'),
  ...promptTextShape(() => promptText),
});

export type PromptFieldsInput = z.infer<typeof promptFields>;

function checkPrompt(value: PromptFieldsInput, ctx: z.RefinementCtx) {
  if (!value.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'prompts.validation.nameRequired' });
  for (const field of PROMPT_REQUIRED_FIELDS[value.kind]) {
    if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: REQUIRED_MESSAGE[field] });
  }
  for (const field of PROMPT_KIND_FIELDS[value.kind]) {
    // the client names the offending placeholders next to the field (same check, shared here)
    if (unknownPlaceholders(value[field], value.kind).length) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'prompts.validation.unknownPlaceholder' });
    }
  }
}

export const createPromptInput = promptFields.superRefine(checkPrompt);
export const updatePromptInput = promptFields
  .extend({ id: z.uuid('prompts.validation.idInvalid') })
  .superRefine(checkPrompt);
export const promptIdInput = z.object({ id: z.uuid('prompts.validation.idInvalid') });
export const listPromptsInput = z.object({ kind: promptKindSchema.optional() });

export const promptOutput = z.object({
  id: z.string(),
  kind: promptKindSchema,
  name: z.string(),
  isSystem: z.boolean(),
  systemKey: z.string().nullable(),
  ...promptTextShape(() => z.string().nullable()),
  ...stampsOutput,
});
export type PromptOutput = z.infer<typeof promptOutput>;

export const placeholderOutput = z.object({
  token: z.string(),
  key: z.string(),
  description: z.string(),
  kinds: z.array(promptKindSchema),
});
