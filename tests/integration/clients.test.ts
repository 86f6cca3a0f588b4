import { and, count, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  callInstructions,
  clientOverviews,
  clients,
  icps,
  knowledgeChunks,
  knowledgeFiles,
  personas,
  productGroupings,
  prompts,
  scorecardCriteria,
  scorecards,
  simulations,
  supportRequests,
  users,
} from '../../db/schema';
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
  createSupportRequest,
} from '../../seed/factories';
import { createSession } from '../../server/auth/session';
import type { AppDeps } from '../../server/deps';
import { CLIENT_COPY_STEPS } from '../../server/services/clients/copy-steps';
import { ensureSystemPrompts } from '../../server/services/prompts/system-prompts';
import { describeTrpcError, rejection, signedInCaller, testDeps, type UserRow, fieldErrors } from '../helpers/app';
import { useTestDatabase, systemRunner } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';
import { storedScorecards } from '../helpers/scorecard-rows';

const database = useTestDatabase();
let deps: AppDeps;
let internal: { id: string };
let source: { id: string; schemaName: string };
let superuser: UserRow;
let admin: UserRow;
let manager: UserRow;

const su = () => signedInCaller(deps, superuser);
const sys = systemRunner(database);

const tally = (table: PgTable, col: PgColumn, tenantId: string, where?: SQL) =>
  sys(
    async (tx) =>
      (
        await tx
          .select({ n: count() })
          .from(table)
          .where(and(eq(col, tenantId), where))
      )[0].n,
  );

/** Per-table row counts of a tenant, read around RLS. */
const counts = async (tenantId: string) => ({
  clientOverviews: await tally(clientOverviews, clientOverviews.tenantId, tenantId),
  icps: await tally(icps, icps.tenantId, tenantId),
  productGroupings: await tally(productGroupings, productGroupings.tenantId, tenantId),
  callInstructions: await tally(callInstructions, callInstructions.tenantId, tenantId),
  personas: await tally(personas, personas.tenantId, tenantId),
  prompts: await tally(prompts, prompts.tenantId, tenantId),
  currentScorecards: await tally(scorecards, scorecards.tenantId, tenantId, eq(scorecards.isCurrent, true)),
  criteria: await tally(scorecardCriteria, scorecardCriteria.tenantId, tenantId),
  simulations: await tally(simulations, simulations.tenantId, tenantId),
  knowledgeFiles: await tally(knowledgeFiles, knowledgeFiles.tenantId, tenantId),
  knowledgeChunks: await tally(knowledgeChunks, knowledgeChunks.tenantId, tenantId),
  users: await tally(users, users.tenantId, tenantId),
  supportRequests: await tally(supportRequests, supportRequests.tenantId, tenantId),
});

