import { expect, h1, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { noHorizontalOverflow } from './call-helpers';

// A first start exactly as the quick start makes it (demo seed with its history, on a server of
// its own): the manager's dashboard says the data is demo data, shows the history being made,
// then a trend, weak spots and recent activity; a demo report says it is a demo call.

test.describe('the demo tenant on a first start', () => {
  test.describe.configure({ timeout: 180_000 });
  let server: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer('demo-history', { SEED_DEMO_HISTORY: 'true' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('the dashboard shows four weeks of labelled demo activity, made in the background', async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      storageState: await server.signIn('manager@demo.test'),
    });
    const page = await context.newPage();
    await page.goto('/dashboard');
    // the first page of a first start shares the process with the history being made (a core's
    // worth of work, by design in the background): on a machine running other tests it may take a while
    await expect(h1(page)).toHaveText('Dashboard', { timeout: 30_000 });
    const notice = page.getByTestId('demo-notice');
    await expect(notice).toContainText('Demo data');
    await expect(notice).toContainText('scripted reps');
    // made in the background: the notice says how far it got until it is done (the page polls on its own)
    const status = notice.getByRole('status');
    await expect(status).toContainText(/demo activity/);
    await expect(status).toHaveCount(0, { timeout: 150_000 });
    await expect(notice).toContainText('Calls you make here are real.');

    // the numbers are there: a trend, weak spots, recent activity
    await expect(page.getByTestId('stat-completed')).not.toContainText(/^\D*0\D*$/);
    const recent = page.getByRole('table', { name: 'Recent activity' });
    await expect(recent.getByRole('row')).not.toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Team performance, last 4 weeks' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Weak spots' })).toBeVisible();

    // a report of the history says it is a demo call, and a heuristic score
    await recent.getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('demo-badge')).toHaveText('Demo call');
    await expect(page.getByTestId('heuristic-badge')).toBeVisible();
    await context.close();
  });

  test('the team skill map, progress, leaderboards and certifications of the history, at 1440 and 375 px', async ({
    browser,
  }) => {
    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ]) {
      const manager = await browser.newContext({
        baseURL: server.baseURL,
        storageState: await server.signIn('manager@demo.test'),
        viewport: { width, height },
      });
      const page = await manager.newPage();
      const fits = async () => expect(await noHorizontalOverflow(page)).toBe(true);
      await page.goto('/dashboard');
      // the history may still be running when this test starts alone
      const map = page.getByRole('table', { name: 'Team skill map' });
      await expect(map.getByRole('row').nth(3)).toBeVisible({ timeout: 150_000 });
      await map.scrollIntoViewIfNeeded();
      await fits();
      await page.screenshot({ path: `/tmp/skill-map-${width}.png` });
      // a cell opens the evidence: that rep's levels on that criterion, with quotes
      const cell = map.getByRole('link', { name: /latest level \d/ }).first();
      const criterion = (await cell.getAttribute('aria-label'))!.split(':')[0];
      await cell.click();
      await expect(page).toHaveURL(/\/progress\?user=[0-9a-f-]{36}&criterion=/);
      await expect(h1(page)).toHaveText('Progress by criterion');
      const item = page.getByTestId('progress-criterion').filter({ hasText: criterion });
      await expect(item.getByText(/^Level \d$/).first()).toBeVisible();
      await fits();

      await page.goto('/leaderboard');
      const board = page.getByRole('table', { name: 'Best score' });
      await expect(board.getByRole('row').nth(5)).toBeVisible();
      await page.getByText('Practice streak', { exact: true }).click();
      // a streak needs practice since the last weekday: the board or its empty line, whichever the day gives
      await expect(page.getByText(/^Days in a row, up to today, with at least one counted attempt\./)).toBeVisible();
      await expect(
        page
          .getByRole('table', { name: 'Practice streak' })
          .or(page.getByText('No counted attempts on this board yet.')),
      ).toBeVisible();
      await fits();
      await page.screenshot({ path: `/tmp/leaderboard-${width}.png`, fullPage: true });

      await page.goto('/certifications');
      await expect(page.getByText('Discovery ready', { exact: true })).toBeVisible();
      await expect(page.getByText('Cold call certified', { exact: true })).toBeVisible();
      await fits();
      await manager.close();
    }
    // a rep finds their own place on the board
    const rep = await browser.newContext({
      baseURL: server.baseURL,
      storageState: await server.signIn('rep@demo.test'),
    });
    const page = await rep.newPage();
    await page.goto('/leaderboard');
    await expect(page.getByRole('table', { name: 'Best score' }).getByText('You', { exact: true })).toBeVisible();
    await rep.close();
  });
});
