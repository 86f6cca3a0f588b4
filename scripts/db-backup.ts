/**
 * `npm run db:backup [-- --out FILE]` — a consistent copy of the embedded database (PGlite) as a
 * gzipped tarball, made while the server runs (the server dumps it on request: db/backup/backup.ts)
 * or, when no server holds the data directory, by this command. With DATABASE_URL the database is
 * PostgreSQL: back it up with pg_dump.
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { backupFile, backupsDir, lockHolder, requestFile, writeBackup } from '../db/backup/backup';
import { loadEnv } from '../server/env';

async function main() {
  const env = loadEnv();
  if (env.DATABASE_URL) {
    console.error('DATABASE_URL is set: the database is PostgreSQL. Back it up with pg_dump (see docs/scaling.md).');
    process.exit(2);
  }
  const i = process.argv.indexOf('--out');
  const out = i >= 0 ? process.argv[i + 1] : null;
  const id = `spar-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  const dataDir = env.DATA_DIR;
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    console.error(`No database in ${path.resolve(dataDir)} (DATA_DIR).`);
    process.exit(2);
  }
  let file: string;
  const pid = lockHolder(dataDir);
  if (pid) {
    // the running server makes the copy
    mkdirSync(backupsDir(dataDir), { recursive: true });
    writeFileSync(requestFile(dataDir, id), String(process.pid));
    process.kill(pid, 'SIGUSR2');
    console.log(`Asked the running server (pid ${pid}) for a backup…`);
    const deadline = Date.now() + 5 * 60_000;
    while (!existsSync(backupFile(dataDir, id))) {
      if (Date.now() > deadline) {
        console.error('The server did not write the backup within 5 minutes; see its log.');
        process.exit(1);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    file = backupFile(dataDir, id);
  } else {
    const database = await openDatabase({ dataDir });
    try {
      file = await writeBackup(dataDir, id, () => database.dump!());
    } finally {
      await database.close();
    }
  }
  if (out) {
    copyFileSync(file, out);
    file = out;
  }
  console.log(`Backup written: ${path.resolve(file)}`);
}

main().catch((e) => {
  console.error(`Backup failed: ${(e as Error).message}`);
  process.exit(1);
});
