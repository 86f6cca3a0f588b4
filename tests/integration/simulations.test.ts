import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  aiGenerations,
  auditLog,
  clients,
  personas,
  scorecardCriteria,
  scorecards,
  simulations,
} from '../../db/schema';
import { createKnowledgeFile } from '../../seed/factories';
import { searchKnowledge } from '../../server/ai/knowledge';
import { renderText } from '../../server/contracts/scenario/render';
import { seedDemoIfEmpty } from '../../seed/demo';
import { DEMO_PERSONAS, seedDemoTenantConfig } from '../../seed/personas';
import { seedDemoScorecards } from '../../seed/scorecards';
import { DEMO_SIMULATIONS } from '../../seed/simulations';
import { asSystem, withTenant } from '../../db/tenant';
import { DIFFICULTY_BEHAVIOUR } from '../../server/ai/difficulty';
import type { ScenarioNarrative, ScenarioVariables } from '../../server/contracts/scenario/schema';
import type { AppDeps } from '../../server/deps';
import type { AppError } from '../../server/errors';
import type { SimulationInput } from '../../server/contracts/simulations';
import { ensureSystemPrompts } from '../../server/services/prompts/system-prompts';
import { loadSimulationInstructions } from '../../server/services/simulations/instructions';
import { describeTrpcError, rejection, signedInCaller, testDeps, type UserRow, issues } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { useTestDatabase, createTestDatabase, systemRunner, rowById } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai';

const database = useTestDatabase();
let deps: AppDeps;
let modelDeps: AppDeps;
let fake: FakeOpenAI;
let tenantA: string;
let tenantB: string;
let managerA: UserRow;
let adminA: UserRow;
let repA: UserRow;
let managerB: UserRow;
let superuser: UserRow;
let refsA: Refs;
let refsB: Refs;

interface Refs {
  personaId: string;
  otherPersonaId: string;
  scorecardId: string;
  /** A scorecard of the tenant with no criterion marked for scenario generation. */
  noScenarioScorecardId: string;
  icpId: string;
  productGroupingId: string;
  callInstructionsId: string;
}

const VARIABLES: ScenarioVariables = {
  prospect_name: 'Derek Osei',
  prospect_role: 'VP of Sales',
  company_name: 'Brightloop',
  company_size: '350 employees',
  industry: 'Marketing software',
  current_situation: 'Forecasts live in a shared spreadsheet.',
  pain_points: ['Missed the quarter by 11%'],
  goals: ['A forecast call under 30 minutes'],
  objections: [{ objection: 'My reps hate admin', surfaces_when: 'When adoption comes up', moment: 'implementation' }],
  budget: 'Approved for Q3',
  timeline: 'Board meeting in three weeks',
  decision_process: 'Derek decides with the CRO',
  competitors: ['Clari'],
  hidden_information: [
    {
      information: 'The CRO threatened to replace him',
      reveal_when: 'Asked what happens if nothing changes',
      topic: 'impact',
      said: 'My CRO made it clear my job is on the line.',
    },
  ],
  success_signals: ['A demo date with RevOps'],
};
const NARRATIVE: ScenarioNarrative = {
  summary: 'You are calling Derek Osei at Brightloop.',
  opening_line: 'Derek here, you have two minutes.',
};
/** As stored: the names in the texts are placeholders, rendered from the fields wherever the scenario is shown or used. */
const STORED = {
  variables: { ...VARIABLES, decision_process: '{{prospect_first_name}} decides with the CRO' },
  narrative: {
    summary: 'You are calling {{prospect_name}} at {{company_name}}.',
    opening_line: '{{prospect_first_name}} here, you have two minutes.',
  },
};

const as = (u: UserRow, d: AppDeps = deps) => signedInCaller(d, u);
const sys = systemRunner(database);
const simRow = (id: string) => rowById(database.db, simulations, id);

