import { request, type Browser, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { noHorizontalOverflow } from './call-helpers';
import { expect, h1, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { E2E_DEMO_PASSWORD } from './server-info';

/**
 * Two-factor sign-in in a browser, on a server of its own (it needs ENCRYPTION_KEY): a user sets
 * up an authenticator on the profile page (the test reads the key shown and computes the codes as
 * the app would), signs out and signs in with password and code; an admin whose organisation
 * requires it sets it up on the sign-in page before getting in. At 1440 and 375 px.
 */

let own: OwnServer;
let adminState: string;

/** A code of the authenticator with `secret` (as shown, spaces and all), `offset` seconds from now. */
const codeFor = (secret: string, offset = 0) =>
  generate({ secret: secret.replace(/\s/g, ''), epoch: Math.floor(Date.now() / 1000) + offset });

async function newUser(userType: 'manager' | 'admin') {
  const ctx = await request.newContext({
    baseURL: own.baseURL,
    storageState: adminState,
    extraHTTPHeaders: { Origin: own.baseURL },
  });
  const username = `e2e-2fa-${userType}-${randomBytes(4).toString('hex')}`;
  const res = await ctx.post('/trpc/users.create', {
    data: {
      email: `${username}@demo.test`,
      username,
      displayName: `Two Factor ${userType}`,
      userType,
      password: E2E_DEMO_PASSWORD,
      managerId: null,
      language: null,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await ctx.dispose();
  return { email: `${username}@demo.test` };
}

async function passwordSignIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function pageAt(browser: Browser, width: number) {
  const context = await browser.newContext({
    baseURL: own.baseURL,
    viewport: { width, height: width === 375 ? 812 : 900 },
  });
  return { context, page: await context.newPage() };
}

const fits = async (page: Page, where: string) =>
  expect(await noHorizontalOverflow(page), `no horizontal overflow: ${where}`).toBe(true);

test.describe('Two-factor sign-in', () => {
  // one server for every test here, in one worker
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test.beforeAll(async () => {
    test.setTimeout(240_000); // a second server: fresh database, migrations and demo seed
    own = await startOwnServer(
      'two-factor',
      { ENCRYPTION_KEY: 'e2e-encryption-key-of-at-least-32-characters' },
      { healthTimeoutMs: 180_000 },
    );
    adminState = await own.signIn('admin@demo.test');
  });

  test.afterAll(async () => {
    await own?.stop();
  });

  for (const width of [1440, 375]) {
    test(`set up on the profile page, then sign in with password and code at ${width} px`, async ({ browser }) => {
      const user = await newUser('manager');
      const { context, page } = await pageAt(browser, width);
      await passwordSignIn(page, user.email);
      await expect(page).toHaveURL('/dashboard');

      await page.goto('/profile');
      const section = page.getByRole('region', { name: 'Two-factor sign-in' });
      await expect(section).toContainText('Two-factor sign-in is off.');
      await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
      await expect(section.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
      const secret = (await section.getByTestId('two-factor-secret').innerText()).trim();
      expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
      await fits(page, `profile set-up at ${width}`);

      const codeField = section.getByRole('textbox', { name: 'Six-digit code from the app' });
      await codeField.fill('12');
      await section.getByRole('button', { name: 'Turn on', exact: true }).click();
      await expect(section.getByText('Enter the six-digit code from your authenticator app')).toBeVisible();
      await codeField.fill(await codeFor(secret));
      await section.getByRole('button', { name: 'Turn on', exact: true }).click();

      const codes = section.getByTestId('recovery-codes').getByRole('listitem');
      await expect(codes).toHaveCount(10);
      await expect(codes.first()).toHaveText(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
      await expect(section.getByRole('button', { name: 'Copy codes' })).toBeVisible();
      await expect(section.getByRole('button', { name: 'Download' })).toBeVisible();
      await fits(page, `recovery codes at ${width}`);
      await page.screenshot({ path: `/tmp/two-factor-codes-${width}.png`, fullPage: true });
      await section.getByRole('button', { name: 'I have saved my codes' }).click();
      await expect(section).toContainText('Two-factor sign-in is on since');
      await expect(section).toContainText('10 recovery codes left.');

      // sign out, then the password alone no longer signs in (a phone opens the navigation first)
      if (width === 375) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expect(page).toHaveURL('/login');
      await passwordSignIn(page, user.email);
      const code = page.getByRole('textbox', { name: 'Authentication code' });
      await expect(code).toBeFocused();
      await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(code).toHaveAttribute('inputmode', 'numeric');
      await expect(page).toHaveURL('/login');
      await fits(page, `code step at ${width}`);
      await page.screenshot({ path: `/tmp/two-factor-code-${width}.png`, fullPage: true });

      // a wrong code is refused in words, the field is ready for the next try
      const right = await codeFor(secret, 30);
      await code.fill(right === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('alert')).toContainText('That code is not valid.');
      await expect(code).toBeFocused();

      // the next step's code (the one used to set it up cannot be used again)
      await code.fill(right);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL('/dashboard');
      await expect(h1(page)).toHaveText('Dashboard');
      await context.close();
    });
  }

  test('a recovery code signs in once, through the "use a recovery code" switch', async ({ browser }) => {
    const user = await newUser('manager');
    const { context, page } = await pageAt(browser, 1440);
    await passwordSignIn(page, user.email);
    await expect(page).toHaveURL('/dashboard');
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const secret = (await section.getByTestId('two-factor-secret').innerText()).trim();
    await section.getByRole('textbox', { name: 'Six-digit code from the app' }).fill(await codeFor(secret));
    await section.getByRole('button', { name: 'Turn on', exact: true }).click();
    const recovery = await section.getByTestId('recovery-codes').getByRole('listitem').first().innerText();
    await context.clearCookies();

    await passwordSignIn(page, user.email);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    const field = page.getByRole('textbox', { name: 'Recovery code' });
    await expect(field).toBeFocused();
    await field.fill(recovery);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/dashboard');
    await context.clearCookies();

    await passwordSignIn(page, user.email);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(recovery);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toContainText('That code is not valid.');
    await context.close();
  });

  for (const width of [1440, 375]) {
    test(`an admin of an organisation that requires it sets it up while signing in at ${width} px`, async ({
      browser,
    }) => {
      // the tenant's admin turns the requirement on in Admin → Security
      const adminCtx = await browser.newContext({ baseURL: own.baseURL, storageState: adminState });
      const adminPage = await adminCtx.newPage();
      await adminPage.goto('/admin?tab=security');
      const policy = adminPage.getByRole('region', { name: 'Two-factor sign-in' });
      const toggle = policy.getByRole('switch', { name: 'Require two-factor sign-in for admins' });
      if (!(await toggle.isChecked())) {
        await toggle.click({ force: true });
        await expect(adminPage.getByText('Two-factor sign-in is now required for admins.')).toBeVisible();
      }
      await expect(toggle).toBeChecked();
      await expect(policy.getByTestId('admins-without-2fa')).toContainText(/admins? ha(s|ve) not set up/);
      await adminCtx.close();

      const admin = await newUser('admin');
      const { context, page } = await pageAt(browser, width);
      await passwordSignIn(page, admin.email);
      await expect(page.getByText('Set up two-factor sign-in')).toBeVisible();
      await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
      await fits(page, `set-up step at ${width}`);
      await page.screenshot({ path: `/tmp/two-factor-enrol-${width}.png`, fullPage: true });
      // no session yet: a guarded page sends the browser back to sign in
      const cookies = await context.cookies();
      expect(cookies.filter((c) => c.name === 'spar_session')).toEqual([]);

      const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
      await page.getByRole('textbox', { name: 'Six-digit code from the app' }).fill(await codeFor(secret));
      await page.getByRole('button', { name: 'Confirm and sign in' }).click();
      await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
      await fits(page, `recovery codes on sign-in at ${width}`);
      await page.getByRole('button', { name: 'I have saved my codes, continue' }).click();
      await expect(page).toHaveURL('/dashboard');

      // it cannot be turned off while required
      await page.goto('/profile');
      const section = page.getByRole('region', { name: 'Two-factor sign-in' });
      await expect(section).toContainText('cannot be turned off');
      await expect(section.getByRole('button', { name: 'Turn off' })).toHaveCount(0);
      await context.close();
    });
  }
});
