import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAssignment, createExercise } from '../../seed/factories';
import { withTenant } from '../../db/tenant';
import { ReadCache } from '../../server/cache/read-cache';
import type { AppDeps } from '../../server/deps';
import { getJob } from '../../server/jobs/queue';
import { startJobWorker } from '../../server/wiring';
import { enqueueMail } from '../../server/mail/jobs';
import { asSystem } from '../../db/tenant';
import { createLinkedSimulations } from '../helpers/assignments';
import { signedInCaller, testDeps, type UserRow } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';

/*
 * The dashboard is served from a per-viewer cache (READ_CACHE_TTL_MS). A write through the API or
 * a finished background job of the tenant drops the tenant's entries at once; a write the process
 * does not see (another process, SQL) shows after the TTL.
 */
const database = useTestDatabase();
let deps: AppDeps;
let cache: ReadCache;
let tenantA: string;
let tenantB: string;
let manager: UserRow;
let otherManager: UserRow;
let rep: UserRow;
let managerB: UserRow;
let simA: string;
let simB: string;
const as = (u: UserRow) => signedInCaller(deps, u);

async function simulation(tenantId: string) {
  return withTenant(database.db, tenantId, async (tx) => {
    const { sims } = await createLinkedSimulations(tx, tenantId, [{ name: 'Discovery' }]);
    return sims[0].id;
  });
}

beforeAll(async () => {
  cache = new ReadCache(60_000);
  deps = await testDeps(database, {}, { readCache: cache, jobs: { pollIntervalMs: 50 } });
  tenantA = (await createTenant(database.db, { name: 'Acme' })).id;
  tenantB = (await createTenant(database.db, { name: 'Globex' })).id;
  manager = await createTenantUser(database.db, tenantA, { userType: 'manager' });
  otherManager = await createTenantUser(database.db, tenantA, { userType: 'manager' });
  rep = await createTenantUser(database.db, tenantA, { userType: 'sales_rep', managerId: manager.id });
  await createTenantUser(database.db, tenantA, { userType: 'sales_rep', managerId: otherManager.id });
  managerB = await createTenantUser(database.db, tenantB, { userType: 'manager' });
  await createTenantUser(database.db, tenantB, { userType: 'sales_rep', managerId: managerB.id });
  simA = await simulation(tenantA);
  simB = await simulation(tenantB);
}, 60_000);

describe('dashboard read cache', () => {
  it('serves each viewer its own cached dashboard; API writes of the tenant refresh it at once', async () => {
    const first = await as(manager).dashboard.get({});
    expect(first.counts).toMatchObject({ teamMembers: 1, pendingExercises: 0 });
    expect((await as(otherManager).dashboard.get({})).counts).toMatchObject({ teamMembers: 1, pendingExercises: 0 });

    // a write this process does not see (SQL, another server): the cached figures stand until the TTL
    await withTenant(database.db, tenantA, async (tx) => {
      const a = await createAssignment(tx, { tenantId: tenantA, name: 'Direct', createdBy: manager.id });
      await createExercise(tx, { tenantId: tenantA, assignmentId: a.id, userId: rep.id, simulationId: simA });
    });
    const hits = cache.stats.hits;
    expect((await as(manager).dashboard.get({})).counts.pendingExercises).toBe(0);
    expect(cache.stats.hits).toBe(hits + 1);

    // another tenant's write leaves A's entries alone
    await as(managerB).assignments.create({
      name: 'B work',
      simulationIds: [simB],
      userIds: [(await as(managerB).assignments.options({})).members[0].id],
    });
    expect((await as(manager).dashboard.get({})).counts.pendingExercises).toBe(0);

    // a write of tenant A through the API: every A dashboard is fresh on the next read
    await as(manager).assignments.create({ name: 'Q4', simulationIds: [simA], userIds: [rep.id] });
    expect((await as(manager).dashboard.get({})).counts.pendingExercises).toBe(2);
    // a failed mutation writes nothing and keeps the cache
    const before = cache.stats.invalidations;
    await expect(as(manager).assignments.create({ name: 'x', simulationIds: [], userIds: [rep.id] })).rejects.toThrow();
    expect(cache.stats.invalidations).toBe(before);
  });

  it('a finished background job of the tenant refreshes its dashboards', async () => {
    const pending = (await as(manager).dashboard.get({})).counts.pendingExercises;
    await withTenant(database.db, tenantA, async (tx) => {
      const a = await createAssignment(tx, { tenantId: tenantA, name: 'Direct 2', createdBy: manager.id });
      await createExercise(tx, { tenantId: tenantA, assignmentId: a.id, userId: rep.id, simulationId: simA });
    });
    expect((await as(manager).dashboard.get({})).counts.pendingExercises).toBe(pending); // cached
    const jobId = await asSystem(database.db, { action: 'test' }, (tx) =>
      enqueueMail(tx, {
        tenantId: tenantA,
        to: 'rep@example.test',
        subject: 's',
        text: 't',
        html: '<p>t</p>',
        dedupeKey: `test:${randomUUID()}`,
      }),
    );
    const worker = await startJobWorker(deps);
    try {
      await expect
        .poll(async () => (await getJob(database.db, jobId))?.status, { timeout: 10_000, interval: 20 })
        .toBe('succeeded');
      // no TTL passed: the job's completion dropped the tenant's entries
      expect((await as(manager).dashboard.get({})).counts.pendingExercises).toBe(pending + 1);
    } finally {
      await worker?.stop();
    }
  });
});
