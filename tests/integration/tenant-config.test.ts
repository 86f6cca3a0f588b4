import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callInstructions, clientOverviews, icps, productGroupings } from '../../db/schema';
import { seedDemoTenantConfig } from '../../seed/personas';
import { asSystem } from '../../db/tenant';
import { describeTrpcError, rejection, signedInCaller, type UserRow, issues } from '../helpers/app';
import { useTestDatabase, systemRunner, rowById } from '../helpers/db';
import { useTwoTenants } from '../helpers/lifecycle';
import { createTenant, createTenantUser } from '../helpers/factories';

const database = useTestDatabase();
const t = useTwoTenants(database, {
  a: { managerA: { userType: 'manager' }, adminA: { userType: 'admin' }, repA: { userType: 'sales_rep' } },
  b: { managerB: { userType: 'manager' }, adminB: { userType: 'admin' } },
});

const as = (u: UserRow) => signedInCaller(t.deps, u);
type Caller = ReturnType<typeof as>;

const sys = systemRunner(database);

/** ICPs and product groupings share a shape (name, details): one suite, run for each. */
const NAMED = [
  {
    label: 'ICPs',
    section: 'icps',
    api: (c: Caller) => c.icps,
    row: (id: string) => rowById(database.db, icps, id),
    total: async () => (await sys((tx) => tx.select({ n: count() }).from(icps)))[0].n,
  },
  {
    label: 'product groupings',
    section: 'productGroupings',
    api: (c: Caller) => c.productGroupings,
    row: (id: string) => rowById(database.db, productGroupings, id),
    total: async () => (await sys((tx) => tx.select({ n: count() }).from(productGroupings)))[0].n,
  },
] as const;

for (const entity of NAMED) {
  describe(`${entity.label} router`, () => {
    it('an admin creates, lists, reads, updates and deletes', async () => {
      const api = entity.api(as(t.adminA));
      const created = await api.create({ name: '  Mid-market SaaS  ', details: 'VP Sales, 50 reps' });
      expect(created).toMatchObject({ name: 'Mid-market SaaS', details: 'VP Sales, 50 reps' });
      expect(created).not.toHaveProperty('tenantId');
      expect((await entity.row(created.id)).tenantId).toBe(t.tenantA);
      expect((await api.list({})).map((r) => r.id)).toContain(created.id);
      expect(await api.get({ id: created.id })).toEqual(created);
      const updated = await api.update({ id: created.id, name: 'Enterprise', details: '' });
      expect(updated).toMatchObject({ id: created.id, name: 'Enterprise', details: '' });
      expect(await api.delete({ id: created.id })).toEqual({ id: created.id });
      expect(await entity.row(created.id)).toBeUndefined();
      expect(describeTrpcError(await rejection(api.get({ id: created.id })))).toMatchObject({ appCode: 'NOT_FOUND' });
    });

    it('a manager reads it (the simulation wizard needs it) but cannot change it, and nothing is written', async () => {
      const mine = await entity.api(as(t.adminA)).create({ name: 'Read only for managers', details: 'd' });
      const before = await entity.total();
      const api = entity.api(as(t.managerA));
      expect((await api.list({})).map((r) => r.id)).toContain(mine.id);
      expect((await api.get({ id: mine.id })).name).toBe('Read only for managers');
      for (const call of [
        () => api.create({ name: 'x' }),
        () => api.update({ id: mine.id, name: 'Changed' }),
        () => api.delete({ id: mine.id }),
      ]) {
        expect(describeTrpcError(await rejection(call()))).toMatchObject({
          trpcCode: 'FORBIDDEN',
          appCode: 'FORBIDDEN',
        });
      }
      expect(await entity.total()).toBe(before);
      expect((await entity.row(mine.id)).name).toBe('Read only for managers');
      await entity.api(as(t.adminA)).delete({ id: mine.id });
    });

    it('details are optional', async () => {
      const api = entity.api(as(t.adminA));
      const created = await api.create({ name: 'No details' });
      expect(created.details).toBe('');
      await api.delete({ id: created.id });
    });

    it('the name is required and nothing is written', async () => {
      const before = await entity.total();
      const e = issues(await rejection(entity.api(as(t.adminA)).create({ name: '  ', details: 'x' })));
      expect(e).toEqual({ name: [`config.${entity.section}.nameRequired`] });
      const e2 = issues(
        await rejection(entity.api(as(t.adminA)).create({ name: 'n'.repeat(161), details: 'd'.repeat(20_001) })),
      );
      expect(e2).toEqual({
        name: [`config.${entity.section}.nameTooLong`],
        details: [`config.${entity.section}.detailsTooLong`],
      });
      expect(await entity.total()).toBe(before);
    });

    it('a sales rep is denied', async () => {
      const api = entity.api(as(t.repA));
      for (const call of [
        () => api.list({}),
        () => api.create({ name: 'x' }),
        () => api.get({ id: crypto.randomUUID() }),
      ]) {
        expect(describeTrpcError(await rejection(call()))).toMatchObject({
          trpcCode: 'FORBIDDEN',
          appCode: 'FORBIDDEN',
        });
      }
    });

    it('another tenant cannot read, change or delete it by id', async () => {
      const mine = await entity.api(as(t.adminA)).create({ name: 'Acme only', details: 'secret' });
      const before = await entity.row(mine.id);
      const other = entity.api(as(t.adminB));
      expect((await other.list({})).map((r) => r.id)).not.toContain(mine.id);
      for (const call of [
        () => other.get({ id: mine.id }),
        () => other.update({ id: mine.id, name: 'Hijacked' }),
        () => other.delete({ id: mine.id }),
      ]) {
        expect(describeTrpcError(await rejection(call()))).toMatchObject({
          trpcCode: 'NOT_FOUND',
          appCode: 'NOT_FOUND',
        });
      }
      expect(await entity.row(mine.id)).toEqual(before);
      expect(describeTrpcError(await rejection(other.list({ clientId: t.tenantA }))).appCode).toBe('FORBIDDEN');
    });

    it('a superuser edits a client through clientId', async () => {
      const api = entity.api(as(t.superuser));
      const created = await api.create({ clientId: t.tenantB, name: 'Set up by support', details: '' });
      expect((await entity.row(created.id)).tenantId).toBe(t.tenantB);
      expect((await entity.api(as(t.managerB)).list({})).map((r) => r.id)).toContain(created.id);
      expect((await api.list({})).map((r) => r.id)).not.toContain(created.id);
      await api.update({ clientId: t.tenantB, id: created.id, name: 'Renamed', details: 'more' });
      expect((await entity.row(created.id)).name).toBe('Renamed');
      await api.delete({ clientId: t.tenantB, id: created.id });
      expect(await entity.row(created.id)).toBeUndefined();
    });
  });
}