async function refsOf(tenantId: string): Promise<Refs> {
  return sys(async (tx) => {
    const ps = await tx.select().from(personas).where(eq(personas.tenantId, tenantId));
    const cards = await tx.select().from(scorecards).where(eq(scorecards.tenantId, tenantId));
    const spin = cards.find((c) => c.name === 'Discovery (SPIN)')!;
    const meddic = cards.find((c) => c.name === 'MEDDIC Qualification')!;
    // MEDDIC gets no criterion for scenario generation, for the at-least-one rule
    await tx
      .update(scorecardCriteria)
      .set({ includeInScenario: false })
      .where(eq(scorecardCriteria.scorecardId, meddic.id));
    const icp = await tx.query.icps.findFirst({ where: (t, { eq: e }) => e(t.tenantId, tenantId) });
    const product = await tx.query.productGroupings.findFirst({ where: (t, { eq: e }) => e(t.tenantId, tenantId) });
    const instr = await tx.query.callInstructions.findFirst({ where: (t, { eq: e }) => e(t.tenantId, tenantId) });
    return {
      personaId: ps.find((p) => p.name.startsWith('Derek'))!.id,
      otherPersonaId: ps.find((p) => p.name.startsWith('Margaret'))!.id,
      scorecardId: spin.id,
      noScenarioScorecardId: meddic.id,
      icpId: icp!.id,
      productGroupingId: product!.id,
      callInstructionsId: instr!.id,
    };
  });
}

const simulation = (r: Refs, over: Partial<SimulationInput> = {}): SimulationInput => ({
  name: 'Discovery with Derek',
  difficulty: 'medium',
  timeLimitMinutes: 7.5,
  language: 'en',
  useCase: 'Discovery call',
  icon: 'search',
  availableAsAssessment: true,
  instructions: 'Find out what the missed quarter cost.',
  personaId: r.personaId,
  learnerRole: 'account_executive',
  learnerTeam: 'direct_sales',
  icpId: r.icpId,
  productGroupingId: r.productGroupingId,
  callInstructionsId: r.callInstructionsId,
  scorecardId: r.scorecardId,
  criteriaQuantity: 3,
  callProvider: 'openai-realtime',
  ...over,
});
/** The manager of tenant A creates a simulation on tenant A's records (`over` changes the defaults). */
const createSim = (over: Partial<SimulationInput> = {}) => as(managerA).simulations.create(simulation(refsA, over));

/** The draft fields generateScenario takes, from a full simulation. */
const draftOf = (s: SimulationInput) => {
  const {
    scenario: _s,
    scenarioGenerationId: _g,
    icon: _i,
    availableAsAssessment: _a,
    instructions: _n,
    callProvider: _c,
    assistantId: _x,
    ...draft
  } = s;
  return draft;
};

beforeAll(async () => {
  fake = await startFakeOpenAI();
  deps = await testDeps(database);
  modelDeps = await testDeps(database, {
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: fake.baseURL,
    OPENAI_MODEL_SCENARIO: 'scenario-model',
  });
  await ensureSystemPrompts(database.db);
  const a = await createTenant(database.db, { name: 'Acme' });
  const b = await createTenant(database.db, { name: 'Beta' });
  const internal = await createTenant(database.db, { name: 'Internal', type: 'internal' });
  tenantA = a.id;
  tenantB = b.id;
  for (const id of [tenantA, tenantB]) {
    await sys(async (tx) => {
      await seedDemoTenantConfig(tx, id);
      await seedDemoScorecards(tx, id);
    });
  }
  refsA = await refsOf(tenantA);
  refsB = await refsOf(tenantB);
  managerA = await createTenantUser(database.db, a.id, { userType: 'manager' });
  adminA = await createTenantUser(database.db, a.id, { userType: 'admin' });
  repA = await createTenantUser(database.db, a.id, { userType: 'sales_rep' });
  managerB = await createTenantUser(database.db, b.id, { userType: 'manager' });
  superuser = await createTenantUser(database.db, internal.id, { userType: 'superuser' });
});
afterAll(() => closeAll(fake));
beforeEach(() => {
  fake.reset();
  fake.setDefault(null);
});

