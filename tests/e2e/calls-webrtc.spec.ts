import path from 'node:path';
import { request, type Browser } from '@playwright/test';
import type { MetricsSample } from '../../client/features/calls/metrics';
import { simulationInput } from '../../server/contracts/simulations';
import { startFakeRealtimeWebRTC, type FakeRealtimeWebRTC } from '../helpers/fake-realtime-webrtc';
import { chromiumWithMicrophone } from '../../scripts/lib/chromium';
import { expect, test } from './fixtures';
import { startRealtimeServer, type RealtimeServer } from './own-server';

// A model call over WebRTC in Chromium: the fake microphone plays a spoken WAV (espeak-ng), the
// page gets a client secret from our server, posts its SDP offer to the loopback fake of the
// Realtime GA WebRTC endpoints (a real WebRTC peer, werift) and talks to it directly; our server
// follows the call over the fake's sideband, shows the transcript and ends the call. When WebRTC
// cannot connect, the call goes through the server's relay instead.

const WAV = path.resolve('tests/fixtures/audio/rep-hello.wav');
const SIMULATION = 'Discovery call with a busy VP of Sales';
const REP_SAID = 'Hello, do you have a minute to talk?';
const GREETING = 'Derek speaking. I have five minutes, what is this about?';
const ANSWER = 'Fine, go ahead, but make it quick.';

test.use({
  // loopback candidates (the fake listens on 127.0.0.1); the fake's self-signed certificate
  launchOptions: chromiumWithMicrophone(WAV, ['--allow-loopback-in-peer-connection']),
});

/** A copy of the simulation with a time limit of `minutes` (through the simulations API, as a manager). */
async function shortCopy(s: RealtimeServer, minutes: number): Promise<string> {
  const ctx = await request.newContext({
    baseURL: s.own.baseURL,
    storageState: s.managerState,
    extraHTTPHeaders: { Origin: s.own.baseURL },
  });
  try {
    const dup = await ctx.post('/trpc/simulations.duplicate', { data: { id: s.simulationId } });
    expect(dup.status(), await dup.text()).toBe(200);
    const copy = ((await dup.json()) as { result: { data: Record<string, unknown> & { id: string } } }).result.data;
    const fields = Object.fromEntries(
      Object.keys(simulationInput.shape)
        .filter((k) => k in copy && copy[k] !== null)
        .map((k) => [k, copy[k]]),
    );
    const res = await ctx.post('/trpc/simulations.update', {
      data: { ...fields, id: copy.id, name: 'WebRTC short call', timeLimitMinutes: minutes },
    });
    expect(res.status(), await res.text()).toBe(200);
    return copy.id;
  } finally {
    await ctx.dispose();
  }
}

type Sample = MetricsSample;

async function callPage(browser: Browser, s: RealtimeServer, simulationId: string) {
  const context = await browser.newContext({
    baseURL: s.own.baseURL,
    storageState: s.repState,
    permissions: ['microphone'],
    ignoreHTTPSErrors: true,
  });
  const page = await context.newPage();
  // the metrics samples the page sends on the call's socket
  const samples: Sample[] = [];
  page.on('websocket', (ws) =>
    ws.on('framesent', (f) => {
      if (typeof f.payload === 'string' && f.payload.startsWith('{"type":"metrics"'))
        samples.push(...(JSON.parse(f.payload) as { samples: Sample[] }).samples);
    }),
  );
  await page.goto(`/exercise/${simulationId}`);
  await page.getByRole('button', { name: 'Start call' }).click();
  return { context, page, samples };
}

