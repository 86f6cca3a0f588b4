import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, migrationsFolder, openDatabase, type Database } from '../../db/client';
import { seedDemoIfEmpty } from '../../seed/demo';
import { asSystem, withTenant } from '../../db/tenant';
import { loginWithPassword } from '../../server/services/auth/login';
import { createSession } from '../../server/auth/session';
import { endUserSessions } from '../../server/services/users/users';
import { testEnv } from '../helpers/app';
import { expectRollupsConsistent } from '../helpers/rollups';

/**
 * Production shape: the application connects as a role that owns the tables but is NOT a
 * superuser (no BYPASSRLS). FORCE RLS then applies to it too: the system path must still work
 * (sign-in, seed), the tenant path must see one tenant, and a query on neither path sees nothing.
 * Only meaningful on a real Postgres server (PGlite always runs as superuser).
 */
const url = process.env.DATABASE_URL;

/** A fresh database owned by a new non-superuser LOGIN role, opened as that role; `drop` removes both. */
async function nonSuperuserDatabase(prefix: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const role = `spar_owner_${prefix}${suffix}`;
  const dbName = `spar_nonsu_${prefix}${suffix}`;
  const admin = postgres(url!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE ROLE "${role}" LOGIN CREATEROLE`);
  await admin.unsafe(`CREATE DATABASE "${dbName}" OWNER "${role}"`);
  const u = new URL(url!);
  u.username = role;
  u.password = '';
  u.pathname = `/${dbName}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 2 });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await admin.unsafe(`DROP ROLE IF EXISTS "${role}"`);
      await admin.end({ timeout: 5 });
    },
  };
}

describe.runIf(!!url)('row-level security with a non-superuser table owner', () => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ database, drop } = await nonSuperuserDatabase(''));
    await migrateDatabase(database);
    const env = testEnv();
    await seedDemoIfEmpty(database.db, {
      password: 'demo-pass-1',
      policy: env.passwordPolicy,
      internalSchema: env.INTERNAL_CLIENT_SCHEMA,
    });
  }, 120_000);

  afterAll(async () => {
    await drop?.();
  });

  it('the connecting role is not a superuser and cannot bypass RLS', async () => {
    const [r] = (await database.db.execute(
      sql`select rolsuper, rolbypassrls from pg_roles where rolname = current_user`,
    )) as unknown as {
      rolsuper: boolean;
      rolbypassrls: boolean;
    }[];
    expect(r).toEqual({ rolsuper: false, rolbypassrls: false });
  });

  it('sign-in works through the system path', async () => {
    const res = await loginWithPassword(
      database.db,
      { email: 'admin@demo.test', password: 'demo-pass-1', ip: '10.0.0.1' },
      { perAccount: 5, perAddress: 20, windowMs: 60_000 },
    );
    expect(res).toMatchObject({ kind: 'session', token: expect.stringMatching(/^[a-z2-7]{32}$/) as unknown });
  });

  it("a tenant transaction ends a user's sessions through spar_end_user_sessions, for its own tenant only", async () => {
    const [rep] = (await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.execute(sql`select id::text, tenant_id::text from users where email = 'rep@demo.test'`),
    )) as unknown as { id: string; tenant_id: string }[];
    const [other] = (await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.execute(sql`select tenant_id::text from users where tenant_id <> ${rep.tenant_id}::uuid limit 1`),
    )) as unknown as { tenant_id: string }[];
    await createSession(database.db, rep.id);
    await createSession(database.db, rep.id);
    // another tenant cannot end them
    expect(await withTenant(database.db, other.tenant_id, (tx) => endUserSessions(tx, rep.id))).toBe(0);
    const inTenant = await withTenant(database.db, rep.tenant_id, async (tx) => ({
      ended: await endUserSessions(tx, rep.id),
      // the system path was for the function's own statements only
      after: (
        (await tx.execute(
          sql`select coalesce(current_setting('app.system', true), '') as v, (select count(*)::int from users) as n`,
        )) as unknown as { v: string; n: number }[]
      )[0],
    }));
    expect(inTenant.ended).toBeGreaterThanOrEqual(2);
    expect(inTenant.after.v).not.toBe('on');
    const left = (await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.execute(sql`select count(*)::int as n from sessions where user_id = ${rep.id}::uuid`),
    )) as unknown as { n: number }[];
    expect(left[0].n).toBe(0);
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
    const seen = (await withTenant(database.db, demo[0].t, (tx) =>
      tx.execute(sql`select count(*)::int as n from users`),
    )) as unknown as { n: number }[];
    expect(seen[0].n).toBe(expected);
    const outside = (await database.db.execute(sql`select count(*)::int as n from users`)) as unknown as {
      n: number;
    }[];
    expect(outside[0].n).toBe(0);
  });
});

/**
 * An existing deployment upgrading to the dashboard rollups (migrations 0011–0012) as a
 * non-superuser owner: the backfill must see every tenant's rows (system path), so the rollups
 * start equal to the data and stay equal as writes continue.
 */