/** A client with some of everything: configuration (copied by duplicate) and people/results (never copied). */
async function seedSource() {
  const t = await createTenant(database.db, {
    name: 'Northwind',
    schemaName: 'northwind',
    type: 'demo',
    tier: 'enterprise',
    domain: 'northwind.test',
    defaultLanguage: 'es',
  });
  const u = await createTenantUser(database.db, t.id, { userType: 'admin' });
  await createTenantUser(database.db, t.id, { userType: 'sales_rep' });
  await createSession(database.db, u.id);
  await sys(async (tx) => {
    await createClientOverview(tx, { tenantId: t.id, details: 'We sell logistics software.' });
    const retail = await createIcp(tx, { tenantId: t.id, name: 'Mid-market retail', details: '200-1000 staff' });
    await createIcp(tx, { tenantId: t.id, name: 'Wholesale', details: 'B2B' });
    await createProductGrouping(tx, { tenantId: t.id, name: 'Fleet', details: 'Route planning' });
    await createCallInstruction(tx, { tenantId: t.id, instructions: 'Book a demo.' });
    const carla = await createPersona(tx, {
      tenantId: t.id,
      name: 'Carla CFO',
      shortDescription: 'CFO',
      longDescription: 'Cost focused',
      behaviourNotes: { hard: 'Interrupts' },
    });
    await createPersona(tx, {
      tenantId: t.id,
      name: 'Oscar Ops',
      shortDescription: 'Ops lead',
      longDescription: 'Busy',
    });
    const house = await createPrompt(tx, {
      tenantId: t.id,
      kind: 'evaluation',
      name: 'House eval',
      instructions: 'Score {{criteria}}',
    });
    const crit = (position: number) => ({
      position,
      name: `C${position}`,
      description: 'd',
      levelZero: '0',
      levelLow: '1',
      levelHigh: '2',
    });
    const lineage = crypto.randomUUID();
    const v1 = await createScorecard(tx, {
      tenantId: t.id,
      lineageId: lineage,
      version: 1,
      isCurrent: false,
      name: 'SPIN v1',
      shortDescription: 'old',
      usedAt: new Date(),
      criteria: [crit(1)],
    });
    await createScorecard(tx, {
      tenantId: t.id,
      lineageId: lineage,
      version: 2,
      isCurrent: true,
      name: 'SPIN',
      shortDescription: 'Discovery',
      criteria: [crit(1), crit(2)],
    });
    await createScorecard(tx, {
      tenantId: t.id,
      name: 'MEDDIC',
      shortDescription: 'Qualification',
      criteria: [crit(1)],
    });
    await createSupportRequest(tx, { tenantId: t.id, userId: u.id, subject: 'Help', description: 'Please' });
    // a simulation on the old version of SPIN, the tenant's prompt and a system prompt, with a knowledge file
    const [sysSim] = await tx
      .select()
      .from(prompts)
      .where(and(isNull(prompts.tenantId), eq(prompts.kind, 'simulation')));
    const sim = await createSimulation(tx, {
      tenantId: t.id,
      name: 'Pricing pushback',
      scorecardId: v1.id,
      personaId: carla.id,
      icpId: retail.id,
      reportPromptId: house.id,
      simulationPromptId: sysSim.id,
      scenarioSummary: 'The CFO wants a discount',
      createdBy: u.id,
    });
    await createKnowledgeFile(tx, {
      tenantId: t.id,
      simulationId: sim.id,
      name: 'pricing.txt',
      sizeBytes: 5,
      content: Buffer.from('price'),
      textContent: 'price',
      ownerUserId: u.id,
      chunks: ['Our list price is 40 per seat.', 'Discounts need approval.'],
    });
  });
  return t;
}

beforeAll(async () => {
  deps = await testDeps(database);
  await ensureSystemPrompts(database.db);
  internal = await createTenant(database.db, { name: 'Spar internal', schemaName: 'spar-internal', type: 'internal' });
  superuser = await createTenantUser(database.db, internal.id, { userType: 'superuser' });
  source = await seedSource();
  admin = await createTenantUser(database.db, source.id, { userType: 'admin' });
  manager = await createTenantUser(database.db, source.id, { userType: 'manager' });
});

const newClient = (over: Record<string, unknown> = {}) => ({
  name: 'Acme Corp',
  domain: 'acme.test',
  type: 'customer' as const,
  tier: 'growth',
  schemaName: 'acme',
  defaultLanguage: 'it' as const,
  ...over,
});

describe('clients: access', () => {
  it('every procedure is FORBIDDEN for anyone but a superuser', async () => {
    for (const u of [admin, manager]) {
      const c = signedInCaller(deps, u);
      const calls = [
        () => c.clients.list(),
        () => c.clients.get({ id: source.id }),
        () => c.clients.create(newClient({ schemaName: 'nope' })),
        () => c.clients.update({ ...newClient(), id: source.id }),
        () => c.clients.duplicate({ id: source.id, name: 'x', schemaName: 'nope-dup' }),
        () => c.clients.deletionPreview({ id: source.id }),
        () => c.clients.delete({ id: source.id, confirmSchemaName: source.schemaName }),
      ];
      for (const call of calls) expect(describeTrpcError(await rejection(call())).appCode).toBe('FORBIDDEN');
    }
    expect(await sys((tx) => tx.select().from(clients).where(eq(clients.schemaName, 'nope')))).toHaveLength(0);
    expect((await sys((tx) => tx.select().from(clients).where(eq(clients.id, source.id))))[0].name).toBe('Northwind');
  });
});