describe('simulations CRUD', () => {
  it('a manager creates, lists, reads, updates, duplicates and deletes a simulation', async () => {
    const created = await createSim();
    expect(created).toMatchObject({
      name: 'Discovery with Derek',
      difficulty: 'medium',
      timeLimitMinutes: 7.5,
      language: 'en',
      learnerRole: 'account_executive',
      learnerTeam: 'direct_sales',
      availableAsAssessment: true,
      personaId: refsA.personaId,
      scorecardId: refsA.scorecardId,
      scenario: null,
      scenarioSource: null,
    });
    expect(created).not.toHaveProperty('tenantId');
    const row = await simRow(created.id);
    expect(row.tenantId).toBe(tenantA);
    expect(row.createdBy).toBe(managerA.id);

    const listed = (await as(managerA).simulations.list({})).find((s) => s.id === created.id);
    expect(listed).toMatchObject({
      name: 'Discovery with Derek',
      personaName: 'Derek Osei — Busy VP of Sales',
      scorecardName: 'Discovery (SPIN)',
      timeLimitMinutes: 7.5,
      scenarioSource: null,
    });
    expect(await as(managerA).simulations.get({ id: created.id })).toEqual(created);

    const updated = await as(adminA).simulations.update({
      ...simulation(refsA, {
        name: 'Renamed',
        difficulty: 'expert',
        timeLimitMinutes: 12,
        language: 'it',
        icpId: null,
      }),
      id: created.id,
    });
    expect(updated).toMatchObject({
      id: created.id,
      name: 'Renamed',
      difficulty: 'expert',
      timeLimitMinutes: 12,
      language: 'it',
      icpId: null,
    });
    expect((await simRow(created.id)).difficulty).toBe('expert');

    const copy = await as(managerA).simulations.duplicate({ id: created.id });
    expect(copy.id).not.toBe(created.id);
    expect(copy).toMatchObject({
      name: 'Renamed (copy)',
      difficulty: 'expert',
      personaId: refsA.personaId,
      scorecardId: refsA.scorecardId,
      language: 'it',
    });

    expect(await as(managerA).simulations.delete({ id: created.id })).toEqual({ id: created.id });
    expect(await simRow(created.id)).toBeUndefined();
    expect(describeTrpcError(await rejection(as(managerA).simulations.get({ id: created.id })))).toMatchObject({
      trpcCode: 'NOT_FOUND',
      appCode: 'NOT_FOUND',
    });
    await as(managerA).simulations.delete({ id: copy.id });
  });

  it('options lists everything the wizard pickers need, with system and tenant prompts', async () => {
    const o = await as(managerA).simulations.options({});
    expect(o.personas.map((p) => p.name)).toContain('Derek Osei — Busy VP of Sales');
    const spin = o.scorecards.find((c) => c.id === refsA.scorecardId)!;
    expect(spin.criteria.map((c) => [c.name, c.includeInScenario])).toContainEqual(['Situation questions', true]);
    expect(spin.criteria.map((c) => [c.name, c.includeInScenario])).toContainEqual(['Need-payoff questions', false]);
    expect(o.icps.length).toBe(3);
    expect(o.productGroupings.length).toBe(3);
    expect(o.callInstructions[0].label).toBe('Discovery call, 30 minutes, video call.');
    expect(o.simulationPrompts.filter((p) => p.isSystem).map((p) => p.name)).toContain('Realistic prospect');
    expect(o.evaluationPrompts.length).toBeGreaterThan(0);
    // nothing of tenant B
    expect(o.personas.map((p) => p.id)).not.toContain(refsB.personaId);
  });

  it('each validation rule has its key, and nothing is written', async () => {
    const before = (
      await sys((tx) => tx.select({ n: count() }).from(simulations).where(eq(simulations.tenantId, tenantA)))
    )[0].n;
    const bad = {
      ...simulation(refsA),
      name: '  ',
      difficulty: 'insane',
      language: 'fr',
      learnerRole: 'ceo',
      learnerTeam: 'x',
      icon: 'nope',
      criteriaQuantity: 11,
    } as unknown as SimulationInput;
    expect(issues(await rejection(as(managerA).simulations.create(bad)))).toMatchObject({
      name: ['simulations.validation.nameRequired'],
      difficulty: ['simulations.validation.difficultyRequired'],
      language: ['simulations.validation.languageRequired'],
      learnerRole: ['simulations.validation.learnerRoleRequired'],
      learnerTeam: ['simulations.validation.learnerTeamRequired'],
      icon: ['simulations.validation.iconInvalid'],
      criteriaQuantity: ['simulations.validation.criteriaQuantityInvalid'],
    });
    const missing = { ...simulation(refsA) } as Partial<SimulationInput>;
    delete missing.personaId;
    delete missing.scorecardId;
    delete missing.timeLimitMinutes;
    expect(issues(await rejection(as(managerA).simulations.create(missing as SimulationInput)))).toEqual({
      personaId: ['simulations.validation.personaRequired'],
      scorecardId: ['simulations.validation.scorecardRequired'],
      timeLimitMinutes: ['simulations.validation.timeLimitRequired'],
    });
    expect(issues(await rejection(createSim({ timeLimitMinutes: 0 })))).toEqual({
      timeLimitMinutes: ['simulations.validation.timeLimitPositive'],
    });
    expect(issues(await rejection(createSim({ timeLimitMinutes: 121 })))).toEqual({
      timeLimitMinutes: ['simulations.validation.timeLimitMax'],
    });
    expect(issues(await rejection(createSim({ criteriaQuantity: 0 })))).toEqual({
      criteriaQuantity: ['simulations.validation.criteriaQuantityInvalid'],
    });
    expect(
      issues(
        await rejection(createSim({ scenario: { variables: null, narrative: { summary: '  ', opening_line: '' } } })),
      ),
    ).toEqual({ 'scenario.narrative.summary': ['simulations.validation.summaryRequired'] });
    expect(
      (await sys((tx) => tx.select({ n: count() }).from(simulations).where(eq(simulations.tenantId, tenantA))))[0].n,
    ).toBe(before);
  });

  it('the time limit accepts up to one decimal: 2.25 is refused, 2.5 is stored', async () => {
    expect(issues(await rejection(createSim({ timeLimitMinutes: 2.25 })))).toEqual({
      timeLimitMinutes: ['simulations.validation.timeLimitDecimals'],
    });
    const ok = await createSim({ name: 'Two and a half', timeLimitMinutes: 2.5 });
    expect(ok.timeLimitMinutes).toBe(2.5);
    expect(Number((await simRow(ok.id)).timeLimitMinutes)).toBe(2.5);
    await as(managerA).simulations.delete({ id: ok.id });
  });

  it('a hand-written scenario is stored as manual', async () => {
    const s = await createSim({
      name: 'Manual',
      scenario: { variables: null, narrative: { summary: 'You call Derek.', opening_line: 'Hi.' } },
    });
    expect(s).toMatchObject({
      scenarioSource: 'manual',
      scenarioSummary: 'You call Derek.',
      scenarioGenerationId: null,
      scenario: { variables: null, narrative: { summary: 'You call Derek.' } },
    });
    await as(managerA).simulations.delete({ id: s.id });
  });
});

