import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ScorecardCriterion } from '../contracts/scorecards';
import { criteriaOf } from './scorecard-criteria';
import {
  callInstructions,
  clientOverviews,
  icps,
  personas,
  productGroupings,
  prompts,
  scorecards,
  type simulations,
  type DifficultyNotes,
} from '../../db/schema';
import { type Language } from '../contracts/languages';
import { type Difficulty, type PromptKind } from '../contracts/enums';
import { AppError } from '../errors';
import { DEFAULT_SCENARIO_NARRATIVE_PROMPT, DEFAULT_SCENARIO_VARIABLES_PROMPT } from './default-prompts';
import { KNOWLEDGE_BUDGET_CHARS, searchKnowledge, type KnowledgeExcerpt } from './knowledge';

export { searchKnowledge } from './knowledge';

/** What a simulation (saved, or still in the wizard) says about the call to generate for. */
export interface SimulationInput {
  tenantId: string;
  /** Absent while the wizard has not saved the simulation yet (then there is no knowledge base). */
  simulationId?: string | null;
  difficulty: Difficulty;
  /** The prospect's spoken language. */
  language: Language;
  learnerRole: string;
  learnerTeam?: string | null;
  useCase?: string | null;
  criteriaQuantity?: number | null;
  personaId: string;
  scorecardId: string;
  icpId?: string | null;
  productGroupingId?: string | null;
  callInstructionsId?: string | null;
  simulationPromptId?: string | null;
  reportPromptId?: string | null;
  /** Optional overrides; by default the system prompt of the kind (or the built-in one). */
  scenarioVariablesPromptId?: string | null;
  scenarioNarrativePromptId?: string | null;
}

export type CriterionContext = ScorecardCriterion;

export interface PromptSource {
  /** null for the built-in fallback. */
  id: string | null;
  name: string;
  source: 'tenant' | 'system' | 'builtin';
}
interface ScenarioPromptTemplate extends PromptSource {
  systemPrompt: string | null;
  userPrompt: string;
}
interface SimulationPromptTemplate extends PromptSource {
  generalRules: string | null;
  detailedInstructions: string | null;
  startPrompt: string | null;
  endPrompt: string | null;
}
interface EvaluationPromptTemplate extends PromptSource {
  instructions: string | null;
}

/** Everything a generation needs, loaded in one transaction; plain data, safe to use after it. */
/**
 * A drill's source: what the customer side of a scored call said, read by the drill service, for a
 * scenario that replays that call's situation and objections on the criteria the rep scored lowest.
 * Everything here is the call's own words: data for the generator, never instructions.
 */
export interface DrillSource {
  /** Who spoke for the customer in the source call. */
  customerName: string;
  /** The customer's push-backs, in their words and in call order. */
  objections: string[];
  /** The customer's other statements: their situation, problems and numbers. */
  statements: string[];
  /** The source call's transcript, one turn a line, for the model. */
  transcript: string;
  /** The moment the drill trains: the words of that turn, and the criterion. */
  moment: { quote: string; criterionName: string };
  /** The criteria the drill trains, weakest first (their names in the scorecard). */
  criteria: string[];
}

export interface GenerationContext {
  tenantId: string;
  simulationId: string | null;
  difficulty: Difficulty;
  language: Language;
  learnerRole: string;
  learnerTeam: string | null;
  useCase: string | null;
  criteriaQuantity: number | null;
  persona: {
    id: string;
    name: string;
    shortDescription: string;
    longDescription: string;
    voice: string;
    behaviourNotes: DifficultyNotes;
  };
  icp: { id: string; name: string; details: string } | null;
  product: { id: string; name: string; details: string } | null;
  clientOverview: string;
  callInstructions: { id: string; instructions: string } | null;
  scorecard: { id: string; name: string; criteria: CriterionContext[] };
  knowledge: KnowledgeExcerpt[];
  prompts: {
    scenarioVariables: ScenarioPromptTemplate;
    scenarioNarrative: ScenarioPromptTemplate;
    simulation: SimulationPromptTemplate | null;
    evaluation: EvaluationPromptTemplate | null;
  };
  /** Set when the scenario is a drill built from a scored call. */
  drill?: DrillSource | null;
}

export interface LoadContextOptions {
  /** Character budget of knowledge excerpts (default KNOWLEDGE_BUDGET_CHARS). */
  knowledgeBudgetChars?: number;
}

