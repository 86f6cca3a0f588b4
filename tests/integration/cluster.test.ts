import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { asSystem, withTenant } from '../../db/tenant';
import { enqueue } from '../../server/jobs/queue';
import { createWorker } from '../../server/jobs/worker';
import type { RunningApp } from '../../server/app';
import { createLinkedSimulations } from '../helpers/assignments';
import { signedInCaller, startTestApp, type UserRow } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { createTenant, createTenantUser, TEST_PASSWORD } from '../helpers/factories';
import { withDatabase } from '../helpers/postgres';

/**
 * Two server processes on one PostgreSQL (each its own connection pool and LISTEN connection, as
 * two processes have): a write through one drops the tenant's cached dashboard in the other at
 * once (LISTEN/NOTIFY), where before only the cache TTL bounded the staleness. PostgreSQL only:
 * PGlite is one process's database.
 */
const url = process.env.DATABASE_URL;

describe.runIf(!!url)('two servers on one PostgreSQL', () => {
  let database: TestDatabase;
  let second: Database;
  let one: RunningApp;
  let two: RunningApp;
  let manager: UserRow;
  let rep: UserRow;
  let simId: string;
  let otherTenant: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    second = await openDatabase({ databaseUrl: withDatabase(url!, database.label), poolSize: 4 });
    const tenantId = (await createTenant(database.db, { name: 'Acme' })).id;
    otherTenant = (await createTenant(database.db, { name: 'Globex' })).id;
    manager = await createTenantUser(database.db, tenantId, {
      userType: 'manager',
      email: 'manager@acme.test',
      password: TEST_PASSWORD,
    });
    rep = await createTenantUser(database.db, tenantId, {
      userType: 'sales_rep',
      managerId: manager.id,
      email: 'rep@acme.test',
      password: TEST_PASSWORD,
    });
    simId = await withTenant(
      database.db,
      tenantId,
      async (tx) => (await createLinkedSimulations(tx, tenantId, [{ name: 'Discovery' }])).sims[0].id,
    );
    // a five-minute cache: only the notification can make the second server see the write in time
    const env = { READ_CACHE_TTL_MS: '300000', LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' };
    one = await startTestApp(database, env, { jobs: { disabled: true } });
    two = await startTestApp(second, env, { jobs: { disabled: true } });
  }, 60_000);

  afterAll(() => closeAll(one, two, second, database));

  it('a write in one server drops the tenant’s cached dashboard in the other', async () => {
    const onTwo = () => signedInCaller(two.deps, manager).dashboard.get({});
    expect((await onTwo()).counts.pendingExercises).toBe(0);
    const hits = two.deps.readCache!.stats.hits;
    expect((await onTwo()).counts.pendingExercises).toBe(0);
    expect(two.deps.readCache!.stats.hits).toBe(hits + 1); // served from the second server's cache

    // another tenant's write reaches the second server but leaves this tenant's entry alone
    const before = two.deps.readCache!.stats.invalidations;
    one.deps.readCache!.invalidateTenant(otherTenant);
    await expect.poll(() => two.deps.readCache!.stats.invalidations, { timeout: 5000, interval: 20 }).toBe(before + 1);
    expect((await onTwo()).counts.pendingExercises).toBe(0);
    expect(two.deps.readCache!.stats.hits).toBe(hits + 2);

    // the manager assigns through the first server
    await signedInCaller(one.deps, manager).assignments.create({
      name: 'Q4',
      simulationIds: [simId],
      userIds: [rep.id],
    });
    await expect.poll(async () => (await onTwo()).counts.pendingExercises, { timeout: 5000, interval: 20 }).toBe(1);
  });

  it('background jobs run once: two workers on two pools share 120 jobs, each run exactly once', async () => {
    const ran: { job: string; worker: string }[] = [];
    const handler = (worker: string) => ({
      async run({ job }: { job: { id: string } }) {
        ran.push({ job: job.id, worker });
        await new Promise((r) => setTimeout(r, 2)); // a little work, so the two overlap
      },
    });
    const ids = await asSystem(database.db, { action: 'test' }, async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < 120; i++)
        out.push(
          await enqueue(tx, { queue: 'webhook', tenantId: null, payload: { i }, dedupeKey: `cluster-test:${i}` }),
        );
      return out;
    });
    const workers = [
      createWorker({
        db: database.db,
        handlers: { webhook: handler('a') },
        workerId: 'host-a:1:aaaa',
        pollIntervalMs: 10,
        initialDelayMs: 0,
        orphans: 'none',
      }),
      createWorker({
        db: second.db,
        handlers: { webhook: handler('b') },
        workerId: 'host-b:2:bbbb',
        pollIntervalMs: 10,
        initialDelayMs: 0,
        orphans: 'none',
      }),
    ];
    await Promise.all(workers.map((w) => w.start()));
    try {
      await expect.poll(() => ran.length, { timeout: 20_000, interval: 20 }).toBe(120);
      await new Promise((r) => setTimeout(r, 200)); // nothing runs twice afterwards either
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    expect(ran).toHaveLength(120);
    expect(new Set(ran.map((r) => r.job))).toEqual(new Set(ids));
    expect(new Set(ran.map((r) => r.worker))).toEqual(new Set(['a', 'b'])); // both took part
  });

  it('login throttling counts the failures made through every server', async () => {
    const login = (app: RunningApp, password: string) =>
      fetch(`${app.url}/trpc/auth.login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.url },
        body: JSON.stringify({ email: 'manager@acme.test', password }),
      });
    expect((await login(one, 'wrong-password-1')).status).toBe(401);
    expect((await login(two, 'wrong-password-2')).status).toBe(401);
    expect((await login(one, 'wrong-password-3')).status).toBe(401);
    // the third failure (two here, one there) locked the account for both servers
    for (const app of [one, two]) {
      const r = await login(app, TEST_PASSWORD);
      expect(r.status).toBe(429);
      expect(
        ((await r.json()) as { error: { data: { appCode: string; details: { retryAfterSeconds: number } } } }).error
          .data,
      ).toMatchObject({ appCode: 'TOO_MANY_REQUESTS', details: { retryAfterSeconds: expect.any(Number) } });
    }
  });

  it('two servers starting at once on an empty database: one migrates and seeds, both come up', async () => {
    const { default: postgres } = await import('postgres');
    const name = `spar_boot_${process.pid}_${Date.now()}`;
    const admin = postgres(url!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE "${name}"`);
    const pools = [
      await openDatabase({ databaseUrl: withDatabase(url!, name), poolSize: 3 }),
      await openDatabase({ databaseUrl: withDatabase(url!, name), poolSize: 3 }),
    ];
    const apps: RunningApp[] = [];
    try {
      const env = { SEED_DEMO: 'true', SEED_DEMO_HISTORY: 'false', DEMO_PASSWORD: 'demo-pass-boot' };
      apps.push(...(await Promise.all(pools.map((p) => startTestApp(p, env, { jobs: { disabled: true } })))));
      for (const a of apps) expect((await fetch(`${a.url}/api/v1/health`)).status).toBe(200);
      const [{ n }] = (await pools[0].db.execute(
        sql`select count(*)::int as n from clients where schema_name = 'demo'`,
      )) as unknown as { n: number }[];
      expect(n).toBe(1);
    } finally {
      for (const a of apps) await a.stop();
      for (const p of pools) await p.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });

  it('ten sign-ins of one account at once, through both servers, all succeed (no deadlock)', async () => {
    const login = (app: RunningApp) =>
      fetch(`${app.url}/trpc/auth.login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.url },
        body: JSON.stringify({ email: 'rep@acme.test', password: TEST_PASSWORD }),
      });
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(i % 2 ? one : two).then((r) => r.status)),
    );
    expect(statuses).toEqual(Array(10).fill(200));
  });
});
