import type { Executor } from '../../db/client';
import { aiGenerations, type AiUsage } from '../../db/schema';
import type { TenantRunner } from '../../db/tenant';
import { AppError } from '../errors';
import {
  loadGenerationContext,
  type GenerationContext,
  type LoadContextOptions,
  type SimulationInput,
} from './context';
import { AiError } from './errors';
import type { GenerationRecord } from './generation-record';
import { addUsage, recordedGeneration } from './recorded-generation';
import { describeOfflineInputs, generateOfflineScenario, OFFLINE_MODEL } from './offline-scenario';
import { assemblePrompt, drillPromptBlock } from './prompt-assembly';
import type { TextProvider } from './provider';
import type { ZodType } from 'zod';
import { readScenario, renderText } from '../contracts/scenario/render';
import {
  formatScenario,
  scenarioNarrativeSchema,
  scenarioVariablesSchema,
  type ScenarioNarrative,
  type ScenarioVariables,
} from '../contracts/scenario/schema';

export interface ScenarioResult {
  /** As stored: names in the texts replaced by placeholders (server/contracts/scenario/render.ts). */
  variables: ScenarioVariables;
  narrative: ScenarioNarrative;
  /** The learner's summary rendered from the fields. */
  summary: string;
  provider: 'openai' | 'offline';
  model: string;
  /** The assembled prompts exactly as sent, per step (offline: a description of the inputs). */
  prompts: { variables: { system: string | null; user: string }; narrative: { system: string | null; user: string } };
  /** Sum over both steps; null when the server reported none (and always for offline). */
  usage: AiUsage | null;
  durationMs: number;
  /** Placeholders the prompts used that assembly does not know (they were sent empty). */
  unknownPlaceholders: string[];
  /** Both steps, ready for recordGeneration. */
  records: GenerationRecord[];
}

export interface GenerateScenarioInput {
  /** null: the offline generator (no API key configured). */
  provider: TextProvider | null;
  context: GenerationContext;
  signal?: AbortSignal;
}

/** A scenario needs at least one criterion marked for scenario generation. */
function assertScenarioReady(context: GenerationContext): void {
  if (!context.scorecard.criteria.some((c) => c.includeInScenario)) {
    throw new AppError('VALIDATION', 'At least one criterion must be marked for scenario generation', {
      field: 'scorecardId',
    });
  }
}

/** The generated scenario in its stored shape, and its summary as the learner reads it. */
function stored(context: GenerationContext, variables: ScenarioVariables, narrative: ScenarioNarrative) {
  const s = readScenario({ variables, narrative }, context.language)!;
  return { variables: s.variables!, narrative: s.narrative, summary: renderText(s.narrative.summary, s.variables!) };
}

function offlineScenario(context: GenerationContext): ScenarioResult {
  const started = performance.now();
  const { variables, narrative } = generateOfflineScenario(context);
  const durationMs = Math.round(performance.now() - started);
  const prompts = {
    variables: { system: null, user: describeOfflineInputs(context, 'scenario_variables') },
    narrative: { system: null, user: describeOfflineInputs(context, 'scenario_narrative') },
  };
  const base = {
    provider: 'offline' as const,
    model: OFFLINE_MODEL,
    usage: null,
    status: 'succeeded' as const,
    error: null,
    durationMs,
  };
  return {
    ...stored(context, variables, narrative),
    provider: 'offline',
    model: OFFLINE_MODEL,
    prompts,
    usage: null,
    durationMs,
    unknownPlaceholders: [],
    records: [
      { ...base, task: 'scenario_variables', prompt: prompts.variables, output: variables },
      { ...base, task: 'scenario_narrative', prompt: prompts.narrative, output: narrative, durationMs: 0 },
    ],
  };
}

/** A scenario step's failure as stored: its code and message. */
const errorText = (e: AiError) => `${e.aiCode}: ${e.message}`;

/**
 * Generates a scenario in two steps, variables then narrative, with the model when `provider` is
 * set and offline otherwise. Touches no database: load the context in one transaction, call
 * this outside any, store `records` in another. A model failure throws AiError whose `records`
 * hold the attempted steps (store them too).
 */
