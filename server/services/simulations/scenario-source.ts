import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { aiGenerations, type ScenarioSource } from '../../../db/schema';
import { type Language } from '../../contracts/languages';
import { readScenario, renderText, type Scenario } from '../../contracts/scenario/render';
import { AppError } from '../../errors';
import type { ScenarioValues } from '../../contracts/simulations';

/** JSON with sorted keys, so two equal values compare equal whatever the key order (jsonb reorders). */
function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v as Record<string, unknown>)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

export interface GenerationBatch {
  variablesId: string | null;
  narrativeId: string;
  provider: 'openai' | 'offline';
  simulationId: string | null;
  /** The generated scenario, in its stored shape like a submitted one (readScenario). */
  scenario: Scenario | null;
}

/**
 * The two rows of one scenario generation: the narrative row `narrativeId` and the variables row
 * stored in the same insert (same createdAt, simulation and author). Only succeeded rows count.
 */
export async function loadGenerationBatch({
  tx,
  tenantId,
  narrativeId,
  language = 'en',
}: {
  tx: Executor;
  tenantId: string;
  narrativeId: string;
  language?: Language;
}): Promise<GenerationBatch | null> {
  // a succeeded row of the tenant for `task` that also meets `where`
  const succeeded = async (task: 'scenario_narrative' | 'scenario_variables', where: SQL) => {
    const [row] = await tx
      .select()
      .from(aiGenerations)
      .where(
        and(
          eq(aiGenerations.tenantId, tenantId),
          eq(aiGenerations.task, task),
          eq(aiGenerations.status, 'succeeded'),
          where,
        ),
      )
      .limit(1);
    return row;
  };
  const narr = await succeeded('scenario_narrative', eq(aiGenerations.id, narrativeId));
  if (!narr) return null;
  const vars = await succeeded(
    'scenario_variables',
    and(
      // compared in the database: a JS Date keeps milliseconds, Postgres microseconds
      sql`${aiGenerations.createdAt} = (select g.created_at from ai_generations g where g.id = ${narr.id})`,
      narr.simulationId ? eq(aiGenerations.simulationId, narr.simulationId) : isNull(aiGenerations.simulationId),
      narr.createdBy ? eq(aiGenerations.createdBy, narr.createdBy) : isNull(aiGenerations.createdBy),
    )!,
  );
  return {
    variablesId: vars?.id ?? null,
    narrativeId: narr.id,
    provider: narr.provider,
    simulationId: narr.simulationId,
    scenario: readScenario({ variables: vars ? vars.output : null, narrative: narr.output }, language),
  };
}

export interface ResolvedScenario {
  scenarioDetails: Record<string, unknown> | null;
  scenarioSummary: string | null;
  scenarioSource: ScenarioSource | null;
  scenarioGenerationId: string | null;
}

/**
 * What a save stores for the scenario: today's shape (old shapes and names written out are
 * normalised by readScenario), and the learner's summary rendered from the fields. The source is
 * decided here, not trusted from the client:
 * the generator's own ('model' / 'offline') while the text is exactly what was generated, 'manual'
 * once the user changed any of it or wrote it by hand; the generation link is kept either way.
 * Generation rows made in the wizard before the simulation existed are attached to it.
 */
export async function resolveScenario({
  tx,
  tenantId,
  simulationId,
  scenario,
  generationId,
  language,
}: {
  tx: Executor;
  tenantId: string;
  simulationId: string;
  scenario: ScenarioValues | null | undefined;
  generationId: string | null | undefined;
  language: Language;
}): Promise<ResolvedScenario> {
  const details = scenario ? readScenario(scenario, language) : null;
  if (!details)
    return { scenarioDetails: null, scenarioSummary: null, scenarioSource: null, scenarioGenerationId: null };
  const summary = details.variables
    ? renderText(details.narrative.summary, details.variables)
    : details.narrative.summary;
  if (!generationId)
    return {
      scenarioDetails: { ...details },
      scenarioSummary: summary,
      scenarioSource: 'manual',
      scenarioGenerationId: null,
    };

  const batch = await loadGenerationBatch({ tx, tenantId, narrativeId: generationId, language });
  if (!batch)
    throw new AppError('VALIDATION', 'The scenario generation does not exist', {
      field: 'scenarioGenerationId',
      messageKey: 'simulations.validation.linkNotFound',
    });
  const unchanged = batch.scenario !== null && stable(batch.scenario) === stable(details);
  if (batch.simulationId === null) {
    const ids = [batch.narrativeId, ...(batch.variablesId ? [batch.variablesId] : [])];
    await tx
      .update(aiGenerations)
      .set({ simulationId })
      .where(and(inArray(aiGenerations.id, ids), isNull(aiGenerations.simulationId)));
  }
  return {
    scenarioDetails: { ...details },
    scenarioSummary: summary,
    scenarioSource: unchanged ? (batch.provider === 'openai' ? 'model' : 'offline') : 'manual',
    scenarioGenerationId: batch.narrativeId,
  };
}
