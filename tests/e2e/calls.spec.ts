import { seededSimulationId, seenCallStates, startExerciseCall } from './call-helpers';
import { expect, test } from './fixtures';

// A seeded English simulation (seed/simulations.ts); the e2e server has no OPENAI_API_KEY, so
// its calls run in the offline practice mode.
const SIMULATION = 'Discovery call with a busy VP of Sales';

function expectInOrder(seen: string[], expected: string[]) {
  let at = -1;
  for (const state of expected) {
    const next = seen.indexOf(state, at + 1);
    expect(next, `"${state}" after index ${at} in ${JSON.stringify(seen)}`).toBeGreaterThan(at);
    at = next;
  }
}

test.describe('Exercise page, offline practice mode', () => {
  test.use({ userType: 'sales_rep' });

  test('typed turns with the simulated prospect, then the report wait screen', async ({ page, baseURL }) => {
    const id = await seededSimulationId(baseURL!, SIMULATION);
    const state = await startExerciseCall(page, id, SIMULATION);
    await expect(state).toHaveText('Call connected');
    expectInOrder(await seenCallStates(page), ['Ringing', 'Call connected']);
    await expect(
      page.getByText('Offline practice mode — no AI model is configured; the prospect is simulated'),
    ).toBeVisible();

    const transcript = page.getByRole('log', { name: 'Live transcript' });
    const prospectLines = transcript.locator('[data-speaker="prospect"]');
    await expect(prospectLines.first()).toContainText(/\w{2,}/); // the prospect's greeting
    const before = await prospectLines.count();

    const input = page.getByRole('textbox', { name: 'Type what you would say and press Enter' });
    await input.fill('Hi Derek, thanks for taking my call. Is now still a good time?');
    await input.press('Enter');
    await expect(transcript.locator('[data-speaker="rep"]').first()).toContainText('thanks for taking my call');
    await expect.poll(() => prospectLines.count()).toBeGreaterThan(before); // the prospect replies
    const afterFirst = await prospectLines.count();

    await input.fill('How does your team forecast revenue today?');
    await input.press('Enter');
    await expect(transcript.locator('[data-speaker="rep"]').nth(1)).toContainText(
      'How does your team forecast revenue today?',
    );
    await expect.poll(() => prospectLines.count()).toBeGreaterThan(afterFirst);

    await page.getByRole('button', { name: 'End call' }).click();
    await expect(page.getByRole('heading', { name: 'Congratulations' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Generating your report…' })).toBeVisible();
    await expect(page.getByText('Your call has been saved.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'End call' })).toBeHidden();
    // the wait screen leads to the report page of this call
    await page.getByRole('link', { name: 'Open the report' }).click();
    await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
  });
});

test.describe('Simulations list: Test and Dry run', () => {
  test.use({ userType: 'manager' });

  test('on a 375 × 812 phone, Mute and End call stay on screen above the transcript', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const id = await seededSimulationId(baseURL!, SIMULATION);
    const state = await startExerciseCall(page, id, SIMULATION);
    await expect(state).toHaveText('Call connected', { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'End call' })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Mute' })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath('call-375.png') });
    await page.getByRole('button', { name: 'End call' }).click();
  });

  test('the test dialog asks for a prompt before starting', async ({ page }) => {
    await page.goto('/simulations');
    await page.getByRole('button', { name: `Test ${SIMULATION}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Test simulation' });
    await expect(dialog.getByRole('combobox', { name: 'Simulation prompt' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Start test' }).click();
    await expect(dialog.getByText('Please select a prompt to continue')).toBeVisible();
    // nothing was started: still the prompt step, no call view
    await expect(dialog.getByRole('button', { name: 'End call' })).toBeHidden();

    await dialog.getByRole('combobox', { name: 'Simulation prompt' }).click();
    await page.getByRole('option').first().click();
    await expect(dialog.getByText('Please select a prompt to continue')).toBeHidden();
    await dialog.getByRole('button', { name: 'Start test' }).click();
    await expect(dialog.getByTestId('call-state')).toHaveText('Call connected', { timeout: 15_000 });
    await expect(
      dialog.getByRole('log', { name: 'Live transcript' }).locator('[data-speaker="prospect"]').first(),
    ).toContainText(/\w{2,}/);
    const input = dialog.getByRole('textbox', { name: 'Type what you would say and press Enter' });
    await input.fill('Hello, is this a good time to talk about your forecasting?');
    await input.press('Enter');
    await expect(
      dialog.getByRole('log', { name: 'Live transcript' }).locator('[data-speaker="rep"]').first(),
    ).toContainText('good time to talk');
    await dialog.getByRole('button', { name: 'End call' }).click();
    await expect(dialog.getByRole('heading', { name: 'Congratulations' })).toBeVisible();
  });

  test('a dry run is a typed conversation with the prospect', async ({ page }) => {
    await page.goto('/simulations');
    await page.getByRole('button', { name: `Dry run ${SIMULATION}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Dry run' });
    await dialog.getByRole('button', { name: 'Start dry run' }).click();
    const log = dialog.getByRole('log', { name: 'Live transcript' });
    await expect(log.locator('[data-speaker="prospect"]').first()).toContainText(/\w{2,}/);
    const before = await log.locator('[data-speaker="prospect"]').count();
    const input = dialog.getByRole('textbox', { name: 'Your message (press Enter to send)' });
    await input.fill('What does your current forecasting process look like?');
    await input.press('Enter');
    await expect(log.locator('[data-speaker="rep"]').first()).toContainText(
      'What does your current forecasting process look like?',
    );
    await expect.poll(() => log.locator('[data-speaker="prospect"]').count()).toBeGreaterThan(before);
    await dialog.getByRole('button', { name: 'End call' }).click();
    await expect(dialog.getByRole('heading', { name: 'Congratulations' })).toBeVisible();
  });
});
