import { readScenario, type Scenario } from '../../../server/contracts/scenario/render';
import type {
  GeneratedScenario,
  LearnerRole,
  LearnerTeam,
  ScenarioDraftInput,
  SimulationDetail,
  SimulationIcon,
  SimulationInput,
} from '../../../server/contracts/simulations';

type Difficulty = SimulationDetail['difficulty'];
type Language = SimulationDetail['language'];

/** The wizard's values (steps 1 and 2); the scenario lives beside them in ScenarioState. */
export interface SimulationFormValues {
  name: string;
  difficulty: Difficulty;
  /** '' while the field is empty. */
  timeLimitMinutes: number | '';
  language: Language;
  useCase: string;
  icon: SimulationIcon;
  availableAsAssessment: boolean;
  instructions: string;
  personaId: string | null;
  learnerRole: LearnerRole;
  learnerTeam: LearnerTeam;
  icpId: string | null;
  productGroupingId: string | null;
  callInstructionsId: string | null;
  scorecardId: string | null;
  criteriaQuantity: number | '';
  simulationPromptId: string | null;
  reportPromptId: string | null;
  callProvider: SimulationDetail['callProvider'];
  assistantId: string;
}

type ScenarioOrigin = 'model' | 'offline' | 'manual';

/** The scenario being edited (stored shape: names as placeholders, see server/contracts/scenario/render.ts), and where it came from. */
export interface ScenarioState {
  scenario: Scenario | null;
  /** Who wrote the text as it is now ('manual' once the user changed generated text). */
  origin: ScenarioOrigin | null;
  /** The generation it came from (kept when edited). */
  generationId: string | null;
  /** The last generation of this wizard session (its prompts and model), if any. */
  lastGeneration: GeneratedScenario | null;
}

export const DETAIL_FIELDS = [
  'name',
  'difficulty',
  'timeLimitMinutes',
  'language',
  'useCase',
  'icon',
  'availableAsAssessment',
  'instructions',
] as const;
export const PARTICIPANT_FIELDS = [
  'personaId',
  'learnerRole',
  'learnerTeam',
  'icpId',
  'productGroupingId',
  'callInstructionsId',
  'scorecardId',
  'criteriaQuantity',
  'simulationPromptId',
  'reportPromptId',
  'callProvider',
  'assistantId',
] as const;

export function emptySimulation(): SimulationFormValues {
  return {
    name: '',
    difficulty: 'medium',
    timeLimitMinutes: 10,
    language: 'en',
    useCase: '',
    icon: 'phone',
    availableAsAssessment: false,
    instructions: '',
    personaId: null,
    learnerRole: 'sales_representative',
    learnerTeam: 'direct_sales',
    icpId: null,
    productGroupingId: null,
    callInstructionsId: null,
    scorecardId: null,
    criteriaQuantity: 3,
    simulationPromptId: null,
    reportPromptId: null,
    callProvider: 'openai-realtime',
    assistantId: '',
  };
}

export function formValuesOf(s: SimulationDetail): SimulationFormValues {
  return {
    name: s.name,
    difficulty: s.difficulty,
    timeLimitMinutes: s.timeLimitMinutes,
    language: s.language,
    useCase: s.useCase ?? '',
    icon: s.icon as SimulationIcon,
    availableAsAssessment: s.availableAsAssessment,
    instructions: s.instructions,
    personaId: s.personaId,
    learnerRole: s.learnerRole as LearnerRole,
    learnerTeam: s.learnerTeam as LearnerTeam,
    icpId: s.icpId,
    productGroupingId: s.productGroupingId,
    callInstructionsId: s.callInstructionsId,
    scorecardId: s.scorecardId,
    criteriaQuantity: s.criteriaQuantity,
    simulationPromptId: s.simulationPromptId,
    reportPromptId: s.reportPromptId,
    callProvider: s.callProvider,
    assistantId: s.assistantId ?? '',
  };
}

/** The stored scenario in the shape the editor works on (any stored shape is read, see readScenario). */
export function scenarioStateOf(s: SimulationDetail): ScenarioState {
  return {
    scenario: readScenario(s.scenario, s.language),
    origin: s.scenario ? s.scenarioSource : null,
    generationId: s.scenarioGenerationId,
    lastGeneration: null,
  };
}

export function scenarioFromGeneration(g: GeneratedScenario, language: SimulationDetail['language']): Scenario | null {
  return readScenario(g.scenario, language);
}

const nullIfBlank = (s: string) => (s.trim() ? s : null);

/** What create/update receive. */
export function toInput(v: SimulationFormValues, s: ScenarioState): SimulationInput {
  return {
    name: v.name,
    difficulty: v.difficulty,
    timeLimitMinutes: v.timeLimitMinutes === '' ? (undefined as unknown as number) : v.timeLimitMinutes,
    language: v.language,
    useCase: nullIfBlank(v.useCase),
    icon: v.icon,
    availableAsAssessment: v.availableAsAssessment,
    instructions: v.instructions,
    personaId: v.personaId ?? '',
    learnerRole: v.learnerRole,
    learnerTeam: v.learnerTeam,
    icpId: v.icpId,
    productGroupingId: v.productGroupingId,
    callInstructionsId: v.callInstructionsId,
    scorecardId: v.scorecardId ?? '',
    criteriaQuantity: v.criteriaQuantity === '' ? (undefined as unknown as number) : v.criteriaQuantity,
    simulationPromptId: v.simulationPromptId,
    reportPromptId: v.reportPromptId,
    callProvider: v.callProvider,
    assistantId: nullIfBlank(v.assistantId),
    scenario: s.scenario,
    scenarioGenerationId: s.generationId,
  };
}

/** What generateScenario receives. */
export function toDraft(v: SimulationFormValues, simulationId: string | null): ScenarioDraftInput {
  return {
    simulationId,
    name: v.name,
    difficulty: v.difficulty,
    timeLimitMinutes: v.timeLimitMinutes === '' ? null : v.timeLimitMinutes,
    language: v.language,
    learnerRole: v.learnerRole,
    learnerTeam: v.learnerTeam,
    personaId: v.personaId,
    scorecardId: v.scorecardId,
    useCase: nullIfBlank(v.useCase),
    icpId: v.icpId,
    productGroupingId: v.productGroupingId,
    callInstructionsId: v.callInstructionsId,
    criteriaQuantity: v.criteriaQuantity === '' ? null : v.criteriaQuantity,
    simulationPromptId: v.simulationPromptId,
    reportPromptId: v.reportPromptId,
  };
}
