import type { Locator, Page } from '@playwright/test';
import { expect, h1, test, openDialog, expectVisibleTexts } from './fixtures';

// The e2e server has no OPENAI_API_KEY: scenarios are generated offline.

const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function pick(page: Page, dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('simulations as manager', () => {
  test.use({ userType: 'manager' });

  test('lists the seeded demo simulations with their offline scenarios', async ({ page }) => {
    await page.goto('/simulations');
    await expect(h1(page)).toHaveText('Simulations');
    const discovery = card(page, 'Discovery call with a busy VP of Sales');
    await expect(discovery).toBeVisible();
    await expect(discovery.getByText('Intermediate/Medium')).toBeVisible();
    await expect(discovery.getByText('Offline', { exact: true })).toBeVisible();
    await expectVisibleTexts(discovery, ['Derek Osei — Busy VP of Sales', 'Discovery (SPIN)']);
    await expect(
      card(page, 'MEDDIC qualification with an Italian manufacturer').getByText('Italian', { exact: true }),
    ).toBeVisible();
    // the calls feature's actions, named for the simulation
    await expect(discovery.getByRole('button', { name: 'Test Discovery call with a busy VP of Sales' })).toBeVisible();
    await expect(
      discovery.getByRole('button', { name: 'Dry run Discovery call with a busy VP of Sales' }),
    ).toBeVisible();
  });

  test('creates a simulation through the whole wizard, edits the scenario by double-click, then duplicates and deletes it', async ({
    page,
  }) => {
    const name = `E2E discovery ${Date.now()}`;
    await page.goto('/simulations');
    await expect(h1(page)).toHaveText('Simulations');
    const dialog = await openDialog(page, 'New simulation', 'New simulation');

    // generating before the required fields are filled is blocked with its message
    await dialog.getByRole('button', { name: 'Scenario', exact: true }).click();
    await expect(dialog.getByText('Please fill in all required fields before generating a scenario')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Generate scenario' })).toBeDisabled();

    // Step 1: Simulation Details (Next validates it)
    await dialog.getByRole('button', { name: 'Simulation Details', exact: true }).click();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(dialog.getByText('Please enter a simulation name')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await pick(page, dialog, 'Difficulty', 'Advanced/Hard');
    await dialog.getByRole('textbox', { name: 'Time limit (minutes)' }).fill('7.5');
    await dialog.getByRole('textbox', { name: 'Use case' }).fill('Discovery call');
    await dialog.getByLabel('Instructions for the learner').fill('Find out what the missed quarter cost.');
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 2: Participants
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(dialog.getByText('Please choose a persona')).toBeVisible();
    await pick(page, dialog, 'Persona', 'Derek Osei — Busy VP of Sales');
    await pick(page, dialog, 'Learner role', 'Account Executive');
    await pick(page, dialog, 'Scorecard', 'Discovery (SPIN)');
    const criteria = dialog.getByRole('region', { name: 'Criteria of this scorecard' });
    await expect(criteria.getByText('Situation questions')).toBeVisible();
    await expect(criteria.getByText('Included in scenario generation').first()).toBeVisible();
    await expect(criteria.getByText('Not included in scenario generation').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 3: Scenario, generated offline
    await expect(dialog.getByText('Please fill in all required fields before generating a scenario')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Generate scenario' }).click();
    await expect(dialog.getByText('Generated offline (no AI model configured)')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Scenario variables' })).toBeVisible();

    // the scenario is fields: renaming the company by double-click renames it in the summary and the situation
    const summary = dialog.getByRole('button', { name: 'Summary for the learner: double-click to edit' });
    const situation = dialog.getByRole('button', { name: 'Current situation: double-click to edit' });
    const company = dialog.getByRole('button', { name: 'Company: double-click to edit' });
    const generatedCompany = (await company.textContent())!.trim();
    await expect(summary).toContainText(generatedCompany);
    await expect(situation).toContainText(generatedCompany);
    await company.dblclick();
    const companyEditor = dialog.getByRole('textbox', { name: 'Editing Company' });
    await companyEditor.fill('Lumen Forecast Co');
    await companyEditor.press('Enter');
    await expect(company).toHaveText('Lumen Forecast Co');
    await expect(summary).toContainText('Lumen Forecast Co');
    await expect(summary).not.toContainText(generatedCompany);
    await expect(situation).toContainText('Lumen Forecast Co');
    // the review shows the summary as the learner will read it
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(dialog.getByText(/calling Derek Osei, .* at Lumen Forecast Co/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Scenario', exact: true }).click();

    // double-click the summary, edit it, Enter saves
    await summary.dblclick();
    const editor = dialog.getByRole('textbox', { name: 'Editing Summary for the learner' });
    await editor.fill('E2E edited summary: you call Derek about his forecast.');
    await editor.press('Enter');
    await expect(summary).toHaveText('E2E edited summary: you call Derek about his forecast.');
    await expect(dialog.getByText('Edited by hand')).toBeVisible();
    // Esc cancels an edit
    await dialog.getByRole('button', { name: "Prospect's opening line: double-click to edit" }).dblclick();
    await dialog.getByRole('textbox', { name: "Editing Prospect's opening line" }).fill('Should not be kept');
    await dialog.getByRole('textbox', { name: "Editing Prospect's opening line" }).press('Escape');
    await expect(dialog.getByText('Should not be kept')).toHaveCount(0);
    await expect(dialog).toBeVisible();

    // what was sent is visible
    await dialog.getByRole('button', { name: 'View prompt sent' }).click();
    await expect(
      dialog.getByText('No model was called: this describes the inputs the offline generator used.').first(),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 4: Review, then Save
    await expectVisibleTexts(dialog, ['E2E edited summary: you call Derek about his forecast.', 'Advanced/Hard']);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();

    const created = card(page, name);
    await expect(created).toBeVisible();
    await expect(created.getByText('Offline', { exact: true })).toBeVisible();
    await expect(created.getByText('Edited', { exact: true })).toBeVisible();
    await expect(created.getByText('7.5 min')).toBeVisible();

    // reopen: the edited text was saved
    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit simulation' });
    await expect(edit.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    await edit.getByRole('button', { name: 'Scenario', exact: true }).click();
    await expect(edit.getByRole('button', { name: 'Summary for the learner: double-click to edit' })).toHaveText(
      'E2E edited summary: you call Derek about his forecast.',
    );
    await expect(edit.getByText('Edited by hand')).toBeVisible();
    await edit.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(edit).toBeHidden();

    // duplicate
    await page.getByRole('button', { name: `Duplicate ${name}`, exact: true }).click();
    const copy = card(page, `${name} (copy)`);
    await expect(copy).toBeVisible();
    await expect(copy.getByText('7.5 min')).toBeVisible();

    // delete with a confirmation naming it
    for (const target of [`${name} (copy)`, name]) {
      await page.getByRole('button', { name: `Delete ${target}`, exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete simulation' });
      await expect(confirm.getByText(`Delete the simulation "${target}"?`, { exact: false })).toBeVisible();
      await confirm.getByRole('button', { name: 'Delete simulation' }).click();
      await expect(confirm).toBeHidden();
      await expect(card(page, target)).toHaveCount(0);
    }
  });

  test('cancelling a deletion keeps the simulation', async ({ page }) => {
    await page.goto('/simulations');
    const name = 'Cold call to an IT Director';
    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete simulation' });
    await expect(confirm.getByText(`Delete the simulation "${name}"?`, { exact: false })).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(card(page, name)).toBeVisible();
  });
});

test.describe('simulations as sales rep', () => {
  test.use({ userType: 'sales_rep' });

  test('is sent to their assignments', async ({ page }) => {
    await page.goto('/simulations');
    await expect(page).toHaveURL(/\/assignments\/sr$/);
  });
});
