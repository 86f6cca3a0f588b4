import { z } from 'zod';
import { DIFFICULTIES } from './enums';
import { LANGUAGES } from './languages';
import { OBJECTION_MOMENTS, SCENARIO_TOPICS } from './scenario/schema';
import { requiredText, text } from './text';
import { stampsOutput } from './records';

// Messages are i18n keys in locales/<lng>/simulations.json (namespace "simulations"); the client
// imports this file for the wizard, so a rule is written once.
export { DIFFICULTIES, LANGUAGES };

export const LEARNER_ROLES = [
  'sales_representative',
  'account_executive',
  'sales_manager',
  'business_development',
] as const;
export type LearnerRole = (typeof LEARNER_ROLES)[number];
export const LEARNER_TEAMS = ['direct_sales', 'enterprise', 'smb', 'partnerships', 'strategic_accounts'] as const;
export type LearnerTeam = (typeof LEARNER_TEAMS)[number];
export const CALL_PROVIDERS = ['openai-realtime', 'offline'] as const;
const SCENARIO_SOURCES = ['model', 'offline', 'manual'] as const;

/** Tabler icon names a simulation may show (the client maps each to its component). */
export const SIMULATION_ICONS = [
  'phone',
  'phone-call',
  'headset',
  'briefcase',
  'target',
  'search',
  'shield',
  'heart-handshake',
  'trophy',
  'rocket',
  'message',
  'users',
  'building',
  'chart-bar',
  'bulb',
  'flag',
] as const;
export type SimulationIcon = (typeof SIMULATION_ICONS)[number];

export const LIMITS = {
  name: 120,
  useCase: 200,
  instructions: 5000,
  assistantId: 200,
  scenarioText: 4000,
  scenarioList: 20,
  timeLimitMax: 120,
  criteriaMin: 1,
  criteriaMax: 10,
} as const;

const V = (key: string) => `simulations.validation.${key}`;

/** "At most one decimal": 2.5 yes, 2.25 no (checked on tenths, tolerant to float noise). */
function hasAtMostOneDecimal(n: number): boolean {
  return Math.abs(Math.round(n * 10) - n * 10) < 1e-6;
}

const timeLimit = z
  .number(V('timeLimitRequired'))
  .positive(V('timeLimitPositive'))
  .max(LIMITS.timeLimitMax, V('timeLimitMax'))
  .refine(hasAtMostOneDecimal, V('timeLimitDecimals'));

const optionalId = z.uuid(V('idInvalid')).nullish();

/** The named records (ICP, product grouping, call instructions) a simulation may draw context from, all optional. */
const contextRecordIds = <Schema extends z.ZodType>(schema: () => Schema) => ({
  icpId: schema(),
  productGroupingId: schema(),
  callInstructionsId: schema(),
});
const optionalText = (max: number, key: string) => text().max(max, V(key)).nullish();

// Scenario texts may be emptied while editing; only the summary is required (it is what the learner reads).
const scenarioText = text(V('scenarioInvalid')).max(LIMITS.scenarioText, V('scenarioTooLong'));
const scenarioList = <T extends z.ZodType>(item: T) =>
  z.array(item, V('scenarioInvalid')).max(LIMITS.scenarioList, V('scenarioTooLong'));

const scenarioVariablesInput = z.object({
  prospect_name: scenarioText,
  prospect_role: scenarioText,
  company_name: scenarioText,
  company_size: scenarioText,
  industry: scenarioText,
  current_situation: scenarioText,
  pain_points: scenarioList(scenarioText),
  goals: scenarioList(scenarioText),
  // moment, topic and said are optional for callers that send the older shape: the server infers them
  objections: scenarioList(
    z.object({
      objection: scenarioText,
      surfaces_when: scenarioText,
      moment: z.enum(OBJECTION_MOMENTS, V('scenarioInvalid')).optional(),
    }),
  ),
  budget: scenarioText,
  timeline: scenarioText,
  decision_process: scenarioText,
  competitors: scenarioList(scenarioText),
  hidden_information: scenarioList(
    z.object({
      information: scenarioText,
      reveal_when: scenarioText,
      topic: z.enum(SCENARIO_TOPICS, V('scenarioInvalid')).optional(),
      said: scenarioText.optional(),
    }),
  ),
  success_signals: scenarioList(scenarioText),
});

export const scenarioInput = z.object({
  /** null for a scenario written by hand ("Proceed manually"). */
  variables: scenarioVariablesInput.nullable(),
  narrative: z.object({
    summary: scenarioText.min(1, V('summaryRequired')),
    opening_line: scenarioText.default(''),
  }),
});
export type ScenarioValues = z.infer<typeof scenarioInput>;

