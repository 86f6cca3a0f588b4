import type { Locator, Page } from '@playwright/test';
import { expect, h1, test, openDialog, expectVisibleTexts } from './fixtures';

const criterion = (dialog: Locator, n: number) => dialog.getByRole('region', { name: `Criterion ${n}`, exact: true });

async function fillCriterion(dialog: Locator, n: number, prefix: string) {
  const c = criterion(dialog, n);
  await c.getByLabel('Criterion name').fill(`${prefix} name`);
  await c.getByLabel('Description').fill(`${prefix} description`);
  await c.getByLabel('0 – Zero').fill(`${prefix}: no attempt`);
  await c.getByLabel('1 – Low').fill(`${prefix}: partial attempt`);
  await c.getByLabel('2 – High').fill(`${prefix}: full attempt`);
}

const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

test.describe('scorecards as admin', () => {
  test.use({ userType: 'admin' });

  test('lists the seeded methodology scorecards with their details', async ({ page }) => {
    await page.goto('/scorecards');
    await expect(h1(page)).toHaveText('Scorecards');
    for (const name of ['Discovery (SPIN)', 'MEDDIC Qualification', 'Objection Handling', 'Cold Call Opener']) {
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    const meddic = card(page, 'MEDDIC Qualification');
    await expectVisibleTexts(meddic, ['6 criteria', 'Version 1']);

    const drawer = await openDialog(page, 'Show details of MEDDIC Qualification', 'Scorecard details');
    await expect(drawer.getByRole('heading', { name: 'MEDDIC Qualification' })).toBeVisible();
    await expectVisibleTexts(drawer, ['Long description', 'Criterion 2: Economic buyer']);
    await expect(drawer.getByText('0 – Zero')).toHaveCount(6);
    await expect(drawer.getByText('1 – Low')).toHaveCount(6);
    await expect(drawer.getByText('2 – High')).toHaveCount(6);
    await expect(
      drawer.getByText('Never asks who approves the budget, or assumes the person on the call decides.'),
    ).toBeVisible();
  });

  test('the wizard validates each step, then creates, edits and deletes a scorecard', async ({ page }) => {
    const name = 'E2E Qualification Check';
    const renamed = 'E2E Qualification Check (edited)';
    await page.goto('/scorecards');
    await expect(h1(page)).toHaveText('Scorecards');
    const dialog = await openDialog(page, 'New scorecard', 'New scorecard');

    // Step 1: both required messages, and Next does not advance
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await expectVisibleTexts(dialog, ['Please enter a scorecard name', 'Please enter a short description']);
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByLabel('Short description').fill('Checks that the rep qualifies budget and timing');
    await dialog.getByLabel('Long description').fill('Used for the e2e test.');
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 2: an incomplete criterion blocks Next
    await expect(criterion(dialog, 1)).toBeVisible();
    await criterion(dialog, 1).getByLabel('Criterion name').fill('Budget');
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(dialog.getByText('Please fill in all required fields for each criterion')).toBeVisible();
    await expect(criterion(dialog, 1).getByLabel('Description')).toHaveAttribute('aria-invalid', 'true');
    // still on the criteria step
    await expect(criterion(dialog, 1)).toBeVisible();
    await expect(dialog.getByText('Check the scorecard before saving.')).toHaveCount(0);
    await fillCriterion(dialog, 1, 'Budget');
    await expect(dialog.getByText('Please fill in all required fields for each criterion')).toHaveCount(0);

    // up to 10 criteria, then the add button is disabled with the maximum-criteria message
    const add = dialog.getByRole('button', { name: 'Add criterion' });
    for (let n = 2; n <= 10; n++) await add.click();
    await expect(criterion(dialog, 10)).toBeVisible();
    await expect(add).toBeDisabled();
    await expectVisibleTexts(dialog, ['You can add a maximum of 10 criteria', '10 of 10 criteria']);

    // back down to one; removing the last one is refused
    for (let n = 10; n >= 2; n--)
      await dialog.getByRole('button', { name: `Remove criterion ${n}`, exact: true }).click();
    await expect(criterion(dialog, 2)).toHaveCount(0);
    await expect(add).toBeEnabled();
    await dialog.getByRole('button', { name: 'Remove criterion 1', exact: true }).click();
    await expect(dialog.getByText('You must have at least one criterion')).toBeVisible();
    await expect(criterion(dialog, 1).getByLabel('Criterion name')).toHaveValue('Budget name');

    // a second criterion, moved to the top
    await add.click();
    await fillCriterion(dialog, 2, 'Timing');
    await dialog.getByRole('button', { name: 'Move criterion 2 up' }).click();
    await expect(criterion(dialog, 1).getByLabel('Criterion name')).toHaveValue('Timing name');
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 3: read-only review, then save
    await expect(dialog.getByText('Check the scorecard before saving.')).toBeVisible();
    await expect(dialog.getByText(name, { exact: true })).toBeVisible();
    await expectVisibleTexts(dialog, ['Criterion 1: Timing name', 'Criterion 2: Budget name', 'Budget: full attempt']);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Scorecard “${name}” created.`)).toBeVisible();
    await expect(card(page, name).getByText('2 criteria')).toBeVisible();

    // edit: the wizard opens with the stored values
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit scorecard' });
    await expect(edit.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    await expect(edit.getByText(/Saving creates version/)).toHaveCount(0); // never used by a call
    await edit.getByRole('textbox', { name: 'Name', exact: true }).fill(renamed);
    await edit.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(criterion(edit, 1).getByLabel('Criterion name')).toHaveValue('Timing name');
    await edit.getByRole('button', { name: 'Remove criterion 2', exact: true }).click();
    await edit.getByRole('button', { name: 'Next', exact: true }).click();
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('heading', { name: renamed, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name, exact: true })).toHaveCount(0);
    await expect(card(page, renamed).getByText('1 criterion', { exact: true })).toBeVisible();
    await expect(card(page, renamed).getByText('Version 1')).toBeVisible();

    // delete with a confirmation naming the scorecard; cancelling keeps it
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete scorecard' });
    await expect(confirm.getByText(`Delete the scorecard “${renamed}”? This cannot be undone.`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('heading', { name: renamed, exact: true })).toBeVisible();

    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await confirm.getByRole('button', { name: 'Delete scorecard' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(`Scorecard “${renamed}” deleted.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: renamed, exact: true })).toHaveCount(0);

    // still gone after a reload (the server deleted it)
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Discovery (SPIN)', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: renamed, exact: true })).toHaveCount(0);
  });
});

