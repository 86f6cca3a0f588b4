import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignments } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import type { AppDeps } from '../../server/deps';
import { createLinkedSimulations } from '../helpers/assignments';
import { rejection, signedInCaller, testDeps, type UserRow, fieldErrors } from '../helpers/app';
import { useTestDatabase, systemRunner } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';

const database = useTestDatabase();
let deps: AppDeps;
let admin: UserRow;
let manager: UserRow;
let otherManager: UserRow;
let managerB: UserRow;
/** The pending assignments the manager may see, in the order the list must show them. */
let managerPending: string[];
/** Pending assignments of another manager's team: the admin sees them, the manager does not. */
let othersPending: string[];

const as = (u: UserRow) => signedInCaller(deps, u);
const sys = systemRunner(database);
const allRows = () => sys((tx) => tx.select().from(assignments).orderBy(asc(assignments.id)));

async function seedSimulation(tenantId: string) {
  return withTenant(database.db, tenantId, async (tx) => {
    const { sims } = await createLinkedSimulations(tx, tenantId, [
      { name: 'Discovery call', difficulty: 'medium', callProvider: 'offline', instructions: 'Open the call.' },
    ]);
    return sims[0].id;
  });
}

beforeAll(async () => {
  deps = await testDeps(database, { PUBLIC_URL: 'http://spar.test' }, { jobs: { disabled: true } });
  const tenantA = (await createTenant(database.db, { name: 'Acme' })).id;
  const tenantB = (await createTenant(database.db, { name: 'Globex' })).id;
  admin = await createTenantUser(database.db, tenantA, { userType: 'admin' });
  manager = await createTenantUser(database.db, tenantA, { userType: 'manager' });
  otherManager = await createTenantUser(database.db, tenantA, { userType: 'manager' });
  managerB = await createTenantUser(database.db, tenantB, { userType: 'manager' });
  const rep = await createTenantUser(database.db, tenantA, { userType: 'sales_rep', managerId: manager.id });
  const repOther = await createTenantUser(database.db, tenantA, { userType: 'sales_rep', managerId: otherManager.id });
  const sim = await seedSimulation(tenantA);
  await seedSimulation(tenantB);

  const send = async (by: UserRow, userId: string, name: string) =>
    (await as(by).assignments.create({ name, simulationIds: [sim], userIds: [userId] })).id;
  // six by the manager, one by the admin to the manager's rep (visible through the team)
  const mine: string[] = [];
  for (let i = 1; i <= 6; i++) mine.push(await send(manager, rep.id, `Mine ${i}`));
  mine.push(await send(admin, rep.id, 'Admin to my team'));
  othersPending = [await send(otherManager, repOther.id, 'Other 1'), await send(otherManager, repOther.id, 'Other 2')];
  const done = await send(manager, rep.id, 'Finished');

  // sent_at chosen so four assignments share one instant: only the id tiebreaker orders them
  const day = (d: number) => new Date(Date.UTC(2026, 0, d, 9));
  const sentAt = [day(1), day(5), day(5), day(5), day(5), day(8), day(9)];
  await sys(async (tx) => {
    for (const [i, id] of mine.entries())
      await tx.update(assignments).set({ sentAt: sentAt[i] }).where(eq(assignments.id, id));
    for (const id of othersPending)
      await tx
        .update(assignments)
        .set({ sentAt: day(5) })
        .where(eq(assignments.id, id));
    await tx
      .update(assignments)
      .set({ status: 'completed', sentAt: day(20) })
      .where(eq(assignments.id, done));
  });
  managerPending = mine
    .map((id, i) => ({ id, at: sentAt[i].getTime() }))
    .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
    .map((r) => r.id);
}, 60_000);