describe('duplicate', () => {
  it("copies the simulation's knowledge-base files with their chunks, enabled or not, and the copy's knowledge is searchable", async () => {
    const sim = await createSim({ name: 'With files' });
    await withTenant(database.db, tenantA, async (tx) => {
      const chunks = [
        'Brightloop forecasts are rebuilt by hand every Monday morning.',
        'The CRO wants a single pipeline view before the board meeting.',
      ];
      const file = { tenantId: tenantA, simulationId: sim.id, ownerUserId: managerA.id };
      await createKnowledgeFile(tx, {
        ...file,
        name: 'playbook.txt',
        sizeBytes: 12,
        content: Buffer.from('playbook'),
        textContent: 'x',
        chunks,
      });
      await createKnowledgeFile(tx, {
        ...file,
        name: 'old-pricing.txt',
        sizeBytes: 7,
        content: Buffer.from('pricing'),
        textContent: 'y',
        enabled: false,
        chunks: ['Old price list, no longer valid.'],
      });
    });
    const copy = await as(managerA).simulations.duplicate({ id: sim.id });
    const [original, copied] = [
      await as(managerA).knowledge.list({ simulationId: sim.id }),
      await as(managerA).knowledge.list({ simulationId: copy.id }),
    ];
    const summary = (files: typeof original) => files.map((f) => [f.name, f.enabled, f.chunkCount, f.status]).sort();
    expect(summary(copied)).toEqual(summary(original));
    expect(summary(copied)).toEqual([
      ['old-pricing.txt', false, 1, 'ready'],
      ['playbook.txt', true, 2, 'ready'],
    ]);
    expect(copied.map((f) => f.id)).not.toEqual(expect.arrayContaining(original.map((f) => f.id)));
    // the copy's scenario generation finds its own passages (enabled files only)
    const found = await withTenant(database.db, tenantA, (tx) =>
      searchKnowledge(tx, copy.id, 'Monday forecasts pipeline price'),
    );
    expect(found.map((k) => k.content)).toEqual(
      expect.arrayContaining(['Brightloop forecasts are rebuilt by hand every Monday morning.']),
    );
    expect(found.map((k) => k.content)).not.toContain('Old price list, no longer valid.');
    // deleting the original leaves the copy's files
    await as(managerA).simulations.delete({ id: sim.id });
    expect(await as(managerA).knowledge.list({ simulationId: copy.id })).toHaveLength(2);
    await as(managerA).simulations.delete({ id: copy.id });
  });
});

