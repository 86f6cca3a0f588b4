import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { request, type Page } from '@playwright/test';
import { startFakeRealtime, type FakeRealtime } from '../helpers/fake-realtime';
import { expect, h1, test } from './fixtures';
import { E2E_DEMO_PASSWORD } from './server-info';

// A voice call end to end: Chromium's fake microphone plays a speech WAV made with espeak-ng
// (ending in silence), the browser streams it to our own server, whose realtime upstream is the
// wire-level fake of the OpenAI Realtime GA protocol on loopback (TLS; its CA is given to the
// server through NODE_EXTRA_CA_CERTS).

const WAV = path.resolve('tests/fixtures/audio/rep-hello.wav');
const SIMULATION = 'Discovery call with a busy VP of Sales';
const REP_SAID = 'Hello, do you have a minute to talk?';
const PROSPECT_SAID = 'Derek speaking. I have five minutes, what is this about?';

test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${WAV}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

interface VoiceServer {
  baseURL: string;
  repState: string;
  simulationId: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function startVoiceServer(fake: FakeRealtime): Promise<VoiceServer> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'spar-e2e-voice-'));
  const caFile = path.join(tmp, 'fake-realtime-ca.pem');
  writeFileSync(caFile, fake.ca);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(tmp, 'data'),
    DEMO_PASSWORD: E2E_DEMO_PASSWORD,
    LOG_LEVEL: 'warn',
    OPENAI_API_KEY: 'test-key',
    OPENAI_REALTIME_URL: fake.baseURL,
    NODE_EXTRA_CA_CERTS: caFile,
  };
  delete env.DATABASE_URL;
  delete env.SEED_DEMO;
  delete env.PUBLIC_URL;
  delete env.OPENAI_BASE_URL;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['dist/server/index.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (b: Buffer) => (log = (log + b.toString()).slice(-10_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(killer);
          resolve();
        });
        child.kill('SIGTERM');
      });
    }
    rmSync(tmp, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`voice e2e server exited:\n${log}`);
      const ok = await fetch(`${baseURL}/api/v1/health`).then((r) => r.status === 200, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`voice e2e server not healthy:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = async (email: string) => {
      const ctx = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
      const res = await ctx.post('/trpc/auth.login', { data: { email, password: E2E_DEMO_PASSWORD } });
      expect(res.ok(), await res.text()).toBe(true);
      return ctx;
    };
    const repState = path.join(tmp, 'rep.json');
    const rep = await login('rep@demo.test');
    await rep.storageState({ path: repState });
    await rep.dispose();
    const manager = await login('manager@demo.test');
    const res = await manager.get(`/trpc/simulations.list?input=${encodeURIComponent('{}')}`);
    expect(res.status(), await res.text()).toBe(200);
    const rows = ((await res.json()) as { result: { data: { id: string; name: string }[] } }).result.data;
    await manager.dispose();
    const simulationId = rows.find((r) => r.name === SIMULATION)?.id;
    expect(simulationId, `seeded simulation "${SIMULATION}"`).toBeTruthy();
    return { baseURL, repState, simulationId: simulationId!, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

async function watchCallStates(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __callStates: string[] }).__callStates = seen;
    const record = () => {
      const text = document.querySelector('[data-testid="call-state"]')?.textContent?.trim();
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

test.describe('Voice call with a fake microphone', () => {
  test.describe.configure({ timeout: 90_000 });
  let fake: FakeRealtime;
  let server: VoiceServer;

  test.beforeAll(async () => {
    test.setTimeout(150_000); // a second server: fresh database, migrations and demo seed
    fake = await startFakeRealtime({ transcripts: [REP_SAID], replies: [PROSPECT_SAID], responseAudioMs: 800, pace: 'realtime' });
    server = await startVoiceServer(fake);
  });

  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  test('Ringing → Call connected → both sides in the transcript → End → the wait screen', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.baseURL, storageState: server.repState, permissions: ['microphone'] });
    const page = await context.newPage();
    try {
      await page.goto(`/exercise/${server.simulationId}`);
      await expect(page.getByText('This call is recorded so you can review it in your report.')).toBeVisible();
      await watchCallStates(page);
      await page.getByRole('button', { name: 'Start call' }).click();

      const state = page.getByTestId('call-state');
      await expect(state).toHaveText('Ringing');
      await expect(h1(page)).toHaveText(SIMULATION);
      await expect(state).toHaveText('Call connected', { timeout: 15_000 });
      const seen = await page.evaluate(() => (window as unknown as { __callStates: string[] }).__callStates);
      expect(seen.indexOf('Call connected')).toBeGreaterThan(seen.indexOf('Ringing'));
      // a voice call: no offline banner, a live mic meter
      await expect(page.getByText('Offline practice mode — no AI model is configured; the prospect is simulated')).toBeHidden();
      await expect(page.getByRole('progressbar', { name: 'Microphone level' })).toBeVisible();

      const transcript = page.getByRole('log', { name: 'Live transcript' });
      await expect(transcript.locator('[data-speaker="rep"]').first()).toContainText(REP_SAID, { timeout: 20_000 });
      await expect(transcript.locator('[data-speaker="prospect"]', { hasText: PROSPECT_SAID }).first()).toBeVisible({ timeout: 20_000 });

      // mute stops the mic (the meter says so) and can be undone
      await page.getByRole('button', { name: 'Mute' }).click();
      await expect(page.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText('Microphone muted')).toBeVisible();

      await page.getByRole('button', { name: 'End call' }).click();
      await expect(page.getByRole('heading', { name: 'Congratulations' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Generating your report…' })).toBeVisible();
      // the mixed recording (mic + prospect) reached the server
      await expect(page.getByText('The call recording was saved for your report.')).toBeVisible({ timeout: 15_000 });
    } finally {
      await context.close();
    }
  });
});