export async function generateScenario({ provider, context, signal }: GenerateScenarioInput): Promise<ScenarioResult> {
  assertScenarioReady(context);
  if (!provider) return offlineScenario(context);

  // each step sends its assembled prompt (stored as sent) and asks for its schema, named as its task
  const step = <T>(
    task: 'scenario_variables' | 'scenario_narrative',
    schema: ZodType<T>,
    prompt: GenerationRecord['prompt'],
  ) => recordedGeneration(provider, { task, schema, schemaName: task, signal, prompt, before: records, errorText });
  const records: GenerationRecord[] = [];

  const varsPrompt = assemblePrompt(context.prompts.scenarioVariables, context, { kind: 'scenario_variables' });
  const varsSent = {
    system: varsPrompt.system,
    user: context.drill ? `${varsPrompt.user}\n\n${drillPromptBlock(context.drill)}` : varsPrompt.user,
  };
  const { result: vars, record: varsRecord } = await step('scenario_variables', scenarioVariablesSchema, varsSent);
  records.push(varsRecord);

  const narrPrompt = assemblePrompt(context.prompts.scenarioNarrative, context, {
    kind: 'scenario_narrative',
    scenario: formatScenario(vars.data),
  });
  const narrSent = { system: narrPrompt.system, user: narrPrompt.user };
  const { result: narr, record: narrRecord } = await step('scenario_narrative', scenarioNarrativeSchema, narrSent);
  records.push(narrRecord);

  return {
    ...stored(context, vars.data, narr.data),
    provider: 'openai',
    model: narr.model,
    prompts: { variables: varsSent, narrative: narrSent },
    usage: addUsage(vars.usage, narr.usage),
    durationMs: vars.durationMs + narr.durationMs,
    unknownPlaceholders: [...new Set([...varsPrompt.unknown, ...narrPrompt.unknown])],
    records,
  };
}

export interface RecordGenerationInput {
  tenantId: string;
  simulationId?: string | null;
  createdBy?: string | null;
  records: GenerationRecord[];
}

/** Stores each step in ai_generations (in `tx`, a tenant transaction); returns the ids in order. */
export async function recordGeneration(tx: Executor, input: RecordGenerationInput): Promise<string[]> {
  if (input.records.length === 0) return [];
  const rows = await tx
    .insert(aiGenerations)
    .values(
      input.records.map((r) => ({
        tenantId: input.tenantId,
        simulationId: input.simulationId ?? null,
        task: r.task,
        provider: r.provider,
        model: r.model,
        promptSystem: r.prompt.system,
        promptUser: r.prompt.user,
        output: r.output ?? null,
        usage: r.usage,
        status: r.status,
        error: r.error,
        durationMs: r.durationMs,
        createdBy: input.createdBy ?? null,
      })),
    )
    .returning({ id: aiGenerations.id });
  return rows.map((r) => r.id);
}

export interface GenerateAndRecordInput {
  /** The simulation's tenant, as the caller's transport or job runner opened it. */
  tenant: TenantRunner;
  provider: TextProvider | null;
  simulation: SimulationInput;
  userId?: string | null;
  signal?: AbortSignal;
  options?: LoadContextOptions;
}

/**
 * The whole flow with the transaction discipline PGlite needs: load the context in one tenant
 * transaction, call the model outside any transaction, store the steps in another. Failures are
 * stored too, then rethrown. `generationIds` are [variables, narrative]; the last is the one a
 * simulation's scenarioGenerationId points to.
 */
export async function generateAndRecordScenario(
  input: GenerateAndRecordInput,
): Promise<{ result: ScenarioResult; generationIds: string[] }> {
  const { tenant, simulation } = input;
  const context = await tenant((tx) => loadGenerationContext(tx, simulation, input.options));
  const store = (records: GenerationRecord[]) =>
    tenant((tx) =>
      recordGeneration(tx, {
        tenantId: simulation.tenantId,
        simulationId: simulation.simulationId,
        createdBy: input.userId,
        records,
      }),
    );
  try {
    const result = await generateScenario({ provider: input.provider, context, signal: input.signal });
    return { result, generationIds: await store(result.records) };
  } catch (e) {
    if (e instanceof AiError && e.records.length > 0) await store(e.records);
    throw e;
  }
}
