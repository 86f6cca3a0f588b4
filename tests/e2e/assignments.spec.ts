import type { Browser, Locator, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { createDemoUser, expect, h1, openDialog, signedInState, test, type NewUser } from './fixtures';
import { holdCall } from './call-helpers';
import { E2E_MAIL_FROM_ADDRESS } from './server-info';

// A seeded English simulation; the e2e server has no OPENAI_API_KEY, so calls run offline and the
// offline evaluator scores them. The test makes its own team: Morgan Manager, with Riley Rep and
// Jordan Rep reporting to them.
const SIMULATION = 'Discovery call with a busy VP of Sales';
const REP_TURNS = [
  'Hi Derek, thanks for taking my call. How does your team forecast revenue today?',
  'What would it mean for you if forecasts were accurate? Shall we book a demo on Tuesday at 10?',
];
const WEAK_TURNS = ['Hello, we sell software.', 'Ok, bye.'];
const SHOTS = 'tests/.tmp/screenshots';

async function asAccount(
  browser: Browser,
  baseURL: string,
  who: NewUser,
  opts: { width?: number; language?: 'es' } = {},
) {
  const context = await browser.newContext({
    storageState: await signedInState(baseURL, who),
    locale: 'en-US',
    viewport: { width: opts.width ?? 1280, height: 800 },
  });
  if (opts.language) await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), opts.language);
  return { context, page: await context.newPage() };
}

/** The date input's value for a day `days` from today (local), and that day as the rep's card writes it. */
function dayFromToday(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    input: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    shown: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(d),
  };
}

const boxesOverlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const exerciseRow = (card: Locator) => card.getByRole('listitem', { name: SIMULATION });

/** The rep opens /assignments/sr, starts the exercise, types two turns, ends the call and waits for the report. */
async function completeExercise(page: Page, assignment: string) {
  await page.goto('/assignments/sr');
  await expect(h1(page)).toHaveText('My assignments');
  const card = page.getByRole('region', { name: assignment });
  await expect(card).toBeVisible();
  await expect(card.getByText('Pending').first()).toBeVisible();
  await card.getByRole('link', { name: `Start: ${SIMULATION}` }).click();
  await expect(page).toHaveURL(/\/exercise\/[0-9a-f-]+\?exercise=[0-9a-f-]+$/);
  await holdCall(page, REP_TURNS);

  // back on the list: the exercise is completed once the report is ready
  await expect(async () => {
    await page.goto('/assignments/sr');
    await expect(
      page.getByRole('region', { name: assignment }).getByRole('link', { name: `View report: ${SIMULATION}` }),
    ).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 45_000 });
  const region = page.getByRole('region', { name: assignment });
  // an offline score is labelled heuristic wherever it is listed
  await expect(exerciseRow(region).getByTestId('score-heuristic')).toHaveText('heuristic');
  const score = (await exerciseRow(region)
    .getByTestId('exercise-score')
    .getByTestId('score-value')
    .textContent())!.trim();
  expect(score).toMatch(/^\d+\.\d$/);
  await region.getByRole('link', { name: `View report: ${SIMULATION}` }).click();
  await expect(h1(page)).toHaveText('Call report');
  await expect(page.getByTestId('report-score')).toHaveText(new RegExp(`^${score.replace('.', '\\.')}/100$`), {
    timeout: 30_000,
  });
  return Number(score);
}

