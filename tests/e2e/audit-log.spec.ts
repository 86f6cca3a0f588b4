import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { noHorizontalOverflow } from './call-helpers';
import { createDemoUser, expect, h1, test, type NewUser } from './fixtures';

/** Admin → Users: the admin makes `rep` a Manager through the edit dialog. */
async function makeManager(page: Page, rep: NewUser) {
  await page.goto('/admin');
  await expect(h1(page)).toHaveText('Admin');
  await page.getByRole('button', { name: `Edit ${rep.email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit user' });
  await dialog.getByRole('combobox', { name: 'User type', exact: true }).click();
  await page.getByRole('option', { name: 'Manager', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** Admin → Audit log, filtered to "Users & roles" and to the rep's e-mail; the row of the change. */
async function openAuditLog(page: Page, rep: NewUser) {
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 2 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Action type', exact: true }).click();
  await page.getByRole('option', { name: 'Users & roles', exact: true }).click();
  await page.getByRole('textbox', { name: 'Actor or target' }).fill(rep.email);
  await expect(page).toHaveURL(/family=users/);
  await expect(page).toHaveURL(/q=/);
  const row = page.getByTestId('audit-row').filter({ hasText: 'User type changed' });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('Admin → Audit log', () => {
  test.use({ userType: 'admin' });

  test('a role change is in the log with who did it; the details open; the CSV holds it', async ({
    page,
    user,
    baseURL,
  }) => {
    const rep = await createDemoUser(baseURL!, { userType: 'sales_rep' });
    await makeManager(page, rep);
    const row = await openAuditLog(page, rep);
    await expect(row).toContainText(user!.email);
    await expect(row).toContainText(rep.email);
    await expect(row.getByText('Success')).toBeVisible();
    // the rep's creation and the change
    await expect(page.getByText('2 entries', { exact: true })).toBeVisible();

    // the details, by keyboard: the toggle says what it opens and whether it is open
    const toggle = row.getByRole('button', { name: /^Show details of “User type changed”/ });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const hide = row.getByRole('button', { name: /^Hide details of “User type changed”/ });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    const details = page.getByTestId('audit-details');
    await expect(details).toContainText('sales_rep → manager');
    await expect(details).toContainText('users.role_changed');

    // the filtered rows as CSV
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await file.path())!, 'utf8');
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toBe('time,actor,action,target,outcome,ip,user_agent,detail');
    // newest first: the change, then the rep's creation (by the seeded admin, through the API)
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${user!.email},users.role_changed,${rep.email},success,`);
    expect(lines[1]).toContain('sales_rep → manager');
    expect(lines[2]).toContain(`,users.created,${rep.email},success,`);

    // the export is itself in the log
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('combobox', { name: 'Action type', exact: true }).click();
    await page.getByRole('option', { name: 'Exports', exact: true }).click();
    await expect(
      page.getByTestId('audit-row').filter({ hasText: 'Audit log exported (CSV)' }).filter({ hasText: user!.email }),
    ).toHaveCount(1);
  });

  for (const width of [1440, 375]) {
    test(`fits a ${width} px screen: the page never scrolls sideways`, async ({ page, baseURL }) => {
      await page.setViewportSize({ width, height: 900 });
      const rep = await createDemoUser(baseURL!, { userType: 'sales_rep' });
      await makeManager(page, rep);
      await openAuditLog(page, rep);
      expect(await noHorizontalOverflow(page)).toBe(true);
      await expect(page.getByRole('button', { name: 'Export CSV' })).toBeInViewport();
      await expect(page.getByRole('textbox', { name: 'Keep entries for (days)' })).toBeVisible();
      await page.screenshot({ path: `test-results/audit-log-${width}.png`, fullPage: true });
    });
  }

  test('shortening the retention asks first and says what goes tonight', async ({ page }) => {
    await page.goto('/admin?tab=audit');
    // a direct load brings the admin page and the audit texts: slower than a tab change
    await expect(page.getByRole('heading', { name: 'Audit log', level: 2 })).toBeVisible({ timeout: 20_000 });
    const days = page.getByRole('textbox', { name: 'Keep entries for (days)' });
    await expect(days).toHaveValue(/\d/);
    const before = await days.inputValue();
    await days.fill('20');
    await expect(page.getByText('Enter a whole number of days between 30 and 3,650')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save retention' })).toBeDisabled();
    await days.fill('90');
    await page.getByRole('button', { name: 'Save retention' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shorten the retention?' });
    await expect(dialog).toContainText('Entries older than 90 days will be deleted tonight.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    // a longer one is saved without a question
    const longer = Number(before.replace(/\D/g, '')) + 1;
    await days.fill(String(longer));
    await page.getByRole('button', { name: 'Save retention' }).click();
    await expect(page.getByText(`Entries are now kept for ${longer} days`)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // and back as it was, confirmed
    await days.fill(before);
    await page.getByRole('button', { name: 'Save retention' }).click();
    await dialog.getByRole('button', { name: `Shorten to ${before} days` }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Entries are now kept for ${before} days`)).toBeVisible();
  });
});
