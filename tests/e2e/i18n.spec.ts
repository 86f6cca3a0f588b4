import { expect, h1, mainNav, setServerLanguage, test, translationOf } from './fixtures';

const readStoredLanguage = (page: import('@playwright/test').Page) =>
  page.evaluate(() => localStorage.getItem('i18nextLng'));

test.describe('browser language', () => {
  test.use({ locale: 'es-ES' });

  test('signed out with a Spanish browser and no saved preference, the login page is Spanish', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: translationOf('Sign in', 'es'), exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
    await expect(
      page.getByText(translationOf('Use the credentials provided by your administrator.', 'es')),
    ).toBeVisible();
    // consulting the browser is not a saved preference
    expect(await readStoredLanguage(page)).toBeNull();
  });

  test.describe('signed in', () => {
    test.use({ userType: 'admin' });
    test("the client's default language (en) comes before the browser's", async ({ page, user }) => {
      await page.goto('/dashboard');
      // once the profile has loaded (username shown) and the page is idle, the language is settled
      await expect(page.getByRole('button', { name: 'User menu' })).toContainText(user!.username);
      await page.waitForLoadState('networkidle');
      await expect(h1(page)).toHaveText('Dashboard');
      await expect(mainNav(page).getByRole('link', { name: 'Team', exact: true })).toBeVisible();
      expect(await readStoredLanguage(page)).toBeNull();
    });
  });
});

test.describe('Spanish titles (saved preference es)', () => {
  test.use({ account: 'superuser' }); // seeded: the users API cannot create a superuser
  test('every page title and sidebar link is Spanish', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
    const titles: [string, string][] = [
      ['/dashboard', 'Panel'],
      ['/simulations', 'Simulaciones'],
      ['/personas', 'Personas'],
      ['/scorecards', 'Tarjetas de evaluación'],
      ['/team', 'Equipo'],
      ['/assessments', 'Evaluaciones'],
      ['/assignments', 'Asignaciones'],
      ['/progress', 'Progreso por criterio'],
      ['/leaderboard', 'Clasificación'],
      ['/certifications', 'Certificaciones'],
      ['/meetings', 'Reuniones'],
      ['/cta', 'Enlaces mágicos CTA'],
      ['/admin', 'Administración'],
      ['/spar-admin', 'Administración de Spar'],
      ['/profile', 'Configuración'],
    ];
    for (const [path, title] of titles) {
      await page.goto(path);
      await expect(h1(page), path).toHaveText(title);
    }
    for (const name of ['Panel', 'Simulaciones', 'Equipo', 'Asignaciones', 'Progreso', 'Certificaciones']) {
      await expect(mainNav(page, 'es').getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(mainNav(page, 'es').getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main navigation', exact: true })).toHaveCount(0);
  });
});

test.describe('server language', () => {
  test.use({ userType: 'sales_rep' });

  test('a user whose saved language is Italian sees Italian', async ({ page, api, user }) => {
    await setServerLanguage(api, user!, 'it');
    const italian = translationOf('My assignments', 'it');
    expect(italian).not.toBe('My assignments');
    await page.goto('/assignments/sr');
    await expect(h1(page)).toHaveText(italian);
    await expect(
      mainNav(page, 'it').getByRole('link', { name: translationOf('Assignments', 'it'), exact: true }),
    ).toBeVisible();
    // the profile language is not a saved browser preference
    expect(await readStoredLanguage(page)).toBeNull();
  });

  test("a saved preference wins over the user's server language", async ({ page, api, user }) => {
    await setServerLanguage(api, user!, 'it');
    await page.goto('/assignments/sr');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'es'));
    await page.reload();
    await expect(h1(page)).toHaveText('Mis asignaciones');
    // the profile (language it) has loaded by the time the username shows; Spanish must remain
    await expect(page.getByRole('button', { name: translationOf('User menu', 'es') })).toContainText(user!.username);
    await page.waitForLoadState('networkidle');
    await expect(h1(page)).toHaveText('Mis asignaciones');
    await expect(mainNav(page, 'es').getByRole('link', { name: 'Asignaciones', exact: true })).toBeVisible();
    // the profile language did not overwrite the saved preference
    expect(await readStoredLanguage(page)).toBe('es');
    await page.reload();
    await expect(h1(page)).toHaveText('Mis asignaciones');
  });
});

test.describe('picking a language', () => {
  // a rep of its own: the seeded reps do assignments in other specs meanwhile, in English
  test.use({ userType: 'sales_rep' });

  test('Português (Brasil) from the user menu switches the UI and survives a reload', async ({ page, api, user }) => {
    await setServerLanguage(api, user!, 'en');
    const portuguese = translationOf('My assignments', 'pt-BR');
    expect(portuguese).not.toBe('My assignments');
    await page.goto('/assignments/sr');
    await expect(h1(page)).toHaveText('My assignments');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: /^Language/ }).click();
    for (const choice of ['English', 'Español', 'Italiano'])
      await expect(page.getByText(choice, { exact: true })).toBeVisible();
    await page.getByText('Português (Brasil)', { exact: true }).click();
    await expect(h1(page)).toHaveText(portuguese);
    expect(await readStoredLanguage(page)).toBe('pt-BR');
    // the choice must persist in the browser itself, whatever the profile says
    await setServerLanguage(api, user!, 'en');
    await page.reload();
    await expect(h1(page)).toHaveText(portuguese);
    expect(await readStoredLanguage(page)).toBe('pt-BR');
  });
});