test.describe('Assignments end to end', () => {
  test.use({ userType: 'manager', displayName: 'Morgan Manager' });

  test('manager sends an assignment with a due date; reps complete it, are reminded in the app, practise again; best/latest; dashboard', async ({
    page,
    browser,
    baseURL,
    mailbox,
    user,
  }) => {
    test.setTimeout(420_000);
    const rep = await createDemoUser(baseURL!, {
      userType: 'sales_rep',
      displayName: 'Riley Rep',
      managerId: user!.id,
    });
    const rep2 = await createDemoUser(baseURL!, {
      userType: 'sales_rep',
      displayName: 'Jordan Rep',
      managerId: user!.id,
    });
    mkdirSync(SHOTS, { recursive: true });
    const name = `E2E assignment ${Date.now()}`;
    const due = dayFromToday(3);

    // --- the manager creates the assignment with the 3-step wizard
    await page.goto('/assignments');
    await expect(h1(page)).toHaveText('Assignments');
    const wizard = await openDialog(page, 'New assignment', 'New assignment');
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
    // a due date in the past is refused next to the field; nothing is sent
    await wizard.getByLabel('Due date (optional)').fill(dayFromToday(-1).input);
    await wizard.getByRole('button', { name: 'Send assignment' }).click();
    await expect(wizard.getByText('The due date cannot be in the past')).toBeVisible();
    await wizard.getByLabel('Due date (optional)').fill(due.input);
    await expect(wizard.getByRole('radio', { name: 'The best attempt' })).toBeChecked();
    await wizard.getByRole('button', { name: 'Send assignment' }).click();
    await expect(page.getByText(`Assignment "${name}" sent.`)).toBeVisible();
    await expect(wizard).toBeHidden();
    const pendingRow = page
      .getByRole('table', { name: 'Assignments: Pending' })
      .getByRole('row')
      .filter({ hasText: name });
    await expect(pendingRow).toContainText('3 days');
    await expect(pendingRow).toContainText('Pending');
    await expect(pendingRow).toContainText('0 of 2 completed');

    // --- Riley sees the due date itself on the card, then completes the exercise
    const riley = await asAccount(browser, baseURL!, rep);
    await riley.page.goto('/assignments/sr');
    await expect(riley.page.getByRole('region', { name }).getByTestId('due-date')).toContainText(`Due ${due.shown}`);
    const rileyScore = await completeExercise(riley.page, name);
    await riley.context.close();

    // --- the manager reminds, after confirming: only Jordan has work left, mail goes out over SMTP
    await page.reload();
    // a reload draws the list again from the server: slower than the default wait on a loaded machine
    await expect(pendingRow).toContainText('In Progress', { timeout: 20_000 });
    await expect(pendingRow).toContainText('1 of 2 completed');
    await expect(pendingRow).toContainText('No reminder sent yet');
    await pendingRow.getByRole('button', { name: `Send reminder for ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Send a reminder?' });
    await expect(confirm).toContainText(
      `Team members who have not finished "${name}" get an email and a notice on their assignments page.`,
    );
    await confirm.getByRole('button', { name: 'Send reminder' }).click();
    await expect(
      page.getByText('Reminder sent to 1 team member, by email and on their assignments page.'),
    ).toBeVisible();
    await expect(pendingRow).toContainText('Last reminder sent');

    // --- the reminder reached the SMTP server, addressed to Jordan, linking to the rep's assignments page
    const reminderTo = { to: rep2.email, subject: `Reminder: ${name}` };
    const reminder = await mailbox.waitFor(reminderTo);
    expect(reminder.from).toBe(E2E_MAIL_FROM_ADDRESS);
    expect(reminder.to).toEqual([rep2.email]);
    expect(reminder.text).toContain('Hi Jordan Rep,');
    expect(reminder.text).toContain(`"${name}"`);
    expect(reminder.text).toContain(`Continue your assignments: ${baseURL}/assignments/sr`);
    expect(reminder.html).toContain(`href="${baseURL}/assignments/sr"`);
    expect(mailbox.find(reminderTo)).toHaveLength(1);

    // --- ...and Jordan's assignments page: a notice he can dismiss, gone for good
    const jordan = await asAccount(browser, baseURL!, rep2);
    await jordan.page.goto('/assignments/sr');
    const notice = jordan.page.getByTestId('reminder-notice').filter({ hasText: `Reminder: ${name}` });
    await expect(notice).toContainText('Morgan Manager reminded you on');
    await notice.getByRole('button', { name: `Dismiss the reminder about ${name}` }).click();
    await expect(notice).toBeHidden();
    await jordan.page.reload();
    await expect(jordan.page.getByRole('region', { name })).toBeVisible();
    await expect(notice).toHaveCount(0);
    const jordanScore = await completeExercise(jordan.page, name);
    await jordan.context.close();

    // --- completed table with the average score
    await page.goto('/assignments');
    await page.getByRole('tab', { name: 'Completed' }).click();
    const completedRow = page
      .getByRole('table', { name: 'Assignments: Completed' })
      .getByRole('row')
      .filter({ hasText: name });
    const avg = Math.round(((rileyScore + jordanScore) / 2) * 10) / 10;
    await expect(completedRow).toContainText(avg.toFixed(1));
    await expect(completedRow).toContainText('2 of 2 completed');

    // --- Riley practises again on a phone-sized screen; help sits in the header, clear of the typed input
    const phone = await asAccount(browser, baseURL!, rep, { width: 375 });
    await phone.page.goto('/assignments/sr');
    const card = phone.page.getByRole('region', { name });
    await exerciseRow(card)
      .getByRole('link', { name: `Practise again: ${SIMULATION}` })
      .click();
    await expect(phone.page).toHaveURL(/\/exercise\/[0-9a-f-]+\?exercise=[0-9a-f-]+$/);
    await holdCall(phone.page, WEAK_TURNS, async () => {
      const help = phone.page.getByRole('button', { name: 'Contact support' });
      const typed = phone.page.getByRole('textbox', { name: 'Type what you would say and press Enter' });
      const send = phone.page.getByRole('button', { name: 'Send' });
      await typed.scrollIntoViewIfNeeded();
      const [h, i, s] = await Promise.all([help.boundingBox(), typed.boundingBox(), send.boundingBox()]);
      expect(boxesOverlap(h!, i!) || boxesOverlap(h!, s!)).toBe(false);
      await phone.page.screenshot({ path: `${SHOTS}/call-typed-input-375.png`, fullPage: false });
    });
    // both attempts are kept; the best counts
    await expect(async () => {
      await phone.page.goto('/assignments/sr');
      await expect(exerciseRow(phone.page.getByRole('region', { name })).getByTestId('attempts-summary')).toContainText(
        '2 attempts',
        { timeout: 1000 },
      );
    }).toPass({ timeout: 45_000 });
    const row = exerciseRow(phone.page.getByRole('region', { name }));
    const summary = (await row.getByTestId('attempts-summary').textContent())!;
    const [, best, latest] = /best (\d+\.\d) · latest (\d+\.\d)/.exec(summary)!;
    expect(Number(best)).toBe(Math.max(rileyScore, Number(latest)));
    expect(summary).toContain('the best counts');
    await expect(row.getByTestId('exercise-score').getByTestId('score-value')).toHaveText(best);
    const attempts = row.getByRole('list', { name: `Attempts at ${SIMULATION}` }).getByRole('listitem');
    await expect(attempts).toHaveCount(2);
    await expect(attempts.filter({ hasText: 'Counts' })).toHaveCount(1);
    // the status and the actions fit the screen
    for (const el of [row.getByText('Completed'), row.getByRole('link', { name: `Practise again: ${SIMULATION}` })]) {
      const b = (await el.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(375);
    }
    await phone.page.screenshot({ path: `${SHOTS}/rep-assignments-375.png`, fullPage: true });
    await phone.context.close();

    // --- the manager's attempt history; switching to the latest attempt changes the score that counts
    await page.reload();
    await page.getByRole('tab', { name: 'Completed' }).click();
    await completedRow.getByRole('button', { name: `Details of ${name}` }).click();
    const details = page.getByRole('dialog', { name: `Assignment: ${name}` });
    const rileyRow = details.getByRole('row').filter({ hasText: 'Riley Rep' });
    await expect(rileyRow.getByRole('link', { name: /^Report of attempt [12] / })).toHaveCount(2);
    await expect(rileyRow).toContainText(best);
    await expect(details.getByRole('row').filter({ hasText: 'Jordan Rep' })).toContainText(jordanScore.toFixed(1));
    await expect(details.getByTestId('score-heuristic')).toHaveCount(2);
    await details.getByText('The latest attempt').click();
    await expect(rileyRow.getByRole('cell').nth(3).getByTestId('score-value')).toHaveText(latest);
    await page.keyboard.press('Escape');
    await expect(completedRow).toContainText((Math.round(((Number(latest) + jordanScore) / 2) * 10) / 10).toFixed(1));

    // --- the dashboard says what each number counts, and shows the counted attempt
    await page.goto('/dashboard');
    await expect(h1(page)).toHaveText('Dashboard');
    await expect(page.getByTestId('stat-completed')).toContainText('Completed assignment calls');
    await expect(page.getByTestId('stat-practice')).toContainText('Practice calls');
    await expect(page.getByTestId('stat-average')).toContainText('Average assignment score');
    const recent = page.getByRole('table', { name: 'Recent activity' });
    await expect(
      recent.getByRole('row').filter({ hasText: 'Riley Rep' }).filter({ hasText: name }).first(),
    ).toContainText(`${latest}`);
    await expect(
      recent.getByRole('row').filter({ hasText: 'Riley Rep' }).filter({ hasText: name }).first(),
    ).toContainText('2 attempts');
    await expect(
      recent.getByRole('row').filter({ hasText: 'Jordan Rep' }).filter({ hasText: name }).first(),
    ).toContainText(jordanScore.toFixed(1));
    await expect(
      recent
        .getByRole('row')
        .filter({ hasText: 'Riley Rep' })
        .filter({ hasText: name })
        .first()
        .getByTestId('score-heuristic'),
    ).toHaveText('heuristic');
    await expect(page.getByRole('heading', { name: 'Team performance, last 4 weeks' })).toBeVisible();

    // --- in Spanish, scores use a decimal comma and the exercise page names the language in Spanish
    const es = await asAccount(browser, baseURL!, rep, { language: 'es' });
    await es.page.goto('/assignments/sr');
    const esRow = es.page.getByRole('region', { name }).getByRole('listitem', { name: SIMULATION });
    await expect(esRow.getByTestId('exercise-score').getByTestId('score-value')).toHaveText(latest.replace('.', ','));
    await expect(esRow.getByTestId('attempts-summary')).toContainText(`mejor ${best.replace('.', ',')}`);
    await esRow.getByRole('link', { name: `Practicar de nuevo: ${SIMULATION}` }).click();
    await expect(es.page.getByText('Idioma', { exact: true })).toBeVisible();
    await expect(es.page.getByText('Inglés', { exact: true })).toBeVisible();
    await es.context.close();
  });
});
