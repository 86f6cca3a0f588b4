import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrateDatabase, migrationsFolder, pgliteDatabase as databaseOnPglite, type Database } from '../../db/client';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TMP_DIR = path.join(root, 'tests', '.tmp');

/** The same Database the server builds for PGlite (db/client.ts), around a client we created. */
export const pgliteDatabase = (client: PGlite): Database => databaseOnPglite(client, drizzle);

/** Changes whenever a migration or the PGlite version changes, so a stale template is never reused. */
function templateKey(): string {
  const h = createHash('sha256');
  const folder = migrationsFolder();
  const files = [
    ...readdirSync(folder).map((f) => path.join(folder, f)),
    ...readdirSync(path.join(folder, 'meta')).map((f) => path.join(folder, 'meta', f)),
  ]
    .filter((f) => /\.(sql|json)$/.test(f))
    .sort();
  for (const f of files) h.update(path.relative(folder, f)).update('\0').update(readFileSync(f)).update('\0');
  h.update(
    JSON.parse(readFileSync(path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'))
      .version,
  );
  return h.digest('hex').slice(0, 16);
}

/**
 * A migrated, empty PGlite data directory dumped to tests/.tmp (gitignored). Migrating PGlite takes
 * seconds; loading the dump takes about one, so every test file starts from this template.
 */
export async function ensurePgliteTemplate(): Promise<string> {
  mkdirSync(TMP_DIR, { recursive: true });
  const file = path.join(TMP_DIR, `pglite-template-${templateKey()}.tar`);
  if (existsSync(file)) return file;
  const client = await PGlite.create();
  try {
    await migrateDatabase(pgliteDatabase(client));
    const dump = await client.dumpDataDir('none');
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
    renameSync(part, file); // atomic: a concurrent run never reads half a file
  } finally {
    await client.close();
  }
  // Drop templates of older migrations, but only stale ones: another run may still be loading its own.
  for (const old of readdirSync(TMP_DIR)) {
    const f = path.join(TMP_DIR, old);
    if (old.startsWith('pglite-template-') && f !== file && Date.now() - statSync(f).mtimeMs > 60 * 60_000)
      rmSync(f, { force: true });
  }
  return file;
}
