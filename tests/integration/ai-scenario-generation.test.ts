import { asc, eq } from 'drizzle-orm';
import { tenantRunner } from '../helpers/tenant-runner';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiGenerations } from '../../db/schema';
import {
  createCallInstruction,
  createClientOverview,
  createIcp,
  createKnowledgeFile,
  createPersona,
  createProductGrouping,
  createPrompt,
  createScorecard,
  createSimulation,
} from '../../seed/factories';
import { asSystem, withTenant } from '../../db/tenant';
import { loadGenerationContext, type SimulationInput } from '../../server/ai/context';
import { AiError } from '../../server/ai/errors';
import { OFFLINE_MODEL } from '../../server/ai/offline-scenario';
import { type TextProvider } from '../../server/ai/provider';

import { createTextProvider } from '../../server/ai/create-provider';
import { generateAndRecordScenario } from '../../server/ai/scenario';
import type { ScenarioNarrative, ScenarioVariables } from '../../server/contracts/scenario/schema';
import { loadEnv } from '../../server/env';
import { isAppError } from '../../server/errors';
import { useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai';
import { closeAll } from '../helpers/lifecycle';

const database = useTestDatabase();
let fake: FakeOpenAI;
let provider: TextProvider;
let tenantId: string;
let userId: string;
let input: SimulationInput;
let otherTenantPersonaId: string;

const FACT = 'RouteWise customers cut empty truck kilometres by 18% in the first six months.';

const VARIABLES: ScenarioVariables = {
  prospect_name: 'Laura Gómez',
  prospect_role: 'Head of Operations',
  company_name: 'Transportes Sierra',
  company_size: '320 employees',
  industry: 'Road freight',
  current_situation: 'Dispatch is planned in spreadsheets.',
  pain_points: ['Empty kilometres'],
  goals: ['Cut fuel costs'],
  objections: [{ objection: 'Too expensive', surfaces_when: 'When price comes up', moment: 'price' }],
  budget: 'None allocated',
  timeline: 'This year',
  decision_process: 'CFO signs',
  competitors: ['FleetPlan'],
  hidden_information: [
    {
      information: 'Board review in March',
      reveal_when: 'Asked about deadlines',
      topic: 'timing',
      said: 'Our board reviews this in March.',
    },
  ],
  success_signals: ['Quantified pain'],
};
const NARRATIVE: ScenarioNarrative = {
  summary: 'You are calling Laura at Transportes Sierra.',
  opening_line: 'Laura speaking.',
};

async function seedConfig(tenant: string) {
  return withTenant(database.db, tenant, async (tx) => {
    const persona = await createPersona(tx, {
      tenantId: tenant,
      name: 'Laura Gómez',
      shortDescription: 'Head of Operations at a logistics company',
      longDescription: 'Pragmatic and busy.',
      behaviourNotes: { hard: 'Interrupts early pitches.' },
    });
    const icp = await createIcp(tx, {
      tenantId: tenant,
      name: 'Mid-market logistics',
      details: 'Industry: Road freight. Fleets of 50-300 trucks.',
    });
    const product = await createProductGrouping(tx, {
      tenantId: tenant,
      name: 'RouteWise',
      details: 'Route optimisation for truck fleets.',
    });
    const instructions = await createCallInstruction(tx, {
      tenantId: tenant,
      instructions: 'Keep calls under ten minutes.',
    });
    await createClientOverview(tx, {
      tenantId: tenant,
      details: 'Acme builds planning software for transport companies.',
    });
    const card = await createScorecard(tx, {
      tenantId: tenant,
      name: 'Discovery',
      shortDescription: 'Discovery basics',
      criteria: [
        {
          position: 1,
          name: 'Map the decision',
          description: 'Finds who decides',
          includeInScenario: true,
          levelZero: 'No',
          levelLow: 'Some',
          levelHigh: 'All stakeholders',
        },
        {
          position: 0,
          name: 'Quantify the pain',
          description: 'Gets numbers',
          includeInScenario: true,
          levelZero: 'No',
          levelLow: 'Rough',
          levelHigh: 'Hours and euros',
        },
        {
          position: 2,
          name: 'Small talk',
          description: 'Rapport',
          includeInScenario: false,
          levelZero: 'No',
          levelLow: 'Some',
          levelHigh: 'Warm',
        },
      ],
    });
    const sim = await createSimulation(tx, {
      tenantId: tenant,
      name: 'Discovery with Laura',
      difficulty: 'hard',
      language: 'en',
    });
    await createKnowledgeFile(tx, {
      tenantId: tenant,
      simulationId: sim.id,
      name: 'case-study.txt',
      sizeBytes: 10,
      content: Buffer.from('x'),
      textContent: FACT,
      chunks: ['Company history: founded in 1998 in Lyon.', FACT],
    });
    return { persona, icp, product, instructions, card, sim };
  });
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  provider = createTextProvider(
    loadEnv({
      NODE_ENV: 'test',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_MODEL_SCENARIO: 'scenario-model',
    }),
  )!;
  const tenant = await createTenant(database.db, { name: 'alpha' });
  tenantId = tenant.id;
  userId = (await createTenantUser(database.db, tenantId, { userType: 'admin' })).id;
  const c = await seedConfig(tenantId);
  input = {
    tenantId,
    simulationId: c.sim.id,
    difficulty: 'hard',
    language: 'en',
    learnerRole: 'account_executive',
    useCase: 'Discovery call',
    personaId: c.persona.id,
    scorecardId: c.card.id,
    icpId: c.icp.id,
    productGroupingId: c.product.id,
    callInstructionsId: c.instructions.id,
  };
  const other = await createTenant(database.db, { name: 'beta' });
  otherTenantPersonaId = (await seedConfig(other.id)).persona.id;
});
afterAll(() => closeAll(fake));
beforeEach(() => {
  fake.reset();
  fake.setDefault(null);
});

