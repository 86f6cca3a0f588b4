import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { startApp } from '../../server/app';
import { databaseRoleProblem } from '../../server/security-notices';
import { testEnv } from '../helpers/app';
import { createTestDatabase } from '../helpers/db';

/*
 * A role that escapes row-level security (a superuser, or BYPASSRLS) is named at start, and with
 * NODE_ENV=production the server refuses it. Roles exist only on a real PostgreSQL server.
 */
const url = process.env.DATABASE_URL;

describe('the database role', () => {
  it('PGlite (embedded, this process only) is not asked', async () => {
    const database = await createTestDatabase();
    try {
      if (database.driver === 'pglite') expect(await databaseRoleProblem(database)).toBeNull();
      else expect(database.driver).toBe('postgres');
    } finally {
      await database.cleanup();
    }
  });
});

describe.runIf(!!url)('the database role on PostgreSQL', () => {
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = url ? postgres(url, { max: 1, onnotice: () => {} }) : null;
  const opened: Database[] = [];
  const roles: string[] = [];
  const as = async (role: string, attributes: string) => {
    const name = `spar_role_${role}_${suffix}`;
    await admin!.unsafe(`CREATE ROLE "${name}" LOGIN ${attributes}`);
    roles.push(name);
    const u = new URL(url!);
    u.username = name;
    u.password = '';
    const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 1 });
    opened.push(database);
    return database;
  };
  afterAll(async () => {
    for (const d of opened) await d.close().catch(() => undefined); // a refused start closed its own
    for (const r of roles) await admin!.unsafe(`DROP ROLE IF EXISTS "${r}"`);
    await admin?.end();
  });

  it('names a superuser and a BYPASSRLS role, and says nothing of a plain one', async () => {
    expect(await databaseRoleProblem(await as('super', 'SUPERUSER'))).toMatch(/is a superuser/);
    expect(await databaseRoleProblem(await as('bypass', 'NOSUPERUSER BYPASSRLS'))).toMatch(/BYPASSRLS/);
    expect(await databaseRoleProblem(await as('plain', 'NOSUPERUSER NOBYPASSRLS'))).toBeNull();
  });

  it('with NODE_ENV=production the server refuses to start on such a role', async () => {
    const database = await as('prod', 'SUPERUSER');
    await expect(
      startApp({ env: testEnv({ NODE_ENV: 'production' }), database, port: 0, host: '127.0.0.1' }),
    ).rejects.toThrow(/superuser.*refuses to start/s);
  });
});
