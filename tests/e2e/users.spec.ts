import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, h1, test } from './fixtures';

const HEADER = 'email,display_name,user_type,username,password,manager_email';
/** Unique per run, so reruns against the same server never collide. */
const run = Date.now().toString(36);

/** Creates a user through the API from the signed-in page (same origin, same session). */
async function createUser(page: Page, email: string, username: string) {
  const status = await page.evaluate(
    async (input) =>
      (
        await fetch('/trpc/users.create', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(input),
        })
      ).status,
    { email, username, userType: 'sales_rep' },
  );
  expect(status).toBe(200);
}

/** Removes the users with these emails (leaves the shared e2e server as other specs expect it). */
async function deleteUsers(page: Page, emails: string[]) {
  const status = await page.evaluate(async (wanted) => {
    const res = await fetch(`/trpc/users.list?input=${encodeURIComponent('{}')}`);
    const list = ((await res.json()) as { result: { data: { id: string; email: string }[] } }).result.data;
    const ids = list.filter((u) => wanted.includes(u.email)).map((u) => u.id);
    return (
      await fetch('/trpc/users.bulkDelete', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ids }),
      })
    ).status;
  }, emails);
  expect(status).toBe(200);
}

async function openUsers(page: Page) {
  await page.goto('/admin');
  await expect(h1(page)).toHaveText('Admin', { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Users', level: 2 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
}

test.describe('Users management (admin)', () => {
  test.use({ userType: 'admin' });

  test('bulk add by CSV: one bad row creates nothing; the fixed file imports with progress and one-time sign-in links', async ({
    page,
    mailbox,
  }) => {
    // an import of 20 accounts, then one of them choosing a password in a browser of its own
    test.setTimeout(120_000);
    await openUsers(page);
    await page.getByRole('button', { name: 'Bulk add (CSV)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk add users (CSV)' });
    await expect(dialog.getByText('Either all rows are imported or none.')).toBeVisible();

    // the template downloads with the header and two examples
    const templateDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download template' }).click();
    const template = readFileSync(await (await templateDownload).path(), 'utf8');
    expect(template.split('\r\n')[0]).toBe(HEADER);
    expect(template.trim().split('\r\n')).toHaveLength(3);

    const emails = Array.from({ length: 20 }, (_, i) => `bulk-${run}-${i}@demo.test`);
    const good = emails.map((e, i) => `${e},Bulk ${i},Sales Rep,,,manager@demo.test`);
    const bad = [HEADER, good[0], good[1], `bulk-${run}-x@demo.test,,Wizard,,,`, ...good.slice(2)].join('\r\n');
    const fileInput = dialog.getByLabel('CSV file');
    await fileInput.setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });

    await expect(
      dialog.getByText(
        'No users were created: fix the rows below and upload again. Either all rows are imported or none.',
      ),
    ).toBeVisible();
    const rejected = dialog.getByRole('table', { name: 'Rejected rows' });
    const rows = rejected.getByRole('row');
    await expect(rows).toHaveCount(2); // header + the one bad row
    await expect(rows.nth(1)).toContainText('4'); // header is row 1, the bad line is the 3rd data row
    await expect(rows.nth(1)).toContainText('user_type');
    await expect(rows.nth(1)).toContainText('Unknown user type "Wizard"');

    // fixed file: progress, then the result and the credentials
    const fixed = [HEADER, ...good].join('\r\n');
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'users-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
    // the phase and n/total, with the bar (its filled section has no width at 0 %)
    await expect(dialog.getByText(/^(Validating rows|Securing passwords|Creating users): \d+\/20$/)).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '100');
    await expect(dialog.getByText('20 users created')).toBeVisible({ timeout: 30_000 });
    const credsDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download sign-in links' }).click();
    const creds = readFileSync(await (await credsDownload).path(), 'utf8');
    const lines = creds.trim().split('\r\n');
    expect(lines[0]).toBe('email,username,display_name,user_type,password_link,password_link_expires_at');
    for (const e of emails) expect(creds).toContain(`${e},`);
    expect(lines).toHaveLength(21);
    for (const line of lines.slice(1)) expect(line.split(',')[4]).toMatch(/^http:\/\/\S+\/set-password#[a-z2-7]{32}$/);

    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('row', { name: new RegExp(emails[0]) })).toContainText('Morgan Manager');
    await expect(table.getByText(`bulk-${run}-x@demo.test`)).toHaveCount(0);

    // the new user's own mail: a one-time link to choose a password, then sign in with it
    const invite = await mailbox.waitFor({ to: emails[3], subject: 'Your Spar account is ready' });
    const link = /(http:\/\/\S+\/set-password#[a-z2-7]{32})/.exec(invite.text ?? '')![1];
    // signed out: the runner would otherwise give a new context the admin's stored session
    const guest = await page
      .context()
      .browser()!
      .newContext({ storageState: { cookies: [], origins: [] } });
    const newcomer = await guest.newPage();
    await newcomer.goto(link);
    await expect(newcomer.getByText(`choose the password for ${emails[3]}`)).toBeVisible();
    await newcomer.getByLabel('New password').fill('Bulk-Chosen-2026');
    await newcomer.getByLabel('Repeat the password').fill('Bulk-Chosen-2026');
    await newcomer.getByRole('button', { name: 'Save password' }).click();
    await expect(newcomer.getByRole('status')).toContainText('Your password is saved');
    expect(newcomer.url()).not.toContain('#'); // the spent token leaves the address bar
    await newcomer.getByRole('link', { name: 'Go to sign in' }).click();
    await newcomer.getByLabel('Email').fill(emails[3]);
    await newcomer.getByLabel('Password').fill('Bulk-Chosen-2026');
    await newcomer.getByRole('button', { name: 'Sign in' }).click();
    await expect(newcomer).toHaveURL(/\/assignments/);
    // the link works once
    await newcomer.goto(link);
    await expect(newcomer.getByRole('alert')).toContainText('This link is no longer valid');
    await guest.close();
    await deleteUsers(page, emails);
  });

  test('bulk delete mode: enter, select two, confirm, they are gone, mode exits', async ({ page }) => {
    await openUsers(page);
    const a = `bd-a-${run}@demo.test`;
    const b = `bd-b-${run}@demo.test`;
    const keep = `bd-keep-${run}@demo.test`;
    await createUser(page, a, `bd-a-${run}`);
    await createUser(page, b, `bd-b-${run}`);
    await createUser(page, keep, `bd-keep-${run}`);
    await page.reload();
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByText(a)).toBeVisible();

    // entering and leaving the mode without deleting
    await page.getByRole('button', { name: 'Bulk delete' }).click();
    await expect(page.getByRole('checkbox', { name: 'Select all' })).toBeVisible();
    await page.getByRole('button', { name: 'Exit bulk delete' }).click();
    await expect(page.getByRole('checkbox', { name: 'Select all' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Bulk delete' }).click();
    await expect(page.getByRole('button', { name: 'Delete selected (0)' })).toBeDisabled();
    await page.getByRole('checkbox', { name: `Select ${a}` }).check();
    await page.getByRole('checkbox', { name: `Select ${b}` }).check();
    await page.getByRole('button', { name: 'Delete selected (2)' }).click();

    const confirm = page.getByRole('dialog', { name: 'Delete selected users' });
    await expect(confirm.getByText('Delete the 2 selected users? This cannot be undone.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete 2 users' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Users deleted: 2.')).toBeVisible();

    await expect(table.getByText(a)).toHaveCount(0);
    await expect(table.getByText(b)).toHaveCount(0);
    await expect(table.getByText(keep)).toBeVisible();
    // the mode ended
    await expect(page.getByRole('button', { name: 'Bulk delete' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exit bulk delete' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('table', { name: 'Users' }).getByText(keep)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Users' }).getByText(a)).toHaveCount(0);
    await deleteUsers(page, [keep]);
  });

  test('add a user with a generated password shown once; delete asks naming the user', async ({ page }) => {
    await openUsers(page);
    const email = `single-${run}@demo.test`;
    await page.getByRole('button', { name: 'Add user' }).click();
    const form = page.getByRole('dialog', { name: 'Add user' });
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Username').fill(`single-${run}`);
    await form.getByRole('button', { name: 'Create user' }).click();
    await expect(form.getByText('Enter a valid email address')).toBeVisible();
    await form.getByLabel('Email').fill('rep@demo.test');
    await form.getByRole('button', { name: 'Create user' }).click();
    await expect(form.getByText('A user with this email already exists')).toBeVisible();
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Create user' }).click();
    const created = page.getByRole('dialog', { name: 'User created' });
    await expect(created.getByLabel('Generated password')).toHaveValue(/\S{14,}/);
    await created.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: `Delete ${email}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user' });
    await expect(confirm).toContainText(`Delete single-${run} (${email})? This cannot be undone.`);
    await confirm.getByRole('button', { name: 'Delete user' }).click();
    await expect(page.getByRole('table', { name: 'Users' }).getByText(email)).toHaveCount(0);
  });
});