test.describe('scorecards failures', () => {
  test.use({ userType: 'admin' });

  test('a failed load says so and recovers on retry', async ({ page }) => {
    let block = true;
    await page.route(
      (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('scorecards.list'),
      (route) => (block ? route.abort('failed') : route.continue()),
    );
    await page.goto('/scorecards');
    await expect(page.getByText('Failed to load scorecards. Please try again.')).toBeVisible({ timeout: 15_000 });
    block = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Discovery (SPIN)', exact: true })).toBeVisible();
    await expect(page.getByText('Failed to load scorecards. Please try again.')).toHaveCount(0);
  });

  test("an update that the server refuses shows the server's reason", async ({ page }) => {
    const name = 'E2E Vanishing Scorecard';
    await page.goto('/scorecards');
    const dialog = await openDialog(page, 'New scorecard', 'New scorecard');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByLabel('Short description').fill('Deleted while being edited');
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await fillCriterion(dialog, 1, 'Only');
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit scorecard' });
    await expect(edit.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    // meanwhile someone else deletes it (same session, straight through the API)
    const status = await page.evaluate(async (scorecardName) => {
      const list = (await (await fetch(`/trpc/scorecards.list?input=${encodeURIComponent('{}')}`)).json()) as {
        result: { data: { id: string; name: string }[] };
      };
      const id = list.result.data.find((s) => s.name === scorecardName)!.id;
      const res = await fetch('/trpc/scorecards.delete', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id }),
      });
      return res.status;
    }, name);
    expect(status).toBe(200);
    await edit.getByRole('button', { name: 'Next', exact: true }).click();
    await edit.getByRole('button', { name: 'Next', exact: true }).click();
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      edit.getByRole('alert').filter({ hasText: 'Failed to update scorecard: This scorecard no longer exists.' }),
    ).toBeVisible();
    await expect(edit).toBeVisible(); // nothing is lost: the user can copy their text or cancel
  });
});

test.describe('scorecards as manager', () => {
  test.use({ userType: 'manager' });

  test('a manager reaches the page and sees the wizard messages in Spanish after switching language', async ({
    page,
  }) => {
    await page.goto('/scorecards');
    await expect(h1(page)).toHaveText('Scorecards');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'es'));
    await page.reload();
    await expect(h1(page)).toHaveText('Tarjetas de evaluación');
    const dialog = await openDialog(page, 'Nueva tarjeta de evaluación', 'Nueva tarjeta de evaluación');
    await dialog.getByRole('button', { name: 'Siguiente' }).click();
    await expectVisibleTexts(dialog, [
      'Introduce un nombre para la tarjeta de evaluación',
      'Introduce una descripción breve',
    ]);
  });
});

test.describe('scorecards empty state', () => {
  test.use({ account: 'superuser' }); // seeded: the users API cannot create a superuser

  test('a tenant without scorecards is invited to create the first one', async ({ page }) => {
    // the superuser's own (internal) client has no scorecards
    await page.goto('/scorecards');
    await expect(h1(page)).toHaveText('Scorecards');
    await expect(page.getByText('No scorecards yet')).toBeVisible();
    await page.getByRole('button', { name: 'Create your first scorecard' }).click();
    await expect(page.getByRole('dialog', { name: 'New scorecard' })).toBeVisible();
  });
});

test.describe('scorecards of another client (superuser)', () => {
  test.use({ account: 'superuser' }); // seeded: the users API cannot create a superuser

  test("the client detail tab shows and opens that client's scorecards", async ({ page }) => {
    await page.goto('/scorecards');
    const demoId = await page.evaluate(async () => {
      const res = (await (await fetch('/trpc/clients.list')).json()) as {
        result: { data: { id: string; schemaName: string }[] };
      };
      return res.result.data.find((c) => c.schemaName === 'demo')!.id;
    });
    await page.goto(`/spar-admin/clients/${demoId}?tab=scorecards`);
    await expect(page.getByRole('heading', { name: 'Cold Call Opener', exact: true })).toBeVisible();
    const drawer = await openDialog(page, 'Show details of Cold Call Opener', 'Scorecard details');
    await expect(drawer.getByText('Criterion 1: Permission-based opener')).toBeVisible();
  });
});

test.describe('scorecards access', () => {
  test.use({ userType: 'sales_rep' });

  test('a sales rep is sent away from /scorecards', async ({ page }) => {
    await page.goto('/scorecards');
    await expect(page).toHaveURL(/\/assignments\/sr$/);
    await expect(h1(page)).toHaveText('My assignments');
  });
});
