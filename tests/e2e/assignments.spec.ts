import type { Browser, Page } from '@playwright/test';
import { ACCOUNTS, expect, h1, test } from './fixtures';
import { E2E_MAIL_FROM_ADDRESS, storageFile } from './server-info';

// A seeded English simulation; the e2e server has no OPENAI_API_KEY, so calls run offline and the
// offline evaluator scores them. Riley Rep (rep) and Jordan Rep (rep2) report to the demo manager.
const SIMULATION = 'Discovery call with a busy VP of Sales';
const REP_TURNS = ['Hi Derek, thanks for taking my call. How does your team forecast revenue today?', 'What would it mean for you if forecasts were accurate? Shall we book a demo on Tuesday at 10?'];

async function asAccount(browser: Browser, account: 'rep' | 'rep2' | 'manager') {
  const context = await browser.newContext({ storageState: storageFile(account), locale: 'en-US' });
  return { context, page: await context.newPage() };
}

/** The rep opens /assignments/sr, starts the exercise, types two turns, ends the call and waits for the report. */
async function completeExercise(page: Page, assignment: string) {
  await page.goto('/assignments/sr');
  await expect(h1(page)).toHaveText('My assignments');
  const card = page.getByRole('region', { name: assignment });
  await expect(card).toBeVisible();
  await expect(card.getByText('Pending').first()).toBeVisible();
  await card.getByRole('link', { name: `Start: ${SIMULATION}` }).click();
  await expect(page).toHaveURL(/\/exercise\/[0-9a-f-]+\?exercise=[0-9a-f-]+$/);
  await page.getByRole('button', { name: 'Start call' }).click();
  await expect(page.getByTestId('call-state')).toHaveText('Call connected', { timeout: 15_000 });
  const transcript = page.getByRole('log', { name: 'Live transcript' });
  const prospect = transcript.locator('[data-speaker="prospect"]');
  await expect(prospect.first()).toContainText(/\w{2,}/);
  const input = page.getByRole('textbox', { name: 'Type what you would say and press Enter' });
  for (const [i, text] of REP_TURNS.entries()) {
    const before = await prospect.count();
    await input.fill(text);
    await input.press('Enter');
    await expect(transcript.locator('[data-speaker="rep"]').nth(i)).toContainText(text.slice(0, 20));
    await expect.poll(() => prospect.count(), { timeout: 15_000 }).toBeGreaterThan(before);
  }
  await page.getByRole('button', { name: 'End call' }).click();
  await expect(page.getByRole('heading', { name: 'Congratulations' })).toBeVisible();

  // back on the list: the exercise is completed once the report is ready
  await expect(async () => {
    await page.goto('/assignments/sr');
    await expect(page.getByRole('region', { name: assignment }).getByRole('link', { name: `View report: ${SIMULATION}` })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 45_000 });
  const region = page.getByRole('region', { name: assignment });
  const cell = region.getByRole('table').getByRole('row').nth(1).getByRole('cell').nth(2);
  // an offline score is labelled heuristic wherever it is listed
  await expect(cell.getByTestId('score-heuristic')).toHaveText('heuristic');
  const score = (await cell.getByTestId('score-value').textContent())!.trim();
  expect(score).toMatch(/^\d+\.\d$/);
  await region.getByRole('link', { name: `View report: ${SIMULATION}` }).click();
  await expect(h1(page)).toHaveText('Call report');
  await expect(page.getByTestId('report-score')).toHaveText(new RegExp(`^${Number(score)}(\\.0)?/100$`), { timeout: 30_000 });
  return Number(score);
}

test.describe('Assignments end to end', () => {
  test.use({ account: 'manager' });

  test('manager sends an assignment to two reps; they complete it; reminders; dashboard and completed table show the scores', async ({ page, browser, baseURL, mailbox }) => {
    test.setTimeout(240_000);
    const name = `E2E assignment ${Date.now()}`;

    // --- the manager creates the assignment with the 3-step wizard
    await page.goto('/assignments');
    await expect(h1(page)).toHaveText('Assignments');
    await page.getByRole('button', { name: 'New assignment' }).click();
    const wizard = page.getByRole('dialog', { name: 'New assignment' });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('Please select at least one simulation')).toBeVisible();
    await wizard.getByRole('checkbox', { name: SIMULATION }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('Please select at least one team member')).toBeVisible();
    await wizard.getByRole('checkbox', { name: 'Riley Rep' }).check();
    await wizard.getByRole('checkbox', { name: 'Jordan Rep' }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('textbox', { name: 'Assignment name' }).fill(name);
    await expect(wizard.getByText('Riley Rep, Jordan Rep').or(wizard.getByText('Jordan Rep, Riley Rep'))).toBeVisible();
    await wizard.getByRole('button', { name: 'Send assignment' }).click();
    await expect(page.getByText(`Assignment "${name}" sent.`)).toBeVisible();
    await expect(wizard).toBeHidden();
    const pendingRow = page.getByRole('table', { name: 'Assignments: Pending' }).getByRole('row').filter({ hasText: name });
    await expect(pendingRow).toContainText('No due date');
    await expect(pendingRow).toContainText('Pending');
    await expect(pendingRow).toContainText('0 of 2 completed');

    // --- Riley completes the exercise
    const riley = await asAccount(browser, 'rep');
    const rileyScore = await completeExercise(riley.page, name);
    await riley.context.close();

    // --- the manager sees it in progress and sends a reminder (only Jordan has work left)
    await page.reload();
    await expect(pendingRow).toContainText('In Progress');
    await expect(pendingRow).toContainText('1 of 2 completed');
    await expect(pendingRow).toContainText('No reminder sent yet');
    await pendingRow.getByRole('button', { name: `Send reminder for ${name}` }).click();
    await expect(page.getByText('Reminder sent to 1 team member.')).toBeVisible();
    await expect(pendingRow).toContainText('Last reminder sent');

    // --- the reminder reached the SMTP server, addressed to Jordan, linking to the rep's assignments page
    const reminderTo = { to: ACCOUNTS.rep2.email, subject: `Reminder: ${name}` };
    const reminder = await mailbox.waitFor(reminderTo);
    expect(reminder.from).toBe(E2E_MAIL_FROM_ADDRESS);
    expect(reminder.to).toEqual([ACCOUNTS.rep2.email]);
    expect(reminder.text).toContain('Hi Jordan Rep,');
    expect(reminder.text).toContain(`"${name}"`);
    expect(reminder.text).toContain(`Continue your assignments: ${baseURL}/assignments/sr`);
    expect(reminder.html).toContain(`href="${baseURL}/assignments/sr"`);
    expect(mailbox.find(reminderTo)).toHaveLength(1);

    // --- Jordan completes it
    const jordan = await asAccount(browser, 'rep2');
    const jordanScore = await completeExercise(jordan.page, name);
    await jordan.context.close();

    // --- completed table with the average score
    await page.goto('/assignments');
    await page.getByRole('tab', { name: 'Completed' }).click();
    const completedRow = page.getByRole('table', { name: 'Assignments: Completed' }).getByRole('row').filter({ hasText: name });
    const avg = Math.round(((rileyScore + jordanScore) / 2) * 10) / 10;
    await expect(completedRow).toContainText(avg.toFixed(1));
    await expect(completedRow).toContainText('2 of 2 completed');
    await completedRow.getByRole('button', { name: `Details of ${name}` }).click();
    const details = page.getByRole('dialog', { name: `Assignment: ${name}` });
    await expect(details.getByRole('row').filter({ hasText: 'Riley Rep' })).toContainText(rileyScore.toFixed(1));
    await expect(details.getByRole('row').filter({ hasText: 'Jordan Rep' })).toContainText(jordanScore.toFixed(1));
    await expect(details.getByTestId('score-heuristic')).toHaveCount(2);
    await page.keyboard.press('Escape');

    // --- the dashboard shows the new scores in recent activity
    await page.goto('/dashboard');
    await expect(h1(page)).toHaveText('Dashboard');
    const recent = page.getByRole('table', { name: 'Recent activity' });
    await expect(recent.getByRole('row').filter({ hasText: 'Riley Rep' }).filter({ hasText: name }).first()).toContainText(rileyScore.toFixed(1));
    await expect(recent.getByRole('row').filter({ hasText: 'Jordan Rep' }).filter({ hasText: name }).first()).toContainText(jordanScore.toFixed(1));
    await expect(recent.getByRole('row').filter({ hasText: 'Riley Rep' }).filter({ hasText: name }).first().getByTestId('score-heuristic')).toHaveText('heuristic');
    await expect(page.getByText('Average team score')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Team performance, last 4 weeks' })).toBeVisible();
  });
});