describe('clients: CRUD', () => {
  it('lists clients with their user counts', async () => {
    const list = await su().clients.list();
    const nw = list.find((c) => c.id === source.id)!;
    expect(nw).toMatchObject({
      name: 'Northwind',
      schemaName: 'northwind',
      type: 'demo',
      tier: 'enterprise',
      defaultLanguage: 'es',
      userCount: 4,
    });
    expect(typeof nw.createdAt).toBe('string');
    expect(list.find((c) => c.id === internal.id)?.userCount).toBe(1);
  });

  it('creates a client (audited) and gets it', async () => {
    const c = await su().clients.create(newClient());
    expect(c).toMatchObject({ name: 'Acme Corp', schemaName: 'acme', defaultLanguage: 'it', userCount: 0 });
    expect(await su().clients.get({ id: c.id })).toEqual(c);
    const audit = await sys((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'clients.create'), eq(auditLog.tenantId, c.id))),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0].actorUserId).toBe(superuser.id);
  });

  it('validates the schema name, language and name', async () => {
    for (const schemaName of ['Acme2', '1acme', 'a', 'acme_2', 'acme 2', 'x'.repeat(64)]) {
      const e = fieldErrors(await rejection(su().clients.create(newClient({ schemaName }))));
      expect(e.schemaName, schemaName).toEqual(['clients.validation.schemaNameInvalid']);
    }
    const e = fieldErrors(
      await rejection(su().clients.create(newClient({ schemaName: 'lang-test', defaultLanguage: 'fr', name: '  ' }))),
    );
    expect(e.defaultLanguage).toEqual(['clients.validation.languageInvalid']);
    expect(e.name).toEqual(['clients.validation.nameRequired']);
    expect(await sys((tx) => tx.select().from(clients).where(eq(clients.schemaName, 'lang-test')))).toHaveLength(0);
  });

  it('schema names are unique, case-insensitively', async () => {
    const e = describeTrpcError(await rejection(su().clients.create(newClient({ name: 'Other' }))));
    expect(e).toMatchObject({
      appCode: 'CONFLICT',
      message: 'clients.validation.schemaTaken',
      details: { field: 'schemaName' },
    });
    // an older row in mixed case still blocks its lower-case twin
    await createTenant(database.db, { name: 'Legacy', schemaName: 'LegacyCo' });
    expect(describeTrpcError(await rejection(su().clients.create(newClient({ schemaName: 'legacyco' })))).appCode).toBe(
      'CONFLICT',
    );
  });

  it('updates a client; the schema name cannot change', async () => {
    const c = await su().clients.create(newClient({ schemaName: 'immutable-co' }));
    const updated = await su().clients.update({
      ...newClient(),
      id: c.id,
      name: 'Renamed',
      tier: null,
      schemaName: 'immutable-co',
    });
    expect(updated).toMatchObject({ name: 'Renamed', tier: null, schemaName: 'immutable-co' });
    const e = describeTrpcError(
      await rejection(su().clients.update({ ...newClient(), id: c.id, name: 'Again', schemaName: 'changed' })),
    );
    expect(e).toMatchObject({ appCode: 'SCHEMA_NAME_IMMUTABLE', httpStatus: 400 });
    const [row] = await sys((tx) => tx.select().from(clients).where(eq(clients.id, c.id)));
    expect(row).toMatchObject({ name: 'Renamed', schemaName: 'immutable-co' });
    const audit = await sys((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'clients.update'), eq(auditLog.tenantId, c.id))),
    );
    expect(audit).toHaveLength(1); // the refused update left no audit row (rolled back with it)
  });

  it('unknown ids are NOT_FOUND', async () => {
    const id = crypto.randomUUID();
    expect(describeTrpcError(await rejection(su().clients.get({ id }))).appCode).toBe('NOT_FOUND');
    expect(describeTrpcError(await rejection(su().clients.deletionPreview({ id }))).appCode).toBe('NOT_FOUND');
  });
});

