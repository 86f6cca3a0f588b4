import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, ssoConnections, users } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import type { RunningApp } from '../../server/app';
import { SESSION_COOKIE, validateSessionToken } from '../../server/auth/session';
import { OIDC_CALLBACK_PATH, OIDC_STATE_COOKIE } from '../../server/services/sso/oidc';
import {
  describeTrpcError,
  rejection,
  signedInCaller,
  anonymousCaller,
  startTestApp,
  type UserRow,
} from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { startDnsServer } from '../helpers/dns-server';
import { createTenant, createTenantUser, TEST_PASSWORD } from '../helpers/factories';
import { followToCallback, startOidcProvider, type Tamper } from '../helpers/oidc-provider';

const database = useTestDatabase();
const ENCRYPTION_KEY = 'test-encryption-key-0123456789-abcdefghij';
const CLIENT = { clientId: 'spar-acme', clientSecret: 'test-client-secret-not-real' };
const DOMAIN = 'acme-sso.test';

let app: RunningApp;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let op: Awaited<ReturnType<typeof startOidcProvider>>;
let tenant: { id: string };
let other: { id: string };
let admin: UserRow;

const admins = () => signedInCaller(app.deps, admin);
const sys = <T>(fn: Parameters<typeof asSystem<T>>[2]) => asSystem(database.db, { action: 'test' }, fn);
const sessionCount = async () => (await sys((tx) => tx.select({ n: sql<number>`count(*)::int` }).from(sessions)))[0]!.n;

/** "Continue with SSO" over HTTP: where the browser goes and the state cookie it got. */
async function ssoStart(email: string) {
  const res = await fetch(`${app.url}/trpc/auth.ssoStart`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify({ email }),
  });
  const body = (await res.json()) as { result?: { data: { url: string } }; error?: { data: { appCode: string } } };
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${OIDC_STATE_COOKIE}=`))
    ?.split(';')[0];
  return { status: res.status, url: body.result?.data.url, appCode: body.error?.data.appCode, cookie };
}

/** The whole round trip for `email`: provider sign-in, then the callback with (or without) the browser's cookie. */
async function signInThroughProvider(email: string, opts: { tamper?: Tamper; withCookie?: boolean } = {}) {
  const start = await ssoStart(email);
  expect(start.status).toBe(200);
  op.autoLogin(email);
  op.tamper(opts.tamper ?? 'none');
  const callback = await followToCallback(start.url!, `${app.url}${OIDC_CALLBACK_PATH}`);
  const res = await fetch(callback, {
    redirect: 'manual',
    headers: opts.withCookie === false ? {} : { cookie: start.cookie! },
  });
  const session = res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE}=;`))
    ?.split(';')[0]
    ?.split('=')[1];
  return { status: res.status, location: res.headers.get('location')!, session, callback, cookie: start.cookie! };
}

beforeAll(async () => {
  dns = await startDnsServer();
  app = await startTestApp(database, { ENCRYPTION_KEY, DNS_SERVERS: dns.address });
  op = await startOidcProvider({
    ...CLIENT,
    redirectUri: `${app.url}${OIDC_CALLBACK_PATH}`,
    accounts: [
      { sub: 'u-new', email: `new.person@${DOMAIN}`, email_verified: true, name: 'Nia Newman' },
      { sub: 'u-old', email: `manager@${DOMAIN}`, email_verified: true, name: 'Mo Manager' },
      { sub: 'u-unv', email: 'someone@unverified-elsewhere.test', email_verified: false },
      { sub: 'u-oth', email: `taken@${DOMAIN}`, email_verified: true },
      { sub: 'u-off', email: `gone@${DOMAIN}`, email_verified: true },
    ],
  });
  tenant = await createTenant(database.db, { name: 'Acme SSO', schemaName: 'acme-sso' });
  other = await createTenant(database.db, { name: 'Other Co', schemaName: 'other-co' });
  admin = await createTenantUser(database.db, tenant.id, {
    email: `admin@${DOMAIN}`,
    userType: 'admin',
    password: TEST_PASSWORD,
  });
}, 60_000);

afterAll(async () => {
  await op?.stop();
  await app?.stop();
  dns?.stop();
});

