import { spawn, execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from '@playwright/test';
import { startSmtpReceiver } from '../helpers/smtp';
import { ACCOUNT_KEYS, ACCOUNTS } from './accounts';
import { mailFileWriter } from './mail';
import { loopbackServer } from '../../scripts/lib/built-server';
import { stopServer, waitForHealth } from './own-server';
import {
  E2E_DEMO_PASSWORD,
  E2E_MAIL_FROM_ADDRESS,
  E2E_SUPPORT_EMAIL,
  E2E_TMP,
  SERVER_INFO_FILE,
  storageFile,
  type ServerInfo,
} from './server-info';

const SERVER_ENTRY = 'dist/server/index.mjs';

/**
 * Starts the built server on a free port with a fresh data dir, its mail going to a loopback SMTP
 * receiver that stores each message in the mail dir; returns the teardown.
 */
export default async function globalSetup() {
  if (!existsSync(SERVER_ENTRY) || !existsSync('dist/client/index.html')) {
    console.log('[e2e] dist/ is missing: running npm run build');
    execSync('npm run -s build', { stdio: 'inherit' });
  }
  rmSync(E2E_TMP, { recursive: true, force: true });
  mkdirSync(path.join(E2E_TMP, 'storage'), { recursive: true });

  // <root>/data is the server's PGlite directory, <root>/mail the mail it sent
  const root = mkdtempSync(path.join(os.tmpdir(), 'spar-e2e-'));
  const dataDir = path.join(root, 'data');
  const mailDir = path.join(root, 'mail');
  const { url: baseURL, env: base } = await loopbackServer({ dataDir, demoPassword: E2E_DEMO_PASSWORD });
  const smtp = await startSmtpReceiver({ onMail: mailFileWriter(mailDir) });
  const env: NodeJS.ProcessEnv = {
    ...base,
    // the tests mint sessions for non-superuser accounts from this machine (tests/e2e/fixtures.ts devToken)
    DEV_TOKEN_ENABLED: 'true',
    // screens with known contents: the demo tenant without its generated history (its own tests cover it)
    SEED_DEMO_HISTORY: 'false',
    SUPPORT_EMAIL: E2E_SUPPORT_EMAIL,
    SMTP_URL: smtp.url,
    MAIL_FROM: `Spar E2E <${E2E_MAIL_FROM_ADDRESS}>`,
    // links in mail point at this server
    PUBLIC_URL: baseURL,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL; // always the fresh PGlite dir, even when CI points DATABASE_URL at Postgres
  delete env.SEED_DEMO;

  let log = '';
  const child = spawn(process.execPath, [SERVER_ENTRY], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (b: Buffer) => {
    log = (log + b.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (b: Buffer) => {
    keep(b);
    process.stderr.write(`[e2e server] ${b}`);
  });

  const teardown = async () => {
    await stopServer(child, 15_000);
    await smtp.close();
    // E2E_KEEP_DATA=1 keeps the server's data directory and its mail for a post-mortem of a failed run
    if (process.env.E2E_KEEP_DATA) console.log(`e2e data directory kept: ${root}`);
    else rmSync(root, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, child, () => log);
    // One session per account, through the real login endpoint; tests reuse the cookie.
    for (const key of ACCOUNT_KEYS) {
      const ctx = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
      const res = await ctx.post('/trpc/auth.login', {
        data: { email: ACCOUNTS[key].email, password: E2E_DEMO_PASSWORD },
      });
      if (!res.ok()) throw new Error(`login as ${key} failed: ${res.status()} ${await res.text()}`);
      await ctx.storageState({ path: storageFile(key) });
      await ctx.dispose();
    }
  } catch (e) {
    await teardown();
    throw e;
  }

  const info: ServerInfo = { baseURL, pid: child.pid ?? 0, dataDir, mailDir };
  writeFileSync(SERVER_INFO_FILE, JSON.stringify(info, null, 2));
  process.env.SPAR_E2E_BASE_URL = baseURL;
  return teardown;
}
