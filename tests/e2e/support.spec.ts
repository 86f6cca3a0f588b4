import { expect, test, openDialog, expectVisibleTexts } from './fixtures';

test.describe('Contact Support dialog', () => {
  test.use({ userType: 'manager' });

  test('validates both fields, shows the sending state, then closes with a notification', async ({ page }) => {
    await page.goto('/dashboard');
    const dialog = await openDialog(page, 'Contact support', 'Contact Support');
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expectVisibleTexts(dialog, ['Subject is required', 'Description is required']);
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Subject').fill('Cannot start a simulation');
    await dialog.getByLabel('Description').fill('The start button does nothing on the exercise page.');
    const started = Date.now();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Sending…' })).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 10_000 });
    // the sending state lasts about a second, however fast the server answers
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    await expect(page.getByText('Your message was sent to support.')).toBeVisible();
  });

  test('Escape closes the dialog without sending', async ({ page }) => {
    await page.goto('/dashboard');
    const dialog = await openDialog(page, 'Contact support', 'Contact Support');
    await dialog.getByLabel('Subject').fill('draft');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Your message was sent to support.')).toHaveCount(0);
  });
});