describe('setting up OpenID Connect', () => {
  it('refuses an issuer that cannot be discovered, and keeps nothing', async () => {
    const err = await rejection(
      admins().sso.updateOidc({
        issuer: 'http://127.0.0.1:9/nothing-here',
        oidcClientId: CLIENT.clientId,
        clientSecret: CLIENT.clientSecret,
        enabled: true,
      }),
    );
    expect(describeTrpcError(err)).toMatchObject({ appCode: 'VALIDATION' });
    expect(describeTrpcError(err).details).toMatchObject({
      fieldErrors: { issuer: ['identity.validation.discoveryFailed'] },
    });
    expect(await sys((tx) => tx.select().from(ssoConnections).where(eq(ssoConnections.tenantId, tenant.id)))).toEqual(
      [],
    );
  });

  it('refuses a plain-http issuer that is not on this machine', async () => {
    const err = await rejection(
      admins().sso.updateOidc({
        issuer: 'http://idp.example.com',
        oidcClientId: 'x',
        clientSecret: 'y',
        enabled: true,
      }),
    );
    expect(describeTrpcError(err).details).toMatchObject({
      fieldErrors: { issuer: ['identity.validation.issuerHttps'] },
    });
  });

  it('saves a discovered provider with its secret sealed, and shows the redirect URI to register', async () => {
    await admins().sso.updateOidc({
      issuer: op.issuer,
      oidcClientId: CLIENT.clientId,
      clientSecret: CLIENT.clientSecret,
      enabled: true,
    });
    const [row] = await sys((tx) => tx.select().from(ssoConnections).where(eq(ssoConnections.tenantId, tenant.id)));
    expect(row).toMatchObject({
      protocol: 'oidc',
      enabled: true,
      oidcIssuer: op.issuer,
      oidcClientId: CLIENT.clientId,
    });
    expect(row!.oidcClientSecretSealed).toMatch(/^v1\./);
    expect(row!.oidcClientSecretSealed).not.toContain(CLIENT.clientSecret);
    const settings = await admins().sso.get({});
    expect(settings.oidc).toEqual({ enabled: true, issuer: op.issuer, clientId: CLIENT.clientId, hasSecret: true });
    expect(settings.redirectUri).toMatch(/\/api\/v1\/auth\/sso\/oidc\/callback$/);
  });

  it('a domain counts only once its DNS TXT record is there', async () => {
    const { id } = await admins().sso.addDomain({ domain: DOMAIN.toUpperCase() });
    expect((await ssoStart(`x@${DOMAIN}`)).appCode).toBe('SSO_NOT_CONFIGURED');
    expect(await admins().sso.verifyDomain({ id })).toEqual({ verified: false });
    const { record } = (await admins().sso.get({})).domains.find((d) => d.id === id)!;
    expect(record.name).toBe(`_spar-verification.${DOMAIN}`);
    dns.setTxt(record.name, ['unrelated', record.value]);
    expect(await admins().sso.verifyDomain({ id })).toEqual({ verified: true });
    // another organisation cannot see it, nor claim it once verified here
    const otherAdmin = await createTenantUser(database.db, other.id, { email: 'admin@other.test', userType: 'admin' });
    const theirs = signedInCaller(app.deps, otherAdmin);
    expect((await theirs.sso.get({})).domains).toEqual([]);
    const claim = await theirs.sso.addDomain({ domain: DOMAIN });
    dns.setTxt(`_spar-verification.${DOMAIN}`, [
      record.value,
      (await theirs.sso.get({})).domains.find((d) => d.id === claim.id)!.record.value,
    ]);
    expect(describeTrpcError(await rejection(theirs.sso.verifyDomain({ id: claim.id })))).toMatchObject({
      appCode: 'CONFLICT',
    });
  });
});