describe('assignments.list paging', () => {
  it('pages of 3 cover all 7 rows once, newest first, ties broken by id', async () => {
    const pages = [];
    for (const page of [1, 2, 3])
      pages.push(await as(manager).assignments.list({ status: 'pending', page, pageSize: 3 }));
    expect(pages.map((p) => ({ page: p.page, pageSize: p.pageSize, total: p.total, rows: p.items.length }))).toEqual([
      { page: 1, pageSize: 3, total: 7, rows: 3 },
      { page: 2, pageSize: 3, total: 7, rows: 3 },
      { page: 3, pageSize: 3, total: 7, rows: 1 },
    ]);
    expect(pages.flatMap((p) => p.items.map((a) => a.id))).toEqual(managerPending);
    // the rows are whole summaries, not just ids
    expect(pages[0].items[0]).toMatchObject({
      name: 'Admin to my team',
      status: 'pending',
      exercisesTotal: 1,
      canEdit: true,
    });
  });

  it('without page or pageSize: the first 25', async () => {
    const list = await as(manager).assignments.list({ status: 'pending' });
    expect(list).toMatchObject({ page: 1, pageSize: 25, total: 7 });
    expect(list.items.map((a) => a.id)).toEqual(managerPending);
  });

  it('a page past the end is empty and still reports the total', async () => {
    expect(await as(manager).assignments.list({ status: 'pending', page: 4, pageSize: 3 })).toEqual({
      items: [],
      total: 7,
      page: 4,
      pageSize: 3,
    });
    expect(await as(manager).assignments.list({ status: 'completed', page: 2, pageSize: 100 })).toEqual({
      items: [],
      total: 1,
      page: 2,
      pageSize: 100,
    });
  });

  it('refuses a malformed page or pageSize with a 400 naming the field, and changes nothing', async () => {
    const before = await allRows();
    const list = as(manager).assignments.list;
    for (const page of [0, -1, 1.5, '2' as unknown as number]) {
      expect(fieldErrors(await rejection(list({ status: 'pending', page })))).toEqual({
        page: ['assignments.validation.pageInvalid'],
      });
    }
    for (const pageSize of [0, 101, 2.5, null as unknown as number]) {
      expect(fieldErrors(await rejection(list({ status: 'pending', pageSize })))).toEqual({
        pageSize: ['assignments.validation.pageSizeInvalid'],
      });
    }
    expect(fieldErrors(await rejection(list({ status: 'pending', page: 0, pageSize: 500 })))).toEqual({
      page: ['assignments.validation.pageInvalid'],
      pageSize: ['assignments.validation.pageSizeInvalid'],
    });
    expect(await allRows()).toEqual(before);
  });
});

describe('assignments.list totals follow visibility', () => {
  it('a manager counts only the assignments they may see; the admin counts the whole tenant', async () => {
    const first = await as(manager).assignments.list({ status: 'pending', pageSize: 100 });
    expect(first.total).toBe(7);
    expect(first.items.map((a) => a.id)).toEqual(managerPending); // none of the other team's
    expect((await as(otherManager).assignments.list({ status: 'pending' })).total).toBe(2);

    // the admin sees 9 pending: pages of 4 → 4, 4, 1, each id once
    const pages = [];
    for (const page of [1, 2, 3])
      pages.push(await as(admin).assignments.list({ status: 'pending', page, pageSize: 4 }));
    expect(pages.map((p) => [p.total, p.items.length])).toEqual([
      [9, 4],
      [9, 4],
      [9, 1],
    ]);
    const ids = pages.flatMap((p) => p.items.map((a) => a.id));
    expect(new Set(ids).size).toBe(9);
    expect(ids).toEqual(expect.arrayContaining([...managerPending, ...othersPending]));

    // completed: the one finished assignment, for those who may see it
    expect((await as(manager).assignments.list({ status: 'completed' })).total).toBe(1);
    expect((await as(admin).assignments.list({ status: 'completed' })).total).toBe(1);
    expect(await as(otherManager).assignments.list({ status: 'completed' })).toMatchObject({ items: [], total: 0 });
  });

  it('another tenant sees a total of 0', async () => {
    const b = as(managerB);
    expect(await b.assignments.list({ status: 'pending' })).toEqual({ items: [], total: 0, page: 1, pageSize: 25 });
    expect(await b.assignments.list({ status: 'pending', page: 2, pageSize: 3 })).toEqual({
      items: [],
      total: 0,
      page: 2,
      pageSize: 3,
    });
    expect((await b.assignments.list({ status: 'completed' })).total).toBe(0);
    // the rows exist: tenant A still holds them
    expect(
      await sys((tx) =>
        tx.select({ id: assignments.id }).from(assignments).where(inArray(assignments.id, managerPending)),
      ),
    ).toHaveLength(7);
  });
});
