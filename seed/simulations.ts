import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { personas, prompts, scorecards, simulations } from '../db/schema';
import { type Language } from '../server/contracts/languages';
import { type Difficulty } from '../server/contracts/enums';
import { loadGenerationContext } from '../server/ai/context';
import { generateScenario, recordGeneration } from '../server/ai/scenario';
import { callInstructionRecords } from '../server/services/call-instructions/call-instructions';
import { icpRecords } from '../server/services/icps/icps';
import { productGroupingRecords } from '../server/services/product-groupings/product-groupings';
import type { LearnerRole, LearnerTeam, SimulationIcon } from '../server/contracts/simulations';
import { DEMO_SCORECARDS_BY_LANGUAGE } from '../server/evaluation/offline/demo-scorecards-by-language';
import { DEMO_CONTENT_EN } from './content/en';
import type { DemoContent } from './content/types';
import { createSimulation } from './factories';

/**
 * Demo simulations, one per methodology scorecard, each with its own prospect, difficulty and
 * setup, and a scenario written by the offline generator (labelled offline in the UI), so a new
 * user can start a call right after the first start. A simulation is held in its prospect's
 * language and scored with its scorecard in that language; its words come from the demo content
 * of the tenant's language (seed/content), and its settings from the list below, which names the
 * persona, scorecard, ICP and product grouping by their position in that content.
 */
export interface SeedSimulation {
  name: string;
  scorecard: string;
  persona: string;
  icp: string;
  product: string;
  /** Index into the content's call instructions. */
  callInstructions: number;
  /** Which system simulation prompt: the default one, or the cold-call variant. */
  simulationPrompt: 'default' | 'cold_call';
  difficulty: Difficulty;
  timeLimitMinutes: number;
  language: Language;
  learnerRole: LearnerRole;
  learnerTeam: LearnerTeam;
  useCase: string;
  icon: SimulationIcon;
  availableAsAssessment: boolean;
  criteriaQuantity: number;
  instructions: string;
}

type SimulationSettings = Omit<
  SeedSimulation,
  'name' | 'useCase' | 'instructions' | 'language' | 'scorecard' | 'persona' | 'icp' | 'product'
> & { scorecard: number; persona: number; icp: number; product: number };

// positions in the demo content: personas Margaret, Derek, Priya, Tom, Lucía, Marco; ICPs mid-market
// SaaS, enterprise manufacturing, SMB agency; products Forecasting, Conversation Insights, RevOps Data
// Hub; scorecards Discovery, MEDDIC, Objection Handling, Cold Call Opener, Closing & Next Steps
const SETTINGS: SimulationSettings[] = [
  {
    scorecard: 0,
    persona: 1,
    icp: 0,
    product: 0,
    callInstructions: 0,
    simulationPrompt: 'default',
    difficulty: 'medium',
    timeLimitMinutes: 10,
    learnerRole: 'account_executive',
    learnerTeam: 'direct_sales',
    icon: 'search',
    availableAsAssessment: true,
    criteriaQuantity: 3,
  },
  {
    scorecard: 1,
    persona: 5,
    icp: 1,
    product: 2,
    callInstructions: 0,
    simulationPrompt: 'default',
    difficulty: 'hard',
    timeLimitMinutes: 12,
    learnerRole: 'account_executive',
    learnerTeam: 'enterprise',
    icon: 'building',
    availableAsAssessment: false,
    criteriaQuantity: 4,
  },
  {
    scorecard: 2,
    persona: 0,
    icp: 0,
    product: 0,
    callInstructions: 0,
    simulationPrompt: 'default',
    difficulty: 'expert',
    timeLimitMinutes: 8,
    learnerRole: 'account_executive',
    learnerTeam: 'strategic_accounts',
    icon: 'shield',
    availableAsAssessment: false,
    criteriaQuantity: 3,
  },
  {
    scorecard: 3,
    persona: 2,
    icp: 1,
    product: 2,
    callInstructions: 1,
    simulationPrompt: 'cold_call',
    difficulty: 'easy',
    timeLimitMinutes: 5,
    learnerRole: 'business_development',
    learnerTeam: 'direct_sales',
    icon: 'phone-call',
    availableAsAssessment: true,
    criteriaQuantity: 2,
  },
  {
    scorecard: 4,
    persona: 3,
    icp: 1,
    product: 0,
    callInstructions: 0,
    simulationPrompt: 'default',
    difficulty: 'medium',
    timeLimitMinutes: 7.5,
    learnerRole: 'sales_representative',
    learnerTeam: 'smb',
    icon: 'flag',
    availableAsAssessment: false,
    criteriaQuantity: 3,
  },
];

