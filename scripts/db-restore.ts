/**
 * `npm run db:restore -- FILE` — replaces the embedded database (DATA_DIR) with a backup made by
 * `npm run db:backup`. The server must be stopped (it holds the directory); the current directory
 * is kept beside it as `<DATA_DIR>.before-restore-<time>`, never deleted. The restored database
 * is opened and checked before the command says it is done.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { lockHolder } from '../db/backup/backup';
import { loadEnv } from '../server/env';

async function main() {
  const env = loadEnv();
  const file = process.argv[2];
  if (!file || !existsSync(file)) {
    console.error('Usage: npm run db:restore -- <backup.tar.gz>');
    process.exit(2);
  }
  if (env.DATABASE_URL) {
    console.error('DATABASE_URL is set: the database is PostgreSQL. Restore it with pg_restore or psql.');
    process.exit(2);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const pid = lockHolder(dataDir);
  if (pid) {
    console.error(`The server (pid ${pid}) is using ${dataDir}. Stop it, then restore.`);
    process.exit(75);
  }
  let aside: string | null = null;
  if (existsSync(dataDir)) {
    aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, aside);
  }
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const blob = new Blob([readFileSync(file)]);
    const pg = await PGlite.create(dataDir, { loadDataDir: blob });
    await pg.close();
    const database = await openDatabase({ dataDir });
    try {
      await database.ping();
    } finally {
      await database.close();
    }
  } catch (e) {
    if (aside) {
      // put the previous database back
      if (existsSync(dataDir)) renameSync(dataDir, `${dataDir}.failed-restore-${Date.now()}`);
      renameSync(aside, dataDir);
    }
    throw e;
  }
  console.log(
    `Restored ${path.resolve(file)} into ${dataDir}.${aside ? ` The previous database is kept in ${aside}.` : ''}`,
  );
}

main().catch((e) => {
  console.error(`Restore failed: ${(e as Error).message}`);
  process.exit(1);
});
