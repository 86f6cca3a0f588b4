import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { createDemoUser, devToken, expect, h1, openDialog, signedInState, test } from './fixtures';
import { OPEN_QUESTIONS } from '../helpers/criteria';

/*
 * Layout defects a new customer met, at a phone (375 px) and a desktop (1440 px) width: names made
 * of one very long word, the rep's assignment card, tables that scroll, the simulation wizard's
 * stepper and "Getting started". Screenshots go to tests/.tmp/screenshots (not committed).
 */
const SHOTS = 'tests/.tmp/screenshots';
const WIDTHS = [375, 1440] as const;
const SEEDED_SIMULATION = 'Discovery call with a busy VP of Sales';

async function trpc<T>(
  api: APIRequestContext,
  token: string,
  path: string,
  input: unknown,
  method: 'query' | 'mutation',
): Promise<T> {
  const headers = { Authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const res =
    method === 'query'
      ? await api.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers })
      : await api.post(`/trpc/${path}`, { headers, data: input });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

/** The page does not scroll sideways: nothing was pushed off-screen. */
async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

/** Every icon inside keeps a real size (not squeezed to a dot). */
async function expectIconsKeepTheirSize(scope: Locator, min = 12) {
  const widths = await scope
    .locator('svg.tabler-icon')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
  expect(widths.length).toBeGreaterThan(0);
  expect(Math.min(...widths)).toBeGreaterThanOrEqual(min);
}

/** Badges show their whole label (a squeezed badge shows only "…"). */
async function expectBadgesWhole(scope: Locator) {
  const cut = await scope
    .locator('.mantine-Badge-label')
    .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
  expect(cut).toEqual([]);
}

/** No word of these cells is broken across lines: each cell takes at most one line per word. */
async function expectWordsWhole(cells: Locator) {
  const broken = await cells.evaluateAll((els) =>
    els.flatMap((el) => {
      const text = (el.textContent ?? '').trim();
      if (!text) return [];
      const range = document.createRange();
      range.selectNodeContents(el);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      return lines > text.split(/\s+/).length ? [text] : [];
    }),
  );
  expect(broken).toEqual([]);
}

