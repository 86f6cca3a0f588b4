import { migrateDatabase, openDatabase } from '../../db/client';
import { loadEnv, type Env } from '../../server/env';

/** Opens the configured database (DATABASE_URL or PGlite in DATA_DIR) and applies migrations. */
export async function openConfiguredDatabase(): Promise<{ env: Env; database: Awaited<ReturnType<typeof openDatabase>> }> {
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2 });
  await migrateDatabase(database);
  return { env, database };
}
