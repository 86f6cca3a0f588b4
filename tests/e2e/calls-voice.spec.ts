import path from 'node:path';
import { startFakeRealtime, type FakeRealtime } from '../helpers/fake-realtime';
import { seenCallStates, startExerciseCall } from './call-helpers';
import { chromiumWithMicrophone } from '../../scripts/lib/chromium';
import { expect, test } from './fixtures';
import { startRealtimeServer, type RealtimeServer } from './own-server';

// A voice call end to end: Chromium's fake microphone plays a speech WAV made with espeak-ng
// (ending in silence), the browser streams it to our own server, whose realtime upstream is the
// wire-level fake of the OpenAI Realtime GA protocol on loopback (TLS; its CA is given to the
// server through NODE_EXTRA_CA_CERTS).

const WAV = path.resolve('tests/fixtures/audio/rep-hello.wav');
const SIMULATION = 'Discovery call with a busy VP of Sales';
const REP_SAID = 'Hello, do you have a minute to talk?';
const PROSPECT_SAID = 'Derek speaking. I have five minutes, what is this about?';

test.use({
  launchOptions: chromiumWithMicrophone(WAV),
});

test.describe('Voice call with a fake microphone', () => {
  test.describe.configure({ timeout: 90_000 });
  let fake: FakeRealtime;
  let server: RealtimeServer;

  test.beforeAll(async () => {
    test.setTimeout(150_000); // a second server: fresh database, migrations and demo seed
    fake = await startFakeRealtime({
      transcripts: [REP_SAID],
      replies: [PROSPECT_SAID],
      responseAudioMs: 800,
      pace: 'realtime',
    });
    server = await startRealtimeServer('voice', fake, SIMULATION);
  });

  test.afterAll(async () => {
    await server?.own.stop();
    await fake?.close();
  });

  test('Ringing → Call connected → both sides in the transcript → End → the wait screen', async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: server.own.baseURL,
      storageState: server.repState,
      permissions: ['microphone'],
    });
    const page = await context.newPage();
    try {
      const state = await startExerciseCall(page, server.simulationId, SIMULATION);
      await expect(state).toHaveText('Call connected', { timeout: 15_000 });
      const seen = await seenCallStates(page);
      expect(seen.indexOf('Call connected')).toBeGreaterThan(seen.indexOf('Ringing'));
      // a voice call: no offline banner, a live mic meter
      await expect(
        page.getByText('Offline practice mode — no AI model is configured; the prospect is simulated'),
      ).toBeHidden();
      await expect(page.getByRole('progressbar', { name: 'Microphone level' })).toBeVisible();

      const transcript = page.getByRole('log', { name: 'Live transcript' });
      await expect(transcript.locator('[data-speaker="rep"]').first()).toContainText(REP_SAID, { timeout: 20_000 });
      await expect(transcript.locator('[data-speaker="prospect"]', { hasText: PROSPECT_SAID }).first()).toBeVisible({
        timeout: 20_000,
      });

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
