import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, expectVisibleTexts, h1, openDialog, test } from './fixtures';
import { holdGuestTypedCall } from './call-helpers';

// A seeded simulation (seed/simulations.ts); the e2e server has no model configured, so the
// guest's call runs with the offline prospect and typed turns.
const SIMULATION = 'Discovery call with a busy VP of Sales';

/**
 * A stand-in for Cal.com on loopback: the event page's inline embed (`/<event>/embed`) tells the
 * parent page it is ready as soon as it loads (Cal.com's `__iframeReady`), shows who it was
 * prefilled for and, on "Confirm", posts Cal.com's booking event the way the embed does
 * (`{ originator: 'CAL', type: 'bookingSuccessful', … }`). While `blocked` is set it answers as a
 * page that refuses to be framed, the way a misconfigured or blocked scheduler looks to the guest.
 */
async function fakeScheduler(): Promise<{ origin: string; server: Server; seen: string[]; blocked: boolean }> {
  const seen: string[] = [];
  const state = { blocked: false };
  const server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (!url.pathname.endsWith('/embed')) return void res.writeHead(404).end();
    if (state.blocked) return void res.writeHead(200, { 'x-frame-options': 'DENY' }).end('<p>No framing</p>');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><body><p id="who">Booking for ${url.searchParams.get('name')} &lt;${url.searchParams.get('email')}&gt;</p>
<script>parent.postMessage({originator:'CAL',type:'__iframeReady',namespace:'',fullType:'CAL::__iframeReady',data:{}},'*')</script>
<button id="confirm" onclick="parent.postMessage({originator:'CAL',type:'bookingSuccessful',namespace:'',fullType:'CAL::bookingSuccessful',data:{}},'*')">Confirm</button></body></html>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    server,
    seen,
    get blocked() {
      return state.blocked;
    },
    set blocked(v: boolean) {
      state.blocked = v;
    },
  };
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('campaign magic links', () => {
  test.use({ userType: 'manager' });

  test('a manager makes a campaign and links; a guest holds a typed demo call, sees the report and books a call; the link is then used', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const scheduler = await fakeScheduler();
    try {
      const slug = `spring-${Date.now()}`;
      await page.goto('/cta');
      await expect(h1(page)).toHaveText('CTA magic links');
      const form = await openDialog(page, 'New campaign', 'New campaign');
      // the required fields, refused with their messages
      await form.getByRole('button', { name: 'Create campaign' }).click();
      await expectVisibleTexts(form, [
        'Please enter a campaign id',
        'Please enter an intro paragraph',
        'Please enter an after-simulation message',
        'Please choose a simulation',
      ]);
      await form.getByRole('textbox', { name: 'Campaign id' }).fill(slug);
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Spring demo');
      await pick(page, 'Simulation', SIMULATION);
      await form.getByRole('textbox', { name: 'Sub header' }).fill('Practise a discovery call in five minutes');
      await form
        .getByRole('textbox', { name: 'Intro paragraph' })
        .fill('Call a busy VP of Sales and find out how they forecast.');
      await form
        .getByRole('textbox', { name: 'After-simulation message' })
        .fill('Thanks for trying Spar! Your report is ready.');
      await form
        .getByRole('textbox', { name: 'Banner CTA message' })
        .fill('Want this for your team? Book a call with us.');
      await pick(page, 'Scheduler', 'Cal.com');
      await form.getByRole('textbox', { name: 'Scheduling page' }).fill(`${scheduler.origin}/acme/demo`);
      await form.getByRole('button', { name: 'Create campaign' }).click();
      await expect(form).toHaveCount(0);
      const row = page.getByTestId('campaign-row').filter({ hasText: slug });
      await expect(row).toContainText('Spring demo');
      await expect(row).toContainText(SIMULATION);

      // generate: an invalid line is counted and skipped
      await row.getByRole('button', { name: 'Generate links' }).click();
      await expect(page).toHaveURL(/tab=generate/);
      const guestEmail = `guest-${Date.now()}@example.com`;
      await page
        .getByRole('textbox', { name: 'Entries' })
        .fill(`${guestEmail}, Gina\nnot-an-email, Nobody\nsecond-${guestEmail}, Sam`);
      await expect(page.getByTestId('entry-count')).toContainText('2 valid of 3 lines (at most 2000)');
      await expect(page.getByTestId('entry-count')).toContainText('1 line with an invalid email will be skipped');
      await page.getByRole('button', { name: 'Generate links' }).click();
      const result = page.getByTestId('generate-result');
      await expect(result.getByRole('heading', { name: '2 links generated' })).toBeVisible();
      await expect(result).toContainText('1 line skipped for an invalid email (line 2)');
      await expect(result.getByRole('button', { name: 'Download CSV' })).toBeVisible();
      const download = page.waitForEvent('download');
      await result.getByRole('button', { name: 'Download CSV' }).click();
      expect((await download).suggestedFilename()).toMatch(/^magic-links-[0-9a-f]{8}\.csv$/);
      const linkRow = result.getByTestId('generated-link').filter({ hasText: guestEmail }).first();
      await expect(linkRow.getByRole('button', { name: `Copy the link for ${guestEmail}` })).toBeVisible();
      const href = (await linkRow.getByRole('link').getAttribute('href'))!;
      const link = new URL(href);
      expect(link.pathname).toMatch(/^\/magic-link\/[0-9a-f-]{36}$/);

      // the guest, in a browser of their own
      const guestContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      const guest = await guestContext.newPage();
      await guest.goto(`${link.pathname}${link.search}`);
      await expect(h1(guest)).toHaveText('Spring demo');
      await expect(guest.getByText('Practise a discovery call in five minutes')).toBeVisible();
      await expect(guest.getByText('Hi Gina,')).toBeVisible();
      await expect(guest.getByText('The call is recorded and scored')).toBeVisible();
      await expect(guest.getByText('Time limit')).toBeVisible();
      await holdGuestTypedCall(guest);

      // thank-you with the campaign's message, then the report
      await expect(guest).toHaveURL(/\/magic-link\/complete\?cta=/, { timeout: 60_000 });
      await expect(h1(guest)).toHaveText('Thank you!');
      await expect(guest.getByTestId('after-message')).toHaveText('Thanks for trying Spar! Your report is ready.');
      await guest.getByRole('link', { name: 'See your report' }).click();
      await expect(h1(guest)).toHaveText('Spring demo: your report');
      await expect(guest.getByTestId('report-score')).toBeVisible();
      await expect(guest.getByTestId('heuristic-badge')).toBeVisible();
      // the guest reads their own call: "you" in the transcript, no "Rep" line, no note for managers
      await expect(guest.getByText(/^You\s*:$/).first()).toBeVisible();
      await expect(guest.getByText('Rep', { exact: true })).toHaveCount(0);
      await expect(guest.getByText('A manager should review')).toHaveCount(0);
      await expect(guest.getByRole('link', { name: 'Download HTML' })).toHaveAttribute(
        'href',
        /\/api\/v1\/cta\/reports\/[0-9a-f-]{36}\/download\?token=/,
      );

      // the guest's report fits a phone
      await guest.setViewportSize({ width: 375, height: 800 });
      expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      // a scheduler that cannot be framed: after a while the guest gets the instructions and a direct
      // link instead of an empty box, and the campaign's owner sees the failure on the link
      scheduler.blocked = true;
      await guest.getByRole('button', { name: 'Book a call' }).click();
      const fallback = guest.getByTestId('scheduler-failed');
      await expect(fallback).toContainText('The scheduler did not load', { timeout: 30_000 });
      await expect(fallback).toContainText('Reply to the e-mail you received to arrange a call.');
      await expect(fallback.getByRole('link', { name: 'Open the scheduling page in a new tab' })).toHaveAttribute(
        'href',
        `${scheduler.origin}/acme/demo`,
      );
      await expect(guest.getByTestId('scheduler-frame')).toHaveCount(0);
      for (const width of [375, 1440]) {
        await guest.setViewportSize({ width, height: 800 });
        await fallback.scrollIntoViewIfNeeded();
        expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const box = (await fallback.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        await guest.screenshot({ path: test.info().outputPath(`scheduler-failed-${width}.png`) });
      }
      await page.goto(`/cta?tab=links&q=${encodeURIComponent(guestEmail)}`);
      await expect(
        page
          .getByTestId('link-row')
          .filter({ hasText: guestEmail })
          .filter({ hasNotText: 'second-' })
          .getByTestId('booking-failed'),
      ).toContainText('Scheduler did not load');
      scheduler.blocked = false;
      await guest.setViewportSize({ width: 375, height: 800 });
      await guest.reload();

      // Book a Call: the scheduler, prefilled, framed; its booking event marks the link
      await expect(guest.getByText('Want this for your team? Book a call with us.')).toBeVisible();
      await guest.getByRole('button', { name: 'Book a call' }).click();
      const frame = guest.frameLocator('iframe[title="Scheduler"]');
      await expect(frame.locator('#who')).toHaveText(`Booking for Gina <${guestEmail}>`);
      await frame.getByRole('button', { name: 'Confirm' }).click();
      await expect(guest.getByTestId('booked')).toContainText('Your call is booked');

      // the link again: already used, with the way back to the report
      await guest.goto(`${link.pathname}${link.search}`);
      await expect(guest).toHaveURL(/\/magic-link\/used\?reason=used/);
      await expect(h1(guest)).toHaveText('Link already used');
      await expect(guest.getByRole('link', { name: 'See your report' })).toBeVisible();
      // a copied-wrong link
      await guest.goto(`${link.pathname}?token=${link.searchParams.get('token')!.slice(0, 20)}`);
      await expect(guest.getByRole('heading', { name: 'This link is invalid' })).toBeVisible();
      await guestContext.close();

      // the manager's table: completed, clicked, booked, scored
      await page.goto(`/cta?tab=links&q=${encodeURIComponent(guestEmail)}`);
      const linkRowInTable = page
        .getByTestId('link-row')
        .filter({ hasText: guestEmail })
        .filter({ hasNotText: 'second-' });
      await expect(linkRowInTable.getByTestId('link-status')).toHaveText('Completed');
      await expect(linkRowInTable).toContainText('Booked');
      await expect(linkRowInTable.getByTestId('score-heuristic')).toBeVisible();
      await page.getByRole('combobox', { name: 'Status', exact: true }).click();
      await page.getByRole('option', { name: 'Booked a call', exact: true }).click();
      await expect(page).toHaveURL(/status=booked/);
      await expect(page.getByTestId('link-row')).toHaveCount(1);
      const csv = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      expect((await csv).suggestedFilename()).toMatch(/^magic-links-\d{4}-\d{2}-\d{2}\.csv$/);
    } finally {
      scheduler.server.close();
    }
  });

  test('/cta fits a 375 px screen, a long campaign name included', async ({ page, baseURL }) => {
    // a campaign of its own, so the table is drawn whatever ran before
    const headers = { Origin: baseURL! };
    const sims = await page.request.get('/trpc/simulations.list?input=%7B%7D', { headers });
    const simulationId = ((await sims.json()) as { result: { data: { id: string; name: string }[] } }).result.data.find(
      (s) => s.name === SIMULATION,
    )!.id;
    const made = await page.request.post('/trpc/campaigns.create', {
      headers,
      data: {
        slug: `narrow-${Date.now()}`,
        name: 'A campaign with a remarkably long name that has to wrap instead of widening the page',
        introParagraph: 'Try it.',
        afterMessage: 'Thanks!',
        language: 'en',
        linkExpirationDays: 3,
        simulationId,
      },
    });
    expect(made.ok(), await made.text()).toBe(true);
    await page.setViewportSize({ width: 375, height: 800 });
    for (const tab of ['campaigns', 'generate', 'links']) {
      await page.goto(`/cta?tab=${tab}`);
      await expect(h1(page)).toHaveText('CTA magic links');
      await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), tab).toBeLessThanOrEqual(375);
    }
  });
});
