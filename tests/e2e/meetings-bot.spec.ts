import { expect, test } from '@playwright/test';
import { startFakeAttendee, type FakeBotProvider } from '../helpers/fake-meeting-bots';
import { startFakeGoogleCalendar, type FakeGoogleCalendar } from '../helpers/fake-google-calendar';
import { startOwnServer, type OwnServer } from './own-server';

/**
 * Record Meet in a browser, against a loopback stand-in of Attendee's API: the rep pastes a Meet
 * link, the bot's states appear live (the lobby with "ask the host to admit …"), the rep stops
 * it, and the transcript it leaves becomes a report marked as a real call.
 */

const SECRET = Buffer.from('e2e-attendee-secret-0123456789').toString('base64');

test.describe('Record Meet with a meeting bot', () => {
  test.describe.configure({ timeout: 120_000 });
  let fake: FakeBotProvider;
  let cal: FakeGoogleCalendar;
  let own: OwnServer;
  let repState: string;

  test.beforeAll(async () => {
    test.setTimeout(150_000); // a second server: fresh database, migrations and demo seed
    fake = await startFakeAttendee({ apiKey: 'e2e-key', secret: SECRET });
    cal = await startFakeGoogleCalendar({
      clientId: 'e2e-client.apps.googleusercontent.com',
      clientSecret: 'e2e-secret',
    });
    cal.email = 'rep@demo.test';
    own = await startOwnServer('meeting-bot', {
      MEETING_BOT_PROVIDER: 'attendee',
      ATTENDEE_BASE_URL: fake.url,
      ATTENDEE_API_KEY: 'e2e-key',
      ATTENDEE_WEBHOOK_SECRET: SECRET,
      MEETING_BOT_POLL_SECONDS: '3600',
      GOOGLE_CLIENT_ID: 'e2e-client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'e2e-secret',
      ENCRYPTION_KEY: 'e2e-encryption-key-of-at-least-32-characters',
      GOOGLE_OAUTH_AUTHORIZE_URL: cal.authorizeUrl,
      GOOGLE_OAUTH_TOKEN_URL: cal.tokenUrl,
      GOOGLE_CALENDAR_API_URL: cal.apiUrl,
    });
    fake.webhookUrl = `${own.baseURL}/api/v1/meeting-bots/attendee/webhook`;
    repState = await own.signIn('rep@demo.test');
  });

  test.afterAll(async () => {
    await own?.stop();
    await fake?.close();
    await cal?.close();
  });

  test('a rep sends the bot, sees it wait in the lobby and record, stops it, and reads the real call’s report', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: own.baseURL, storageState: repState });
    const page = await context.newPage();
    await page.goto('/meetings');
    const form = page.getByRole('region', { name: 'Record a Google Meet' });
    await expect(form).toContainText('The bot joins as “Spar Notetaker”');
    const link = form.getByRole('textbox', { name: 'Google Meet link' });
    await link.fill('https://zoom.us/j/123456');
    await form.getByRole('button', { name: 'Send the bot now' }).click();
    await expect(form.getByText('Please enter a valid Google Meet URL')).toBeVisible();
    await expect(form.getByText('Please choose a scorecard')).toBeVisible();
    await link.fill('https://meet.google.com/abc-defg-hij');
    await form
      .getByRole('textbox', { name: 'Title' })
      .fill('Acme weekly sync with a very long title that must wrap instead of breaking the table layout');
    await form.getByRole('combobox', { name: 'Scorecard', exact: true }).click();
    await page.getByRole('option').first().click();
    await form.getByRole('button', { name: 'Send the bot now' }).click();
    await expect(page.getByText('Spar Notetaker is on its way.')).toBeVisible();
    expect(fake.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      meeting_url: 'https://meet.google.com/abc-defg-hij',
      bot_name: 'Spar Notetaker',
    });

    const row = page.getByTestId('real-call-row').filter({ hasText: 'Acme weekly sync' });
    await expect(row.getByTestId('real-call-status')).toHaveText('Joining');
    const botId = [...fake.bots.keys()][0];
    await fake.advance(botId, 'waiting_room', { eventType: 'bot_put_in_waiting_room' });
    await expect(row.getByTestId('real-call-status')).toHaveText('Waiting to be admitted');
    await expect(row).toContainText('ask the host to admit Spar Notetaker');
    await fake.advance(botId, 'joined_recording', { eventType: 'bot_joined_meeting' });
    await expect(row.getByTestId('real-call-status')).toHaveText('Recording');

    // stopping asks first, then the bot leaves
    await row.getByRole('button', { name: 'Stop recording' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop recording?' });
    await expect(dialog).toContainText('Spar Notetaker leaves');
    await dialog.getByRole('button', { name: 'Stop recording' }).click();
    // the provider is asked first (a loaded CI machine can take a few seconds)
    await expect(page.getByText('The bot is leaving. What it recorded will be scored.')).toBeVisible({
      timeout: 20_000,
    });
    expect(fake.requests.some((r) => r.path === `/api/v1/bots/${botId}/leave`)).toBe(true);

    fake.setTranscript(botId, [
      {
        speaker: 'Riley Rep',
        startMs: 1000,
        endMs: 6000,
        text: 'Thanks for joining. How do you plan your delivery routes today, and what does it cost you each week?',
      },
      {
        speaker: 'Dana Buyer',
        startMs: 6500,
        endMs: 11000,
        text: 'Spreadsheets, mostly. About ten hours a week for my team.',
      },
      {
        speaker: 'Riley Rep',
        startMs: 11500,
        endMs: 15000,
        text: 'Could we book a pilot kickoff next Tuesday at 10am?',
      },
      { speaker: 'Dana Buyer', startMs: 15500, endMs: 17000, text: 'Tuesday at 10 works.' },
    ]);
    await fake.advance(botId, 'post_processing', { eventType: 'bot_left_meeting' });
    await expect(row.getByTestId('real-call-status')).toHaveText(/Processing the recording|Scoring|Scored/);
    await fake.advance(botId, 'ended', { eventType: 'post_processing_completed' });
    await expect(row.getByTestId('real-call-status')).toHaveText('Scored', { timeout: 30_000 });
    await expect(row).toContainText('Riley Rep, Dana Buyer');
    await row.getByRole('link', { name: 'Open report' }).click();
    await expect(page.getByText('Real call', { exact: true })).toBeVisible();

    // the screen at phone width: the form and the table fit (the table scrolls inside its frame)
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/meetings');
    await expect(form).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  test('a rep connects Google Calendar and schedules the bot for an upcoming meeting from it, then disconnects', async ({
    browser,
  }) => {
    const start = new Date(Date.now() + 26 * 3600_000);
    start.setSeconds(0, 0);
    cal.events = [
      {
        id: 'ev1',
        summary: 'Globex pricing call',
        hangoutLink: 'https://meet.google.com/glo-bexx-prc',
        start: { dateTime: start.toISOString() },
        end: { dateTime: new Date(start.getTime() + 1800_000).toISOString() },
      },
      { id: 'ev2', summary: 'Lunch', start: { dateTime: new Date(start.getTime() + 3600_000).toISOString() } },
    ];
    const context = await browser.newContext({ baseURL: own.baseURL, storageState: repState });
    const page = await context.newPage();
    await page.goto('/meetings');
    const form = page.getByRole('region', { name: 'Record a Google Meet' });
    await form.getByRole('link', { name: 'Connect Google Calendar' }).click();
    // Google's consent (the stand-in consents at once) and back to the success route: the meetings screen
    await expect(page).toHaveURL(/\/integrations\/google\/success$/);
    await expect(page.getByTestId('calendar-connected')).toContainText('Google Calendar connected.');
    const calendar = page.getByTestId('calendar-meetings');
    await expect(calendar).toContainText('Connected as rep@demo.test');
    const events = calendar.getByTestId('calendar-event');
    await expect(events).toHaveCount(1); // the lunch has no Meet link
    await expect(events.first()).toContainText('Globex pricing call');
    await events.first().getByRole('button', { name: 'Record this meeting' }).click();
    await expect(form.getByRole('textbox', { name: 'Google Meet link' })).toHaveValue(
      'https://meet.google.com/glo-bexx-prc',
    );
    await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('Globex pricing call');
    await expect(form.getByRole('switch', { name: 'Join later' })).toBeChecked();
    await form.getByRole('combobox', { name: 'Scorecard', exact: true }).click();
    await page.getByRole('option').first().click();
    await form.getByRole('button', { name: 'Schedule the bot' }).click();
    await expect(page.getByText('The bot is scheduled.')).toBeVisible();
    const created = fake.requests
      .filter((r) => r.method === 'POST' && r.body?.meeting_url === 'https://meet.google.com/glo-bexx-prc')
      .at(-1)!;
    expect(new Date(String(created.body?.join_at)).getTime()).toBe(start.getTime());
    const row = page.getByTestId('real-call-row').filter({ hasText: 'Globex pricing call' });
    await expect(row.getByTestId('real-call-status')).toHaveText('Scheduled');
    await expect(events.first()).toContainText('Bot scheduled');

    await calendar.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect Google Calendar?' });
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByText('Google Calendar disconnected.')).toBeVisible();
    await expect(calendar.getByRole('link', { name: 'Connect Google Calendar' })).toBeVisible();
    await context.close();
  });
});
