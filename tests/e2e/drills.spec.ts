import { expect, h1, test } from './fixtures';
import { noHorizontalOverflow, typedCall } from './call-helpers';

// A real call where the customer raises a price objection and the rep brushes it off; the rep is
// the user made for the test, so the upload pre-selects them as the rep speaker.
const REP = 'Riley Rep';
const TRANSCRIPT = [
  `${REP}: Hi Dana, thanks for joining. I wanted to show you our forecasting platform today.`,
  'Dana Lee: Sure. We run our forecast in spreadsheets and it takes my managers about six hours every week.',
  `${REP}: Our platform is the best on the market, it does everything you need.`,
  'Dana Lee: Honestly, it is too expensive for us. Clari quoted us a lower price last month.',
  `${REP}: It works, really. Everyone likes it.`,
  'Dana Lee: Send me an email and I will look at it.',
].join('\n');

// What the rep says in the drill before the customer pushes back: a pitch, then the price.
const LEAD_IN = [
  'Hi Dana, thanks for making the time again. How are your managers building the forecast this quarter?',
  'Our platform replaces the spreadsheet: it builds the forecast from your CRM automatically every week.',
  'The price is 30,000 dollars a year for your team of managers, including onboarding.',
  'Would it help to see how the platform fits the way your managers forecast today?',
  'Our platform is priced per manager, and most teams see the payback within one quarter.',
];
// How the rep handles the objection this time: acknowledges it, asks what is behind it, answers with evidence.
const ANSWER = [
  'I understand, that is a fair concern. For example, a customer of your size ran a four-week pilot with clear success criteria, and we measured the results together.',
  'When you say it is too expensive, compared with what exactly?',
  'That makes sense. A customer with 12 managers cut six hours of forecasting every week to one, so the licence paid for itself in two months; for your managers that would be about five hours back every week.',
];

test.describe('Practise this: a drill from a real call', () => {
  test.use({ userType: 'sales_rep', displayName: REP });

  test('a rep drills the price objection of an uploaded call and sees then and now on the drill report', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // 1. the real call, uploaded on the Meetings page and scored with Objection Handling
    await page.goto('/meetings');
    await expect(h1(page)).toHaveText('Meetings');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'dana-pricing.txt', mimeType: 'text/plain', buffer: Buffer.from(TRANSCRIPT) });
    await expect(page.getByRole('radio', { name: new RegExp(`^${REP}`) })).toBeChecked();
    await page.getByRole('combobox', { name: 'Scorecard', exact: true }).click();
    await page.getByRole('option', { name: 'Objection Handling', exact: true }).click();
    await page.getByRole('button', { name: 'Score this call' }).click();
    await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('report-score')).toBeVisible({ timeout: 30_000 });

    // 2. from the Meetings list, the call's report offers "Practise this"
    await page.goto('/meetings');
    const row = page.getByTestId('real-call-row').filter({ hasText: 'dana-pricing' });
    await row.getByRole('link', { name: 'Open report' }).click();
    await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
    const sourceUrl = page.url();
    const practise = page.getByRole('region', { name: 'Practise this' });
    await expect(practise).toBeVisible();
    await practise.getByRole('button', { name: 'Practise this' }).click();
    await expect(page.getByText(/^Drill “.+” is ready\.$/)).toBeVisible({ timeout: 15_000 });
    const drills = practise.getByRole('list', { name: 'Drills from this call' });
    await expect(drills.getByRole('listitem')).toHaveCount(1);
    await expect(drills).toContainText('Drill: ');

    // 3. the drill, held by typed turns with the offline prospect, who raises the customer's objection
    await drills.getByRole('link', { name: 'Start the drill' }).click();
    await expect(page).toHaveURL(/\/exercise\/[0-9a-f-]{36}$/);
    const call = await typedCall(page);
    const { transcript, say } = call;
    const objectionRaised = () => transcript.locator('[data-speaker="prospect"]', { hasText: 'too expensive' });
    for (const line of LEAD_IN) {
      if ((await objectionRaised().count()) > 0) break;
      await say(line);
    }
    await expect(objectionRaised().first()).toBeVisible();
    for (const line of ANSWER) await say(line);
    await call.end();
    await page.getByRole('link', { name: 'Open the report' }).click();

    // 4. the drill's report: then and now for each trained criterion, the source moment, a link back
    await expect(page.getByTestId('report-score')).toBeVisible({ timeout: 30_000 });
    const thenAndNow = page.getByRole('region', { name: 'Then and now' });
    await expect(thenAndNow).toBeVisible();
    const lines = thenAndNow.getByTestId('drill-progress-line');
    const texts = await lines.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toMatch(/^Last time: \d → now: \d$/);
    const levels = texts.map((text) => /(\d) → now: (\d)/.exec(text)!.slice(1).map(Number));
    expect(
      levels.some(([before, now]) => now > before),
      texts.join('\n'),
    ).toBe(true);
    await expect(thenAndNow).toContainText('This drill trains a moment of an earlier call');
    // the moment trained: the customer's price objection the rep brushed off
    await expect(thenAndNow).toContainText('“Honestly, it is too expensive for us.”');

    // 5. the report fits a phone and a desktop
    for (const [width, height] of [
      [375, 812],
      [1440, 900],
    ]) {
      await page.setViewportSize({ width, height });
      await expect(thenAndNow).toBeVisible();
      await expect(page.getByRole('region', { name: 'Practise this' })).toBeVisible();
      expect(await noHorizontalOverflow(page), `no horizontal overflow at ${width} px`).toBe(true);
      // the section's top just below the sticky header
      await thenAndNow.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
      await page.screenshot({ path: `/tmp/drill-${width}.png` });
    }

    await thenAndNow.getByRole('link', { name: 'Open that call' }).click();
    await expect(page).toHaveURL(sourceUrl);
    await expect(page.getByTestId('real-call-badge')).toHaveText('Real call');
  });
});
