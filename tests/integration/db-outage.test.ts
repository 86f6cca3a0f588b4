import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../../server/app';
import { signIn, startTestApp } from '../helpers/app';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';
import { openDatabase } from '../../db/client';
import { withDatabase } from '../helpers/postgres';
import { connectCall } from '../helpers/call-client';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';

/**
 * PostgreSQL going away under traffic, played by a TCP proxy that drops every
 * connection and refuses new ones, as a restarting database does: requests fail fast with 503
 * and the translated UNAVAILABLE message (not a 500), the health check says the database is
 * unreachable, and when the database is back the server answers again without a restart. The
 * same for a database that keeps accepting connections but answers nothing (a partition).
 */
const url = process.env.DATABASE_URL;

describe.runIf(!!url)('PostgreSQL restarted under traffic', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let app: RunningApp;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const tenantId = (await createTenant(database.db, { name: 'Acme' })).id;
    const manager = await createTenantUser(database.db, tenantId, { userType: 'manager' });
    const u = new URL(url!);
    proxy = await startTcpProxy(u.hostname, Number(u.port || 5432));
    const through = new URL(withDatabase(url!, database.label));
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    const proxied = await openDatabase({ databaseUrl: through.toString(), poolSize: 4, statementTimeoutMs: 1500 });
    app = await startTestApp(proxied, { READ_CACHE_TTL_MS: '0' }, { jobs: { disabled: true }, healthTimeoutMs: 2000 });
    ({ token } = await signIn(app.deps, manager));
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await app?.deps.database.close();
    await proxy?.close().catch(() => undefined);
    await database?.cleanup();
  });

  const dashboard = (signal?: AbortSignal) =>
    fetch(`${app.url}/trpc/dashboard.get?input=${encodeURIComponent('{}')}`, {
      headers: { authorization: `Bearer ${token}` },
      signal,
    });

  it('fails fast with 503 while the database is gone, and recovers by itself when it is back', async () => {
    expect((await dashboard()).status).toBe(200);
    await proxy.cut();
    const down = await dashboard();
    expect(down.status).toBe(503);
    const body = (await down.json()) as { error: { data: { appCode: string } } };
    expect(body.error.data.appCode).toBe('UNAVAILABLE');
    const rest = await fetch(`${app.url}/api/v1/reports/0b9ed2a4-6f7e-4a4b-8d7e-2b7c9f0a1c3d/download`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(rest.status).toBe(503);
    expect(((await rest.json()) as { error: { code: string } }).error.code).toBe('UNAVAILABLE');
    const health = await fetch(`${app.url}/api/v1/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'degraded', db: 'unreachable' });
    // a call's socket is refused with 503 too (try again), not 500 or "sign in again"
    expect(await connectCall(app.url, randomUUID(), null, { origin: app.url, authorization: `Bearer ${token}` })).toBe(
      503,
    );

    await proxy.restore();
    await expect.poll(async () => (await dashboard()).status, { timeout: 15_000, interval: 100 }).toBe(200);
    expect((await fetch(`${app.url}/api/v1/health`)).status).toBe(200);
  });

  it('answers 503 while the database accepts connections but answers nothing, and recovers when it answers again', async () => {
    expect((await dashboard()).status).toBe(200);
    proxy.silence();
    try {
      // without a deadline these wait for as long as the partition lasts; the signal ends the wait at 10 s
      const answers = await Promise.all(Array.from({ length: 12 }, () => dashboard(AbortSignal.timeout(10_000))));
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        const body = (await answer.json()) as { error: { data: { appCode: string } } };
        expect(body.error.data.appCode).toBe('UNAVAILABLE');
      }
      const health = await fetch(`${app.url}/api/v1/health`, { signal: AbortSignal.timeout(10_000) });
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'degraded', db: 'unreachable' });
    } finally {
      proxy.resume();
    }
    await expect.poll(async () => (await dashboard()).status, { timeout: 15_000, interval: 100 }).toBe(200);
  });

  it('cancels a statement past the deadline as unavailable, keeps the connection, and lets start-up work take its time', async () => {
    const { sql } = await import('drizzle-orm');
    const { isDatabaseUnavailable } = await import('../../db/errors');
    const short = await openDatabase({
      databaseUrl: withDatabase(url!, database.label),
      poolSize: 1,
      statementTimeoutMs: 300,
    });
    try {
      const slow = await short.db.execute(sql`select pg_sleep(1)`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(slow)).toBe(true);
      // PostgreSQL cancelled the statement itself: the one connection is still there and answers
      expect(await short.db.execute(sql`select 1 as one`)).toMatchObject([{ one: 1 }]);
      const unhurried = await short.exclusive!('spar:test', (db) => db.db.execute(sql`select pg_sleep(0.5), 2 as two`));
      expect(unhurried).toMatchObject([{ two: 2 }]);
    } finally {
      await short.close();
    }
  });
});
