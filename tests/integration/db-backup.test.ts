import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { supportRequests } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import { rows, withOpened } from '../helpers/db';
import { freePort, root, Server, session } from '../helpers/spawned-server';

/**
 * The embedded database: a crash mid-write leaves a database that opens with every
 * committed transaction whole; `npm run db:backup` makes a consistent copy while the server runs
 * (the server dumps it on request), and `npm run db:restore` puts it back — every record there,
 * nothing written after the backup. PGlite only: with DATABASE_URL the database is PostgreSQL's.
 */
const tmp: string[] = [];
const dir = (name: string) => {
  const d = mkdtempSync(path.join(tmpdir(), `spar-${name}-`));
  tmp.push(d);
  return d;
};
afterAll(() => tmp.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The demo server on the embedded database in `dataDir`, running while `fn` runs. */
async function whileServing(dataDir: string, fn: (server: Server) => Promise<void>) {
  const server = new Server(await freePort(), { DATABASE_URL: '', DATA_DIR: dataDir });
  await server.start();
  try {
    await fn(server);
  } finally {
    await server.stop();
  }
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

describe.runIf(!process.env.DATABASE_URL)('the embedded database', () => {
  it('a process killed mid-write leaves a database that opens, every committed pair whole', async () => {
    const dataDir = dir('crash-write');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'tests/fixtures/write-loop.ts'), dataDir],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => out.includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`writer exited ${code}: ${out}`)));
    });
    await new Promise((r) => setTimeout(r, 300)); // mid-stream
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    await withOpened(
      () => openDatabase({ dataDir }),
      async (database) => {
        const [{ n, batches, torn }] = await rows<{ n: number; batches: number; torn: number }>(
          database.db,
          sql`select count(*)::int as n, count(distinct batch)::int as batches,
                   (select count(*)::int from (select batch from crash_pairs group by batch having count(*) <> 2) t) as torn
              from crash_pairs`,
        );
        expect(batches).toBeGreaterThanOrEqual(20);
        expect(n).toBe(batches * 2);
        expect(torn).toBe(0);
      },
    );
  }, 120_000);

  it('db:backup copies the database while the server runs; db:restore brings back every record, nothing later', async () => {
    const dataDir = dir('backup-data');
    const out = path.join(dir('backup-out'), 'spar.tar.gz');
    await whileServing(dataDir, async (server) => {
      const rep = await session(server.url, 'rep@demo.test');
      for (let i = 1; i <= 3; i++)
        await rep.mutate('support.create', { subject: `Before backup ${i}`, description: 'Kept in the backup.' });
      const backup = await run(['scripts/db-backup.ts', '--out', out], { DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(backup.out).toContain('Asked the running server');
      expect(backup.code).toBe(0);
      expect(existsSync(out)).toBe(true);
      // the server kept serving, and what comes after the backup is not in it
      await rep.mutate('support.create', { subject: 'After backup', description: 'Not in the backup.' });
    });
    // no partial or request file is left behind
    expect(
      readdirSync(path.join(dataDir, 'backups')).filter((f) => f.startsWith('.request-') || f.endsWith('.partial')),
    ).toEqual([]);

    // restored into a fresh directory
    const restoreDir = dir('backup-restore');
    rmSync(restoreDir, { recursive: true, force: true });
    const restored = await run(['scripts/db-restore.ts', out], { DATA_DIR: restoreDir, DATABASE_URL: '' });
    expect(restored.code, restored.out).toBe(0);
    await withOpened(
      () => openDatabase({ dataDir: restoreDir }),
      async (database) => {
        const subjects = (
          await asSystem(database.db, { action: 'test' }, (tx) =>
            tx.select({ subject: supportRequests.subject }).from(supportRequests),
          )
        )
          .map((r) => r.subject)
          .sort();
        expect(subjects).toEqual(['Before backup 1', 'Before backup 2', 'Before backup 3']);
        expect(
          await asSystem(database.db, { action: 'test' }, (tx) =>
            tx.select().from(supportRequests).where(eq(supportRequests.subject, 'After backup')),
          ),
        ).toEqual([]);
      },
    );
  }, 180_000);

  it('db:restore refuses while a server holds the directory, and keeps the current database aside', async () => {
    const dataDir = dir('restore-busy');
    const out = path.join(dir('restore-busy-out'), 'b.tar.gz');
    await whileServing(dataDir, async () => {
      expect((await run(['scripts/db-backup.ts', '--out', out], { DATA_DIR: dataDir, DATABASE_URL: '' })).code).toBe(0);
      const refused = await run(['scripts/db-restore.ts', out], { DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(refused.code).toBe(75);
      expect(refused.out).toContain('Stop it, then restore');
    });
    const ok = await run(['scripts/db-restore.ts', out], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(ok.code, ok.out).toBe(0);
    const aside = readdirSync(path.dirname(dataDir)).filter((f) =>
      f.startsWith(`${path.basename(dataDir)}.before-restore-`),
    );
    expect(aside).toHaveLength(1);
    tmp.push(path.join(path.dirname(dataDir), aside[0]));
  }, 180_000);
});
