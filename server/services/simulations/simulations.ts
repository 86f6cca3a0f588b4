import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { aiGenerations, personas, scorecards, simulations } from '../../../db/schema';
import { readScenario } from '../../contracts/scenario/render';
import { AppError } from '../../errors';
import { copyKnowledgeFiles } from '../knowledge/copy';
import { deleteTenantRow } from '../named-records/delete-row';
import type { SimulationDetail, SimulationListItem, SimulationValues } from '../../contracts/simulations';
import { assertLinksBelongToTenant } from './links';
import { resolveScenario } from './scenario-source';

/**
 * Simulations of one tenant. Every function takes the request's tenant transaction (RLS); the
 * tenant id is also written and filtered explicitly, so a system handle stays inside the tenant.
 */

const notFound = () => new AppError('NOT_FOUND', 'Simulation not found', { messageKey: 'simulations.errors.notFound' });

type Row = typeof simulations.$inferSelect;

/** The stored scenario in today's shape, whatever shape it was stored in (see readScenario). */
function storedScenario(row: Row): SimulationDetail['scenario'] {
  const s = readScenario(row.scenarioDetails, row.language);
  return s && { variables: s.variables as Record<string, unknown> | null, narrative: s.narrative };
}

function toDetail(row: Row): SimulationDetail {
  return {
    id: row.id,
    name: row.name,
    difficulty: row.difficulty,
    timeLimitMinutes: Number(row.timeLimitMinutes),
    language: row.language,
    useCase: row.useCase,
    icon: row.icon,
    availableAsAssessment: row.availableAsAssessment,
    instructions: row.instructions,
    personaId: row.personaId,
    learnerRole: row.learnerRole,
    learnerTeam: row.learnerTeam,
    icpId: row.icpId,
    productGroupingId: row.productGroupingId,
    callInstructionsId: row.callInstructionsId,
    scorecardId: row.scorecardId,
    criteriaQuantity: row.criteriaQuantity,
    simulationPromptId: row.simulationPromptId,
    reportPromptId: row.reportPromptId,
    callProvider: row.callProvider,
    assistantId: row.assistantId,
    scenario: storedScenario(row),
    scenarioSummary: row.scenarioSummary,
    scenarioSource: row.scenarioSource,
    scenarioGenerationId: row.scenarioGenerationId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns a save writes (scenario columns are resolved separately). */
function values(v: SimulationValues) {
  return {
    name: v.name,
    difficulty: v.difficulty,
    timeLimitMinutes: v.timeLimitMinutes,
    language: v.language,
    useCase: v.useCase?.trim() || null,
    icon: v.icon,
    availableAsAssessment: v.availableAsAssessment,
    instructions: v.instructions,
    personaId: v.personaId,
    learnerRole: v.learnerRole,
    learnerTeam: v.learnerTeam,
    icpId: v.icpId ?? null,
    productGroupingId: v.productGroupingId ?? null,
    callInstructionsId: v.callInstructionsId ?? null,
    scorecardId: v.scorecardId,
    criteriaQuantity: v.criteriaQuantity,
    simulationPromptId: v.simulationPromptId ?? null,
    reportPromptId: v.reportPromptId ?? null,
    callProvider: v.callProvider,
    assistantId: v.assistantId?.trim() || null,
  };
}

export async function listSimulations(tx: Executor, tenantId: string): Promise<SimulationListItem[]> {
  const rows = await tx
    .select({
      id: simulations.id,
      name: simulations.name,
      icon: simulations.icon,
      difficulty: simulations.difficulty,
      timeLimitMinutes: simulations.timeLimitMinutes,
      language: simulations.language,
      useCase: simulations.useCase,
      personaName: personas.name,
      scorecardName: scorecards.name,
      scenarioSource: simulations.scenarioSource,
      scenarioProvider: aiGenerations.provider,
      availableAsAssessment: simulations.availableAsAssessment,
      updatedAt: simulations.updatedAt,
    })
    .from(simulations)
    .leftJoin(personas, eq(personas.id, simulations.personaId))
    .leftJoin(scorecards, eq(scorecards.id, simulations.scorecardId))
    .leftJoin(aiGenerations, eq(aiGenerations.id, simulations.scenarioGenerationId))
    .where(eq(simulations.tenantId, tenantId))
    .orderBy(asc(sql`lower(${simulations.name})`), desc(simulations.createdAt));
  return rows.map((r) => ({
    ...r,
    timeLimitMinutes: Number(r.timeLimitMinutes),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function findSimulationRow(tx: Executor, tenantId: string, id: string): Promise<Row | null> {
  const [row] = await tx
    .select()
    .from(simulations)
    .where(and(eq(simulations.tenantId, tenantId), eq(simulations.id, id)))
    .limit(1);
  return row ?? null;
}

export async function getSimulation(tx: Executor, tenantId: string, id: string): Promise<SimulationDetail> {
  const row = await findSimulationRow(tx, tenantId, id);
  if (!row) throw notFound();
  return toDetail(row);
}

export async function createSimulation({
  tx,
  tenantId,
  userId,
  values: v,
}: {
  tx: Executor;
  tenantId: string;
  userId: string | null;
  values: SimulationValues;
}): Promise<SimulationDetail> {
  await assertLinksBelongToTenant(tx, tenantId, v);
  const [row] = await tx
    .insert(simulations)
    .values({ tenantId, createdBy: userId, ...values(v) })
    .returning({ id: simulations.id });
  const scenario = await resolveScenario({
    tx,
    tenantId,
    simulationId: row.id,
    scenario: v.scenario,
    generationId: v.scenarioGenerationId,
    language: v.language,
  });
  const [saved] = await tx.update(simulations).set(scenario).where(eq(simulations.id, row.id)).returning();
  return toDetail(saved);
}

export async function updateSimulation({
  tx,
  tenantId,
  id,
  values: v,
}: {
  tx: Executor;
  tenantId: string;
  id: string;
  values: SimulationValues;
}): Promise<SimulationDetail> {
  const existing = await findSimulationRow(tx, tenantId, id);
  if (!existing) throw notFound();
  await assertLinksBelongToTenant(tx, tenantId, v);
  const scenario = await resolveScenario({
    tx,
    tenantId,
    simulationId: id,
    scenario: v.scenario,
    generationId: v.scenarioGenerationId,
    language: v.language,
  });
  const [saved] = await tx
    .update(simulations)
    .set({ ...values(v), ...scenario, updatedAt: new Date() })
    .where(and(eq(simulations.tenantId, tenantId), eq(simulations.id, id)))
    .returning();
  return toDetail(saved);
}

/** A copy named "<name> (copy)" with the same setup, scenario and knowledge-base files (with their chunks). */
export async function duplicateSimulation({
  tx,
  tenantId,
  userId,
  id,
}: {
  tx: Executor;
  tenantId: string;
  userId: string | null;
  id: string;
}): Promise<SimulationDetail> {
  const src = await findSimulationRow(tx, tenantId, id);
  if (!src) throw notFound();
  const { id: _id, createdAt: _c, updatedAt: _u, createdBy: _b, name, ...rest } = src;
  const [row] = await tx
    .insert(simulations)
    .values({ ...rest, tenantId, name: `${name} (copy)`, createdBy: userId })
    .returning();
  await copyKnowledgeFiles(tx, {
    fromTenant: tenantId,
    toTenant: tenantId,
    fromSimulation: src.id,
    toSimulation: row.id,
    owners: 'keep',
  });
  return toDetail(row);
}

export async function deleteSimulation(
  tx: Executor,
  tenantId: string,
  id: string,
): Promise<{ id: string; name: string | null }> {
  return deleteTenantRow({ db: tx, table: simulations, tenantId, id, notFound });
}

/** Stores a freshly generated scenario on a saved simulation (generateScenario with simulationId). */
export async function storeGeneratedScenario({
  tx,
  tenantId,
  id,
  scenario: s,
}: {
  tx: Executor;
  tenantId: string;
  id: string;
  scenario: { details: Record<string, unknown>; summary: string; source: 'model' | 'offline'; generationId: string };
}): Promise<void> {
  const [row] = await tx
    .update(simulations)
    .set({
      scenarioDetails: s.details,
      scenarioSummary: s.summary,
      scenarioSource: s.source,
      scenarioGenerationId: s.generationId,
      updatedAt: new Date(),
    })
    .where(and(eq(simulations.tenantId, tenantId), eq(simulations.id, id)))
    .returning({ id: simulations.id });
  if (!row) throw notFound();
}