async function expectInsideViewport(page: Page, el: Locator) {
  const box = (await el.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test.describe('Layout at 375 px and 1440 px', () => {
  test.use({ userType: 'manager' });
  mkdirSync(SHOTS, { recursive: true });

  test('names of one very long word wrap or are cut with a tooltip; icons keep their size; wide tables say they scroll; the rep sees status, action and due date', async ({
    page,
    api,
    browser,
    user,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const word = (prefix: string) => `${prefix}${'Supercalifragilistic'.repeat(8)}${stamp}`;
    const names = {
      assignment: word('Assignment'),
      simulation: word('Sim').slice(0, 120),
      scorecard: word('Card').slice(0, 120),
    };
    const token = await devToken(api, user!);
    const repUser = await createDemoUser(baseURL!, { userType: 'sales_rep', managerId: user!.id });
    const options = await trpc<{ personas: { id: string }[]; scorecards: { id: string; name: string }[] }>(
      api,
      token,
      'simulations.options',
      {},
      'query',
    );
    const card = await trpc<{ id: string }>(
      api,
      token,
      'scorecards.create',
      {
        name: names.scorecard,
        icon: 'target',
        shortDescription: 'A scorecard whose name is one long word',
        criteria: [OPEN_QUESTIONS],
      },
      'mutation',
    );
    const sim = await trpc<{ id: string }>(
      api,
      token,
      'simulations.create',
      {
        name: names.simulation,
        difficulty: 'medium',
        timeLimitMinutes: 5,
        language: 'en',
        icon: 'rocket',
        personaId: options.personas[0].id,
        learnerRole: 'account_executive',
        learnerTeam: 'direct_sales',
        scorecardId: options.scorecards[0].id,
        criteriaQuantity: 1,
        callProvider: 'offline',
      },
      'mutation',
    );
    const members = await trpc<{ members: { id: string; name: string }[] }>(
      api,
      token,
      'assignments.options',
      {},
      'query',
    );
    const member = members.members.find((m) => m.name === repUser.displayName)!;
    const due = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const assignment = await trpc<{ id: string }>(
      api,
      token,
      'assignments.create',
      { name: names.assignment, simulationIds: [sim.id], userIds: [member.id], dueAt: due },
      'mutation',
    );

    try {
      const rep = await browser.newContext({ storageState: await signedInState(baseURL!, repUser), locale: 'en-US' });
      const repPage = await rep.newPage();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await repPage.setViewportSize({ width, height: 900 });

        // the manager's assignments table
        await page.goto('/assignments');
        const table = page.getByRole('table', { name: 'Assignments: Pending' });
        const row = table.getByRole('row').filter({ hasText: names.assignment.slice(0, 30) });
        await expect(row).toBeVisible();
        await expectIconsKeepTheirSize(row);
        await expectBadgesWhole(row);
        await expectWordsWhole(table.getByRole('columnheader'));
        const hint = page.getByTestId('scroll-hint');
        if (width === 375) {
          // the table is wider than a phone: it scrolls inside its box, and says so
          await expect(hint.first()).toHaveText('Scroll sideways to see every column');
        } else {
          await expect(hint).toHaveCount(0);
        }
        await expectNoSidewaysScroll(page);
        // the long name is cut after two lines, the whole of it in a tooltip
        const nameCell = row.locator('[data-truncated]').first();
        await expect(nameCell).toHaveText(names.assignment);
        await nameCell.hover();
        await expect(page.getByRole('tooltip').filter({ hasText: names.assignment })).toBeVisible();
        await expectNoSidewaysScroll(page); // the tooltip breaks the name too
        await page.screenshot({ path: `${SHOTS}/assignments-manager-${width}.png`, fullPage: true });

        // simulations and scorecards: cards with the long name and their icon
        await page.goto('/simulations');
        const simCard = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: names.simulation }) });
        await expect(simCard).toBeVisible();
        await expectIconsKeepTheirSize(simCard, 14);
        await expectInsideViewport(page, simCard.getByRole('heading', { name: names.simulation }));
        await expectNoSidewaysScroll(page);
        await simCard.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/simulations-${width}.png` });
        await page.goto('/scorecards');
        const scoreCard = page.getByRole('heading', { name: names.scorecard });
        await expect(scoreCard).toBeVisible();
        await expectInsideViewport(page, scoreCard);
        await expectIconsKeepTheirSize(page.locator('li, .mantine-Card-root').filter({ has: scoreCard }).first(), 20);
        await expectNoSidewaysScroll(page);
        await scoreCard.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/scorecards-${width}.png` });

        // the rep's card: status, due label and the date itself, the exercise's status and action on screen
        await repPage.goto('/assignments/sr');
        await expect(h1(repPage)).toHaveText('My assignments');
        const region = repPage.getByRole('region', { name: names.assignment });
        await expect(region).toBeVisible();
        const dueText = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(due));
        await expect(region.getByTestId('due-date')).toContainText(`Due ${dueText}`);
        await expect(region.getByText('3 days', { exact: true })).toBeVisible();
        const exercise = region.getByRole('listitem', { name: names.simulation });
        for (const el of [
          exercise.getByText('Pending', { exact: true }),
          exercise.getByRole('link', { name: `Start: ${names.simulation}` }),
          region.getByTestId('due-date'),
        ]) {
          await expect(el).toBeVisible();
          await expectInsideViewport(repPage, el);
        }
        await expectIconsKeepTheirSize(exercise);
        await expectBadgesWhole(region);
        await expectNoSidewaysScroll(repPage);
        await repPage.screenshot({ path: `${SHOTS}/rep-assignments-long-name-${width}.png`, fullPage: true });
      }
      await rep.close();
    } finally {
      await trpc(api, token, 'assignments.delete', { assignmentId: assignment.id }, 'mutation');
      await trpc(api, token, 'simulations.delete', { id: sim.id }, 'mutation');
      await trpc(api, token, 'scorecards.delete', { id: card.id }, 'mutation');
    }
  });

  test('the simulation wizard’s steps stay on one row; call settings are in the user’s words, behind Advanced settings', async ({
    page,
  }) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/simulations');
      const dialog = await openDialog(page, 'New simulation', 'New simulation');
      const steps = ['Simulation Details', 'Participants', 'Scenario', 'Review'].map((n) =>
        dialog.getByRole('button', { name: n, exact: true }),
      );
      const boxes = await Promise.all(steps.map(async (s) => (await s.boundingBox())!));
      const dialogBox = (await dialog.boundingBox())!;
      for (const b of boxes) {
        expect(Math.abs(b.y - boxes[0].y)).toBeLessThanOrEqual(2); // one row: no wrapping, no zig-zag
        expect(b.x + b.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
      }
      // left to right in order
      expect(boxes.map((b) => b.x)).toEqual([...boxes.map((b) => b.x)].sort((a, b) => a - b));
      await expect(dialog.getByTestId('wizard-step-caption')).toHaveText(
        'Step 1 of 4 · Simulation Details: Name, difficulty, time',
      );
      await page.screenshot({ path: `${SHOTS}/simulation-wizard-${width}.png` });

      await steps[1].click();
      await expect(dialog.getByTestId('wizard-step-caption')).toContainText('Step 2 of 4 · Participants');
      await expect(dialog.getByText(/assistant id|call provider/i)).toHaveCount(0);
      await expect(dialog.getByRole('textbox', { name: 'Your own voice assistant (optional)' })).toBeHidden();
      await dialog.getByRole('button', { name: 'Advanced settings' }).click();
      await expect(dialog.getByRole('textbox', { name: 'Your own voice assistant (optional)' })).toBeVisible();
      await expect(dialog.getByRole('combobox', { name: "Prospect's voice" })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  test('"Getting started" numbers its steps from 1 when "add team members" is not needed', async ({ page }) => {
    // a team with members and no activity yet: the dashboard as the server would answer it for a new team
    await page.route(/\/trpc\/[^?]*dashboard\.get/, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as {
        result: {
          data: { counts: Record<string, number | null>; trend: unknown[]; recent: unknown[]; weakSpots: unknown[] };
        };
      }[];
      const paths = new URL(route.request().url()).pathname.replace('/trpc/', '').split(',');
      const d = body[paths.indexOf('dashboard.get')].result.data;
      d.counts = {
        ...d.counts,
        teamMembers: 3,
        activeMembers: 0,
        averageScore: null,
        pendingExercises: 0,
        completedExercises: 0,
        practiceCalls: 0,
      };
      await route.fulfill({ response: res, json: body });
    });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard');
      const list = page.getByTestId('getting-started');
      await expect(list.getByRole('listitem')).toHaveText([
        'Create a simulation (or use one of the ready-made ones).',
        'Send an assignment: your reps practise, and their scores appear here.',
      ]);
      // an ordered list numbers its own items: the first one shown is 1
      expect(await list.evaluate((el) => [el.tagName, (el as HTMLOListElement).start])).toEqual(['OL', 1]);
      await page.screenshot({ path: `${SHOTS}/dashboard-getting-started-${width}.png` });
    }
  });

  test('the rep’s seeded simulation card and the dashboard fit a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto('/dashboard');
    await expect(h1(page)).toHaveText('Dashboard');
    await expect(page.getByTestId('stat-completed')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/dashboard-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/simulations');
    await expect(page.getByRole('heading', { name: SEEDED_SIMULATION })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByTestId('stat-practice')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/dashboard-1440.png`, fullPage: true });
  });
});

/** Scrolled to the end, the last of `actions` is clear of the floating help button (it can always be clicked). */
async function expectClearOfHelp(page: Page, actions: Locator, shot: string) {
  await expect(actions.first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const help = (await page.getByTestId('help-button').boundingBox())!;
  const last = (await actions.last().boundingBox())!;
  const overlaps =
    last.x < help.x + help.width &&
    help.x < last.x + last.width &&
    last.y < help.y + help.height &&
    help.y < last.y + last.height;
  expect(overlaps, `${shot}: the help button covers the last action`).toBe(false);
  await page.screenshot({ path: `${SHOTS}/${shot}.png` });
}

test.describe('the floating help button', () => {
  test.use({ userType: 'admin' });

  test('never covers the last row action once the page is scrolled to its end, at 375 and 1440 px', async ({
    page,
  }) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto('/admin');
      const users = page.getByRole('table', { name: 'Users' });
      await expectClearOfHelp(page, users.getByRole('button', { name: /^Delete/ }), `help-users-${width}`);
      await page.goto('/simulations');
      await expect(page.getByRole('heading', { name: SEEDED_SIMULATION })).toBeVisible();
      await expectClearOfHelp(
        page,
        page.getByRole('button', { name: /Delete|Practise again/ }),
        `help-simulations-${width}`,
      );
    }
  });
});
