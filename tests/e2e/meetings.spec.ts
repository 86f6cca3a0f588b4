import { expect, h1, test } from './fixtures';
import { storageFile } from './server-info';

// a two-person call as Microsoft Teams exports it; the rep is the user made for the test
const VTT = `WEBVTT

00:00:01.000 --> 00:00:05.000
<v Riley Realcall>Hi Dana, thanks for the time. How does your team forecast revenue today, and what does it cost you?</v>

00:00:05.500 --> 00:00:10.000
<v Dana Buyer>Mostly spreadsheets, and it takes two days every month.</v>

00:00:10.500 --> 00:00:14.000
<v Riley Realcall>Could we book a 30 minute demo next Tuesday at 10am?</v>

00:00:14.500 --> 00:00:16.000
<v Dana Buyer>Tuesday works.</v>
`;

test.describe('real calls from a transcript', () => {
  test.use({ userType: 'sales_rep', displayName: 'Riley Realcall' });

  test('a rep uploads a Teams transcript, is recognised as a speaker, scores it and reads a report marked as a real call', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/meetings');
    await expect(h1(page)).toHaveText('Meetings');
    await expect(page.getByText('No real calls yet.')).toBeVisible();
    // no meeting-bot provider here: the screen says recording is not set up and whom to ask (the
    // server's settings are for admins); uploads still work
    await expect(page.getByTestId('bot-not-configured')).toContainText('Recording meetings is not set up');
    await expect(page.getByTestId('bot-not-configured')).toContainText('Ask your administrator');
    await expect(page.getByTestId('bot-not-configured')).not.toContainText('MEETING_BOT_PROVIDER');
    // no AI model either: a recording is refused plainly, saying what it needs
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'call.m4a', mimeType: 'audio/mp4', buffer: Buffer.from([0, 0, 0, 24]) });
    await expect(
      page.getByText('Scoring an audio or video recording needs an AI model, and none is configured.'),
    ).toBeVisible();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'acme-discovery.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT) });
    await expect(page.getByTestId('transcript-summary')).toHaveText('WebVTT: 4 turns, 0:16 long, 2 speakers.');
    // the user's own name is pre-selected as the rep
    await expect(page.getByRole('radio', { name: /^Riley Realcall/ })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('acme-discovery');
    await page.getByRole('button', { name: 'Score this call' }).click();
    await expect(page.getByText('Please choose a scorecard')).toBeVisible();
    await page.getByRole('combobox', { name: 'Scorecard', exact: true }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Score this call' }).click();

    await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('report-score')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('real-call-badge')).toHaveText('Real call');
    const transcript = page.getByTestId('transcript');
    await expect(transcript.locator('[data-speaker="prospect"]').first()).toContainText('Dana Buyer:');
    await expect(transcript.locator('[data-speaker="rep"]').first()).toContainText('Riley Realcall:');

    await page.goto('/meetings');
    const row = page.getByTestId('real-call-row').filter({ hasText: 'acme-discovery' });
    await expect(row.getByText('Scored')).toBeVisible();
    await expect(row).toContainText('Riley Realcall, Dana Buyer');
    await row.getByRole('link', { name: 'Open report' }).click();
    await expect(page.getByTestId('real-call-badge')).toBeVisible();

    // the rep's manager (the seeded one) sees it on the dashboard, labelled apart from practice
    const managerContext = await browser.newContext({ storageState: storageFile('manager') });
    const manager = await managerContext.newPage();
    await manager.goto('/dashboard');
    const recent = manager.getByRole('table', { name: 'Recent activity' });
    const real = recent.getByRole('row').filter({ hasText: 'Riley Realcall' }).filter({ hasText: 'acme-discovery' });
    await expect(real).toContainText('Real call');
    await expect(real).not.toContainText('Practice call');
    await managerContext.close();
  });

  test('a transcript with one speaker, or a bad time, is refused with the reason and the line next to the file', async ({
    page,
  }) => {
    await page.goto('/meetings');
    const file = page.locator('input[type="file"]');
    await file.setInputFiles({
      name: 'monologue.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Riley Realcall: Hello?\nRiley Realcall: Is anyone there?'),
    });
    await expect(page.getByText('Only one speaker found (Riley Realcall): a call needs at least two')).toBeVisible();
    await expect(page.getByTestId('transcript-summary')).toBeHidden();
    const badTime = VTT.replace('00:00:05.500 --> 00:00:10.000', '00:00:05.500 --> 00:00:61.000');
    await file.setInputFiles({ name: 'call.vtt', mimeType: 'text/vtt', buffer: Buffer.from(badTime) });
    await expect(page.getByText("Line 6: the time '00:00:61.000' is not valid")).toBeVisible();
    await expect(page.getByText('Please choose a transcript file')).toBeHidden();
  });

  test('/meetings fits a 375 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/meetings');
    await expect(h1(page)).toHaveText('Meetings');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe('meeting recording not set up, seen by an admin', () => {
  test.use({ userType: 'admin' });

  test('an admin is told which server settings turn recording on; the rep only whom to ask', async ({ page }) => {
    await page.goto('/meetings');
    await expect(h1(page)).toHaveText('Meetings');
    await expect(page.getByTestId('bot-setup-how')).toContainText('MEETING_BOT_PROVIDER=attendee');
    await expect(page.getByTestId('bot-not-configured')).not.toContainText('Ask your administrator');
  });
});
