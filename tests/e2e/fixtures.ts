import { test as base, expect, request, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ACCOUNTS, type AccountKey } from './accounts';
import { mailbox, type Mailbox } from './mail';
import { E2E_DEMO_PASSWORD, serverInfo, storageFile } from './server-info';

export { expect };
export { ACCOUNTS, type AccountKey };
const PASSWORD = E2E_DEMO_PASSWORD;

/** The user types an admin can create in the demo tenant (server/contracts/user-types.ts). */
export type NewUserType = 'admin' | 'manager' | 'demo_manager' | 'user' | 'facilitator' | 'sales_rep';

export interface NewUser {
  id: string;
  email: string;
  username: string;
  displayName: string;
  password: string;
}

interface Fixtures {
  /** Signed in as this demo account (session made once in global-setup); null = signed out. */
  account: AccountKey | null;
  /** Signed in as a user of this type made for the test in the demo tenant (see `user`); wins over `account`. */
  userType: NewUserType | null;
  /** The display name of the user made for this test (a generated one when null). */
  displayName: string | null;
  /** The user made for this test when `userType` is set, else null. */
  user: NewUser | null;
  /** API client for the e2e server (no session). */
  api: APIRequestContext;
  /** The mail the e2e server delivered to its loopback SMTP receiver. */
  mailbox: Mailbox;
}

export const test = base.extend<Fixtures>({
  account: [null, { option: true }],
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(serverInfo().baseURL),
  userType: [null, { option: true }],
  displayName: [null, { option: true }],
  user: async ({ userType, displayName, baseURL }, use) =>
    use(userType ? await createDemoUser(baseURL!, { userType, displayName: displayName ?? undefined }) : null),
  storageState: async ({ account, user, baseURL }, use) => {
    if (user) return use(await signedInState(baseURL!, user));
    return use(account ? storageFile(account) : { cookies: [], origins: [] });
  },
  api: async ({ baseURL }, use) => {
    const ctx = await request.newContext({ baseURL });
    await use(ctx);
    await ctx.dispose();
  },
  // eslint-disable-next-line no-empty-pattern
  mailbox: async ({}, use) => use(mailbox(serverInfo().mailDir)),
});

/**
 * A new user of the demo tenant, created by the seeded admin through the users API as the Users page
 * does, with the demo password; sales reps join the seeded manager's team unless `managerId` is given.
 */
export async function createDemoUser(
  baseURL: string,
  fields: {
    userType: NewUserType;
    displayName?: string;
    managerId?: string | null;
    language?: 'en' | 'es' | 'it' | 'pt-BR';
  },
): Promise<NewUser> {
  const tag = randomBytes(4).toString('hex');
  const username = `e2e-${fields.userType.replace('_', '-')}-${tag}`;
  const email = `${username}@demo.test`;
  const displayName = fields.displayName ?? `E2E ${fields.userType} ${tag}`;
  const admin = await request.newContext({
    baseURL,
    storageState: storageFile('admin'),
    extraHTTPHeaders: { Origin: baseURL },
  });
  try {
    let managerId = fields.managerId;
    if (managerId === undefined && fields.userType === 'sales_rep') {
      const res = await admin.get(`/trpc/users.managers?input=${encodeURIComponent('{}')}`);
      expect(res.status(), await res.text()).toBe(200);
      const managers = ((await res.json()) as { result: { data: { id: string; email: string }[] } }).result.data;
      managerId = managers.find((m) => m.email === ACCOUNTS.manager.email)?.id ?? null;
    }
    const res = await admin.post('/trpc/users.create', {
      data: {
        email,
        username,
        displayName,
        userType: fields.userType,
        password: PASSWORD,
        managerId: managerId ?? null,
        language: fields.language ?? null,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { user } = ((await res.json()) as { result: { data: { user: { id: string } } } }).result.data;
    return { id: user.id, email, username, displayName, password: PASSWORD };
  } finally {
    await admin.dispose();
  }
}

/** Signs `user` in through the login endpoint; the browser state holding its session cookie. */
export async function signedInState(baseURL: string, user: Pick<NewUser, 'email' | 'password'>) {
  const ctx = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  try {
    const res = await ctx.post('/trpc/auth.login', { data: { email: user.email, password: user.password } });
    expect(res.status(), await res.text()).toBe(200);
    return await ctx.storageState();
  } finally {
    await ctx.dispose();
  }
}

/** Signs in through the real login page. */
/** Signs in through the login page as a seeded account (by key) or a user made for the test. */
export async function signInViaUi(page: Page, who: AccountKey | NewUser, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(typeof who === 'string' ? ACCOUNTS[who].email : who.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
/** The sidebar; its accessible name is translated too, so pass the language when it is not English. */
export const mainNav = (page: Page, lng?: 'es' | 'it' | 'pt-BR') =>
  page.getByRole('navigation', { name: lng ? translationOf('Main navigation', lng) : 'Main navigation', exact: true });

/** A seeded demo account by its key, or a user made for the test. */
export type Someone = AccountKey | Pick<NewUser, 'email'>;
const emailOf = (who: Someone) => (typeof who === 'string' ? ACCOUNTS[who].email : who.email);

/** A fresh session token (Bearer) for an account, from the dev-token endpoint. */
export async function devToken(api: APIRequestContext, who: Someone): Promise<string> {
  const res = await api.get(`/api/v1/auth/dev-token?email=${encodeURIComponent(emailOf(who))}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Saves an account's language on the server, as the profile would. */
export async function setServerLanguage(api: APIRequestContext, who: Someone, language: 'en' | 'es' | 'it' | 'pt-BR') {
  const token = await devToken(api, who);
  const res = await api.put('/api/v1/auth/language', {
    headers: { Authorization: `Bearer ${token}` },
    data: { user_language: language },
  });
  expect(res.status(), await res.text()).toBe(200);
}

type Tree = { [k: string]: string | Tree };
const loadLocale = (lng: string): Tree => {
  const dir = path.resolve('locales', lng);
  const out: Tree = {};
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json')))
    out[f.replace(/\.json$/, '')] = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Tree;
  return out;
};
const flatten = (t: Tree, prefix = '', acc = new Map<string, string>()) => {
  for (const [k, v] of Object.entries(t)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') acc.set(key, v);
    else flatten(v, key, acc);
  }
  return acc;
};

/**
 * The translation in `lng` of an English UI text, looked up in locales/ by the English value, so
 * tests can check a language the UI contract gives only in English. Fails if the English text is
 * not in the catalogue or its translations disagree.
 */
export function translationOf(english: string, lng: 'es' | 'it' | 'pt-BR'): string {
  const en = flatten(loadLocale('en'));
  const target = flatten(loadLocale(lng));
  const found = new Set<string>();
  for (const [k, v] of en) if (v === english && target.has(k)) found.add(target.get(k)!);
  if (found.size !== 1)
    throw new Error(
      `"${english}" has ${found.size} distinct ${lng} translations in locales/: ${[...found].join(' | ')}`,
    );
  return [...found][0];
}

/** Clicks the button named `button` and returns the dialog it opens, named `dialog`. */
export async function openDialog(page: Page, button: string, dialog: string) {
  await page.getByRole('button', { name: button }).click();
  return page.getByRole('dialog', { name: dialog });
}

/** Each of `texts` is shown inside `scope` (a form's messages, say). */
export async function expectVisibleTexts(scope: Locator, texts: string[]) {
  for (const text of texts) await expect(scope.getByText(text)).toBeVisible();
}
