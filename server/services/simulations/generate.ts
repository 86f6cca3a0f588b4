import { and, count, desc, eq, or } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { aiGenerations, scorecardCriteria } from '../../../db/schema';
import type { TenantRunner } from '../../../db/tenant';
import type { SimulationInput as AiSimulationInput } from '../../ai/context';
import { isAiError } from '../../ai/errors';
import type { TextProvider } from '../../ai/provider';
import { generateAndRecordScenario } from '../../ai/scenario';
import { AppError, isAppError } from '../../errors';
import type { GeneratedScenario, GenerationRow, ScenarioDraft } from '../../contracts/simulations';
import { assertLinksBelongToTenant } from './links';
import { loadGenerationBatch } from './scenario-source';
import { findSimulationRow, storeGeneratedScenario } from './simulations';

const CRITERION_REQUIRED_MESSAGE = 'Select at least one criterion for scenario generation';

const criterionRequired = () =>
  new AppError('VALIDATION', CRITERION_REQUIRED_MESSAGE, {
    field: 'scorecardId',
    messageKey: 'simulations.validation.criterionRequired',
  });

/** The draft's required fields are known present (the input schema refuses the call otherwise). */
function aiInput(tenantId: string, d: ScenarioDraft): AiSimulationInput {
  return {
    tenantId,
    simulationId: d.simulationId ?? null,
    difficulty: d.difficulty!,
    language: d.language!,
    learnerRole: d.learnerRole!,
    learnerTeam: d.learnerTeam ?? null,
    useCase: d.useCase ?? null,
    criteriaQuantity: d.criteriaQuantity ?? null,
    personaId: d.personaId!,
    scorecardId: d.scorecardId!,
    icpId: d.icpId ?? null,
    productGroupingId: d.productGroupingId ?? null,
    callInstructionsId: d.callInstructionsId ?? null,
    simulationPromptId: d.simulationPromptId ?? null,
    reportPromptId: d.reportPromptId ?? null,
  };
}

/** Checks what can be checked before spending a model call: the links, the simulation, ≥1 criterion. */
async function preflight(tx: Executor, tenantId: string, d: ScenarioDraft): Promise<void> {
  if (d.simulationId && !(await findSimulationRow(tx, tenantId, d.simulationId))) {
    throw new AppError('NOT_FOUND', 'Simulation not found', { messageKey: 'simulations.errors.notFound' });
  }
  await assertLinksBelongToTenant(tx, tenantId, d);
  const [{ n }] = await tx
    .select({ n: count() })
    .from(scorecardCriteria)
    .where(
      and(
        eq(scorecardCriteria.scorecardId, d.scorecardId!),
        eq(scorecardCriteria.tenantId, tenantId),
        eq(scorecardCriteria.includeInScenario, true),
      ),
    );
  if (Number(n) === 0) throw criterionRequired();
}

export interface GenerateForDraftInput {
  /** Short transactions on the draft's tenant (`tenantId`), from the request. */
  tenant: TenantRunner;
  tenantId: string;
  userId: string | null;
  draft: ScenarioDraft;
  provider: TextProvider | null;
  signal?: AbortSignal;
}

/**
 * Generates the scenario of a wizard draft. Each database step runs in its own short tenant
 * transaction and the model call in none, so no transaction is held while the model thinks.
 * With `simulationId` the scenario is stored on that simulation; a failure leaves it unchanged.
 */
export async function generateScenarioForDraft(input: GenerateForDraftInput): Promise<GeneratedScenario> {
  const { tenant, tenantId, draft } = input;
  await tenant((tx) => preflight(tx, tenantId, draft));
  let generated;
  try {
    generated = await generateAndRecordScenario({
      tenant,
      provider: input.provider,
      simulation: aiInput(tenantId, draft),
      userId: input.userId,
      signal: input.signal,
    });
  } catch (e) {
    if (isAiError(e)) {
      throw new AppError('AI_GENERATION_FAILED', `Error Generating Scenario: ${e.message}`, {
        aiCode: e.aiCode,
        task: e.task,
        messageKey: 'simulations.errors.generateFailed',
      });
    }
    // the criteria changed between the preflight and the generation
    if (isAppError(e) && e.code === 'VALIDATION' && e.details?.field === 'scorecardId') throw criterionRequired();
    throw e;
  }
  const { result, generationIds } = generated;
  const scenarioGenerationId = generationIds[generationIds.length - 1];
  const source = result.provider === 'openai' ? 'model' : 'offline';
  const scenario = { variables: result.variables as unknown as Record<string, unknown>, narrative: result.narrative };
  if (draft.simulationId) {
    await tenant((tx) =>
      storeGeneratedScenario({
        tx,
        tenantId,
        id: draft.simulationId!,
        scenario: {
          details: scenario,
          summary: result.summary,
          source,
          generationId: scenarioGenerationId,
        },
      }),
    );
  }
  return {
    scenario,
    source,
    provider: result.provider,
    model: result.model,
    scenarioGenerationId,
    generationIds,
    prompts: result.prompts,
    usage: result.usage,
    unknownPlaceholders: result.unknownPlaceholders,
    stored: !!draft.simulationId,
  };
}

const generationColumns = {
  id: aiGenerations.id,
  task: aiGenerations.task,
  provider: aiGenerations.provider,
  model: aiGenerations.model,
  promptSystem: aiGenerations.promptSystem,
  promptUser: aiGenerations.promptUser,
  usage: aiGenerations.usage,
  status: aiGenerations.status,
  error: aiGenerations.error,
  durationMs: aiGenerations.durationMs,
  createdAt: aiGenerations.createdAt,
};

/**
 * The generations of a simulation, newest first: those made for it, plus the batch its current
 * scenario came from (a duplicate points at its original's generation).
 */
export async function listGenerations(tx: Executor, tenantId: string, simulationId: string): Promise<GenerationRow[]> {
  const sim = await findSimulationRow(tx, tenantId, simulationId);
  if (!sim) throw new AppError('NOT_FOUND', 'Simulation not found', { messageKey: 'simulations.errors.notFound' });
  const batch = sim.scenarioGenerationId
    ? await loadGenerationBatch({ tx, tenantId, narrativeId: sim.scenarioGenerationId })
    : null;
  const batchIds = batch ? [batch.narrativeId, ...(batch.variablesId ? [batch.variablesId] : [])] : [];
  const rows = await tx
    .select(generationColumns)
    .from(aiGenerations)
    .where(
      and(
        eq(aiGenerations.tenantId, tenantId),
        or(eq(aiGenerations.simulationId, simulationId), ...batchIds.map((id) => eq(aiGenerations.id, id))),
      ),
    )
    .orderBy(desc(aiGenerations.createdAt), desc(aiGenerations.task))
    .limit(100);
  return rows.map((r) => ({ ...r, usage: r.usage ?? null, createdAt: r.createdAt.toISOString() }));
}
