import { request, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, expect, h1, test } from './fixtures';
import { startOwnServer } from './own-server';
import { holdGuestTypedCall } from './call-helpers';

// A seeded simulation marked "available as assessment" (seed/simulations.ts); the e2e server has
// no model configured, so the candidate's call runs with the offline prospect and typed turns.
const SIMULATION = 'Discovery call with a busy VP of Sales';

/** The partner's side: the REST API with the key the manager generated. */
async function createAssessment(
  baseURL: string,
  key: string,
  candidate: { email: string; first_name: string; last_name: string },
): Promise<{ id: string; link: string }> {
  const api: APIRequestContext = await request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${key}` },
  });
  try {
    const sims = await api.get('/api/v1/assessments/simulations');
    expect(sims.status(), await sims.text()).toBe(200);
    const sim = ((await sims.json()) as { data: { id: string; name: string }[] }).data.find(
      (s) => s.name === SIMULATION,
    );
    expect(sim, SIMULATION).toBeTruthy();
    const made = await api.post('/api/v1/assessments', { data: { simulation_id: sim!.id, candidate } });
    expect(made.status(), await made.text()).toBe(201);
    return (await made.json()) as { id: string; link: string };
  } finally {
    await api.dispose();
  }
}

async function generateKey(page: Page, integration: string): Promise<string> {
  await page.goto('/assessments?tab=keys');
  await page.getByRole('button', { name: 'Generate API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate API key' });
  await dialog.getByRole('textbox', { name: 'Integration' }).fill(integration);
  await dialog.getByRole('button', { name: 'Generate API key' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' }).getByTestId('new-api-key');
  await expect(shown).toHaveText(/^spar_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
  const key = (await shown.textContent())!;
  await expect(page.getByText('it is shown only this once')).toBeVisible();
  await page.getByRole('button', { name: 'I have copied the key' }).click();
  // gone with the dialog, and never shown again: the list has the prefix only
  await expect(page.getByText(key)).toHaveCount(0);
  await expect(page.getByTestId('api-key-row').filter({ hasText: integration })).toContainText(
    `spar_${key.split('_')[1]}_…`,
  );
  return key;
}

test.describe('hiring assessments', () => {
  test.use({ userType: 'manager' });

  test('a manager makes a key, a candidate takes the assessment by typed call, the manager sees it completed with its report', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const key = await generateKey(page, 'E2E ATS');
    const email = `cand-${Date.now()}@example.com`;
    const made = await createAssessment(baseURL!, key, { email, first_name: 'Carla', last_name: 'Mendes' });
    const link = new URL(made.link);

    const candidateContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const cand = await candidateContext.newPage();
    await cand.goto(`${link.pathname}${link.search}`);
    await expect(h1(cand)).toHaveText(SIMULATION);
    await expect(cand.getByText('Hi Carla,')).toBeVisible();
    await expect(cand.getByText('This call is recorded and scored')).toBeVisible();
    await expect(cand.getByText('Time limit')).toBeVisible();
    await holdGuestTypedCall(cand);
    await expect(cand).toHaveURL(/\/assessment\/complete$/, { timeout: 60_000 });
    await expect(h1(cand)).toHaveText('Thank you');
    await expect(cand.getByTestId('candidate-score')).toHaveCount(0); // the tenant does not show scores

    // the same link again: already completed
    await cand.goto(`${link.pathname}${link.search}`);
    await expect(cand.getByTestId('invalid-link')).toHaveAttribute('data-problem', 'completed');
    await expect(cand.getByRole('heading', { name: 'This assessment was already completed' })).toBeVisible();
    // a link copied incorrectly, and one without its token
    await cand.goto(`${link.pathname}?token=${link.searchParams.get('token')!.slice(0, 20)}`);
    await expect(cand.getByRole('heading', { name: 'This link is invalid' })).toBeVisible();
    await expect(cand.getByText('it was copied incorrectly (part of it is missing).')).toBeVisible();
    await cand.goto(link.pathname);
    await expect(cand.getByRole('heading', { name: 'This link is incomplete' })).toBeVisible();
    await candidateContext.close();

    // the manager: completed, scored (heuristic, offline), with its report
    await page.goto(`/assessments?q=${encodeURIComponent(email)}`);
    const row = page.getByTestId('assessment-row').filter({ hasText: 'Carla Mendes' });
    await expect(row.getByText('Completed')).toBeVisible();
    await expect(row.getByTestId('score-heuristic')).toBeVisible();
    await row.getByRole('link', { name: 'Open report' }).click();
    await expect(page).toHaveURL(/\/reports\//);
    await expect(page.getByText('Carla Mendes').first()).toBeVisible();

    // revoking asks first, then the key stops working
    await page.goto('/assessments?tab=keys');
    await page.getByRole('button', { name: 'Revoke the key of E2E ATS' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
    await expect(confirm.getByText('Revocation is irreversible')).toBeVisible();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByTestId('api-key-row').filter({ hasText: 'E2E ATS' }).getByText('Inactive')).toBeVisible();
    const refused = await (
      await request.newContext({ baseURL })
    ).get('/api/v1/assessments/simulations', { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status()).toBe(401);
  });

  test('/assessments fits a 375 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const tab of ['assessments', 'keys', 'webhooks', 'integration']) {
      await page.goto(`/assessments?tab=${tab}`);
      await expect(h1(page)).toHaveText('Assessments');
      await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), tab).toBeLessThanOrEqual(375);
    }
  });
});

test.describe('an expired link', () => {
  test('says it expired (links are valid for 48 hours)', async ({ browser }) => {
    test.setTimeout(120_000);
    // a server whose links last about 22 seconds, so the test need not wait 48 hours
    const own = await startOwnServer('assessment-expiry', { ASSESSMENT_LINK_TTL_HOURS: '0.006' });
    try {
      const managerState = await own.signIn(ACCOUNTS.manager.email);
      const api = await request.newContext({
        baseURL: own.baseURL,
        storageState: managerState,
        extraHTTPHeaders: { Origin: own.baseURL },
      });
      const res = await api.post('/trpc/apiKeys.generate', { data: { integration: 'Expiry test' } });
      expect(res.ok(), await res.text()).toBe(true);
      const key = ((await res.json()) as { result: { data: { key: string } } }).result.data.key;
      await api.dispose();
      const made = await createAssessment(own.baseURL, key, {
        email: 'late@example.com',
        first_name: 'Lee',
        last_name: 'Late',
      });
      const expiresAt = Date.now() + 0.006 * 3_600_000;
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      const cand = await context.newPage();
      // the candidate opens the link in time, skips the microphone without asking for it, and waits
      // on the start screen until the link expires: starting then says it expired, never "already started"
      await cand.goto(made.link);
      await cand.getByRole('button', { name: 'Continue' }).click();
      await expect(cand.getByRole('button', { name: 'Continue without a microphone' })).toBeEnabled();
      await cand.getByRole('button', { name: 'Continue without a microphone' }).click();
      const start = cand.getByRole('button', { name: 'Start the call' });
      await expect(start).toBeVisible();
      await cand.waitForTimeout(Math.max(0, expiresAt - Date.now()) + 2000);
      await start.click();
      await expect(cand.getByTestId('invalid-link')).toHaveAttribute('data-problem', 'expired');
      await expect(cand.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
      await expect
        .poll(
          async () => {
            await cand.goto(made.link);
            return cand
              .getByTestId('invalid-link')
              .getAttribute('data-problem', { timeout: 5000 })
              .catch(() => null);
          },
          { timeout: 60_000, intervals: [2000] },
        )
        .toBe('expired');
      await expect(cand.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
      await expect(cand.getByText('Assessment links are valid for 48 hours')).toBeVisible();
      await context.close();
    } finally {
      await own.stop();
    }
  });
});
