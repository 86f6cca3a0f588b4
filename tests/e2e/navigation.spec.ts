import type { Page } from '@playwright/test';
import { createDemoUser, expect, h1, mainNav, signInViaUi, test, type AccountKey, type NewUserType } from './fixtures';

// Meetings: linked for the internal client only (the seeded superuser belongs to it). CTA magic links: sales_manager and superuser only
const MANAGE = ['Dashboard', 'Simulations', 'Personas', 'Scorecards', 'Team', 'Assessments'];

/** Link text → [href, h1 of the page it opens]. */
const PAGES: Record<string, [string, string]> = {
  Dashboard: ['/dashboard', 'Dashboard'],
  Simulations: ['/simulations', 'Simulations'],
  Personas: ['/personas', 'Personas'],
  Scorecards: ['/scorecards', 'Scorecards'],
  Team: ['/team', 'Team'],
  Assessments: ['/assessments', 'Assessments'],
  'CTA magic links': ['/cta', 'CTA magic links'],
  Meetings: ['/meetings', 'Meetings'],
  Assignments: ['/assignments', 'Assignments'],
  Progress: ['/progress', 'Progress by criterion'],
  Leaderboard: ['/leaderboard', 'Leaderboard'],
  Certifications: ['/certifications', 'Certifications'],
  Admin: ['/admin', 'Admin'],
  'Spar admin': ['/spar-admin', 'Spar admin'],
};

const SIDEBAR: Partial<Record<AccountKey, string[]>> = {
  superuser: [
    ...MANAGE,
    'CTA magic links',
    'Assignments',
    'Progress',
    'Leaderboard',
    'Certifications',
    'Meetings',
    'Admin',
    'Spar admin',
  ],
  admin: [...MANAGE, 'Assignments', 'Progress', 'Leaderboard', 'Certifications', 'Admin'],
  manager: [...MANAGE, 'CTA magic links', 'Assignments', 'Progress', 'Leaderboard', 'Certifications'],
  rep: ['Assignments', 'Progress', 'Leaderboard', 'Certifications'],
  demoManager: ['Assignments', 'Progress', 'Leaderboard', 'Certifications'],
};

async function navLinkNames(page: Page): Promise<string[]> {
  const links = mainNav(page).getByRole('link');
  return (await links.evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()))).sort();
}

/** Each role but the superuser gets a user made for the test (an admin cannot create a superuser). */
const NEW_USER_TYPE: Partial<Record<AccountKey, NewUserType>> = {
  admin: 'admin',
  manager: 'manager',
  rep: 'sales_rep',
  demoManager: 'demo_manager',
};

test.describe('sidebar links per role', () => {
  for (const [key, expected] of Object.entries(SIDEBAR) as [AccountKey, string[]][]) {
    test.describe(key, () => {
      const userType = NEW_USER_TYPE[key];
      test.use(userType ? { userType } : { account: key });
      test(`${key} sees exactly: ${expected.join(', ')}`, async ({ page }) => {
        await page.goto('/');
        await expect(mainNav(page)).toBeVisible();
        await expect(mainNav(page).getByRole('link', { name: 'Assignments', exact: true })).toBeVisible();
        expect(await navLinkNames(page)).toEqual([...expected].sort());
        const assignmentsHref = key === 'rep' ? '/assignments/sr' : '/assignments';
        await expect(mainNav(page).getByRole('link', { name: 'Assignments', exact: true })).toHaveAttribute(
          'href',
          assignmentsHref,
        );
      });

      test(`${key}: every sidebar link opens its page`, async ({ page }) => {
        await page.goto('/');
        for (const name of expected) {
          await mainNav(page).getByRole('link', { name, exact: true }).click();
          const [href, title] =
            name === 'Assignments' && key === 'rep' ? ['/assignments/sr', 'My assignments'] : PAGES[name];
          await expect(page, `link ${name}`).toHaveURL(href);
          await expect(h1(page), `link ${name}`).toHaveText(title);
        }
      });
    });
  }
});

test.describe('layout', () => {
  test.use({ userType: 'admin' });

  test('sidebar is open at 1280 px and collapses with the toggle', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    await expect(mainNav(page)).toBeVisible();
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(mainNav(page)).toBeHidden();
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(mainNav(page)).toBeVisible();
  });

  test('sidebar is closed at 768 px and the toggle re-opens it', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto('/dashboard');
    await expect(h1(page)).toHaveText('Dashboard');
    await expect(mainNav(page)).toBeHidden();
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(mainNav(page)).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Team', exact: true }).click();
    await expect(page).toHaveURL('/team');
  });

  test('shrinking the window to 768 px closes the sidebar', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    await expect(mainNav(page)).toBeVisible();
    await page.setViewportSize({ width: 768, height: 800 });
    await expect(mainNav(page)).toBeHidden();
  });

  test('footer shows the copyright line with the current year and its links', async ({ page }) => {
    await page.goto('/dashboard');
    const footer = page.locator('footer');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Spar`);
    for (const name of ['Terms', 'Privacy', 'Contact'])
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    await footer.getByRole('link', { name: 'Privacy', exact: true }).click();
    await expect(page).toHaveURL('/privacy');
  });

  test('an unknown path shows Page not found and Go Home returns to the role home', async ({ page }) => {
    await page.goto('/this/page/does-not-exist');
    await expect(h1(page)).toHaveText('Page not found');
    await page.getByRole('button', { name: 'Go Home', exact: true }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(h1(page)).toHaveText('Dashboard');
  });

  test('user menu shows the username and Settings opens the profile', async ({ page, user }) => {
    await page.goto('/dashboard');
    const trigger = page.getByRole('button', { name: 'User menu' });
    await expect(trigger).toContainText(user!.username);
    await trigger.click();
    await expect(page.getByRole('menuitem', { name: /^Language/ })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL('/profile');
    await expect(h1(page)).toHaveText('Settings');
    await expect(page.getByRole('textbox', { name: 'Display name', exact: true })).toHaveValue(user!.displayName);
    await expect(page.getByRole('textbox', { name: 'Username', exact: true })).toHaveValue(user!.username);
    await expect(page.getByRole('combobox', { name: 'Language', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save profile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible();
  });
});

test.describe('rep user menu', () => {
  test.use({ userType: 'sales_rep' });
  test('shows the rep username', async ({ page, user }) => {
    await page.goto('/assignments/sr');
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText(user!.username);
  });
});

test.describe('phone width (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  const noHorizontalOverflow = async (page: Page) => {
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.scrollingElement!.scrollWidth,
      client: document.scrollingElement!.clientWidth,
    }));
    expect(client).toBeLessThanOrEqual(375);
    expect(scroll).toBeLessThanOrEqual(375 + 1);
  };

  test('login works and no page scrolls sideways', async ({ page, baseURL }) => {
    const admin = await createDemoUser(baseURL!, { userType: 'admin' });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await noHorizontalOverflow(page);
    await signInViaUi(page, admin);
    await expect(page).toHaveURL('/dashboard');
    await expect(h1(page)).toHaveText('Dashboard');
    await expect(h1(page)).toBeInViewport();
    await expect(mainNav(page)).toBeHidden();
    await noHorizontalOverflow(page);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(mainNav(page)).toBeVisible();
    await noHorizontalOverflow(page);
    await mainNav(page).getByRole('link', { name: 'Scorecards', exact: true }).click();
    await expect(h1(page)).toHaveText('Scorecards');
    await noHorizontalOverflow(page);
  });
});