describe('clients: duplicate', () => {
  it('copies configuration in one transaction, never people or results', async () => {
    const before = await counts(source.id);
    const { client: copy, copied } = await su().clients.duplicate({
      id: source.id,
      name: 'Northwind copy',
      schemaName: 'northwind-copy',
    });
    expect(copy).toMatchObject({
      name: 'Northwind copy',
      schemaName: 'northwind-copy',
      type: 'demo',
      tier: 'enterprise',
      defaultLanguage: 'es',
      userCount: 0,
    });
    expect(copied.map((c) => c.key)).toEqual(CLIENT_COPY_STEPS.map((s) => s.key));
    const after = await counts(copy.id);
    expect(after).toEqual({
      ...before,
      currentScorecards: 2,
      criteria: 3, // the current versions' criteria only
      users: 0,
      supportRequests: 0,
    });
    expect(await counts(source.id)).toEqual(before);
    // new identities: fresh lineages, version 1, never marked used; personas keep their behaviour notes
    const { cards, crit } = await sys((tx) => storedScorecards(tx, copy.id));
    const sourceCards = await sys((tx) => tx.select().from(scorecards).where(eq(scorecards.tenantId, source.id)));
    expect(cards.map((c) => c.name).sort()).toEqual(['MEDDIC', 'SPIN']);
    for (const c of cards) {
      expect(c).toMatchObject({ version: 1, isCurrent: true, usedAt: null });
      expect(sourceCards.map((s) => s.lineageId)).not.toContain(c.lineageId);
    }
    expect(crit.every((c) => c.tenantId === copy.id)).toBe(true);
    const carla = await sys((tx) =>
      tx
        .select()
        .from(personas)
        .where(and(eq(personas.tenantId, copy.id), eq(personas.name, 'Carla CFO'))),
    );
    expect(carla[0].behaviourNotes).toEqual({ hard: 'Interrupts' });
    // the copied simulation points at the copies (the old scorecard version at the copied current one), keeps the shared system prompt
    const [sim] = await sys((tx) => tx.select().from(simulations).where(eq(simulations.tenantId, copy.id)));
    const spin = cards.find((c) => c.name === 'SPIN')!;
    const [copiedIcp] = await sys((tx) =>
      tx
        .select()
        .from(icps)
        .where(and(eq(icps.tenantId, copy.id), eq(icps.name, 'Mid-market retail'))),
    );
    const [copiedPrompt] = await sys((tx) => tx.select().from(prompts).where(eq(prompts.tenantId, copy.id)));
    const [sourceSim] = await sys((tx) => tx.select().from(simulations).where(eq(simulations.tenantId, source.id)));
    expect(sim).toMatchObject({
      name: 'Pricing pushback',
      scenarioSummary: 'The CFO wants a discount',
      scorecardId: spin.id,
      personaId: carla[0].id,
      icpId: copiedIcp.id,
      reportPromptId: copiedPrompt.id,
      simulationPromptId: sourceSim.simulationPromptId,
      createdBy: null,
    });
    const [file] = await sys((tx) => tx.select().from(knowledgeFiles).where(eq(knowledgeFiles.tenantId, copy.id)));
    expect(file).toMatchObject({ simulationId: sim.id, name: 'pricing.txt', ownerUserId: null });
    expect(Buffer.from(file.content).toString()).toBe('price');
    const chunks = await sys((tx) => tx.select().from(knowledgeChunks).where(eq(knowledgeChunks.fileId, file.id)));
    expect(chunks.map((c) => [c.simulationId, c.tenantId])).toEqual([
      [sim.id, copy.id],
      [sim.id, copy.id],
    ]);
    const audit = await sys((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'clients.duplicate'), eq(auditLog.tenantId, copy.id))),
    );
    expect(audit).toHaveLength(1);
    // the copy is a tenant of its own: its admin sees the copied prompt through RLS
    const copyAdmin = await createTenantUser(database.db, copy.id, { userType: 'admin' });
    expect((await signedInCaller(deps, copyAdmin).prompts.list({ kind: 'evaluation' })).map((p) => p.name)).toContain(
      'House eval',
    );
  });

  it('a taken schema name leaves nothing behind', async () => {
    const clientsBefore = (await su().clients.list()).length;
    const e = describeTrpcError(
      await rejection(su().clients.duplicate({ id: source.id, name: 'Dup', schemaName: 'northwind-copy' })),
    );
    expect(e.appCode).toBe('CONFLICT');
    expect((await su().clients.list()).length).toBe(clientsBefore);
    const e2 = fieldErrors(
      await rejection(su().clients.duplicate({ id: source.id, name: '', schemaName: 'Bad Name' })),
    );
    expect(e2).toEqual({
      name: ['clients.validation.nameRequired'],
      schemaName: ['clients.validation.schemaNameInvalid'],
    });
  });
});