const generationsOf = (simulationId: string) =>
  withTenant(database.db, tenantId, (tx) =>
    tx
      .select()
      .from(aiGenerations)
      .where(eq(aiGenerations.simulationId, simulationId))
      .orderBy(asc(aiGenerations.createdAt), asc(aiGenerations.task)),
  );

async function freshSimulation(): Promise<string> {
  return withTenant(database.db, tenantId, async (tx) => (await createSimulation(tx, { tenantId, name: 'fresh' })).id);
}

describe('loadGenerationContext', () => {
  it('loads the configuration, ordered criteria, relevant knowledge and the built-in prompts', async () => {
    const ctx = await withTenant(database.db, tenantId, (tx) => loadGenerationContext(tx, input));
    expect(ctx.persona.name).toBe('Laura Gómez');
    expect(ctx.persona.behaviourNotes).toEqual({ hard: 'Interrupts early pitches.' });
    expect(ctx.icp?.name).toBe('Mid-market logistics');
    expect(ctx.product?.name).toBe('RouteWise');
    expect(ctx.clientOverview).toContain('Acme');
    expect(ctx.callInstructions?.instructions).toBe('Keep calls under ten minutes.');
    expect(ctx.scorecard.criteria.map((c) => c.name)).toEqual(['Quantify the pain', 'Map the decision', 'Small talk']);
    expect(ctx.knowledge[0].content).toBe(FACT); // ranked: it shares words with the product and ICP
    expect(ctx.prompts.scenarioVariables.source).toBe('builtin');
    expect(ctx.prompts.simulation).toBeNull();
  });

  it("refuses another tenant's records as not found, naming the field", async () => {
    const err = await withTenant(database.db, tenantId, (tx) =>
      loadGenerationContext(tx, { ...input, personaId: otherTenantPersonaId }),
    ).catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe('NOT_FOUND');
    expect(isAppError(err) && err.details).toEqual({ field: 'personaId' });
  });
});

