import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../../db/client';
import { seedDemoIfEmpty } from '../../db/seed/demo';
import { asSystem, withTenant } from '../../db/tenant';
import { loginWithPassword } from '../../server/services/auth/login';
import { testEnv } from '../helpers/app';

/**
 * Production shape: the application connects as a role that owns the tables but is NOT a
 * superuser (no BYPASSRLS). FORCE RLS then applies to it too: the system path must still work
 * (sign-in, seed), the tenant path must see one tenant, and a query on neither path sees nothing.
 * Only meaningful on a real Postgres server (PGlite always runs as superuser).
 */
const url = process.env.DATABASE_URL;

describe.runIf(!!url)('row-level security with a non-superuser table owner', () => {
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const role = `spar_owner_${suffix}`;
  const dbName = `spar_nonsu_${suffix}`;
  let admin: postgres.Sql;
  let database: Database;

  beforeAll(async () => {
    admin = postgres(url!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE ROLE "${role}" LOGIN CREATEROLE`);
    await admin.unsafe(`CREATE DATABASE "${dbName}" OWNER "${role}"`);
    const u = new URL(url!);
    u.username = role;
    u.password = '';
    u.pathname = `/${dbName}`;
    database = await openDatabase({ databaseUrl: u.toString(), poolSize: 2 });
    await migrateDatabase(database);
    const env = testEnv();
    await seedDemoIfEmpty(database.db, { password: 'demo-pass-1', policy: env.passwordPolicy, internalSchema: env.INTERNAL_CLIENT_SCHEMA });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.unsafe(`DROP ROLE IF EXISTS "${role}"`);
    await admin.end({ timeout: 5 });
  });

  it('the connecting role is not a superuser and cannot bypass RLS', async () => {
    const [r] = (await database.db.execute(sql`select rolsuper, rolbypassrls from pg_roles where rolname = current_user`)) as unknown as {
      rolsuper: boolean;
      rolbypassrls: boolean;
    }[];
    expect(r).toEqual({ rolsuper: false, rolbypassrls: false });
  });

  it('sign-in works through the system path', async () => {
    const res = await loginWithPassword(database.db, { email: 'admin@demo.test', password: 'demo-pass-1', ip: '10.0.0.1' }, { perAccount: 5, perAddress: 20, windowMs: 60_000 });
    expect(res.token).toMatch(/^[a-z2-7]{32}$/);
  });

  it('the tenant path sees exactly its tenant, and a query on neither path sees nothing', async () => {
    const all = (await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.execute(sql`select tenant_id::text as t, count(*)::int as n from users group by tenant_id`),
    )) as unknown as { t: string; n: number }[];
    expect(all.length).toBe(2);
    const demo = (await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.execute(sql`select tenant_id::text as t from users where email = 'admin@demo.test'`),
    )) as unknown as { t: string }[];
    const expected = all.find((r) => r.t === demo[0].t)!.n;
    const seen = (await withTenant(database.db, demo[0].t, (tx) => tx.execute(sql`select count(*)::int as n from users`))) as unknown as { n: number }[];
    expect(seen[0].n).toBe(expected);
    const outside = (await database.db.execute(sql`select count(*)::int as n from users`)) as unknown as { n: number }[];
    expect(outside[0].n).toBe(0);
  });
});
