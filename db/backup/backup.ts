import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Backups of the embedded database (PGlite): `npm run db:backup` and `npm run db:restore`.
 *
 * A running server holds the data directory (one process per directory), so it makes the copy
 * itself: the backup command leaves a request file in `<DATA_DIR>/backups/` and sends the server
 * SIGUSR2; the server dumps its database between two queries (PGlite runs one at a time, so the
 * copy is consistent) to `<id>.tar.gz.partial` and renames it to `<id>.tar.gz` when complete.
 * Without a server the command opens the directory and dumps it itself.
 */

export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');
export const requestFile = (dataDir: string, id: string) => path.join(backupsDir(dataDir), `.request-${id}`);
export const backupFile = (dataDir: string, id: string) => path.join(backupsDir(dataDir), `${id}.tar.gz`);

/** The pid holding the data directory, when that process is alive. */
export function lockHolder(dataDir: string): number | null {
  const lock = path.join(dataDir, 'spar.lock');
  if (!existsSync(lock)) return null;
  const pid = Number(readFileSync(lock, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** Writes a dump to `<id>.tar.gz` atomically (a reader never sees a partial file under that name). */
export async function writeBackup(dataDir: string, id: string, dump: () => Promise<Blob>): Promise<string> {
  mkdirSync(backupsDir(dataDir), { recursive: true });
  const final = backupFile(dataDir, id);
  const partial = `${final}.partial`;
  const blob = await dump();
  writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
  renameSync(partial, final);
  return final;
}

/** The server's side: every pending request gets its backup (called on SIGUSR2). */
export async function serveBackupRequests(dataDir: string, dump: () => Promise<Blob>): Promise<string[]> {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  const done: string[] = [];
  for (const f of readdirSync(dir)) {
    if (!f.startsWith('.request-')) continue;
    const id = f.slice('.request-'.length);
    if (!/^[\w.-]{1,100}$/.test(id)) continue;
    done.push(await writeBackup(dataDir, id, dump));
    rmSync(path.join(dir, f), { force: true });
  }
  return done;
}