/** The demo simulations in the words of `content`, each in its prospect's language. */
export function demoSimulations(content: DemoContent): SeedSimulation[] {
  return SETTINGS.map((s, i) => {
    const persona = content.personas[s.persona];
    return {
      ...s,
      ...content.simulations[i],
      language: persona.language,
      persona: persona.name,
      scorecard: DEMO_SCORECARDS_BY_LANGUAGE[persona.language][s.scorecard].name,
      icp: content.icps[s.icp].name,
      product: content.productGroupings[s.product].name,
    };
  });
}

export const DEMO_SIMULATIONS = demoSimulations(DEMO_CONTENT_EN);

/** Writes the demo simulations for `tenantId` (after personas, configuration and scorecards). */
export async function seedDemoSimulations(
  db: Executor,
  tenantId: string,
  content: DemoContent = DEMO_CONTENT_EN,
): Promise<void> {
  const byName = <T extends { name: string }>(rows: T[], name: string, what: string): T => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`seed: demo ${what} "${name}" is missing`);
    return row;
  };
  const personaRows = await db
    .select({ id: personas.id, name: personas.name })
    .from(personas)
    .where(eq(personas.tenantId, tenantId));
  const cardRows = await db
    .select({ id: scorecards.id, name: scorecards.name })
    .from(scorecards)
    .where(and(eq(scorecards.tenantId, tenantId), eq(scorecards.isCurrent, true)));
  const icpRows = await icpRecords.list(db, tenantId);
  const productRows = await productGroupingRecords.list(db, tenantId);
  const instructionRows = await callInstructionRecords.list(db, tenantId);
  // system prompts exist when the app seeds (ensureSystemPrompts runs first); without them the built-in prompts apply
  const systemPrompts = await db
    .select({ id: prompts.id, kind: prompts.kind, systemKey: prompts.systemKey })
    .from(prompts)
    .where(and(isNull(prompts.tenantId), inArray(prompts.kind, ['simulation', 'evaluation'])))
    .orderBy(asc(prompts.systemKey));
  const pick = (kind: 'simulation' | 'evaluation', variant: 'default' | 'cold_call') => {
    const ofKind = systemPrompts.filter((p) => p.kind === kind);
    const wanted =
      variant === 'cold_call'
        ? ofKind.find((p) => p.systemKey?.includes('cold'))
        : ofKind.find((p) => p.systemKey?.endsWith('.default'));
    return (wanted ?? ofKind[0])?.id ?? null;
  };

  const rows: (typeof simulations.$inferInsert)[] = [];
  for (const s of demoSimulations(content)) {
    const instructionsText = content.callInstructions[s.callInstructions];
    const links = {
      personaId: byName(personaRows, s.persona, 'persona').id,
      scorecardId: byName(cardRows, s.scorecard, 'scorecard').id,
      icpId: byName(icpRows, s.icp, 'ICP').id,
      productGroupingId: byName(productRows, s.product, 'product grouping').id,
      callInstructionsId: instructionRows.find((r) => r.instructions === instructionsText)?.id ?? null,
      simulationPromptId: pick('simulation', s.simulationPrompt),
      reportPromptId: pick('evaluation', 'default'),
    };
    // the id is chosen here so the generation rows can name the simulation before its row exists
    const id = randomUUID();
    const setup = {
      difficulty: s.difficulty,
      language: s.language,
      learnerRole: s.learnerRole,
      learnerTeam: s.learnerTeam,
      useCase: s.useCase,
      criteriaQuantity: s.criteriaQuantity,
      ...links,
    };
    // a new simulation has no knowledge files: skip the search (the first full-text query is slow on PGlite)
    const context = await loadGenerationContext(
      db,
      { tenantId, simulationId: id, ...setup },
      { knowledgeBudgetChars: 0 },
    );
    const result = await generateScenario({ provider: null, context });
    const ids = await recordGeneration(db, { tenantId, simulationId: id, records: result.records });
    rows.push({
      id,
      tenantId,
      name: s.name,
      timeLimitMinutes: s.timeLimitMinutes,
      icon: s.icon,
      availableAsAssessment: s.availableAsAssessment,
      instructions: s.instructions,
      callProvider: 'openai-realtime',
      ...setup,
      scenarioDetails: { variables: result.variables, narrative: result.narrative },
      scenarioSummary: result.summary,
      scenarioSource: 'offline',
      scenarioGenerationId: ids[ids.length - 1],
    });
  }
  for (const row of rows) await createSimulation(db, row);
}