/** Step 1 of the wizard (Simulation Details). */
export const simulationDetailsInput = z.object({
  name: requiredText(V('nameRequired'), LIMITS.name, V('nameTooLong')),
  difficulty: z.enum(DIFFICULTIES, V('difficultyRequired')),
  timeLimitMinutes: timeLimit,
  language: z.enum(LANGUAGES, V('languageRequired')),
  useCase: optionalText(LIMITS.useCase, 'useCaseTooLong'),
  icon: z.enum(SIMULATION_ICONS, V('iconInvalid')),
  availableAsAssessment: z.boolean().default(false),
  instructions: text().max(LIMITS.instructions, V('instructionsTooLong')).default(''),
});

/** Step 2 of the wizard (Participants). */
export const simulationParticipantsInput = z.object({
  personaId: z.uuid(V('personaRequired')),
  learnerRole: z.enum(LEARNER_ROLES, V('learnerRoleRequired')),
  learnerTeam: z.enum(LEARNER_TEAMS, V('learnerTeamRequired')),
  ...contextRecordIds(() => optionalId),
  scorecardId: z.uuid(V('scorecardRequired')),
  criteriaQuantity: z
    .number(V('criteriaQuantityInvalid'))
    .int(V('criteriaQuantityInvalid'))
    .min(LIMITS.criteriaMin, V('criteriaQuantityInvalid'))
    .max(LIMITS.criteriaMax, V('criteriaQuantityInvalid')),
  simulationPromptId: optionalId,
  reportPromptId: optionalId,
});

export const simulationInput = z.object({
  ...simulationDetailsInput.shape,
  ...simulationParticipantsInput.shape,
  callProvider: z.enum(CALL_PROVIDERS, V('callProviderInvalid')).default('openai-realtime'),
  assistantId: optionalText(LIMITS.assistantId, 'assistantIdTooLong'),
  scenario: scenarioInput.nullish(),
  /** The narrative generation the scenario came from (generateScenario's scenarioGenerationId). */
  scenarioGenerationId: optionalId,
});
export type SimulationInput = z.input<typeof simulationInput>;
export type SimulationValues = z.output<typeof simulationInput>;

export const simulationIdInput = z.object({ id: z.uuid(V('idInvalid')) });
export const updateSimulationInput = z.object({ ...simulationIdInput.shape, ...simulationInput.shape });

/** The fields that must be filled before a scenario can be generated. */
const REQUIRED_FOR_SCENARIO = [
  'name',
  'difficulty',
  'timeLimitMinutes',
  'language',
  'learnerRole',
  'learnerTeam',
  'personaId',
  'scorecardId',
] as const;

/**
 * The wizard's draft as sent to generateScenario: everything optional in shape, then one message
 * ("Please fill in all required fields before generating a scenario") on each missing required field.
 */
export const scenarioDraftInput = z
  .object({
    /** Set when editing a saved simulation: its knowledge base feeds the scenario, and the scenario is stored on it. */
    simulationId: optionalId,
    name: text().max(LIMITS.name, V('nameTooLong')).nullish(),
    difficulty: z.enum(DIFFICULTIES, V('difficultyRequired')).nullish(),
    timeLimitMinutes: timeLimit.nullish(),
    language: z.enum(LANGUAGES, V('languageRequired')).nullish(),
    learnerRole: z.enum(LEARNER_ROLES, V('learnerRoleRequired')).nullish(),
    learnerTeam: z.enum(LEARNER_TEAMS, V('learnerTeamRequired')).nullish(),
    personaId: optionalId,
    scorecardId: optionalId,
    useCase: optionalText(LIMITS.useCase, 'useCaseTooLong'),
    ...contextRecordIds(() => optionalId),
    criteriaQuantity: z
      .number()
      .int()
      .min(LIMITS.criteriaMin, V('criteriaQuantityInvalid'))
      .max(LIMITS.criteriaMax, V('criteriaQuantityInvalid'))
      .nullish(),
    simulationPromptId: optionalId,
    reportPromptId: optionalId,
  })
  .superRefine((v, ctx) => {
    for (const field of REQUIRED_FOR_SCENARIO) {
      const value = v[field];
      if (value === null || value === undefined || value === '')
        ctx.addIssue({ code: 'custom', path: [field], message: V('requiredForScenario') });
    }
  });
export type ScenarioDraftInput = z.input<typeof scenarioDraftInput>;
export type ScenarioDraft = z.output<typeof scenarioDraftInput>;