describe('scenario generation with the model (fake server)', () => {
  it('runs both steps and stores each prompt exactly as sent, with output and usage', async () => {
    const simulationId = await freshSimulation();
    fake.enqueue(
      { data: VARIABLES, usage: { prompt_tokens: 900, completion_tokens: 300, total_tokens: 1200 } },
      { data: NARRATIVE, usage: { prompt_tokens: 500, completion_tokens: 80, total_tokens: 580 } },
    );
    const { result, generationIds } = await generateAndRecordScenario({
      tenant: tenantRunner(database.db, input.tenantId),
      provider,
      simulation: { ...input, simulationId },
      userId,
    });

    expect(result).toMatchObject({
      variables: VARIABLES,
      provider: 'openai',
      model: 'scenario-model',
      usage: { inputTokens: 1400, outputTokens: 380, totalTokens: 1780 },
    });
    // stored with the names as placeholders, so a rename in the wizard reaches every text; the summary is rendered from the fields
    expect(result.narrative).toEqual({
      summary: 'You are calling {{prospect_first_name}} at {{company_name}}.',
      opening_line: '{{prospect_first_name}} speaking.',
    });
    expect(result.summary).toBe(NARRATIVE.summary);
    expect(fake.requests).toHaveLength(2);
    const [varsReq, narrReq] = fake.requests.map((r) => r.body!);
    expect(varsReq.model).toBe('scenario-model');
    expect(varsReq.response_format.json_schema.name).toBe('scenario_variables');
    expect(narrReq.response_format.json_schema.name).toBe('scenario_narrative');
    expect(varsReq.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(varsReq.messages[1].content).toContain('Laura Gómez');
    expect(varsReq.messages[1].content).toContain('Hard (Advanced)');
    expect(varsReq.messages[1].content).toContain('Interrupts early pitches.');
    expect(varsReq.messages[1].content).toContain('Quantify the pain');
    expect(varsReq.messages[1].content).not.toContain('Small talk');
    expect(narrReq.messages[1].content).toContain('Company: Transportes Sierra'); // step 2 receives step 1
    expect(narrReq.messages[1].content).toContain('Keep calls under ten minutes.');

    const rows = await generationsOf(simulationId);
    expect(rows.map((r) => r.id).sort()).toEqual([...generationIds].sort());
    const byTask = Object.fromEntries(rows.map((r) => [r.task, r]));
    for (const [task, req] of [
      ['scenario_variables', varsReq],
      ['scenario_narrative', narrReq],
    ] as const) {
      const row = byTask[task];
      expect(row.promptSystem).toBe(req.messages[0].content);
      expect(row.promptUser).toBe(req.messages[1].content);
      expect(row).toMatchObject({
        provider: 'openai',
        model: 'scenario-model',
        status: 'succeeded',
        error: null,
        createdBy: userId,
        tenantId,
      });
    }
    expect(byTask.scenario_variables.output).toEqual(VARIABLES);
    expect(byTask.scenario_variables.usage).toEqual({ inputTokens: 900, outputTokens: 300, totalTokens: 1200 });
    expect(byTask.scenario_narrative.output).toEqual(NARRATIVE);
  });

  it('stores the failed step too, then throws an AiError the UI can offer to retry', async () => {
    const simulationId = await freshSimulation();
    fake.enqueue({ data: VARIABLES }, { status: 500 }, { status: 503 });
    const err = await generateAndRecordScenario({
      tenant: tenantRunner(database.db, input.tenantId),
      provider,
      simulation: { ...input, simulationId },
      userId,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiError);
    expect((err as AiError).aiCode).toBe('UPSTREAM');
    expect((err as AiError).task).toBe('scenario_narrative');
    expect(fake.requests).toHaveLength(3);

    const rows = await generationsOf(simulationId);
    const byTask = Object.fromEntries(rows.map((r) => [r.task, r]));
    expect(byTask.scenario_variables.status).toBe('succeeded');
    expect(byTask.scenario_narrative).toMatchObject({ status: 'failed', output: null, usage: null });
    expect(byTask.scenario_narrative.error).toMatch(/^UPSTREAM: .*503/);
    expect(byTask.scenario_narrative.promptUser).toBe(fake.requests[2].body!.messages[1].content);
  });

  it('an answer that breaks the schema is stored as a failed step with INVALID_OUTPUT', async () => {
    const simulationId = await freshSimulation();
    fake.enqueue({ data: { ...VARIABLES, objections: [] } });
    const err = await generateAndRecordScenario({
      tenant: tenantRunner(database.db, input.tenantId),
      provider,
      simulation: { ...input, simulationId },
    }).catch((e: unknown) => e);
    expect((err as AiError).aiCode).toBe('INVALID_OUTPUT');
    const rows = await generationsOf(simulationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ task: 'scenario_variables', status: 'failed' });
    expect(rows[0].error).toContain('objections');
  });
});

describe('offline scenario generation', () => {
  it('needs no server, is labelled offline, quotes the knowledge base and is stored', async () => {
    const { result, generationIds } = await generateAndRecordScenario({
      tenant: tenantRunner(database.db, input.tenantId),
      provider: null,
      simulation: input,
      userId,
    });
    expect(fake.requests).toHaveLength(0);
    expect(result.provider).toBe('offline');
    expect(result.model).toBe(OFFLINE_MODEL);
    // the learner's background quotes the most relevant passage; a hard prospect doubts the claim in its own words
    expect(result.summary).toContain(FACT);
    expect(result.variables.objections.map((o) => o.objection).join(' ')).toContain(FACT.replace(/\.$/, ''));
    const rows = await withTenant(database.db, tenantId, (tx) =>
      tx.select().from(aiGenerations).where(eq(aiGenerations.id, generationIds[0])),
    );
    expect(rows[0]).toMatchObject({
      provider: 'offline',
      model: OFFLINE_MODEL,
      status: 'succeeded',
      promptSystem: null,
      usage: null,
    });
    expect(rows[0].promptUser).toContain('no model was called');
  });
});

describe('prompt choice', () => {
  it('uses the system prompt of the kind, or a chosen tenant prompt, and reports unknown placeholders', async () => {
    await asSystem(database.db, { action: 'test.system_prompt' }, (tx) =>
      createPrompt(tx, {
        systemKey: 'test.scenario_variables',
        kind: 'scenario_variables',
        name: 'System variables',
        systemPrompt: null,
        userPrompt: 'SYSTEM PROMPT for {{persona.name}}',
      }),
    );
    const own = await withTenant(database.db, tenantId, (tx) =>
      createPrompt(tx, {
        tenantId,
        kind: 'scenario_variables',
        name: 'Ours',
        systemPrompt: 'Be {{mood}}.',
        userPrompt: 'OURS for {{persona.name}} in {{language}}',
      }),
    );

    const ctx = await withTenant(database.db, tenantId, (tx) => loadGenerationContext(tx, input));
    expect(ctx.prompts.scenarioVariables).toMatchObject({ source: 'system', name: 'System variables' });

    fake.enqueue({ data: VARIABLES }, { data: NARRATIVE });
    const { result } = await generateAndRecordScenario({
      tenant: tenantRunner(database.db, input.tenantId),
      provider,
      simulation: { ...input, scenarioVariablesPromptId: own.id },
    });
    expect(fake.requests[0].body!.messages).toEqual([
      { role: 'system', content: 'Be .' },
      { role: 'user', content: 'OURS for Laura Gómez in English' },
    ]);
    expect(result.unknownPlaceholders).toEqual(['{{mood}}']);
  });
});