describe('scenario fields rendered at the time of use', () => {
  it('a company renamed in the saved scenario is renamed in the summary, the situation and the call instructions', async () => {
    const s = await createSim({ name: 'Rename', scenario: { variables: VARIABLES, narrative: NARRATIVE } });
    expect(s.scenario?.narrative.summary).toBe(STORED.narrative.summary);
    const renamed = {
      ...STORED,
      variables: { ...STORED.variables, company_name: 'Lumen Forecast Co' },
    } as SimulationInput['scenario'];
    const updated = await as(managerA).simulations.update({
      ...simulation(refsA, { name: 'Rename' }),
      id: s.id,
      scenario: renamed,
    });
    expect(updated.scenarioSummary).toBe('You are calling Derek Osei at Lumen Forecast Co.');
    const instructions = await withTenant(database.db, tenantA, (tx) => loadSimulationInstructions(tx, tenantA, s.id));
    expect(instructions.text).toContain('Company: Lumen Forecast Co');
    expect(instructions.text).toContain('You are calling Derek Osei at Lumen Forecast Co.');
    expect(instructions.text).not.toContain('Company: Brightloop');
    expect(instructions.text).not.toContain('at Brightloop.');
    await as(managerA).simulations.delete({ id: s.id });
  });
});

describe('access', () => {
  it('a sales rep is FORBIDDEN on every procedure', async () => {
    const rep = as(repA);
    for (const call of [
      () => rep.simulations.list({}),
      () => rep.simulations.options({}),
      () => rep.simulations.create(simulation(refsA)),
      () => rep.simulations.generateScenario(draftOf(simulation(refsA))),
    ]) {
      expect(describeTrpcError(await rejection(call()))).toMatchObject({ trpcCode: 'FORBIDDEN', appCode: 'FORBIDDEN' });
    }
    expect(
      (await sys((tx) => tx.select({ n: count() }).from(aiGenerations).where(eq(aiGenerations.createdBy, repA.id))))[0]
        .n,
    ).toBe(0);
  });

  it("tenant A cannot read, update, duplicate, delete or generate for B's simulation, and B's row is unchanged", async () => {
    const b = await as(managerB).simulations.create(simulation(refsB, { name: 'Beta secret' }));
    const before = await simRow(b.id);
    const a = as(managerA);
    for (const call of [
      () => a.simulations.get({ id: b.id }),
      () => a.simulations.update({ ...simulation(refsA, { name: 'hijacked' }), id: b.id }),
      () => a.simulations.duplicate({ id: b.id }),
      () => a.simulations.delete({ id: b.id }),
      () => a.simulations.generations({ simulationId: b.id }),
      () => a.simulations.generateScenario({ ...draftOf(simulation(refsA)), simulationId: b.id }),
    ]) {
      expect(describeTrpcError(await rejection(call()))).toMatchObject({ trpcCode: 'NOT_FOUND' });
    }
    expect((await a.simulations.list({})).map((s) => s.id)).not.toContain(b.id);
    expect(await simRow(b.id)).toEqual(before);
    // a tenant admin naming another client is refused
    expect(describeTrpcError(await rejection(a.simulations.list({ clientId: tenantB })))).toMatchObject({
      appCode: 'FORBIDDEN',
    });
    expect(
      describeTrpcError(
        await rejection(a.simulations.generateScenario({ ...draftOf(simulation(refsA)), clientId: tenantB })),
      ),
    ).toMatchObject({ appCode: 'FORBIDDEN' });
  });

  it("B's persona (or any other link) is refused when A creates, naming the field", async () => {
    for (const [field, over] of [
      ['personaId', { personaId: refsB.personaId }],
      ['scorecardId', { scorecardId: refsB.scorecardId }],
      ['icpId', { icpId: refsB.icpId }],
      ['productGroupingId', { productGroupingId: refsB.productGroupingId }],
      ['callInstructionsId', { callInstructionsId: refsB.callInstructionsId }],
    ] as const) {
      const e = describeTrpcError(await rejection(createSim(over)));
      expect(e).toMatchObject({
        appCode: 'VALIDATION',
        details: { field, messageKey: 'simulations.validation.linkNotFound' },
      });
    }
    const e = describeTrpcError(
      await rejection(
        as(managerA).simulations.generateScenario(draftOf(simulation(refsA, { personaId: refsB.personaId }))),
      ),
    );
    expect(e).toMatchObject({ appCode: 'VALIDATION', details: { field: 'personaId' } });
  });

  it('a superuser acts on a client via clientId, and the mutation is audited', async () => {
    const su = as(superuser);
    const created = await su.simulations.create({
      ...simulation(refsB, { name: 'Made by superuser' }),
      clientId: tenantB,
    });
    expect((await simRow(created.id)).tenantId).toBe(tenantB);
    expect((await su.simulations.list({ clientId: tenantB })).map((s) => s.id)).toContain(created.id);
    const g = await su.simulations.generateScenario({
      ...draftOf(simulation(refsB)),
      simulationId: created.id,
      clientId: tenantB,
    });
    expect(g).toMatchObject({ source: 'offline', stored: true });
    expect((await simRow(created.id)).scenarioSource).toBe('offline');
    const audits = await sys((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, superuser.id), eq(auditLog.tenantId, tenantB))),
    );
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['superuser.simulations.create', 'superuser.simulations.generateScenario']),
    );
    await su.simulations.delete({ id: created.id, clientId: tenantB });
  });
});

