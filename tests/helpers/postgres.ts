import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { migrateDatabase, openDatabase, type Database } from '../../db/client';
import { pidAlive } from '../../server/jobs/pid';

const PREFIX = 'spar_test_';

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function admin(url: string) {
  return postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
}

/** A fresh database on the server at `url`, migrated; dropped again by `drop()`. */
export async function createPostgresDatabase(
  url: string,
): Promise<{ database: Database; name: string; drop(): Promise<void> }> {
  const name = `${PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  const sql = admin(url);
  try {
    await sql.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await sql.end({ timeout: 5 });
  }
  const drop = async () => {
    const s = admin(url);
    try {
      await s.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await s.end({ timeout: 5 });
    }
  };
  try {
    // the statement deadline is on, with room for a machine busy running tests in parallel
    const database = await openDatabase({
      databaseUrl: withDatabase(url, name),
      poolSize: 4,
      statementTimeoutMs: 5000,
    });
    try {
      await migrateDatabase(database);
    } catch (e) {
      await database.close();
      throw e;
    }
    return { database, name, drop };
  } catch (e) {
    await drop();
    throw e;
  }
}

/**
 * Once per run, before workers start: migrate a scratch database so the cluster-wide role
 * spar_app exists (two workers creating it at the same moment would race), and drop test
 * databases left by runs that crashed (their worker pid is gone; only for a server on this host).
 */
export async function prepareServer(url: string): Promise<void> {
  const host = new URL(url).hostname;
  if (host === '127.0.0.1' || host === 'localhost' || host === '::1' || host === '[::1]') {
    const sql = admin(url);
    try {
      const rows = await sql<{ datname: string }[]>`select datname from pg_database where datname like ${PREFIX + '%'}`;
      for (const { datname } of rows) {
        const pid = Number(/^spar_test_(\d+)_/.exec(datname)?.[1]);
        if (pid && !pidAlive(pid)) await sql.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
    } finally {
      await sql.end({ timeout: 5 });
    }
  }
  const scratch = await createPostgresDatabase(url);
  await scratch.database.close();
  await scratch.drop();
}
