import type { Page } from '@playwright/test';
import { ACCOUNTS, ACCOUNT_KEYS } from './accounts';
import { createDemoUser, expect, h1, signInViaUi, test } from './fixtures';

/** Signed out, each of these pages sends the browser to /login. */
async function expectSentToLogin(page: Page, paths: string[]) {
  for (const p of paths) {
    await page.goto(p);
    await expect(page).toHaveURL('/login');
  }
}

test.describe('sign in through the login page', () => {
  test('login page shows the fields, the button and the administrator note', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByText('Use the credentials provided by your administrator.')).toBeVisible();
  });

  for (const key of ACCOUNT_KEYS.filter((k) => k !== 'rep2' && k !== 'rep3')) {
    const a = ACCOUNTS[key];
    test(`${a.email} lands on ${a.home}`, async ({ page }) => {
      await signInViaUi(page, key);
      await expect(page).toHaveURL(a.home);
      await expect(h1(page)).toHaveText(a.h1);
      await expect(h1(page)).toHaveCount(1);
    });
  }

  test('a wrong password shows the error and stays on /login', async ({ page, baseURL }) => {
    await signInViaUi(page, await createDemoUser(baseURL!, { userType: 'manager' }), 'not-the-password');
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await expect(page).toHaveURL('/login');
    // an unknown account gets the same message
    await page.getByLabel('Email', { exact: true }).fill('nobody@demo.test');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('signed out, a guarded page and / redirect to /login', async ({ page }) => {
    await expectSentToLogin(page, ['/dashboard', '/']);
  });
});

test.describe('logout', () => {
  test('the user menu Logout returns to /login and guarded pages redirect there', async ({ page, baseURL }) => {
    // a session of its own: logging out invalidates it on the server
    await signInViaUi(page, await createDemoUser(baseURL!, { userType: 'admin' }));
    await expect(page).toHaveURL('/dashboard');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expectSentToLogin(page, ['/dashboard', '/profile']);
  });
});

test.describe('no role assigned', () => {
  test('the user sees the blocked screen and can sign out', async ({ page, baseURL }) => {
    await signInViaUi(page, await createDemoUser(baseURL!, { userType: 'user' }));
    await expect(page).toHaveURL('/no-role-assigned');
    await expect(h1(page)).toHaveText('No role assigned');
    await expect(page.getByRole('button', { name: 'Contact support' }).first()).toBeVisible();
    // a user with no role cannot reach the product
    await page.goto('/assignments');
    await expect(page).toHaveURL('/no-role-assigned');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL('/login');
    await page.goto('/no-role-assigned');
    await expect(page).toHaveURL('/login');
  });
});

test.describe('root and cross-role redirects', () => {
  // the seeded demo accounts the README documents, each landing on its home
  for (const key of ['superuser', 'admin', 'manager', 'rep', 'demoManager', 'norole'] as const) {
    test.describe(key, () => {
      test.use({ account: key });
      test(`/ redirects ${key} to ${ACCOUNTS[key].home}`, async ({ page }) => {
        await page.goto('/');
        await expect(page).toHaveURL(ACCOUNTS[key].home);
        await expect(h1(page)).toHaveText(ACCOUNTS[key].h1);
      });
    });
  }

  // where a signed-in user is sent from pages that are not theirs
  for (const c of [
    {
      who: 'rep',
      userType: 'sales_rep',
      title: 'a rep sent to manager pages ends on /assignments/sr',
      from: ['/dashboard', '/assignments', '/login'],
      to: '/assignments/sr',
      heading: 'My assignments',
    },
    {
      who: 'demo manager',
      userType: 'demo_manager',
      title: 'a demo manager sent to /dashboard or /assignments/sr ends on /assignments',
      from: ['/dashboard', '/assignments/sr'],
      to: '/assignments',
      heading: 'Assignments',
    },
    {
      who: 'signed-in admin on /login',
      userType: 'admin',
      title: 'is sent to /dashboard',
      from: ['/login'],
      to: '/dashboard',
      heading: 'Dashboard',
    },
  ] as const) {
    test.describe(c.who, () => {
      test.use({ userType: c.userType });
      test(c.title, async ({ page }) => {
        for (const path of c.from) {
          await page.goto(path);
          await expect(page, `from ${path}`).toHaveURL(c.to);
          await expect(h1(page)).toHaveText(c.heading);
        }
      });
    });
  }
});