describe('generateScenario', () => {
  it('refuses before any work when required fields are missing', async () => {
    const e = issues(
      await rejection(
        as(managerA).simulations.generateScenario({ name: '', difficulty: 'easy', learnerRole: 'account_executive' }),
      ),
    );
    for (const f of ['name', 'timeLimitMinutes', 'language', 'learnerTeam', 'personaId', 'scorecardId'])
      expect(e[f]).toEqual(['simulations.validation.requiredForScenario']);
    expect(e.difficulty).toBeUndefined();
    expect(
      issues(
        await rejection(
          as(managerA).simulations.generateScenario(draftOf(simulation(refsA, { timeLimitMinutes: 2.25 }))),
        ),
      ),
    ).toEqual({
      timeLimitMinutes: ['simulations.validation.timeLimitDecimals'],
    });
  });

  it('needs at least one criterion marked for scenario generation', async () => {
    const before = (
      await sys((tx) => tx.select({ n: count() }).from(aiGenerations).where(eq(aiGenerations.tenantId, tenantA)))
    )[0].n;
    const e = describeTrpcError(
      await rejection(
        as(managerA, modelDeps).simulations.generateScenario(
          draftOf(simulation(refsA, { scorecardId: refsA.noScenarioScorecardId })),
        ),
      ),
    );
    expect(e).toMatchObject({
      trpcCode: 'BAD_REQUEST',
      appCode: 'VALIDATION',
      message: 'Select at least one criterion for scenario generation',
      details: { messageKey: 'simulations.validation.criterionRequired' },
    });
    expect(fake.requests).toHaveLength(0);
    expect(
      (await sys((tx) => tx.select({ n: count() }).from(aiGenerations).where(eq(aiGenerations.tenantId, tenantA))))[0]
        .n,
    ).toBe(before);
  });

  it('offline: returns the scenario and stores both steps with the prompt; saving it keeps the offline source, editing makes it manual', async () => {
    const input = simulation(refsA, { name: 'Offline one', difficulty: 'hard' });
    const g = await as(managerA).simulations.generateScenario(draftOf(input));
    expect(g).toMatchObject({ source: 'offline', provider: 'offline', stored: false });
    expect(g.scenario.narrative.summary.length).toBeGreaterThan(20);
    expect(g.generationIds).toHaveLength(2);
    expect(g.scenarioGenerationId).toBe(g.generationIds[1]);
    const rows = await sys((tx) => tx.select().from(aiGenerations).where(eq(aiGenerations.createdBy, managerA.id)));
    const mine = rows.filter((r) => g.generationIds.includes(r.id));
    expect(mine.map((r) => r.task).sort()).toEqual(['scenario_narrative', 'scenario_variables']);
    for (const r of mine) {
      expect(r).toMatchObject({ tenantId: tenantA, provider: 'offline', status: 'succeeded', simulationId: null });
      expect(r.promptUser).toContain('no model was called');
      expect(r.promptUser).toContain('Derek Osei');
    }

    // saved unchanged: offline, and the generation rows now belong to the simulation
    const saved = await as(managerA).simulations.create({
      ...input,
      scenario: g.scenario as SimulationInput['scenario'],
      scenarioGenerationId: g.scenarioGenerationId,
    });
    // the summary column holds the summary rendered from the fields
    expect(saved).toMatchObject({
      scenarioSource: 'offline',
      scenarioGenerationId: g.scenarioGenerationId,
      scenarioSummary: renderText(g.scenario.narrative.summary, g.scenario.variables as never),
    });
    expect(saved.scenarioSummary).toContain('calling Derek Osei');
    const history = await as(managerA).simulations.generations({ simulationId: saved.id });
    expect(history.map((h) => h.id).sort()).toEqual([...g.generationIds].sort());
    expect(history.every((h) => h.promptUser.length > 0 && h.provider === 'offline')).toBe(true);
    expect(await as(managerA).simulations.list({})).toContainEqual(
      expect.objectContaining({ id: saved.id, scenarioSource: 'offline' }),
    );

    // an edit of the generated text makes it manual, the generation link stays
    const edited = {
      ...g.scenario,
      narrative: { ...g.scenario.narrative, summary: 'Edited by the manager.' },
    } as SimulationInput['scenario'];
    const updated = await as(managerA).simulations.update({
      ...input,
      id: saved.id,
      scenario: edited,
      scenarioGenerationId: g.scenarioGenerationId,
    });
    expect(updated).toMatchObject({
      scenarioSource: 'manual',
      scenarioGenerationId: g.scenarioGenerationId,
      scenarioSummary: 'Edited by the manager.',
    });
    expect((await as(managerA).simulations.get({ id: saved.id })).scenario?.narrative.summary).toBe(
      'Edited by the manager.',
    );
    // the list still knows the text started from the offline generator
    expect(await as(managerA).simulations.list({})).toContainEqual(
      expect.objectContaining({ id: saved.id, scenarioSource: 'manual', scenarioProvider: 'offline' }),
    );
    await as(managerA).simulations.delete({ id: saved.id });
  });

  it('with a model (fake OpenAI server): stores the model output on the simulation, source model', async () => {
    const sim = await createSim({ name: 'Model one' });
    fake.enqueue(
      { data: VARIABLES, usage: { prompt_tokens: 900, completion_tokens: 300, total_tokens: 1200 } },
      { data: NARRATIVE },
    );
    const g = await as(managerA, modelDeps).simulations.generateScenario({
      ...draftOf(simulation(refsA)),
      simulationId: sim.id,
    });
    expect(g).toMatchObject({
      source: 'model',
      provider: 'openai',
      model: 'scenario-model',
      stored: true,
      scenario: STORED,
    });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0].body!.messages[1].content).toContain('Derek Osei');
    expect(g.prompts.variables.user).toBe(fake.requests[0].body!.messages[1].content);

    const row = await simRow(sim.id);
    expect(row).toMatchObject({
      scenarioSource: 'model',
      scenarioSummary: NARRATIVE.summary,
      scenarioGenerationId: g.scenarioGenerationId,
    });
    expect(row.scenarioDetails).toEqual(STORED);
    const history = await as(managerA).simulations.generations({ simulationId: sim.id });
    const vars = history.find((h) => h.task === 'scenario_variables')!;
    expect(vars).toMatchObject({
      provider: 'openai',
      model: 'scenario-model',
      status: 'succeeded',
      usage: { inputTokens: 900, outputTokens: 300, totalTokens: 1200 },
    });
    expect(vars.promptSystem).toBe(fake.requests[0].body!.messages[0].content);
    expect(vars.promptUser).toBe(fake.requests[0].body!.messages[1].content);
    await as(managerA).simulations.delete({ id: sim.id });
  });

  it('a model failure is AI_GENERATION_FAILED, recorded as failed, and the simulation is unchanged', async () => {
    const sim = await createSim({
      name: 'Stays',
      scenario: { variables: null, narrative: { summary: 'Original.', opening_line: '' } },
    });
    const before = await simRow(sim.id);
    fake.enqueue({ status: 401, message: 'bad key' });
    const err = await rejection(
      as(managerA, modelDeps).simulations.generateScenario({ ...draftOf(simulation(refsA)), simulationId: sim.id }),
    );
    expect(describeTrpcError(err)).toMatchObject({
      appCode: 'AI_GENERATION_FAILED',
      details: { aiCode: 'UPSTREAM', task: 'scenario_variables' },
    });
    // the HTTP layer answers with the code's status
    expect(((err as { cause?: unknown }).cause as AppError).status).toBe(502);
    expect(await simRow(sim.id)).toEqual(before);
    const history = await as(managerA).simulations.generations({ simulationId: sim.id });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ task: 'scenario_variables', status: 'failed' });
    await as(managerA).simulations.delete({ id: sim.id });
  });
});

