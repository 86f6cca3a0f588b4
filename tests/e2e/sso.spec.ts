import type { Browser } from '@playwright/test';
import { noHorizontalOverflow } from './call-helpers';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { startDnsServer } from '../helpers/dns-server';
import { startOidcProvider, type Tamper } from '../helpers/oidc-provider';

/**
 * Single sign-on in a browser, end to end: a real OpenID Provider (oidc-provider) and a DNS server
 * on loopback, a server of our own (it needs ENCRYPTION_KEY for the client secret). The admin
 * connects the provider and proves the domain in Admin → Security; a person new to Spar signs in
 * through the provider's page and lands at home; answers an attacker changed are refused with
 * words on the sign-in page. The sign-in page in four languages at 375 and 1440 px.
 */

const CALLBACK = '/api/v1/auth/sso/oidc/callback';
const CLIENT = { clientId: 'spar-e2e', clientSecret: 'e2e-client-secret-not-real' };
let own: OwnServer;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let op: Awaited<ReturnType<typeof startOidcProvider>>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dns = await startDnsServer();
  own = await startOwnServer(
    'sso',
    { ENCRYPTION_KEY: 'e2e-encryption-key-0123456789-abcdefghijkl', DNS_SERVERS: dns.address },
    { healthTimeoutMs: 150_000 },
  );
  op = await startOidcProvider({
    ...CLIENT,
    redirectUri: `${own.baseURL}${CALLBACK}`,
    accounts: [
      { sub: 'nia', email: 'nia.new@demo.test', email_verified: true, name: 'Nia Newman' },
      { sub: 'rep', email: 'rep@demo.test', email_verified: true, name: 'Demo Rep' },
    ],
  });
});

test.afterAll(async () => {
  await op?.stop();
  await own?.stop();
  dns?.stop();
});

async function pageAt(browser: Browser, width: number, locale = 'en-US') {
  const context = await browser.newContext({
    baseURL: own.baseURL,
    locale,
    viewport: { width, height: width === 375 ? 812 : 900 },
  });
  return { context, page: await context.newPage() };
}

test('the admin connects the provider, proves the domain and sets the policy', async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: own.baseURL,
    storageState: await own.signIn('admin@demo.test'),
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/admin?tab=security');
  // a direct load brings the admin page and the SSO texts: longer than the default wait on a loaded machine
  await expect(page.getByRole('heading', { name: 'Single sign-on' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`${own.baseURL}${CALLBACK}`)).toBeVisible();
  await page.getByLabel('Issuer URL').fill(op.issuer);
  await page.getByLabel('Client ID').fill(CLIENT.clientId);
  await page.getByLabel('Client secret').fill(CLIENT.clientSecret);
  await page.getByLabel('Sign-in with this provider is on').check({ force: true });
  await page.getByRole('button', { name: 'Save provider' }).click();
  await expect(page.getByText('Provider saved')).toBeVisible();
  await expect(page.getByText('A secret is stored (encrypted). Leave empty to keep it.')).toBeVisible();

  await page.getByLabel('Add a domain').fill('demo.test');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: 'demo.test' });
  await expect(row.getByText('Not verified')).toBeVisible();
  const value = (await row.locator('code').nth(1).textContent())!;
  expect(value).toMatch(/^spar-verification=/);
  await row.getByRole('button', { name: 'Check DNS' }).click();
  await expect(row.getByText('The TXT record was not found yet.', { exact: false })).toBeVisible();
  dns.setTxt('_spar-verification.demo.test', [value]);
  await row.getByRole('button', { name: 'Check DNS' }).click();
  await expect(row.getByText('Verified', { exact: true })).toBeVisible();

  await page.getByLabel('New accounts from single sign-on').selectOption('sales_rep');
  await page.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByText('Policy saved')).toBeVisible();
  await context.close();
});

test('a person new to Spar signs in through the provider and lands at home (375 px)', async ({ browser }) => {
  op.autoLogin(null); // the provider's own sign-in form
  const { context, page } = await pageAt(browser, 375);
  await page.goto('/login');
  await noHorizontalOverflow(page);
  await page.getByRole('button', { name: 'Continue with SSO' }).click();
  await page.getByLabel('Work e-mail').fill('nia.new@demo.test');
  await page.getByRole('button', { name: 'Continue with SSO' }).click();
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await page.getByLabel('Work e-mail').fill('nia.new@demo.test');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/assignments/sr');
  await expect(page.getByRole('heading', { level: 1, name: 'My assignments' })).toBeVisible();
  await context.close();
});

const refused: [Tamper, string][] = [
  ['wrong-nonce', "Your organisation's sign-in answer did not match this sign-in, so it was refused."],
  ['expired', "Your organisation's sign-in answer had expired."],
  ['other-key', "Your organisation's sign-in answer was not signed by its identity provider, so it was refused."],
];
for (const [how, message] of refused) {
  test(`an ID token an attacker changed (${how}) is refused with words on the sign-in page`, async ({ browser }) => {
    op.autoLogin('rep@demo.test');
    op.tamper(how);
    const { context, page } = await pageAt(browser, 1440);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await page.getByLabel('Work e-mail').fill('rep@demo.test');
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await page.waitForURL(`**/login?sso_error=*`);
    await expect(page.getByRole('alert')).toContainText(message);
    // and no session came of it
    await page.goto('/assignments/sr');
    await page.waitForURL('**/login**');
    await context.close();
  });
}

const LANGUAGES: [string, string][] = [
  ['en-US', 'Continue with SSO'],
  ['es-ES', 'Continuar con SSO'],
  ['it-IT', 'Continua con SSO'],
  ['pt-BR', 'Continuar com SSO'],
];
for (const [locale, label] of LANGUAGES)
  for (const width of [375, 1440])
    test(`the sign-in page offers single sign-on in ${locale} at ${width} px`, async ({ browser }) => {
      const { context, page } = await pageAt(browser, width, locale);
      await page.goto('/login');
      await page.getByRole('button', { name: label }).click();
      await expect(page.getByRole('textbox').last()).toBeFocused();
      await noHorizontalOverflow(page);
      await context.close();
    });