/**
 * The input for a saved simulation row. A scenario needs a persona and a scorecard: a row
 * without them is refused as VALIDATION naming the field (the wizard's required fields).
 */
export function simulationInputFromRow(row: typeof simulations.$inferSelect): SimulationInput {
  if (!row.personaId)
    throw new AppError('VALIDATION', 'Choose a persona before generating a scenario', { field: 'personaId' });
  if (!row.scorecardId)
    throw new AppError('VALIDATION', 'Choose a scorecard before generating a scenario', { field: 'scorecardId' });
  return {
    tenantId: row.tenantId,
    simulationId: row.id,
    difficulty: row.difficulty,
    language: row.language,
    learnerRole: row.learnerRole,
    learnerTeam: row.learnerTeam,
    useCase: row.useCase,
    criteriaQuantity: row.criteriaQuantity,
    personaId: row.personaId,
    scorecardId: row.scorecardId,
    icpId: row.icpId,
    productGroupingId: row.productGroupingId,
    callInstructionsId: row.callInstructionsId,
    simulationPromptId: row.simulationPromptId,
    reportPromptId: row.reportPromptId,
  };
}

const notFound = (what: string, field: string) => new AppError('NOT_FOUND', `${what} not found`, { field });

/** The tenant's ICP or product grouping the input names, or null when it names none. */
async function namedDetails(
  tx: Executor,
  table: typeof icps | typeof productGroupings,
  tenantId: string,
  id: string | null | undefined,
  missing: () => AppError,
): Promise<{ id: string; name: string; details: string } | null> {
  if (!id) return null;
  const [row] = await tx
    .select({ id: table.id, name: table.name, details: table.details })
    .from(table)
    .where(and(eq(table.id, id), eq(table.tenantId, tenantId)))
    .limit(1);
  if (!row) throw missing();
  return row;
}

type PromptRow = typeof prompts.$inferSelect;

async function loadPromptRow(
  tx: Executor,
  tenantId: string,
  kind: PromptKind,
  id: string | null | undefined,
  field: string,
): Promise<PromptRow | null> {
  if (id) {
    const [row] = await tx
      .select()
      .from(prompts)
      .where(
        and(eq(prompts.id, id), eq(prompts.kind, kind), or(eq(prompts.tenantId, tenantId), isNull(prompts.tenantId))),
      )
      .limit(1);
    if (!row) throw notFound('Prompt', field);
    return row;
  }
  const [system] = await tx
    .select()
    .from(prompts)
    .where(and(isNull(prompts.tenantId), eq(prompts.kind, kind)))
    // the product's default of each kind is `<kind>.default`; other system variants come after it
    .orderBy(
      sql`(${prompts.systemKey} = ${`${kind}.default`}) desc`,
      sql`${prompts.systemKey} asc nulls last`,
      asc(prompts.createdAt),
    )
    .limit(1);
  return system ?? null;
}

const sourceOf = (r: PromptRow): PromptSource => ({ id: r.id, name: r.name, source: r.tenantId ? 'tenant' : 'system' });

function scenarioTemplate(
  row: PromptRow | null,
  fallback: { name: string; systemPrompt: string; userPrompt: string },
): ScenarioPromptTemplate {
  if (row && row.userPrompt?.trim())
    return { ...sourceOf(row), systemPrompt: row.systemPrompt, userPrompt: row.userPrompt };
  return {
    id: null,
    name: fallback.name,
    source: 'builtin',
    systemPrompt: fallback.systemPrompt,
    userPrompt: fallback.userPrompt,
  };
}