describe('simulation instructions (what the call sends)', () => {
  it('difficulty changes the prospect behaviour text: easy and expert differ in patience, objections and commitment', async () => {
    const easy = await createSim({
      name: 'Easy one',
      difficulty: 'easy',
      scenario: {
        variables: null,
        narrative: { summary: 'You call Derek about forecasting.', opening_line: 'Derek speaking.' },
      },
    });
    const expert = await createSim({ name: 'Expert one', difficulty: 'expert' });
    const [e, x] = await withTenant(database.db, tenantA, async (tx) => [
      await loadSimulationInstructions(tx, tenantA, easy.id),
      await loadSimulationInstructions(tx, tenantA, expert.id),
    ]);

    expect(e.behaviour).not.toBe(x.behaviour);
    expect(e.behaviour).toContain(DIFFICULTY_BEHAVIOUR.easy.patience);
    expect(e.behaviour).toContain(DIFFICULTY_BEHAVIOUR.easy.commitment);
    expect(x.behaviour).toContain(DIFFICULTY_BEHAVIOUR.expert.patience);
    expect(x.behaviour).toContain(DIFFICULTY_BEHAVIOUR.expert.objections);
    expect(x.text).not.toContain(DIFFICULTY_BEHAVIOUR.easy.patience);
    // the persona's own note for that difficulty
    const derek = DEMO_PERSONAS.find((p) => p.name.startsWith('Derek'))!;
    expect(e.text).toContain(derek.behaviourNotes.easy);
    expect(x.text).toContain(derek.behaviourNotes.expert);
    expect(x.text).not.toContain(derek.behaviourNotes.easy);
    // the rest of the context: prompt rules, scenario, ICP, product, call instructions, start/end prompts
    expect(e.prompt.source).toBe('system');
    expect(e.text).toContain('You call Derek about forecasting.');
    expect(e.text).toContain('Mid-market SaaS');
    expect(e.text).toContain('Pulse Forecasting');
    expect(e.text).toContain('Discovery call, 30 minutes');
    expect(e.startPrompt).toBeTruthy();
    expect(e.text).toContain(e.startPrompt!);
    expect(e.unknownPlaceholders).toEqual([]);
    for (const id of [easy.id, expert.id]) await as(managerA).simulations.delete({ id });
  });
});