describe.runIf(!!url)('upgrading to the rollup migrations with a non-superuser owner', () => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let oldMigrations: string;

  beforeAll(async () => {
    ({ database, drop } = await nonSuperuserDatabase('up_'));
    // the schema as it was before the rollups: migrations 0000–0010 only
    oldMigrations = mkdtempSync(path.join(os.tmpdir(), 'spar-migrations-'));
    mkdirSync(path.join(oldMigrations, 'meta'));
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    journal.entries = journal.entries.filter((e) => e.idx <= 10);
    writeFileSync(path.join(oldMigrations, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const e of journal.entries)
      copyFileSync(path.join(migrationsFolder(), `${e.tag}.sql`), path.join(oldMigrations, `${e.tag}.sql`));
    await migrateDatabase(database, { migrationsFolder: oldMigrations });
  }, 120_000);

  afterAll(async () => {
    await drop?.();
    if (oldMigrations) rmSync(oldMigrations, { recursive: true, force: true });
  });

  it('backfills the rollups from existing exercises and reports, and they stay exact afterwards', async () => {
    const env = testEnv();
    // today's seed writes the simulation columns later migrations add (0028): they stand in while it
    // runs on the old tables and go before the upgrade, which adds them itself
    const LATER_SIMULATION_COLUMNS = ['kind', 'source_call_id', 'source_moment', 'drill_criteria'];
    await asSystem(database.db, { action: 'test' }, async (tx) => {
      await tx.execute(
        sql.raw(
          `alter table simulations add column kind text not null default 'standard', add column source_call_id uuid, add column source_moment jsonb, add column drill_criteria jsonb`,
        ),
      );
      // and the user and audit columns of 0032
      await tx.execute(sql.raw(`alter table users add column deactivated_at timestamptz, add column external_id text`));
      await tx.execute(
        sql.raw(
          `alter table audit_log add column actor_label text, add column target text, add column outcome text not null default 'success', add column ip text, add column user_agent text`,
        ),
      );
    });
    await seedDemoIfEmpty(database.db, {
      password: 'demo-pass-1',
      policy: env.passwordPolicy,
      internalSchema: env.INTERNAL_CLIENT_SCHEMA,
      // no demo-history job: the jobs table of migration 0010 is older than db/schema's; the
      // history this test needs is written below in plain SQL
      history: false,
    });
    // history written before the upgrade: an assignment for two reps, one exercise completed with a report.
    // Plain SQL, not the factories: the tables are as migration 0010 left them, older than db/schema.
    const ids = await asSystem(database.db, { action: 'test' }, async (tx) => {
      const [rep1] = (await tx.execute(
        sql`select id::text, tenant_id::text from users where email = 'rep@demo.test'`,
      )) as unknown as { id: string; tenant_id: string }[];
      const [rep2] = (await tx.execute(sql`select id::text from users where email = 'rep2@demo.test'`)) as unknown as {
        id: string;
      }[];
      const [sim] = (await tx.execute(
        sql`select id::text from simulations where tenant_id = ${rep1.tenant_id}::uuid limit 1`,
      )) as unknown as { id: string }[];
      const t = rep1.tenant_id;
      const [a] = (await tx.execute(
        sql`insert into assignments (tenant_id, name) values (${t}::uuid, 'Before the upgrade') returning id::text`,
      )) as unknown as { id: string }[];
      const [c] = (await tx.execute(
        sql`insert into calls (tenant_id, user_id, provider, language, state, time_limit_seconds) values (${t}::uuid, ${rep1.id}::uuid, 'offline', 'en', 'ended', 600) returning id::text`,
      )) as unknown as { id: string }[];
      await tx.execute(sql`insert into reports (tenant_id, call_id, status, score, criteria, completed_at) values (${t}::uuid, ${c.id}::uuid, 'ready', 75,
        '[{"criterionId":"a","name":"Open questions","level":2},{"criterionId":"b","name":"Next step","level":1}]'::jsonb, now())`);
      await tx.execute(sql`insert into exercises (tenant_id, assignment_id, user_id, simulation_id, status, score, call_id, completed_at) values
        (${t}::uuid, ${a.id}::uuid, ${rep1.id}::uuid, ${sim.id}::uuid, 'completed', 75, ${c.id}::uuid, now()),
        (${t}::uuid, ${a.id}::uuid, ${rep2.id}::uuid, ${sim.id}::uuid, 'pending', null, null, null)`);
      return { tenantId: t, pendingUser: rep2.id, assignmentId: a.id };
    });

    await asSystem(database.db, { action: 'test' }, async (tx) => {
      await tx.execute(
        sql.raw(`alter table simulations ${LATER_SIMULATION_COLUMNS.map((c) => `drop column ${c}`).join(', ')}`),
      );
      await tx.execute(sql.raw(`alter table users drop column deactivated_at, drop column external_id`));
      await tx.execute(
        sql.raw(
          `alter table audit_log drop column actor_label, drop column target, drop column outcome, drop column ip, drop column user_agent`,
        ),
      );
    });
    await migrateDatabase(database);
    const counts = (await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.execute(
        sql`select (select count(*) from user_exercise_stats)::int as stats, (select count(*) from assignment_members)::int as members, (select count(*) from user_week_criteria)::int as criteria`,
      ),
    )) as unknown as { stats: number; members: number; criteria: number }[];
    expect(counts[0]).toEqual({ stats: 2, members: 2, criteria: 2 });
    await expectRollupsConsistent(database.db);

    // writes after the upgrade, on the tenant path, keep them exact
    await withTenant(database.db, ids.tenantId, (tx) =>
      tx.execute(
        sql`update exercises set status = 'completed', score = 40, completed_at = now() where user_id = ${ids.pendingUser}::uuid and assignment_id = ${ids.assignmentId}::uuid`,
      ),
    );
    await expectRollupsConsistent(database.db);
  });
});