/** Words that tell the knowledge search what this scenario is about. */
export function knowledgeQueryText(
  c: Pick<GenerationContext, 'product' | 'icp' | 'persona' | 'useCase' | 'scorecard'>,
): string {
  const criteria = c.scorecard.criteria.filter((x) => x.includeInScenario);
  return [
    c.product?.name,
    c.product?.details,
    c.useCase,
    c.icp?.name,
    c.icp?.details,
    c.persona.shortDescription,
    ...criteria.map((x) => `${x.name} ${x.description}`),
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * Loads persona, ICP, product grouping, client overview, call instructions, scorecard criteria,
 * prompts and the relevant knowledge excerpts for `input`. `tx` is a tenant transaction
 * (from a TenantRunner); finish it before calling a model. Missing references → NOT_FOUND with the field.
 */
export async function loadGenerationContext(
  tx: Executor,
  input: SimulationInput,
  opts: LoadContextOptions = {},
): Promise<GenerationContext> {
  const { tenantId } = input;
  const [persona] = await tx
    .select()
    .from(personas)
    .where(and(eq(personas.id, input.personaId), eq(personas.tenantId, tenantId)))
    .limit(1);
  if (!persona) throw notFound('Persona', 'personaId');

  const [scorecard] = await tx
    .select({ id: scorecards.id, name: scorecards.name })
    .from(scorecards)
    .where(and(eq(scorecards.id, input.scorecardId), eq(scorecards.tenantId, tenantId), isNull(scorecards.deletedAt)))
    .limit(1);
  if (!scorecard) throw notFound('Scorecard', 'scorecardId');
  const criteria = await criteriaOf(tx, scorecard.id);

  const icp = await namedDetails(tx, icps, tenantId, input.icpId, () => notFound('ICP', 'icpId'));
  const product = await namedDetails(tx, productGroupings, tenantId, input.productGroupingId, () =>
    notFound('Product grouping', 'productGroupingId'),
  );
  let instructions: GenerationContext['callInstructions'] = null;
  if (input.callInstructionsId) {
    const [row] = await tx
      .select({ id: callInstructions.id, instructions: callInstructions.instructions })
      .from(callInstructions)
      .where(and(eq(callInstructions.id, input.callInstructionsId), eq(callInstructions.tenantId, tenantId)))
      .limit(1);
    if (!row) throw notFound('Call instructions', 'callInstructionsId');
    instructions = row;
  }
  const [overview] = await tx
    .select({ details: clientOverviews.details })
    .from(clientOverviews)
    .where(eq(clientOverviews.tenantId, tenantId))
    .limit(1);

  const variablesRow = await loadPromptRow(
    tx,
    tenantId,
    'scenario_variables',
    input.scenarioVariablesPromptId,
    'scenarioVariablesPromptId',
  );
  const narrativeRow = await loadPromptRow(
    tx,
    tenantId,
    'scenario_narrative',
    input.scenarioNarrativePromptId,
    'scenarioNarrativePromptId',
  );
  const simulationRow = await loadPromptRow(tx, tenantId, 'simulation', input.simulationPromptId, 'simulationPromptId');
  const evaluationRow = await loadPromptRow(tx, tenantId, 'evaluation', input.reportPromptId, 'reportPromptId');

  const context: GenerationContext = {
    tenantId,
    simulationId: input.simulationId ?? null,
    difficulty: input.difficulty,
    language: input.language,
    learnerRole: input.learnerRole,
    learnerTeam: input.learnerTeam ?? null,
    useCase: input.useCase?.trim() || null,
    criteriaQuantity: input.criteriaQuantity ?? null,
    persona: {
      id: persona.id,
      name: persona.name,
      shortDescription: persona.shortDescription,
      longDescription: persona.longDescription,
      voice: persona.voice,
      behaviourNotes: persona.behaviourNotes ?? {},
    },
    icp,
    product,
    clientOverview: overview?.details ?? '',
    callInstructions: instructions,
    scorecard: { ...scorecard, criteria },
    knowledge: [],
    prompts: {
      scenarioVariables: scenarioTemplate(variablesRow, DEFAULT_SCENARIO_VARIABLES_PROMPT),
      scenarioNarrative: scenarioTemplate(narrativeRow, DEFAULT_SCENARIO_NARRATIVE_PROMPT),
      simulation: simulationRow
        ? {
            ...sourceOf(simulationRow),
            generalRules: simulationRow.generalRules,
            detailedInstructions: simulationRow.detailedInstructions,
            startPrompt: simulationRow.startPrompt,
            endPrompt: simulationRow.endPrompt,
          }
        : null,
      evaluation: evaluationRow ? { ...sourceOf(evaluationRow), instructions: evaluationRow.instructions } : null,
    },
  };
  if (context.simulationId) {
    context.knowledge = await searchKnowledge(
      tx,
      context.simulationId,
      knowledgeQueryText(context),
      opts.knowledgeBudgetChars ?? KNOWLEDGE_BUDGET_CHARS,
    );
  }
  return context;
}