test.describe('A model call over WebRTC', () => {
  test.describe.configure({ timeout: 90_000 });
  let fake: FakeRealtimeWebRTC;
  let setup: RealtimeServer;

  test.beforeAll(async () => {
    test.setTimeout(150_000); // a second server: fresh database, migrations and demo seed
    fake = await startFakeRealtimeWebRTC({
      transcripts: [REP_SAID],
      replies: [GREETING, ANSWER],
      responseAudioMs: 800,
      relay: { transcripts: [REP_SAID], replies: [GREETING], responseAudioMs: 600, pace: 'realtime' },
    });
    setup = await startRealtimeServer('webrtc', fake, SIMULATION);
  });

  test.afterAll(async () => {
    await setup?.own.stop();
    await fake?.close();
  });

  test('the browser talks to the model directly; the server shows the transcript and ends the call', async ({
    browser,
  }) => {
    const { context, page, samples } = await callPage(browser, setup, setup.simulationId);
    try {
      await expect(page.getByTestId('call-state')).toHaveText('Call connected', { timeout: 20_000 });
      await expect(page.getByTestId('call-panel')).toHaveAttribute('data-transport', 'webrtc');
      const transcript = page.getByRole('log', { name: 'Live transcript' });
      await expect(transcript.locator('[data-speaker="prospect"]', { hasText: GREETING }).first()).toBeVisible({
        timeout: 15_000,
      });
      // the microphone reached the model over WebRTC (its speech was heard), and the answer came back
      await expect(transcript.locator('[data-speaker="rep"]').first()).toContainText(REP_SAID, { timeout: 20_000 });
      await expect(transcript.locator('[data-speaker="prospect"]', { hasText: ANSWER }).first()).toBeVisible({
        timeout: 20_000,
      });
      const call = [...fake.calls.values()].at(-1)!;
      expect(call.sidebands).toBe(1);
      expect(call.packetsIn).toBeGreaterThan(50);
      // the answers' audio went down the peer connection (the transcript arrives as an answer starts)
      await expect.poll(() => call.packetsOut, { timeout: 10_000 }).toBeGreaterThan(60);
      // nothing but our own server and the model's calls endpoint: the page never saw the API key
      expect(fake.refused).toEqual([]);

      await page.getByRole('button', { name: 'End call' }).click();
      await expect(page.getByRole('heading', { name: 'Congratulations' })).toBeVisible();
      await expect.poll(() => fake.hangups.includes(call.id), { timeout: 10_000 }).toBe(true);
      await expect(page.getByText('The call recording was saved for your report.')).toBeVisible({ timeout: 15_000 });
      // the call-quality samples the page sent (one a second, stored with the call) come from getStats()
      const rtc = samples.filter(
        (s) => s.connection.transport === 'webrtc' && s.connection.rtc?.connectionState === 'connected',
      );
      expect(rtc.length).toBeGreaterThan(1);
      const last = rtc.at(-1)!.connection;
      expect(last.rttMs).toEqual(expect.any(Number));
      expect(last.rtc).toMatchObject({
        iceConnectionState: expect.stringMatching(/connected|completed/),
        iceGatheringState: 'complete',
      });
      // the greeting alone is 40 packets of 20 ms; the samples are a second apart and the last may be
      // taken up to a second before the call ends, so it counts part of the audio received, growing
      const received = rtc.map((x) => x.connection.rtc!.packetsReceived);
      expect(Math.max(...received)).toBeGreaterThan(10);
      expect(received).toEqual([...received].sort((a, b) => a - b));
      expect(last.bytesSent).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  test('the server enforces the time limit: the call ends by itself and the model call is hung up', async ({
    browser,
  }) => {
    const simulationId = await shortCopy(setup, 0.2);
    const { context, page } = await callPage(browser, setup, simulationId);
    try {
      await expect(page.getByTestId('call-state')).toHaveText('Call connected', { timeout: 20_000 });
      await expect(page.getByTestId('call-panel')).toHaveAttribute('data-transport', 'webrtc');
      const call = [...fake.calls.values()].at(-1)!;
      await expect(page.getByRole('heading', { name: 'Time Limit Reached' })).toBeVisible({ timeout: 30_000 });
      await expect.poll(() => fake.hangups.includes(call.id), { timeout: 10_000 }).toBe(true);
      expect(call.ended).toBe(true);
    } finally {
      await context.close();
    }
  });

  test('when WebRTC cannot connect, the call goes through the server instead', async ({ browser }) => {
    fake.options.unreachable = true;
    const relayed = fake.relay.connections;
    const { context, page } = await callPage(browser, setup, setup.simulationId);
    try {
      await expect(page.getByTestId('call-state')).toHaveText('Call connected', { timeout: 30_000 });
      await expect(page.getByTestId('call-panel')).toHaveAttribute('data-transport', 'relay');
      expect(fake.relay.connections).toBe(relayed + 1);
      const transcript = page.getByRole('log', { name: 'Live transcript' });
      await expect(transcript.locator('[data-speaker="prospect"]', { hasText: GREETING }).first()).toBeVisible({
        timeout: 15_000,
      });
      // the fake microphone plays its file again: this time the rep is heard through the relay
      await expect(transcript.locator('[data-speaker="rep"]').first()).toContainText(REP_SAID, { timeout: 30_000 });
      await page.getByRole('button', { name: 'End call' }).click();
      await expect(page.getByRole('heading', { name: 'Congratulations' })).toBeVisible();
    } finally {
      fake.options.unreachable = false;
      await context.close();
    }
  });

  test('a workspace that allows only WebRTC says so when it cannot connect, and does not go through the server', async ({
    browser,
  }) => {
    const admin = await request.newContext({
      baseURL: setup.own.baseURL,
      storageState: await setup.own.signIn('admin@demo.test'),
      extraHTTPHeaders: { Origin: setup.own.baseURL },
    });
    const setTransport = async (transport: string) =>
      expect((await admin.post('/trpc/callSettings.update', { data: { transport } })).status()).toBe(200);
    await setTransport('webrtc');
    fake.options.unreachable = true;
    const relayed = fake.relay.connections;
    const { context, page } = await callPage(browser, setup, setup.simulationId);
    try {
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: 'The call could not connect over WebRTC, and your workspace allows only WebRTC calls.' }),
      ).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('button', { name: 'Start call' })).toBeEnabled();
      expect(fake.relay.connections).toBe(relayed);
    } finally {
      fake.options.unreachable = false;
      await setTransport('auto');
      await admin.dispose();
      await context.close();
    }
  });
});
