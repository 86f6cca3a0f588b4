import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase } from '../../db/client';
import { withOpened } from '../helpers/db';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'spar-lock-'));
const lockFile = path.join(dataDir, 'spar.lock');
let holder: ChildProcess;

/** Runs a TypeScript file in a fresh Node process (tsx loader), like `tsx file`. */
function runTs(file: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, file), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function output(child: ChildProcess) {
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return () => out;
}

beforeAll(async () => {
  holder = runTs('tests/fixtures/hold-data-dir.ts', [dataDir]);
  const out = output(holder);
  await new Promise<void>((resolve, reject) => {
    holder.stdout!.on('data', () => out().includes('ready') && resolve());
    holder.once('exit', (code) => reject(new Error(`holder exited with ${code}: ${out()}`)));
  });
});
afterAll(() => {
  if (holder && holder.exitCode === null && holder.signalCode === null) holder.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('PGlite data directory lock', () => {
  it('a second opener fails with DataDirLockedError naming the directory and the holder', async () => {
    expect(readFileSync(lockFile, 'utf8')).toBe(String(holder.pid));
    const err = await openDatabase({ dataDir }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DataDirLockedError);
    const message = (err as Error).message;
    expect(message).toContain(path.resolve(dataDir));
    expect(message).toContain(`another Spar process (pid ${holder.pid})`);
    expect(message).toMatch(/DATA_DIR/);
    // the failed attempt did not steal the lock
    expect(readFileSync(lockFile, 'utf8')).toBe(String(holder.pid));
  });

  it('the server started on a locked directory exits 75 with the message', async () => {
    const server = runTs('server/index.ts', [], {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
    });
    const out = output(server);
    const code = await new Promise<number | null>((resolve) => server.once('exit', (c) => resolve(c)));
    expect(out()).toContain(`is in use by another Spar process (pid ${holder.pid})`);
    expect(code).toBe(75);
  });

  it('a lock left by a dead process is taken over, and released on close', async () => {
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    expect(existsSync(lockFile)).toBe(true); // the crash left it behind
    await withOpened(
      () => openDatabase({ dataDir }),
      async (database) => {
        expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
        await database.ping();
      },
    );
    expect(existsSync(lockFile)).toBe(false);
  });
});
