import { migrateDatabase, openDatabase } from '../../db/client';
import { loadEnv, type Env } from '../../server/env';

/** Opens the configured database (DATABASE_URL or PGlite in DATA_DIR) and applies migrations. */
export async function openConfiguredDatabase(): Promise<{
  env: Env;
  database: Awaited<ReturnType<typeof openDatabase>>;
}> {
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2 });
  await migrateDatabase(database);
  return { env, database };
}

/**
 * A fresh, migrated database for a bench: a new database on the PostgreSQL server of
 * `databaseUrl` (dropped by `drop()`, unless `keep`), or an in-memory PGlite when no URL is given.
 */
export async function scratchDatabase(
  databaseUrl: string | undefined,
  opts: { poolSize?: number; keep?: boolean } = {},
) {
  let drop = async () => {};
  let url = databaseUrl;
  if (databaseUrl) {
    const { default: postgres } = await import('postgres');
    const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const name = `spar_bench_${Date.now()}`;
    await admin.unsafe(`create database ${name}`);
    const u = new URL(databaseUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      if (opts.keep) console.log(`  kept database ${name}`);
      else await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const database = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: opts.poolSize });
  await migrateDatabase(database);
  return { database, drop, url };
}
