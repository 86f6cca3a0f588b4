import { randomBytes } from 'node:crypto';
import { expect, h1, test } from './fixtures';

test.describe('Admin: prompts', () => {
  test.use({ userType: 'admin' });

  test('a system prompt refuses deletion; its copy can be edited and deleted', async ({ page }) => {
    test.slow(); // one long user journey
    const renamed = `Our prospect ${randomBytes(3).toString('hex')}`;
    await page.goto('/admin');
    await expect(h1(page)).toHaveText('Admin');
    await page.getByRole('tab', { name: 'Prompts' }).click();

    const simulation = page.getByRole('region', { name: 'Simulation' });
    const systemRow = simulation.getByRole('row', { name: /Realistic prospect/ }).filter({ hasNotText: '(copy)' });
    await expect(systemRow).toContainText('System');
    for (const group of ['Scenario variables', 'Scenario narrative', 'Evaluation']) {
      await expect(page.getByRole('region', { name: group }).getByText('System').first()).toBeVisible();
    }

    // the server refuses, in the user's language, and the prompt stays
    await simulation.getByRole('button', { name: 'Delete Realistic prospect', exact: true }).click();
    await expect(page.getByText('This is a system prompt and cannot be deleted.')).toBeVisible();
    await expect(simulation.getByRole('button', { name: 'Delete Realistic prospect', exact: true })).toBeVisible();

    // a system prompt opens read-only
    await simulation.getByRole('button', { name: 'View Realistic prospect', exact: true }).click();
    const view = page.getByRole('dialog', { name: 'Realistic prospect' });
    await expect(view.getByRole('textbox', { name: 'General rules' })).toHaveAttribute('readonly', '');
    await expect(
      view.getByText('System prompts cannot be edited. Duplicate it to make your own version.'),
    ).toBeVisible();
    await view.getByRole('button', { name: 'Close' }).first().click();

    await simulation.getByRole('button', { name: 'Duplicate Realistic prospect', exact: true }).click();
    await expect(page.getByText('Realistic prospect (copy) was created. You can edit it now.')).toBeVisible();
    const copyRow = simulation.getByRole('row', { name: /Realistic prospect \(copy\)/ });
    await expect(copyRow).toBeVisible();
    await expect(copyRow).not.toContainText('System');

    await simulation.getByRole('button', { name: 'Edit Realistic prospect (copy)', exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Realistic prospect (copy)' });
    await expect(editor.getByText('{{persona.behaviour}}', { exact: true })).toBeHidden(); // the reference starts collapsed
    await editor.getByRole('button', { name: /Placeholders you can use/ }).click();
    await expect(editor.getByText('{{persona.behaviour}}', { exact: true })).toBeVisible();
    await expect(editor.getByText('{{transcript}}', { exact: true })).toHaveCount(0); // for evaluation prompts only

    await editor.getByRole('textbox', { name: 'Name', exact: true }).fill(renamed);
    await editor
      .getByRole('textbox', { name: 'Detailed instructions' })
      .fill('Push back on {{pricing}} at every turn.');
    await editor.getByRole('button', { name: 'Save prompt' }).click();
    await expect(
      editor.getByText('Unknown placeholder: {{pricing}}. Use only the placeholders listed for this kind of prompt.'),
    ).toBeVisible();
    await editor.getByRole('textbox', { name: 'General rules' }).fill('');
    await editor.getByRole('button', { name: 'Save prompt' }).click();
    await expect(editor.getByText('Please enter the general rules')).toBeVisible();
    await editor.getByRole('textbox', { name: 'General rules' }).fill('You are {{persona.name}}. Stay in character.');
    await editor
      .getByRole('textbox', { name: 'Detailed instructions' })
      .fill('Push back on price at every turn at difficulty {{difficulty}}.');
    await editor.getByRole('button', { name: 'Save prompt' }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByText(`Prompt ${renamed} was saved.`)).toBeVisible();
    await expect(simulation.getByRole('row', { name: new RegExp(renamed) })).toBeVisible();

    await simulation.getByRole('button', { name: `Delete ${renamed}`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete prompt' });
    await expect(confirm).toContainText(`Delete the prompt "${renamed}"?`);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(`Prompt ${renamed} was deleted.`)).toBeVisible();
    await expect(simulation.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
    await expect(systemRow).toBeVisible();
  });
});