describe('signing in through the provider', () => {
  it("creates the account on first sign-in with the tenant's SSO user type, and signs it in", async () => {
    await admins().sso.updatePolicy({ requireSso: false, ssoUserType: 'sales_rep' });
    const r = await signInThroughProvider(`new.person@${DOMAIN}`);
    expect(r.status).toBe(302);
    expect(r.location).toBe('/assignments/sr');
    const validated = await validateSessionToken(database.db, r.session!);
    expect(validated?.user).toMatchObject({
      email: `new.person@${DOMAIN}`,
      userType: 'sales_rep',
      displayName: 'Nia Newman',
    });
    const [row] = await sys((tx) => tx.select().from(users).where(eq(users.id, validated!.user.id)));
    expect(row!.passwordHash).toBeNull();
    const audit = await sys((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, tenant.id), eq(auditLog.actorUserId, row!.id))),
    );
    expect(audit.map((a) => a.action).sort()).toEqual(['auth.sso_sign_in', 'auth.sso_user_created']);
  });

  it('signs an existing account of the tenant in, keeping its user type', async () => {
    const manager = await createTenantUser(database.db, tenant.id, { email: `Manager@${DOMAIN}`, userType: 'manager' });
    const r = await signInThroughProvider(`manager@${DOMAIN}`);
    expect(r.location).toBe('/dashboard');
    expect((await validateSessionToken(database.db, r.session!))?.user.id).toBe(manager.id);
  });

  const refusals: [string, Tamper | 'no-cookie', string][] = [
    ['an ID token with another nonce', 'wrong-nonce', 'nonce'],
    ['an expired ID token', 'expired', 'expired'],
    ['an ID token signed by a key the provider never published', 'other-key', 'signature'],
    ['an answer reaching a browser that did not start the sign-in', 'no-cookie', 'state'],
  ];
  it.each(refusals)('refuses %s, with a reason and no session', async (_what, how, reason) => {
    const before = await sessionCount();
    const r = await signInThroughProvider(`manager@${DOMAIN}`, {
      tamper: how === 'no-cookie' ? 'none' : how,
      withCookie: how !== 'no-cookie',
    });
    expect(r.location).toBe(`/login?sso_error=${reason}`);
    expect(r.session).toBeUndefined();
    expect(await sessionCount()).toBe(before);
  });

  it('the same answer works once', async () => {
    const first = await signInThroughProvider(`manager@${DOMAIN}`);
    expect(first.session).toBeTruthy();
    const again = await fetch(first.callback, { redirect: 'manual', headers: { cookie: first.cookie } });
    expect(again.headers.get('location')).toBe('/login?sso_error=state');
  });

  it("refuses an unverified address outside the verified domains, another tenant's account and a deactivated one", async () => {
    // the provider is the tenant's, but the address is in no verified domain and not verified by it
    await sys((tx) => tx.insert(users).values({ tenantId: other.id, email: `taken@${DOMAIN}`, username: 'taken' }));
    await createTenantUser(database.db, tenant.id, { email: `gone@${DOMAIN}`, userType: 'sales_rep' });
    await sys((tx) =>
      tx
        .update(users)
        .set({ deactivatedAt: new Date() })
        .where(eq(users.email, `gone@${DOMAIN}`)),
    );
    const before = await sessionCount();
    // the unverified one is started with a verified-domain address, then signs in as someone else
    const start = await ssoStart(`manager@${DOMAIN}`);
    op.autoLogin('someone@unverified-elsewhere.test');
    const cb = await followToCallback(start.url!, `${app.url}${OIDC_CALLBACK_PATH}`);
    const unverified = await fetch(cb, { redirect: 'manual', headers: { cookie: start.cookie! } });
    expect(unverified.headers.get('location')).toBe('/login?sso_error=not_verified');
    expect((await signInThroughProvider(`taken@${DOMAIN}`)).location).toBe('/login?sso_error=other_tenant');
    expect((await signInThroughProvider(`gone@${DOMAIN}`)).location).toBe('/login?sso_error=deactivated');
    expect(await sessionCount()).toBe(before);
    const failures = await sys((tx) =>
      tx
        .select({ detail: auditLog.detail })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.tenantId, tenant.id),
            eq(auditLog.action, 'auth.sso_sign_in'),
            eq(auditLog.outcome, 'failure'),
          ),
        ),
    );
    expect(failures.map((f) => f.detail)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^oidc: nonce/),
        expect.stringMatching(/^oidc: expired/),
        expect.stringMatching(/^oidc: signature/),
        'oidc: the e-mail address is not verified',
        'oidc: the account belongs to another organisation',
        'oidc: the account is deactivated',
      ]),
    );
  });
});

describe('require single sign-on', () => {
  it('needs a provider and a verified domain first', async () => {
    const otherAdmin = await createTenantUser(database.db, other.id, { email: 'second@other.test', userType: 'admin' });
    const err = await rejection(
      signedInCaller(app.deps, otherAdmin).sso.updatePolicy({ requireSso: true, ssoUserType: 'user' }),
    );
    expect(describeTrpcError(err)).toMatchObject({
      appCode: 'CONFLICT',
      details: { messageKey: 'identity.policy.needsProviderAndDomain' },
    });
  });

  it('never makes admins on the spot', async () => {
    await expect(admins().sso.updatePolicy({ requireSso: false, ssoUserType: 'admin' as 'user' })).rejects.toThrow();
  });

  it("refuses password sign-in for the tenant's users, with its own message", async () => {
    await admins().sso.updatePolicy({ requireSso: true, ssoUserType: 'sales_rep' });
    const err = await rejection(
      anonymousCaller(app.deps).caller.auth.login({ email: `admin@${DOMAIN}`, password: TEST_PASSWORD }),
    );
    expect(describeTrpcError(err)).toMatchObject({ appCode: 'SSO_REQUIRED', httpStatus: 403 });
    // a wrong password still says only that
    const wrong = await rejection(
      anonymousCaller(app.deps).caller.auth.login({ email: `admin@${DOMAIN}`, password: 'nope-nope-1' }),
    );
    expect(describeTrpcError(wrong)).toMatchObject({ appCode: 'INVALID_CREDENTIALS' });
    await admins().sso.updatePolicy({ requireSso: false, ssoUserType: 'sales_rep' });
    await anonymousCaller(app.deps).caller.auth.login({ email: `admin@${DOMAIN}`, password: TEST_PASSWORD });
  });

  it('an address whose domain no organisation verified has no single sign-on', async () => {
    expect(await ssoStart('someone@nowhere.test')).toMatchObject({ status: 404, appCode: 'SSO_NOT_CONFIGURED' });
  });
});