// ---- outputs ----

const scenarioSourceOutput = z.enum(SCENARIO_SOURCES).nullable();

export const simulationListItemOutput = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  timeLimitMinutes: z.number(),
  language: z.enum(LANGUAGES),
  useCase: z.string().nullable(),
  personaName: z.string().nullable(),
  scorecardName: z.string().nullable(),
  scenarioSource: scenarioSourceOutput,
  /** Who generated the scenario the text started from (also when it was edited since); null when none. */
  scenarioProvider: z.enum(['openai', 'offline']).nullable(),
  availableAsAssessment: z.boolean(),
  updatedAt: z.string(),
});
export type SimulationListItem = z.infer<typeof simulationListItemOutput>;

const storedScenarioOutput = z.object({
  variables: z.record(z.string(), z.unknown()).nullable(),
  narrative: z.object({ summary: z.string(), opening_line: z.string() }),
});

export const simulationOutput = z.object({
  id: z.string(),
  name: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  timeLimitMinutes: z.number(),
  language: z.enum(LANGUAGES),
  useCase: z.string().nullable(),
  icon: z.string(),
  availableAsAssessment: z.boolean(),
  instructions: z.string(),
  personaId: z.string().nullable(),
  learnerRole: z.string(),
  learnerTeam: z.string(),
  ...contextRecordIds(() => z.string().nullable()),
  scorecardId: z.string().nullable(),
  criteriaQuantity: z.number().int(),
  simulationPromptId: z.string().nullable(),
  reportPromptId: z.string().nullable(),
  callProvider: z.enum(CALL_PROVIDERS),
  assistantId: z.string().nullable(),
  scenario: storedScenarioOutput.nullable(),
  scenarioSummary: z.string().nullable(),
  scenarioSource: scenarioSourceOutput,
  scenarioGenerationId: z.string().nullable(),
  ...stampsOutput,
});
export type SimulationDetail = z.infer<typeof simulationOutput>;

const named = z.object({ id: z.string(), name: z.string() });
export const simulationOptionsOutput = z.object({
  personas: z.array(named.extend({ shortDescription: z.string() })),
  scorecards: z.array(
    named.extend({
      criteria: z.array(z.object({ id: z.string(), name: z.string(), includeInScenario: z.boolean() })),
    }),
  ),
  icps: z.array(named),
  productGroupings: z.array(named),
  callInstructions: z.array(z.object({ id: z.string(), label: z.string() })),
  /** A shipped prompt has its `systemKey`: the client names it in the reader's language. */
  simulationPrompts: z.array(named.extend({ isSystem: z.boolean(), systemKey: z.string().nullable() })),
  evaluationPrompts: z.array(named.extend({ isSystem: z.boolean(), systemKey: z.string().nullable() })),
});
export type SimulationOptions = z.infer<typeof simulationOptionsOutput>;

const promptSent = z.object({ system: z.string().nullable(), user: z.string() });
const usageOutput = z.object({ inputTokens: z.number(), outputTokens: z.number(), totalTokens: z.number() }).nullable();

export const generatedScenarioOutput = z.object({
  scenario: z.object({
    variables: z.record(z.string(), z.unknown()),
    narrative: z.object({ summary: z.string(), opening_line: z.string() }),
  }),
  /** 'offline' when no AI model is configured (the deterministic generator). */
  source: z.enum(['model', 'offline']),
  provider: z.enum(['openai', 'offline']),
  model: z.string(),
  /** Point the simulation's scenarioGenerationId here. */
  scenarioGenerationId: z.string(),
  generationIds: z.array(z.string()),
  prompts: z.object({ variables: promptSent, narrative: promptSent }),
  usage: usageOutput,
  unknownPlaceholders: z.array(z.string()),
  /** True when the scenario was stored on the saved simulation named by simulationId. */
  stored: z.boolean(),
});
export type GeneratedScenario = z.infer<typeof generatedScenarioOutput>;

export const generationsInput = z.object({ simulationId: z.uuid(V('idInvalid')) });
export const generationOutput = z.object({
  id: z.string(),
  task: z.enum(['scenario_variables', 'scenario_narrative', 'evaluation']),
  provider: z.enum(['openai', 'offline']),
  model: z.string(),
  promptSystem: z.string().nullable(),
  promptUser: z.string(),
  usage: usageOutput,
  status: z.enum(['succeeded', 'failed']),
  error: z.string().nullable(),
  durationMs: z.number(),
  createdAt: z.string(),
});
export type GenerationRow = z.infer<typeof generationOutput>;
