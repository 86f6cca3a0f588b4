import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, prompts, simulations } from '../../db/schema';
import { createSimulation } from '../../seed/factories';
import { asSystem } from '../../db/tenant';
import { PLACEHOLDER_NAMES } from '../../server/ai/prompt-assembly';
import { createPromptInput } from '../../server/contracts/prompts';
import { PROMPT_PLACEHOLDERS, unknownPlaceholders } from '../../server/contracts/prompt-placeholders';
import { SYSTEM_PROMPTS } from '../../server/ai/system-prompt-texts';
import { ensureSystemPrompts } from '../../server/services/prompts/system-prompts';
import { describeTrpcError, rejection, signedInCaller, type UserRow, fieldErrors } from '../helpers/app';
import { rowById, useTestDatabase } from '../helpers/db';
import { useTwoTenants } from '../helpers/lifecycle';

const database = useTestDatabase();
beforeAll(() => ensureSystemPrompts(database.db));
const t = useTwoTenants(
  database,
  {
    a: { adminA: { userType: 'admin' }, managerA: { userType: 'manager' }, repA: { userType: 'sales_rep' } },
    b: { adminB: { userType: 'admin' } },
  },
  ['Alpha', 'Beta'],
);

const as = (u: UserRow) => signedInCaller(t.deps, u);

const promptRow = (id: string) => rowById(database.db, prompts, id);
const systemRows = () =>
  asSystem(database.db, { action: 'test' }, (tx) => tx.select().from(prompts).where(isNull(prompts.tenantId)));

const simulationInput = {
  kind: 'simulation' as const,
  name: 'Tough CFO',
  generalRules: 'You are {{persona.name}}. Stay in character.',
  detailedInstructions: 'Difficulty {{difficulty}}: push back on price.',
  startPrompt: 'Answer the phone.',
  endPrompt: '',
};

