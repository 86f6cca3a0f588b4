import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Page, type WebSocket } from '@playwright/test';
import { seededSimulationId } from './call-helpers';
import { chromiumWithMicrophone } from '../../scripts/lib/chromium';
import { expect, test } from './fixtures';
import { silentWav } from '../helpers/wav';

// The offline prospect with a (fake) microphone in the Chromium the tests use: it speaks aloud
// (the server's synthesiser, played by the page's playback worklet and counted there), headless
// Chromium cannot recognise speech and the page says so in words and offers typing, typing over
// the prospect interrupts it at what was played, and a call in which nothing was said ends with
// that alone.

const SIMULATION = 'Discovery call with a busy VP of Sales';

/** A silent 16-bit PCM WAV for the fake microphone: the rep is quiet unless they type. */
function silentWavFile(file: string, seconds = 2, rate = 24_000) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, silentWav(seconds, rate));
}
const WAV = path.resolve('tests/.tmp/e2e/silence.wav');
silentWavFile(WAV);

test.use({
  userType: 'sales_rep',
  launchOptions: chromiumWithMicrophone(WAV),
});

/** What went over the call socket: prospect audio bytes received, control messages sent. */
function watchCallSocket(page: Page) {
  const seen = {
    audioBytes: 0,
    sent: [] as { type: string; [k: string]: unknown }[],
    received: [] as { type: string; [k: string]: unknown }[],
  };
  page.on('websocket', (ws: WebSocket) => {
    if (!ws.url().includes('/ws/call')) return;
    ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string') seen.received.push(JSON.parse(f.payload) as { type: string });
      else seen.audioBytes += f.payload.length - 4;
    });
    ws.on('framesent', (f) => {
      if (typeof f.payload === 'string') seen.sent.push(JSON.parse(f.payload) as { type: string });
    });
  });
  return seen;
}

/** Opens the seeded simulation and starts a call; resolves once it is connected. */
async function startCall(page: Page, baseURL: string) {
  const socket = watchCallSocket(page);
  await page.goto(`/exercise/${await seededSimulationId(baseURL, SIMULATION)}`);
  await page.getByRole('button', { name: 'Start call' }).click();
  await expect(page.getByTestId('call-state')).toHaveText('Call connected');
  return socket;
}

test.describe('Offline practice call with a microphone', () => {
  test('the prospect speaks aloud; no speech recognition is said in words; typing over the prospect interrupts it', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const socket = await startCall(page, baseURL!);

    // headless Chromium has no speech recognition engine: the page says so, in words, and offers typing
    const recognition = page.getByTestId('recognition-status');
    await expect(recognition).toContainText('Type what you would say below and press Enter.', { timeout: 15_000 });
    await expect(recognition).not.toContainText('Listening');
    // the microphone works (it feeds the recording and interruptions): the page never blames it
    await expect(recognition).not.toContainText('No microphone could be used');
    await expect(recognition).not.toContainText('microphone could not');
    // and never claims to be listening meanwhile
    await expect(page.getByTestId('call-talking')).not.toContainText('Listening', { timeout: 1 });

    // the greeting arrives as audio (the app's synthesiser), not as text for the browser to speak
    await expect.poll(() => socket.audioBytes, { timeout: 30_000 }).toBeGreaterThan(24_000 * 2); // > 1 s
    expect(socket.received.some((m) => m.type === 'prospect_text')).toBe(false);

    // typing over the greeting interrupts it; the page reports how much of it it really played
    const input = page.getByRole('textbox', { name: 'Type what you would say and press Enter' });
    await input.fill('Sorry to jump in: how do you forecast revenue today?');
    await input.press('Enter');
    await expect.poll(() => socket.received.find((m) => m.type === 'interruption')).toBeTruthy();
    await expect.poll(() => socket.sent.find((m) => m.type === 'playback')).toBeTruthy();
    const playback = socket.sent.find((m) => m.type === 'playback')!;
    expect(Number(playback.playedMs)).toBeGreaterThan(0);

    // the prospect answers aloud again
    const before = socket.audioBytes;
    const transcript = page.getByRole('log', { name: 'Live transcript' });
    await expect
      .poll(() => transcript.locator('[data-speaker="prospect"]').count(), { timeout: 30_000 })
      .toBeGreaterThan(1);
    await expect.poll(() => socket.audioBytes, { timeout: 30_000 }).toBeGreaterThan(before);

    await page.getByRole('button', { name: 'End call' }).click();
    await expect(page.getByRole('heading', { name: 'Congratulations' })).toBeVisible();
  });

  test('a reply typed the moment the page says "Your turn" is never an interruption', async ({ page, baseURL }) => {
    test.setTimeout(150_000);
    const socket = await startCall(page, baseURL!);
    const talking = page.getByTestId('call-talking');
    const input = page.getByRole('textbox', { name: 'Type what you would say and press Enter' });
    const transcript = page.getByRole('log', { name: 'Live transcript' });
    const replies = [
      'Hi, thanks for taking the call. How do you forecast revenue today?',
      'What is the hardest part of that process?',
      'How much time does the team lose on it each quarter?',
      'Who else is involved when you change tools?',
      'What would success look like for you this year?',
    ];
    for (const [i, reply] of replies.entries()) {
      // the prospect has spoken (i + 1 lines) and the page hands over: type at once
      await expect
        .poll(() => transcript.locator('[data-speaker="prospect"]').count(), { timeout: 30_000 })
        .toBeGreaterThan(i);
      await expect(talking).toHaveText('Your turn: type your answer', { timeout: 30_000 });
      await input.fill(reply);
      await input.press('Enter');
      await expect(talking).not.toHaveText('Your turn: type your answer', { timeout: 30_000 });
    }
    await expect
      .poll(() => transcript.locator('[data-speaker="prospect"]').count(), { timeout: 30_000 })
      .toBeGreaterThan(replies.length);
    expect(socket.received.filter((m) => m.type === 'interruption')).toEqual([]);
    expect(socket.sent.filter((m) => m.type === 'text').every((m) => m.heard === false)).toBe(true);
    await page.getByRole('button', { name: 'End call' }).click();
    await expect(page.getByRole('heading', { name: 'Congratulations' })).toBeVisible();
  });

  test('a call in which nothing was said ends with that alone', async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    const socket = await startCall(page, baseURL!);
    await expect.poll(() => socket.audioBytes, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'End call' }).click();
    await expect(page.getByText('Nothing was said, so there is nothing to score.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Congratulations' })).toBeHidden();
    await expect(page.getByText('The call recording was saved for your report.')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Generating your report…' })).toBeHidden();
    // and a new call can start from there
    await page.getByRole('button', { name: 'Start again' }).click();
    await expect(page.getByRole('button', { name: 'Start call' })).toBeVisible();
  });
});
