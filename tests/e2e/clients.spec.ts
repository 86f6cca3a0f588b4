import { randomBytes } from 'node:crypto';
import { DEMO_PERSONAS } from '../../seed/personas';
import { DEMO_SIMULATIONS } from '../../seed/simulations';
import { expect, h1, test } from './fixtures';

test.describe('Spar admin: clients', () => {
  test.use({ account: 'superuser' }); // seeded: the users API cannot create a superuser

  test('duplicates the demo client; the copy has its personas, no users, and a fixed schema name', async ({ page }) => {
    const suffix = randomBytes(3).toString('hex');
    const name = `Northwind Copy ${suffix}`;
    const schema = `northwind-copy-${suffix}`;

    await page.goto('/spar-admin');
    await expect(h1(page)).toHaveText('Spar admin');
    const clients = page.getByRole('table', { name: 'Clients' });
    await expect(clients.getByRole('row', { name: /Northwind Demo/ })).toBeVisible();

    await page.getByRole('button', { name: 'Duplicate Northwind Demo', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Duplicate Northwind Demo' });
    await expect(
      dialog.getByText(
        'Users and their sign-ins, calls and results, support requests and mail stay with the original client.',
      ),
    ).toBeVisible();
    await dialog.getByLabel('New client name').fill(name);
    await dialog.getByLabel('New schema name').fill('Not A Slug');
    await dialog.getByRole('button', { name: 'Duplicate client' }).click();
    await expect(
      dialog.getByText('Use 2–63 lowercase letters, digits or hyphens, starting with a letter'),
    ).toBeVisible();
    await dialog.getByLabel('New schema name').fill(schema);
    await dialog.getByRole('button', { name: 'Duplicate client' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Client ${name} was created as a copy.`)).toBeVisible();

    const row = clients.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(schema);
    await expect(row.getByRole('cell').nth(5)).toHaveText('0'); // users

    // the edit form shows the schema name read-only
    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    const schemaField = edit.getByLabel('Schema name');
    await expect(schemaField).toHaveValue(schema);
    await expect(schemaField).toHaveAttribute('readonly', '');
    await expect(edit.getByText('The schema name cannot be changed after creation')).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await clients.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(/\/spar-admin\/clients\/[0-9a-f-]{36}$/);
    await expect(h1(page)).toHaveText(name);
    const tabs = page.getByRole('tablist');
    await expect(tabs.getByRole('tab')).toHaveText([
      'Users',
      'Client Overview',
      'ICP',
      'Products',
      'Personas',
      'Simulations',
      'Prompts',
      'Call Instructions',
      'Scorecards',
      'Analytics',
    ]);
    // no user of the demo client came along (the list above also showed 0 users)
    await expect(tabs.getByRole('tab', { name: 'Users', selected: true })).toBeVisible();
    await expect(page.getByRole('main').getByText(/@demo\.test/)).toHaveCount(0);

    await tabs.getByRole('tab', { name: 'Personas' }).click();
    for (const p of DEMO_PERSONAS)
      await expect(page.getByRole('tabpanel').getByText(p.name, { exact: true })).toBeVisible();

    await tabs.getByRole('tab', { name: 'Simulations' }).click();
    // the simulations came along with the configuration
    for (const sim of DEMO_SIMULATIONS)
      await expect(page.getByRole('tabpanel').getByText(sim.name, { exact: true })).toBeVisible();
    // test calls run in the superuser's own client, so another client's list offers editing but no calls
    const firstSim = DEMO_SIMULATIONS[0].name;
    await expect(
      page.getByRole('tabpanel').getByRole('button', { name: `Edit ${firstSim}`, exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('tabpanel').getByRole('button', { name: `Test ${firstSim}`, exact: true })).toHaveCount(
      0,
    );
    await expect(
      page.getByRole('tabpanel').getByRole('button', { name: `Dry run ${firstSim}`, exact: true }),
    ).toHaveCount(0);
    await tabs.getByRole('tab', { name: 'Analytics' }).click();
    // a fresh copy: no users, no calls
    const analytics = page.getByRole('tabpanel');
    await expect(analytics.getByText('Calls and minutes per week')).toBeVisible();
    await expect(analytics.getByText('No calls yet.')).toBeVisible();

    // delete the copy: the dialog names what goes, and wants the schema name typed
    await page.getByRole('link', { name: 'Spar admin' }).first().click();
    await expect(h1(page)).toHaveText('Spar admin');
    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    const del = page.getByRole('dialog', { name: `Delete ${name}` });
    await expect(del.getByRole('list', { name: 'What will be removed' })).toContainText(
      `Personas: ${DEMO_PERSONAS.length}`,
    );
    await expect(del.getByRole('list', { name: 'What will be removed' })).not.toContainText('Users');
    const confirm = del.getByRole('button', { name: 'Delete client' });
    await expect(confirm).toBeDisabled();
    await del.getByLabel(`Type ${schema} to confirm`).fill(schema);
    await confirm.click();
    await expect(del).toBeHidden();
    await expect(page.getByText(`Client ${name} was deleted.`)).toBeVisible();
    await expect(clients.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
    await expect(clients.getByRole('row', { name: /Northwind Demo/ })).toBeVisible();
  });

  test('adds a client: the schema name is suggested, validated and must be unique', async ({ page }) => {
    const suffix = randomBytes(3).toString('hex');
    await page.goto('/spar-admin');
    await page.getByRole('button', { name: 'Add client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add client' });
    await dialog.getByRole('button', { name: 'Create client' }).click();
    await expect(dialog.getByText('Please enter a client name')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Acme Logística ${suffix}`);
    const schema = dialog.getByRole('textbox', { name: 'Schema name' });
    await expect(schema).toHaveValue(`acme-logistica-${suffix}`);
    await schema.fill('demo');
    await dialog.getByRole('textbox', { name: 'Domain' }).fill('acme.example');
    await dialog.getByRole('combobox', { name: 'Default language' }).click();
    await page.getByRole('option', { name: 'Italiano' }).click();
    await dialog.getByRole('button', { name: 'Create client' }).click();
    await expect(dialog.getByText('This schema name is already used by another client')).toBeVisible();
    await expect(page.getByText('Failed to create client')).toBeVisible();

    await schema.fill(`acme-${suffix}`);
    await dialog.getByRole('button', { name: 'Create client' }).click();
    await expect(dialog).toBeHidden();
    const row = page
      .getByRole('table', { name: 'Clients' })
      .getByRole('row', { name: new RegExp(`Acme Logística ${suffix}`) });
    await expect(row).toContainText(`acme-${suffix}`);
    await expect(row).toContainText('Italiano');
    await expect(row).toContainText('Customer');
  });

  test('the Prompts tab lists system prompts without a delete action', async ({ page }) => {
    await page.goto('/spar-admin?tab=prompts');
    await expect(page.getByRole('tab', { name: 'Prompts', selected: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Realistic prospect', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  });
});

test.describe('Spar admin is for superusers only', () => {
  test.use({ userType: 'admin' });

  test('an admin opening a client detail page is sent home', async ({ page }) => {
    await page.goto('/spar-admin/clients/00000000-0000-4000-8000-000000000000');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