describe('system prompts', () => {
  it('ship at least one per kind, each valid for its kind', async () => {
    const rows = await systemRows();
    expect(new Set(rows.map((r) => r.kind))).toEqual(
      new Set(['simulation', 'scenario_variables', 'scenario_narrative', 'evaluation']),
    );
    for (const p of SYSTEM_PROMPTS) {
      const parsed = createPromptInput.safeParse(p);
      expect(parsed.success, `${p.systemKey}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('are visible to two tenants, flagged isSystem, without an owner id', async () => {
    const a = await as(t.adminA).prompts.list({});
    const b = await as(t.adminB).prompts.list({});
    const sysA = a
      .filter((p) => p.isSystem)
      .map((p) => p.id)
      .sort();
    const sysB = b
      .filter((p) => p.isSystem)
      .map((p) => p.id)
      .sort();
    expect(sysA.length).toBe(SYSTEM_PROMPTS.length);
    expect(sysA).toEqual(sysB);
    expect(JSON.stringify(a)).not.toContain(t.tenantA);
  });

  it('list filters by kind; managers can read, reps cannot', async () => {
    const evals = await as(t.managerA).prompts.list({ kind: 'evaluation' });
    expect(evals.length).toBeGreaterThan(0);
    expect(evals.every((p) => p.kind === 'evaluation')).toBe(true);
    expect(describeTrpcError(await rejection(as(t.repA).prompts.list({}))).appCode).toBe('FORBIDDEN');
    expect(describeTrpcError(await rejection(as(t.repA).prompts.placeholders())).appCode).toBe('FORBIDDEN');
  });

  it('cannot be deleted: SYSTEM_PROMPT_READONLY with its "cannot be deleted" message, and the row stays', async () => {
    const [sys] = await systemRows();
    const e = describeTrpcError(await rejection(as(t.adminA).prompts.delete({ id: sys.id })));
    expect(e).toMatchObject({
      appCode: 'SYSTEM_PROMPT_READONLY',
      httpStatus: 403,
      message: 'This is a system prompt and cannot be deleted.',
    });
    // not even a superuser
    const e2 = describeTrpcError(await rejection(as(t.superuser).prompts.delete({ id: sys.id })));
    expect(e2.appCode).toBe('SYSTEM_PROMPT_READONLY');
    expect(await promptRow(sys.id)).toBeDefined();
  });

  it('cannot be edited through update, even by a superuser', async () => {
    const sys = (await systemRows()).find((r) => r.kind === 'evaluation')!;
    for (const u of [t.adminA, t.superuser]) {
      const e = describeTrpcError(
        await rejection(as(u).prompts.update({ id: sys.id, kind: 'evaluation', name: 'Mine', instructions: 'x' })),
      );
      expect(e).toMatchObject({
        appCode: 'SYSTEM_PROMPT_READONLY',
        message: 'System prompts cannot be edited. Duplicate it to make your own version.',
      });
    }
    expect((await promptRow(sys.id)).name).toBe(sys.name);
  });

  it('superusers edit texts through updateSystem (audited); others are FORBIDDEN', async () => {
    const sys = (await systemRows()).find((r) => r.kind === 'scenario_narrative')!;
    const input = {
      id: sys.id,
      kind: 'scenario_narrative' as const,
      name: sys.name,
      systemPrompt: sys.systemPrompt,
      userPrompt: `${sys.userPrompt}\nKeep it short.`,
    };
    expect(describeTrpcError(await rejection(as(t.adminA).prompts.updateSystem(input))).appCode).toBe('FORBIDDEN');
    const saved = await as(t.superuser).prompts.updateSystem(input);
    expect(saved).toMatchObject({ id: sys.id, isSystem: true, systemKey: sys.systemKey });
    expect((await promptRow(sys.id)).userPrompt).toMatch(/Keep it short\.$/);
    const audit = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'prompts.update_system'), eq(auditLog.actorUserId, t.superuser.id))),
    );
    expect(audit).toHaveLength(1);
    expect((await as(t.superuser).prompts.listSystem()).every((p) => p.isSystem)).toBe(true);
  });

  it('ensureSystemPrompts is idempotent and never overwrites an edited system prompt', async () => {
    const before = await systemRows();
    const edited = before.find((r) => r.kind === 'scenario_narrative')!;
    expect(await ensureSystemPrompts(database.db)).toEqual({ inserted: 0 });
    const after = await systemRows();
    expect(after.length).toBe(before.length);
    expect((await promptRow(edited.id)).userPrompt).toMatch(/Keep it short\.$/);
    // a missing one comes back; the others are left alone
    const removed = after.find((r) => r.kind === 'evaluation')!;
    await asSystem(database.db, { action: 'test' }, (tx) => tx.delete(prompts).where(eq(prompts.id, removed.id)));
    expect(await ensureSystemPrompts(database.db)).toEqual({ inserted: 1 });
    const restored = (await systemRows()).find((r) => r.systemKey === removed.systemKey)!;
    expect(restored.instructions).toBe(removed.instructions);
    expect((await promptRow(edited.id)).userPrompt).toMatch(/Keep it short\.$/);
  });
});

describe('tenant prompts', () => {
  it('an admin creates, reads, updates and deletes a prompt; fields of other kinds are not stored', async () => {
    const created = await as(t.adminA).prompts.create({ ...simulationInput, userPrompt: 'stray field' });
    expect(created).toMatchObject({
      kind: 'simulation',
      name: 'Tough CFO',
      isSystem: false,
      endPrompt: null,
      userPrompt: null,
    });
    expect((await promptRow(created.id)).tenantId).toBe(t.tenantA);
    expect(await as(t.managerA).prompts.get({ id: created.id })).toMatchObject({ id: created.id });
    const updated = await as(t.adminA).prompts.update({
      ...simulationInput,
      id: created.id,
      name: 'Tougher CFO',
      endPrompt: 'Say goodbye.',
    });
    expect(updated).toMatchObject({ name: 'Tougher CFO', endPrompt: 'Say goodbye.' });
    await as(t.adminA).prompts.delete({ id: created.id });
    expect(await promptRow(created.id)).toBeUndefined();
  });

  it('managers read but cannot write', async () => {
    expect(describeTrpcError(await rejection(as(t.managerA).prompts.create(simulationInput))).appCode).toBe(
      'FORBIDDEN',
    );
  });

  it('validates per kind with namespaced keys, all at once', async () => {
    const sim = fieldErrors(
      await rejection(
        as(t.adminA).prompts.create({ kind: 'simulation', name: ' ', generalRules: '', detailedInstructions: null }),
      ),
    );
    expect(sim.name).toContain('prompts.validation.nameRequired');
    expect(sim.generalRules).toContain('prompts.validation.generalRulesRequired');
    expect(sim.detailedInstructions).toContain('prompts.validation.detailedInstructionsRequired');
    const scen = fieldErrors(
      await rejection(as(t.adminA).prompts.create({ kind: 'scenario_variables', name: 'x', systemPrompt: 'optional' })),
    );
    expect(scen).toEqual({ userPrompt: ['prompts.validation.userPromptRequired'] });
    const narr = fieldErrors(await rejection(as(t.adminA).prompts.create({ kind: 'scenario_narrative', name: 'x' })));
    expect(narr.userPrompt).toContain('prompts.validation.userPromptRequired');
    const ev = fieldErrors(
      await rejection(as(t.adminA).prompts.create({ kind: 'evaluation', name: 'x', instructions: '   ' })),
    );
    expect(ev.instructions).toContain('prompts.validation.instructionsRequired');
    const kind = fieldErrors(
      await rejection(as(t.adminA).prompts.create({ kind: 'other' as 'evaluation', name: 'x' })),
    );
    expect(kind.kind).toContain('prompts.validation.kindInvalid');
    // scenario prompts without a system prompt are fine
    const ok = await as(t.adminA).prompts.create({
      kind: 'scenario_narrative',
      name: 'Narrative',
      userPrompt: 'Write about {{persona.name}}',
    });
    expect(ok.systemPrompt).toBeNull();
  });

  it('refuses unknown placeholders and those not meant for the kind', async () => {
    const e = fieldErrors(
      await rejection(
        as(t.adminA).prompts.create({
          kind: 'evaluation',
          name: 'Eval',
          instructions: 'Score {{criteria}} using {{transcrpt}}',
        }),
      ),
    );
    expect(e.instructions).toEqual(['prompts.validation.unknownPlaceholder']);
    expect(unknownPlaceholders('Score {{criteria}} using {{transcrpt}} and {{ transcrpt }}', 'evaluation')).toEqual([
      '{{transcrpt}}',
    ]);
    // {{transcript}} exists, but only evaluation prompts may use it
    const sim = fieldErrors(
      await rejection(
        as(t.adminA).prompts.create({ ...simulationInput, detailedInstructions: 'React to {{transcript}}' }),
      ),
    );
    expect(sim.detailedInstructions).toEqual(['prompts.validation.unknownPlaceholder']);
    const ok = await as(t.adminA).prompts.create({
      kind: 'evaluation',
      name: 'Eval',
      instructions: 'Score {{criteria}} using {{ transcript }}',
    });
    expect(ok.instructions).toContain('{{ transcript }}');
  });

  it('placeholders are served with their kinds', async () => {
    const list = await as(t.managerA).prompts.placeholders();
    expect(list.map((p) => p.token)).toEqual(PROMPT_PLACEHOLDERS.map((p) => p.token));
    expect(list.find((p) => p.token === '{{transcript}}')?.kinds).toEqual(['evaluation']);
  });

  it('the documented placeholders are exactly those prompt assembly fills', () => {
    expect(PROMPT_PLACEHOLDERS.map((p) => p.token).sort()).toEqual(PLACEHOLDER_NAMES.map((n) => `{{${n}}}`).sort());
  });

  it('duplicating a system prompt gives an editable copy in the tenant', async () => {
    const sys = (await systemRows()).find((r) => r.kind === 'simulation')!;
    const copy = await as(t.adminA).prompts.duplicate({ id: sys.id });
    expect(copy).toMatchObject({
      name: `${sys.name} (copy)`,
      isSystem: false,
      systemKey: null,
      kind: 'simulation',
      generalRules: sys.generalRules,
    });
    expect((await promptRow(copy.id)).tenantId).toBe(t.tenantA);
    const edited = await as(t.adminA).prompts.update({
      id: copy.id,
      kind: 'simulation',
      name: 'My prospect',
      generalRules: copy.generalRules,
      detailedInstructions: 'Be brief.',
      startPrompt: copy.startPrompt,
      endPrompt: copy.endPrompt,
    });
    expect(edited.detailedInstructions).toBe('Be brief.');
    expect((await promptRow(sys.id)).detailedInstructions).toBe(sys.detailedInstructions);
    // a tenant prompt duplicates too
    const again = await as(t.adminA).prompts.duplicate({ id: copy.id });
    expect(again.name).toBe('My prospect (copy)');
  });

  it("tenant A's prompt is invisible to B, even by id, and B cannot change or delete it", async () => {
    const mine = await as(t.adminA).prompts.create({
      kind: 'evaluation',
      name: 'Private eval',
      instructions: 'Score it.',
    });
    expect((await as(t.adminB).prompts.list({})).some((p) => p.id === mine.id)).toBe(false);
    for (const call of [
      () => as(t.adminB).prompts.get({ id: mine.id }),
      () => as(t.adminB).prompts.update({ id: mine.id, kind: 'evaluation', name: 'Hijacked', instructions: 'x' }),
      () => as(t.adminB).prompts.delete({ id: mine.id }),
      () => as(t.adminB).prompts.duplicate({ id: mine.id }),
    ]) {
      expect(describeTrpcError(await rejection(call())).appCode).toBe('NOT_FOUND');
    }
    expect(await promptRow(mine.id)).toMatchObject({
      name: 'Private eval',
      instructions: 'Score it.',
      tenantId: t.tenantA,
    });
    // B naming A's client id is refused outright
    expect(describeTrpcError(await rejection(as(t.adminB).prompts.list({ clientId: t.tenantA }))).appCode).toBe(
      'FORBIDDEN',
    );
  });

  it('a prompt a simulation uses cannot be deleted (IN_USE) until the simulation lets go of it', async () => {
    const p = await as(t.adminA).prompts.create({ kind: 'evaluation', name: 'Used eval', instructions: 'Score it.' });
    const sim = await asSystem(database.db, { action: 'test' }, (tx) =>
      createSimulation(tx, { tenantId: t.tenantA, name: 'Uses it', reportPromptId: p.id }),
    );
    const e = describeTrpcError(await rejection(as(t.adminA).prompts.delete({ id: p.id })));
    expect(e).toMatchObject({ appCode: 'IN_USE', details: { simulations: 1 } });
    expect(await promptRow(p.id)).toBeDefined();
    await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.update(simulations).set({ reportPromptId: null }).where(eq(simulations.id, sim.id)),
    );
    await as(t.adminA).prompts.delete({ id: p.id });
    expect(await promptRow(p.id)).toBeUndefined();
  });

  it('the kind of a prompt cannot change on update', async () => {
    const p = await as(t.adminA).prompts.create({ kind: 'evaluation', name: 'Kind test', instructions: 'Score it.' });
    const e = describeTrpcError(
      await rejection(
        as(t.adminA).prompts.update({ id: p.id, kind: 'scenario_variables', name: 'x', userPrompt: 'y' }),
      ),
    );
    expect(e.appCode).toBe('VALIDATION');
    expect((await promptRow(p.id)).kind).toBe('evaluation');
  });

  it('a superuser acts on a client through clientId; the mutation is audited', async () => {
    const created = await as(t.superuser).prompts.create({
      clientId: t.tenantB,
      kind: 'evaluation',
      name: 'For Beta',
      instructions: 'Score it.',
    });
    expect((await promptRow(created.id)).tenantId).toBe(t.tenantB);
    expect((await as(t.adminB).prompts.list({ kind: 'evaluation' })).map((p) => p.id)).toContain(created.id);
    expect((await as(t.superuser).prompts.list({})).map((p) => p.id)).not.toContain(created.id);
    const audit = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, t.superuser.id), eq(auditLog.tenantId, t.tenantB))),
    );
    expect(audit.map((a) => a.action)).toContain('superuser.prompts.create');
  });
});