describe('call instructions router', () => {
  const row = (id: string) => rowById(database.db, callInstructions, id);

  it('an admin creates, lists, reads, updates and deletes', async () => {
    const api = as(t.adminA).callInstructions;
    const first = await api.create({ instructions: 'Discovery call, 30 minutes.' });
    const second = await api.create({ instructions: 'Cold call, 5 minutes.' });
    expect((await api.list({})).map((r) => r.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(await api.get({ id: first.id })).toEqual(first);
    const updated = await api.update({ id: first.id, instructions: '  Discovery call, 45 minutes.  ' });
    expect(updated.instructions).toBe('Discovery call, 45 minutes.');
    expect((await row(first.id)).tenantId).toBe(t.tenantA);
    await api.delete({ id: first.id });
    await api.delete({ id: second.id });
    expect(await row(first.id)).toBeUndefined();
  });

  it('the text is required', async () => {
    const e = issues(await rejection(as(t.adminA).callInstructions.create({ instructions: '   ' })));
    expect(e).toEqual({ instructions: ['config.callInstructions.instructionsRequired'] });
    const created = await as(t.adminA).callInstructions.create({ instructions: 'Keep me' });
    const e2 = issues(await rejection(as(t.adminA).callInstructions.update({ id: created.id, instructions: '' })));
    expect(e2).toEqual({ instructions: ['config.callInstructions.instructionsRequired'] });
    expect((await row(created.id)).instructions).toBe('Keep me');
    // a manager reads it but cannot change it
    expect((await as(t.managerA).callInstructions.get({ id: created.id })).instructions).toBe('Keep me');
    expect(
      describeTrpcError(
        await rejection(as(t.managerA).callInstructions.update({ id: created.id, instructions: 'Changed' })),
      ).appCode,
    ).toBe('FORBIDDEN');
    expect(describeTrpcError(await rejection(as(t.managerA).callInstructions.delete({ id: created.id }))).appCode).toBe(
      'FORBIDDEN',
    );
    expect((await row(created.id)).instructions).toBe('Keep me');
    await as(t.adminA).callInstructions.delete({ id: created.id });
  });

  it('a sales rep is denied', async () => {
    expect(describeTrpcError(await rejection(as(t.repA).callInstructions.list({})))).toMatchObject({
      appCode: 'FORBIDDEN',
    });
    expect(describeTrpcError(await rejection(as(t.repA).callInstructions.create({ instructions: 'x' })))).toMatchObject(
      {
        appCode: 'FORBIDDEN',
      },
    );
  });

  it('another tenant cannot reach it by id', async () => {
    const mine = await as(t.adminA).callInstructions.create({ instructions: 'Acme script' });
    const before = await row(mine.id);
    const other = as(t.adminB).callInstructions;
    for (const call of [
      () => other.get({ id: mine.id }),
      () => other.update({ id: mine.id, instructions: 'Hijacked' }),
      () => other.delete({ id: mine.id }),
    ]) {
      expect(describeTrpcError(await rejection(call()))).toMatchObject({ appCode: 'NOT_FOUND' });
    }
    expect(await row(mine.id)).toEqual(before);
  });

  it('a superuser edits a client through clientId', async () => {
    const created = await as(t.superuser).callInstructions.create({ clientId: t.tenantB, instructions: 'For Beta' });
    expect((await row(created.id)).tenantId).toBe(t.tenantB);
    expect((await as(t.managerB).callInstructions.list({})).map((r) => r.id)).toContain(created.id);
    await as(t.superuser).callInstructions.delete({ clientId: t.tenantB, id: created.id });
    expect(await row(created.id)).toBeUndefined();
  });
});

describe('client overview router', () => {
  const overviewRow = async (tenantId: string) =>
    (await sys((tx) => tx.select().from(clientOverviews).where(eq(clientOverviews.tenantId, tenantId))))[0];

  it('is empty before the first save, then upserts one text per client', async () => {
    const api = as(t.managerA).clientOverview;
    expect(await api.get({})).toEqual({ details: '', updatedAt: null });
    // a manager reads the overview but only an admin writes it
    expect(describeTrpcError(await rejection(api.save({ details: 'By a manager' }))).appCode).toBe('FORBIDDEN');
    expect(await overviewRow(t.tenantA)).toBeUndefined();
    const first = await as(t.adminA).clientOverview.save({ details: '  Acme sells anvils.  ' });
    expect(first.details).toBe('Acme sells anvils.');
    expect(first.updatedAt).not.toBeNull();
    const second = await as(t.adminA).clientOverview.save({ details: 'Acme sells anvils and rockets.' });
    expect(await api.get({})).toEqual(second);
    const all = await sys((tx) => tx.select().from(clientOverviews).where(eq(clientOverviews.tenantId, t.tenantA)));
    expect(all).toHaveLength(1);
    expect(all[0].details).toBe('Acme sells anvils and rockets.');
  });

  it('rejects a text that is too long without changing the saved one', async () => {
    const before = await overviewRow(t.tenantA);
    const e = issues(await rejection(as(t.adminA).clientOverview.save({ details: 'x'.repeat(20_001) })));
    expect(e).toEqual({ details: ['config.clientOverview.detailsTooLong'] });
    expect(await overviewRow(t.tenantA)).toEqual(before);
  });

  it('a sales rep is denied', async () => {
    expect(describeTrpcError(await rejection(as(t.repA).clientOverview.get({})))).toMatchObject({
      appCode: 'FORBIDDEN',
    });
    expect(describeTrpcError(await rejection(as(t.repA).clientOverview.save({ details: 'x' })))).toMatchObject({
      appCode: 'FORBIDDEN',
    });
  });

  it("each tenant sees only its own overview, and cannot name another client's", async () => {
    await as(t.adminB).clientOverview.save({ details: 'Beta overview' });
    expect((await as(t.managerA).clientOverview.get({})).details).toBe('Acme sells anvils and rockets.');
    expect((await as(t.managerB).clientOverview.get({})).details).toBe('Beta overview');
    expect(
      describeTrpcError(await rejection(as(t.adminB).clientOverview.save({ clientId: t.tenantA, details: 'Hijacked' })))
        .appCode,
    ).toBe('FORBIDDEN');
    expect((await overviewRow(t.tenantA)).details).toBe('Acme sells anvils and rockets.');
  });

  it('a superuser reads and saves a client overview through clientId', async () => {
    const su = as(t.superuser).clientOverview;
    expect((await su.get({ clientId: t.tenantB })).details).toBe('Beta overview');
    await su.save({ clientId: t.tenantB, details: 'Beta, edited by support' });
    expect((await overviewRow(t.tenantB)).details).toBe('Beta, edited by support');
    expect((await overviewRow(t.tenantA)).details).toBe('Acme sells anvils and rockets.');
    const e = issues(await rejection(su.save({ clientId: 'not-a-uuid', details: 'x' })));
    expect(e.clientId).toEqual(['errors.CLIENT_ID_REQUIRED']);
  });
});

describe('demo seed configuration', () => {
  it('gives the demo tenant an overview, ICPs, product groupings and call instructions', async () => {
    const demo = await createTenant(database.db, { name: 'Northwind Demo' });
    await asSystem(database.db, { action: 'test.seed' }, (tx) => seedDemoTenantConfig(tx, demo.id));
    const c = as(await createTenantUser(database.db, demo.id, { userType: 'manager' }));
    expect((await c.clientOverview.get({})).details.length).toBeGreaterThan(500);
    for (const list of [await c.icps.list({}), await c.productGroupings.list({})]) {
      expect(list.length).toBeGreaterThanOrEqual(2);
      expect(list.length).toBeLessThanOrEqual(3);
      expect(new Set(list.map((r) => r.name)).size).toBe(list.length);
      expect(list.every((r) => r.details.length > 200)).toBe(true);
    }
    const instructions = await c.callInstructions.list({});
    expect(instructions.length).toBeGreaterThanOrEqual(1);
    expect(instructions.length).toBeLessThanOrEqual(2);
    expect(instructions.every((r) => r.instructions.length > 100)).toBe(true);
  });
});