describe('demo seed', () => {
  it('seeds 4–6 simulations, one per methodology scorecard, each with a persona, a scorecard and an offline scenario', async () => {
    const fresh = await createTestDatabase();
    try {
      await ensureSystemPrompts(fresh.db);
      await seedDemoIfEmpty(fresh.db, {
        password: 'Demo-Password-42',
        policy: deps.env.passwordPolicy,
        internalSchema: 'spar-internal',
      });
      const { sims, cards, gens } = await asSystem(fresh.db, { action: 'test' }, async (tx) => {
        const [demo] = await tx.select().from(clients).where(eq(clients.schemaName, 'demo'));
        return {
          sims: await tx.select().from(simulations).where(eq(simulations.tenantId, demo.id)),
          cards: await tx.select().from(scorecards).where(eq(scorecards.tenantId, demo.id)),
          gens: await tx.select().from(aiGenerations).where(eq(aiGenerations.tenantId, demo.id)),
        };
      });
      expect(sims.length).toBeGreaterThanOrEqual(4);
      expect(sims.length).toBeLessThanOrEqual(6);
      expect(sims).toHaveLength(DEMO_SIMULATIONS.length);
      expect(new Set(sims.map((s) => s.scorecardId)).size).toBe(sims.length);
      expect(new Set(sims.map((s) => s.personaId)).size).toBe(sims.length);
      expect(new Set(sims.map((s) => s.difficulty)).size).toBeGreaterThanOrEqual(3);
      for (const s of sims) {
        expect(s.personaId).toBeTruthy();
        expect(cards.map((c) => c.id)).toContain(s.scorecardId);
        expect(s.simulationPromptId).toBeTruthy();
        expect(s.reportPromptId).toBeTruthy();
        expect(s.scenarioSource).toBe('offline');
        expect(s.scenarioSummary?.length).toBeGreaterThan(20);
        const narrative = gens.find((g) => g.id === s.scenarioGenerationId)!;
        expect(narrative).toMatchObject({
          task: 'scenario_narrative',
          provider: 'offline',
          simulationId: s.id,
          status: 'succeeded',
        });
        expect(gens.filter((g) => g.simulationId === s.id)).toHaveLength(2);
      }
    } finally {
      await fresh.cleanup();
    }
  });
});
