import { expect, request, type Page } from '@playwright/test';
import { storageFile } from './server-info';

/** The id of a seeded simulation, read through tRPC with a manager's session (the shared server's demo manager unless given). */
export async function seededSimulationId(
  baseURL: string,
  name: string,
  storageState: string = storageFile('manager'),
): Promise<string> {
  const ctx = await request.newContext({ baseURL, storageState });
  try {
    const res = await ctx.get(`/trpc/simulations.list?input=${encodeURIComponent('{}')}`);
    expect(res.status(), await res.text()).toBe(200);
    const rows = ((await res.json()) as { result: { data: { id: string; name: string }[] } }).result.data;
    const row = rows.find((r) => r.name === name);
    expect(row, `seeded simulation "${name}"`).toBeTruthy();
    return row!.id;
  } finally {
    await ctx.dispose();
  }
}

/** Records every text the call-state badge shows, so short-lived states can be asserted in order (read them with seenCallStates). */
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

export const seenCallStates = (page: Page) =>
  page.evaluate(() => (window as unknown as { __callStates: string[] }).__callStates);

/**
 * Opens a simulation's exercise page, which tells the rep the call is recorded, and starts its call:
 * it rings under the simulation's name. Returns the call-state badge (watched: see seenCallStates).
 */
export async function startExerciseCall(page: Page, simulationId: string, simulation: string) {
  await page.goto(`/exercise/${simulationId}`);
  await expect(page.getByText('This call is recorded so you can review it in your report.')).toBeVisible();
  await watchCallStates(page);
  await page.getByRole('button', { name: 'Start call' }).click();
  const state = page.getByTestId('call-state');
  await expect(state).toHaveText('Ringing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(simulation);
  return state;
}

/** Types the turns into a live call and ends it; `check` runs while the call is live. */
export async function holdCall(page: Page, turns: readonly string[], check?: () => Promise<void>) {
  await page.getByRole('button', { name: 'Start call' }).click();
  // the start asks the microphone, the server and the prospect in turn: on a loaded machine (CI runs
  // two browsers beside servers of their own) that was seen to take longer than 15 s
  await expect(page.getByTestId('call-state')).toHaveText('Call connected', { timeout: 30_000 });
  const transcript = page.getByRole('log', { name: 'Live transcript' });
  const prospect = transcript.locator('[data-speaker="prospect"]');
  await expect(prospect.first()).toContainText(/\w{2,}/);
  const input = page.getByRole('textbox', { name: 'Type what you would say and press Enter' });
  await check?.();
  for (const [i, text] of turns.entries()) {
    const before = await prospect.count();
    await input.fill(text);
    await input.press('Enter');
    await expect(transcript.locator('[data-speaker="rep"]').nth(i)).toContainText(text.slice(0, 20));
    await expect.poll(() => prospect.count(), { timeout: 15_000 }).toBeGreaterThan(before);
  }
  await page.getByRole('button', { name: 'End call' }).click();
  await expect(page.getByRole('heading', { name: 'Congratulations' })).toBeVisible();
}

/**
 * A candidate's or a guest's typed call, from their welcome page: continues, and since headless
 * Chromium has no microphone here the check says so and the call takes typed turns; waits for the
 * prospect's opening line, types two discovery turns, each answered by one prospect line, and hangs up.
 */
export async function holdGuestTypedCall(page: Page) {
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Allow microphone' }).click();
  await page.getByRole('button', { name: 'Continue without a microphone' }).click();
  await page.getByRole('button', { name: 'Start the call' }).click();
  const transcript = page.getByRole('log', { name: 'Live transcript' });
  await expect(transcript.locator('[data-speaker="prospect"]').first()).toContainText(/\w{2,}/, { timeout: 20_000 });
  const input = page.getByRole('textbox', { name: 'Type what you would say and press Enter' });
  for (const line of [
    'Hi, thanks for taking my call. How does your team forecast revenue today?',
    'Could we book a 30 minute demo next Tuesday at 10am?',
  ]) {
    const before = await transcript.locator('[data-speaker="prospect"]').count();
    await input.fill(line);
    await input.press('Enter');
    await expect(transcript.locator('[data-speaker="prospect"]')).toHaveCount(before + 1, { timeout: 20_000 });
  }
  await page.getByRole('button', { name: 'End call' }).click();
}

/**
 * A live typed call in which the rep speaks only when the page hands over: `say` waits for "Your
 * turn", types the line and waits for the prospect's whole reply; `end` waits for the turn, hangs
 * up and waits for the closing screen.
 */
export async function typedCall(page: Page) {
  await page.getByRole('button', { name: 'Start call' }).click();
  // the start asks the microphone, the server and the prospect in turn: on a loaded machine (CI runs
  // two browsers beside servers of their own) that was seen to take longer than 15 s
  await expect(page.getByTestId('call-state')).toHaveText('Call connected', { timeout: 30_000 });
  const transcript = page.getByRole('log', { name: 'Live transcript' });
  const prospect = transcript.locator('[data-speaker="prospect"]');
  const rep = transcript.locator('[data-speaker="rep"]');
  await expect(prospect.first()).toContainText(/\w{2,}/);
  const input = page.getByRole('textbox', { name: 'Type what you would say and press Enter' });
  const yourTurn = () =>
    expect(page.getByTestId('call-talking')).toHaveText('Your turn: type your answer', { timeout: 20_000 });
  return {
    transcript,
    say: async (text: string) => {
      await yourTurn();
      const before = await prospect.count();
      const said = await rep.count();
      await input.fill(text);
      await input.press('Enter');
      await expect(rep.nth(said)).toContainText(text.slice(0, 20));
      await expect.poll(() => prospect.count(), { timeout: 15_000 }).toBeGreaterThan(before);
    },
    end: async () => {
      await yourTurn();
      await page.getByRole('button', { name: 'End call' }).click();
      await expect(page.getByRole('heading', { name: 'Congratulations' })).toBeVisible();
    },
  };
}

/** Whether the page fits its viewport's width (nothing to scroll sideways). */
export const noHorizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
