import { ACCOUNTS, ACCOUNT_KEYS } from './accounts';
import { createDemoUser, expect, h1, signInViaUi, test } from './fixtures';

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
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
    await page.goto('/');
    await expect(page).toHaveURL('/login');
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
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
    await page.goto('/profile');
    await expect(page).toHaveURL('/login');
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

  test.describe('rep', () => {
    test.use({ userType: 'sales_rep' });
    test('a rep sent to manager pages ends on /assignments/sr', async ({ page }) => {
      for (const path of ['/dashboard', '/assignments', '/login']) {
        await page.goto(path);
        await expect(page, `from ${path}`).toHaveURL('/assignments/sr');
        await expect(h1(page)).toHaveText('My assignments');
      }
    });
  });

  test.describe('demo manager', () => {
    test.use({ userType: 'demo_manager' });
    test('a demo manager sent to /dashboard or /assignments/sr ends on /assignments', async ({ page }) => {
      for (const path of ['/dashboard', '/assignments/sr']) {
        await page.goto(path);
        await expect(page, `from ${path}`).toHaveURL('/assignments');
        await expect(h1(page)).toHaveText('Assignments');
      }
    });
  });

  test.describe('signed-in admin on /login', () => {
    test.use({ userType: 'admin' });
    test('is sent to /dashboard', async ({ page }) => {
      await page.goto('/login');
      await expect(page).toHaveURL('/dashboard');
      await expect(h1(page)).toHaveText('Dashboard');
    });
  });
});
