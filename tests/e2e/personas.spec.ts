import { expect, h1, test, openDialog, expectVisibleTexts } from './fixtures';

test.describe('Personas', () => {
  test.use({ userType: 'manager' });

  test('lists the seeded personas', async ({ page }) => {
    await page.goto('/personas');
    await expect(h1(page)).toHaveText('Personas');
    const table = page.getByRole('table', { name: 'Personas' });
    await expect(table.getByRole('row', { name: /Margaret Holloway/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Lucía Fernández/ })).toContainText('Español');
  });

  test('add with validation, edit, then delete with confirmation', async ({ page }) => {
    // unique per run: the e2e server is shared by the whole suite
    const name = `Quinn Mercer ${Date.now().toString(36)}`;
    await page.goto('/personas');
    await expect(h1(page)).toHaveText('Personas');

    const form = await openDialog(page, 'Add persona', 'New persona');
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expectVisibleTexts(form, [
      'Please enter a persona name',
      'Please enter a short description',
      'Please enter a long description',
    ]);

    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await expect(form.getByText('Please enter a persona name')).toBeHidden();
    await form
      .getByRole('textbox', { name: 'Short description', exact: true })
      .fill('Head of RevOps who has been burned by a failed rollout');
    await form
      .getByRole('textbox', { name: 'Long description', exact: true })
      .fill('Quinn runs revenue operations at a 300-person SaaS company and guards the CRM.');
    await form.getByRole('combobox', { name: 'Voice' }).click();
    await page.getByRole('option', { name: 'Coral', exact: true }).click();
    await form.getByRole('combobox', { name: 'Language the prospect speaks' }).click();
    await page.getByRole('option', { name: 'Italiano', exact: true }).click();
    await form
      .getByRole('textbox', { name: 'Expert/Very Hard' })
      .fill('Questions every claim and refuses to commit on the call.');
    await form.getByRole('button', { name: 'Save', exact: true }).click();

    await expect(form).toBeHidden();
    await expect(page.getByText(`Persona “${name}” created`)).toBeVisible();
    const row = page.getByRole('table', { name: 'Personas' }).getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Head of RevOps who has been burned by a failed rollout');
    await expect(row).toContainText('coral', { ignoreCase: true });
    await expect(row).toContainText('Italiano');

    // edit: the form opens with the saved values
    await page.getByRole('button', { name: `Edit persona ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit persona' });
    await expect(edit.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
    await expect(edit.getByRole('textbox', { name: 'Expert/Very Hard' })).toHaveValue(
      'Questions every claim and refuses to commit on the call.',
    );
    await edit
      .getByRole('textbox', { name: 'Short description', exact: true })
      .fill('Head of RevOps, cautious after a failed rollout');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Head of RevOps, cautious after a failed rollout');

    // the change survived a reload (it is on the server, not only in the cache)
    await page.reload();
    await expect(row).toContainText('Head of RevOps, cautious after a failed rollout');

    // delete: the confirmation names the persona; cancel keeps it
    await page.getByRole('button', { name: `Delete persona ${name}` }).click();
    let confirm = page.getByRole('dialog', { name: 'Delete persona' });
    await expect(confirm).toContainText(`Delete the persona “${name}”?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();

    await page.getByRole('button', { name: `Delete persona ${name}` }).click();
    confirm = page.getByRole('dialog', { name: 'Delete persona' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(`Persona “${name}” deleted`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.reload();
    await expect(
      page.getByRole('table', { name: 'Personas' }).getByRole('row', { name: /Margaret Holloway/ }),
    ).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
