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
import { DEMO_CALL_INSTRUCTIONS, DEMO_ICPS, DEMO_PERSONAS, DEMO_PRODUCT_GROUPINGS } from './personas';
import { DEMO_SCORECARDS } from './scorecards';
import { createSimulation } from './factories';

/**
 * Demo simulations, one per methodology scorecard, each with its own prospect, difficulty and
 * setup, and a scenario written by the offline generator (labelled offline in the UI), so a new
 * user can start a call right after the first start. Names refer to the seeded personas,
 * scorecards, ICPs and product groupings by their exact demo names.
 */
export interface SeedSimulation {
  name: string;
  scorecard: string;
  persona: string;
  icp: string;
  product: string;
  /** Index into DEMO_CALL_INSTRUCTIONS. */
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

const persona = (prefix: string) => DEMO_PERSONAS.find((p) => p.name.startsWith(prefix))!.name;
const icp = (prefix: string) => DEMO_ICPS.find((p) => p.name.startsWith(prefix))!.name;
const product = (name: string) => DEMO_PRODUCT_GROUPINGS.find((p) => p.name === name)!.name;
const card = (name: string) => DEMO_SCORECARDS.find((c) => c.name === name)!.name;

export const DEMO_SIMULATIONS: SeedSimulation[] = [
  {
    name: 'Discovery call with a busy VP of Sales',
    scorecard: card('Discovery (SPIN)'),
    persona: persona('Derek Osei'),
    icp: icp('Mid-market SaaS'),
    product: product('Pulse Forecasting'),
    callInstructions: 0,
    simulationPrompt: 'default',
    difficulty: 'medium',
    timeLimitMinutes: 10,
    language: 'en',
    learnerRole: 'account_executive',
    learnerTeam: 'direct_sales',
    useCase: 'Discovery call',
    icon: 'search',
    availableAsAssessment: true,
    criteriaQuantity: 3,
    instructions:
      'Derek requested a demo two days ago. Open with an agenda and a time check, then use situation, problem and implication questions to understand how his team forecasts today and what the missed quarter cost. Do not demo anything on this call: earn a tailored demo with his RevOps manager, with a date.',
  },
  {
    name: 'MEDDIC qualification with an Italian manufacturer',
    scorecard: card('MEDDIC Qualification'),
    persona: persona('Marco Bellini'),
    icp: icp('Enterprise manufacturing'),
    product: product('Pulse RevOps Data Hub'),
    callInstructions: 0,
    simulationPrompt: 'default',
    difficulty: 'hard',
    timeLimitMinutes: 12,
    language: 'it',
    learnerRole: 'account_executive',
    learnerTeam: 'enterprise',
    useCase: 'Qualification call',
    icon: 'building',
    availableAsAssessment: false,
    criteriaQuantity: 4,
    instructions:
      'The call is in Italian. Marco consolidates six regional forecasts by hand. Qualify the opportunity with MEDDIC: the metrics that matter, who the economic buyer is (the new CCO?), the decision criteria and process, the pain, and whether Marco can champion a pilot. Agree a concrete next step before the time runs out.',
  },
  {
    name: 'Handling objections from a sceptical CFO',
    scorecard: card('Objection Handling'),
    persona: persona('Margaret Holloway'),
    icp: icp('Mid-market SaaS'),
    product: product('Pulse Forecasting'),
    callInstructions: 0,
    simulationPrompt: 'default',
    difficulty: 'expert',
    timeLimitMinutes: 8,
    language: 'en',
    learnerRole: 'account_executive',
    learnerTeam: 'strategic_accounts',
    useCase: 'Business case review',
    icon: 'shield',
    availableAsAssessment: false,
    criteriaQuantity: 3,
    instructions:
      'The VP of Sales at Ledgerline wants Northwind; the CFO, Margaret, must approve the spend. Expect hard questions on ROI, price and proof. Acknowledge each objection, clarify what is behind it, answer with evidence, and check it is resolved before moving on. Never discount without getting something in return.',
  },
  {
    name: 'Cold call to an IT Director',
    scorecard: card('Cold Call Opener'),
    persona: persona('Priya Raman'),
    icp: icp('Enterprise manufacturing'),
    product: product('Pulse RevOps Data Hub'),
    callInstructions: 1,
    simulationPrompt: 'cold_call',
    difficulty: 'easy',
    timeLimitMinutes: 5,
    language: 'en',
    learnerRole: 'business_development',
    learnerTeam: 'direct_sales',
    useCase: 'Cold call',
    icon: 'phone-call',
    availableAsAssessment: true,
    criteriaQuantity: 2,
    instructions:
      'Priya has never heard of Northwind. Ask for permission to talk, give a reason for the call that fits an IT Director who owns the CRM and data platforms, ask one or two sharp questions, and book a 20-minute meeting with a specific date and time.',
  },
  {
    name: 'Closing the next step with an indecisive ops manager',
    scorecard: card('Closing & Next Steps'),
    persona: persona('Tom Becker'),
    icp: icp('Enterprise manufacturing'),
    product: product('Pulse Forecasting'),
    callInstructions: 0,
    simulationPrompt: 'default',
    difficulty: 'medium',
    timeLimitMinutes: 7.5,
    language: 'en',
    learnerRole: 'sales_representative',
    learnerTeam: 'smb',
    useCase: 'Follow-up after the demo',
    icon: 'flag',
    availableAsAssessment: false,
    criteriaQuantity: 3,
    instructions:
      'Tom loved last week’s demo but has not moved since. Summarise the value he saw in his own words, test his readiness with a trial close, and ask for a clear commitment: a meeting with his sales director on a specific date. Watch for vague answers and find out what is really holding him back.',
  },
];

/** Writes the demo simulations for `tenantId` (after personas, configuration and scorecards). */
export async function seedDemoSimulations(db: Executor, tenantId: string): Promise<void> {
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
  for (const s of DEMO_SIMULATIONS) {
    const instructionsText = DEMO_CALL_INSTRUCTIONS[s.callInstructions];
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