describe('clients: delete', () => {
  it('previews what will be removed', async () => {
    const preview = await su().clients.deletionPreview({ id: source.id });
    expect(preview.client).toEqual({ id: source.id, name: 'Northwind', schemaName: 'northwind' });
    expect(preview.isOwnClient).toBe(false);
    expect(Object.fromEntries(preview.items.map((i) => [i.key, i.count]))).toEqual({
      users: 4,
      simulations: 1,
      knowledgeFiles: 1,
      personas: 2,
      scorecards: 2,
      icps: 2,
      productGroupings: 1,
      prompts: 1,
      callInstructions: 1,
      clientOverview: 1,
      supportRequests: 1,
    });
    expect((await su().clients.deletionPreview({ id: internal.id })).isOwnClient).toBe(true);
  });

  it('refuses without the matching schema name, and for the superuser’s own client', async () => {
    const e = describeTrpcError(
      await rejection(su().clients.delete({ id: source.id, confirmSchemaName: 'northwind-copy' })),
    );
    expect(e).toMatchObject({ appCode: 'VALIDATION', details: { field: 'confirmSchemaName' } });
    const e2 = fieldErrors(await rejection(su().clients.delete({ id: source.id, confirmSchemaName: '' })));
    expect(e2.confirmSchemaName).toEqual(['clients.validation.confirmRequired']);
    const own = describeTrpcError(
      await rejection(su().clients.delete({ id: internal.id, confirmSchemaName: 'spar-internal' })),
    );
    expect(own).toMatchObject({ appCode: 'FORBIDDEN', details: { reason: 'ownClient' } });
    expect((await counts(source.id)).users).toBe(4);
    expect(
      await sys((tx) =>
        tx
          .select()
          .from(clients)
          .where(inArray(clients.id, [source.id, internal.id])),
      ),
    ).toHaveLength(2);
  });

  it('deletes the client and cascades to everything it owns (audited); other clients are untouched', async () => {
    const copy = (await su().clients.list()).find((c) => c.schemaName === 'northwind-copy')!;
    const copyBefore = await counts(copy.id);
    expect(await tally(prompts, prompts.tenantId, source.id)).toBe(1);
    await su().clients.delete({ id: source.id, confirmSchemaName: ' northwind ' });
    expect(await sys((tx) => tx.select().from(clients).where(eq(clients.id, source.id)))).toHaveLength(0);
    expect(Object.values(await counts(source.id)).every((n) => n === 0)).toBe(true);
    expect(await tally(scorecards, scorecards.tenantId, source.id)).toBe(0);
    expect(await counts(copy.id)).toEqual(copyBefore);
    const audit = await sys((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'clients.delete'), eq(auditLog.tenantId, source.id))),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: superuser.id, detail: 'northwind' });
    // system prompts are shared and survive
    expect((await signedInCaller(deps, superuser).prompts.listSystem()).length).toBeGreaterThan(0);
  });
});
