import { boolean, index, integer, jsonb, numeric, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, defaultNow, linkId, parentId, tenantTable } from './columns';
import { users } from './auth';
import { authored } from './authored';
import { callInstructions, icps, personas, productGroupings } from './config';
import type { Difficulty } from '../../server/contracts/enums';
import { prompts } from './prompts';
import { scorecards } from './scorecards';
import type { Language } from '../../server/contracts/languages';

export type ScenarioSource = 'model' | 'offline' | 'manual';

/** 'drill': built from a scored call to train its weakest criteria (sourceCallId, sourceMoment). */
export type SimulationKind = 'standard' | 'drill';

/** The moment of the source call a drill trains: the turn, its words, and the criterion at its level. */
export interface DrillMoment {
  turnSeq: number;
  quote: string;
  speaker: 'rep' | 'prospect';
  criterionId: string;
  criterionName: string;
  level: number | null;
}
export type AiTask = 'scenario_variables' | 'scenario_narrative' | 'evaluation';
export interface AiUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

/** Every text generation: what was sent, what came back, by whom, at what cost. */
export const aiGenerations = tenantTable(
  'ai_generations',
  {
    simulationId: uuid(),
    task: text().$type<AiTask>().notNull(),
    provider: text().$type<'openai' | 'offline'>().notNull(),
    model: text().notNull(),
    promptSystem: text(),
    promptUser: text().notNull(),
    output: jsonb(),
    usage: jsonb().$type<AiUsage>(),
    status: text().$type<'succeeded' | 'failed'>().notNull(),
    error: text(),
    durationMs: integer().notNull().default(0),
    createdBy: linkId(() => users.id),
    createdAt: defaultNow(),
  },
  (t) => [
    index('ai_generations_tenant_idx').on(t.tenantId, t.createdAt),
    index('ai_generations_simulation_idx').on(t.simulationId),
  ],
);

export const simulations = tenantTable(
  'simulations',
  {
    name: text().notNull(),
    difficulty: text().$type<Difficulty>().notNull().default('medium'),
    timeLimitMinutes: numeric({ precision: 5, scale: 1, mode: 'number' }).notNull().default(10),
    language: text().$type<Language>().notNull().default('en'),
    learnerRole: text().notNull().default('sales_representative'),
    learnerTeam: text().notNull().default('direct_sales'),
    criteriaQuantity: integer().notNull().default(3),
    icon: text().notNull().default('phone'),
    availableAsAssessment: boolean().notNull().default(false),
    scorecardId: linkId(() => scorecards.id),
    personaId: linkId(() => personas.id),
    /** A short label of the selling situation (e.g. "Discovery call", "Renewal"). */
    useCase: text(),
    icpId: linkId(() => icps.id),
    productGroupingId: linkId(() => productGroupings.id),
    callInstructionsId: linkId(() => callInstructions.id),
    reportPromptId: linkId(() => prompts.id),
    simulationPromptId: linkId(() => prompts.id),
    /** Scenario variables (structured) and the narrative summary; editable after generation. */
    scenarioDetails: jsonb().$type<Record<string, unknown>>(),
    scenarioSummary: text(),
    scenarioSource: text().$type<ScenarioSource>(),
    scenarioGenerationId: linkId(() => aiGenerations.id),
    instructions: text().notNull().default(''),
    callProvider: text().$type<'openai-realtime' | 'offline'>().notNull().default('openai-realtime'),
    assistantId: text(),
    kind: text().$type<SimulationKind>().notNull().default('standard'),
    /**
     * A drill's source call (its foreign key, cleared when the call goes, is in the migration: the
     * calls table refers to this one).
     */
    sourceCallId: uuid(),
    sourceMoment: jsonb().$type<DrillMoment>(),
    /** The criteria (ids in the source call's scorecard) a drill trains, weakest first. */
    drillCriteria: jsonb().$type<string[]>(),
    ...authored(),
  },
  (t) => [
    index('simulations_tenant_idx').on(t.tenantId, t.createdAt),
    index('simulations_source_call_idx').on(t.sourceCallId),
  ],
);

/** A knowledge-base file of a simulation; its text is split into searchable chunks. */
export const knowledgeFiles = tenantTable(
  'knowledge_files',
  {
    simulationId: parentId(() => simulations.id),
    name: text().notNull(),
    ownerUserId: linkId(() => users.id),
    mimeType: text().notNull(),
    sizeBytes: integer().notNull(),
    content: bytea().notNull(),
    textContent: text().notNull().default(''),
    status: text().$type<'ready' | 'no_text'>().notNull(),
    enabled: boolean().notNull().default(true),
    createdAt: defaultNow(),
  },
  (t) => [index('knowledge_files_simulation_idx').on(t.simulationId)],
);

export const knowledgeChunks = tenantTable(
  'knowledge_chunks',
  {
    fileId: parentId(() => knowledgeFiles.id),
    simulationId: uuid().notNull(),
    position: integer().notNull(),
    content: text().notNull(),
  },
  (t) => [
    index('knowledge_chunks_file_idx').on(t.fileId, t.position),
    index('knowledge_chunks_simulation_idx').on(t.simulationId),
  ],
);
