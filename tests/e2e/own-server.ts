import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request } from '@playwright/test';
import { loopbackServer } from '../../scripts/lib/built-server';
import { seededSimulationId } from './call-helpers';
import { E2E_DEMO_PASSWORD } from './server-info';

/**
 * A second built server for the specs that need a configuration of their own (a model fake, the
 * demo history): a fresh data dir, the demo seed, its own port; the shared e2e server stays as is.
 */
export interface OwnServer {
  baseURL: string;
  /** A temporary folder for this server's files (removed by stop). */
  tmp: string;
  /** Signs in through the real login endpoint; returns a storage-state file for browser contexts. */
  signIn(email: string): Promise<string>;
  stop(): Promise<void>;
}

/** Waits until the server at `baseURL` answers its health check; fails at once if the process exits. */
export async function waitForHealth(baseURL: string, child: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const state = async () => {
    if (child.exitCode !== null) return 'exited';
    return (await fetch(`${baseURL}/api/v1/health`).then(
      (r) => r.status === 200,
      () => false,
    ))
      ? 'healthy'
      : 'starting';
  };
  await expect
    .poll(state, {
      timeout: timeoutMs,
      intervals: [100],
      message: `e2e server at ${baseURL} did not become healthy:\n${output()}`,
    })
    .not.toBe('starting');
  if (child.exitCode !== null) throw new Error(`e2e server exited with code ${child.exitCode}:\n${output()}`);
}

/** Stops a server process: SIGTERM, then SIGKILL if it is still running after `graceMs`. */
export function stopServer(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function startOwnServer(
  name: string,
  env: NodeJS.ProcessEnv,
  opts: { tmp?: string; healthTimeoutMs?: number } = {},
): Promise<OwnServer> {
  const tmp = opts.tmp ?? mkdtempSync(path.join(os.tmpdir(), `spar-e2e-${name}-`));
  const { url: baseURL, env: base } = await loopbackServer({
    dataDir: path.join(tmp, 'data'),
    demoPassword: E2E_DEMO_PASSWORD,
  });
  // no generated demo history unless the test asks for it: making four weeks of it in the
  // background takes a core for most of a minute, which slowed every other test's pages
  const full: NodeJS.ProcessEnv = {
    ...base,
    LOG_LEVEL: 'warn',
    SEED_DEMO_HISTORY: 'false',
    ...env,
  };
  for (const k of ['DATABASE_URL', 'SEED_DEMO', 'PUBLIC_URL', 'OPENAI_BASE_URL'] as const)
    if (!(k in env)) delete full[k];
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['dist/server/index.mjs'], {
    env: full,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (b: Buffer) => (log = (log + b.toString()).slice(-10_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    await stopServer(child);
    rmSync(tmp, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseURL, child, () => `${name}: ${log}`, opts.healthTimeoutMs);
  } catch (e) {
    await stop();
    throw e;
  }
  const signIn = async (email: string) => {
    const ctx = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
    const res = await ctx.post('/trpc/auth.login', { data: { email, password: E2E_DEMO_PASSWORD } });
    expect(res.ok(), await res.text()).toBe(true);
    const file = path.join(tmp, `${email.replace(/[^a-z0-9]/gi, '_')}.json`);
    await ctx.storageState({ path: file });
    await ctx.dispose();
    return file;
  };
  return { baseURL, tmp, signIn, stop };
}

/** An own server whose realtime model is a loopback fake (its self-signed CA given through NODE_EXTRA_CA_CERTS). */
export interface RealtimeServer {
  own: OwnServer;
  repState: string;
  managerState: string;
  /** The seeded simulation the spec calls. */
  simulationId: string;
}

export async function startRealtimeServer(
  name: string,
  fake: { baseURL: string; ca: string },
  simulation: string,
): Promise<RealtimeServer> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), `spar-e2e-${name}-`));
  const caFile = path.join(tmp, 'fake-realtime-ca.pem');
  writeFileSync(caFile, fake.ca);
  const own = await startOwnServer(
    name,
    { OPENAI_API_KEY: 'test-key', OPENAI_REALTIME_URL: fake.baseURL, NODE_EXTRA_CA_CERTS: caFile },
    { tmp },
  );
  try {
    const managerState = await own.signIn('manager@demo.test');
    return {
      own,
      repState: await own.signIn('rep@demo.test'),
      managerState,
      simulationId: await seededSimulationId(own.baseURL, simulation, managerState),
    };
  } catch (e) {
    await own.stop();
    throw e;
  }
}
