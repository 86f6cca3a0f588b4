import { and, eq, sql } from 'drizzle-orm';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  certifications,
  jobs,
  lmsIdentities,
  lmsLaunches,
  ltiLoginStates,
  ltiPlatforms,
  ltiResourceLinks,
  users,
} from '../../db/schema';
import { asSystem, withTenant } from '../../db/tenant';
import type { RunningApp } from '../../server/app';
import type { LtiPlatformView } from '../../server/contracts/lti';
import type { JobRow } from '../../server/jobs/queue';
import { onLmsReportReady } from '../../server/services/lms/launches';
import { ltiScoreHandler } from '../../server/services/lms/lti/ags';
import { createCall, createReport, createSimulation } from '../../seed/factories';
import { insertRow } from '../../seed/factories/insert-row';
import { describeTrpcError, fieldErrors, rejection, signedInCaller, startTestApp, type UserRow } from '../helpers/app';
import { rows, useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';
import { closeAll } from '../helpers/lifecycle';
import {
  AGS_SCOPE,
  formOf,
  INSTRUCTOR,
  startLtiPlatform,
  type LaunchSpec,
  type LtiTestPlatform,
} from '../helpers/lti-platform';
import { tenantRunner } from '../helpers/tenant-runner';

/*
 * Spar as an LTI 1.3 tool against a platform on loopback (tests/helpers/lti-platform.ts) that
 * follows the IMS documents: the admin registers it, its course page starts the OIDC login, its
 * authorization endpoint posts the signed launch back the way a browser would (with the state
 * cookie Spar set), its deep-linking return endpoint and token endpoint verify Spar's JWTs against
 * Spar's published keys, and its AGS endpoints record the grades.
 */

const database = useTestDatabase();
const ENCRYPTION_KEY = 'lti-test-encryption-key-0123456789abcdef';
let app: RunningApp;
let platform: LtiTestPlatform;
let tenantId: string;
let otherTenantId: string;
let admin: UserRow;
let otherAdmin: UserRow;
let registration: LtiPlatformView;
let simulationId: string;
let certificationId: string;

const registrationInput = (p: LtiTestPlatform) => ({
  name: 'Moodle (test)',
  issuer: p.issuer,
  clientId: p.clientId,
  deploymentIds: [p.deploymentId, 'dep-other-allowed'],
  authLoginUrl: p.authUrl,
  accessTokenUrl: p.tokenUrl,
  jwksUrl: p.jwksUrl,
  userType: 'sales_rep' as const,
});

beforeAll(async () => {
  app = await startTestApp(
    database,
    { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', ENCRYPTION_KEY },
    { jobs: { disabled: true } },
  );
  tenantId = (await createTenant(database.db, { name: 'Acme' })).id;
  otherTenantId = (await createTenant(database.db, { name: 'Beta' })).id;
  admin = await createTenantUser(database.db, tenantId, { email: 'admin@acme.test', userType: 'admin' });
  otherAdmin = await createTenantUser(database.db, otherTenantId, { email: 'admin@beta.test', userType: 'admin' });
  simulationId = (await createSimulation(database.db, { tenantId, name: 'Discovery call' })).id;
  certificationId = (await insertRow(database.db, certifications, { tenantId, name: 'Closing certificate' })).id;
  platform = await startLtiPlatform({ clientId: 'spar-client-1', deploymentId: 'dep-1' });
  registration = await signedInCaller(app.deps, admin).lti.create(registrationInput(platform));
  // the addresses as this server answers them (the procedures name the request's host)
  platform.connect({
    loginUrl: `${app.url}/api/v1/lti/${registration.id}/login`,
    jwksUrl: `${app.url}/api/v1/lti/jwks/${tenantId}`,
  });
}, 60_000);

afterAll(async () => {
  await platform?.stop();
  await closeAll(app);
});

interface LaunchResult {
  status: number;
  location: string | null;
  html: string;
  /** The posted form and cookie (to post the same launch again). */
  form: Record<string, string>;
  cookie: string;
}

/** The platform's course page → Spar's login → the platform's authorization endpoint → the launch, as a browser follows them. */
async function launch(
  spec: LaunchSpec,
  o: { withCookie?: boolean; acceptLanguage?: string } = {},
): Promise<LaunchResult> {
  const start = await fetch(platform.prepare(spec), { redirect: 'manual' });
  expect(start.status).toBe(302);
  const login = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  expect(login.status).toBe(302);
  const setCookie = login.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/^spar_lti_[0-9a-f]{16}=[^;]+; HttpOnly; Path=\/api\/v1\/lti\/; Max-Age=600; SameSite=Lax/);
  const cookie = setCookie.split(';')[0];
  const auth = await fetch(login.headers.get('location')!, { redirect: 'manual' });
  expect(auth.status).toBe(200);
  const { action, fields } = formOf(await auth.text());
  expect(action).toBe(`${app.url}/api/v1/lti/launch`);
  return post(action, fields, o.withCookie === false ? '' : cookie, o.acceptLanguage);
}

async function post(action: string, form: Record<string, string>, cookie: string, acceptLanguage?: string) {
  const res = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: platform.issuer,
      ...(cookie ? { cookie } : {}),
      ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text(), form, cookie };
}

const learnerSpec = (over: Partial<LaunchSpec> = {}): LaunchSpec => ({
  sub: 'moodle-user-17',
  name: 'Lena Learner',
  email: 'lena@school.test',
  resourceLinkId: 'rl-discovery',
  resourceLinkTitle: 'Discovery practice',
  custom: { spar_target: `simulation:${simulationId}` },
  ...over,
});

const launchRows = () =>
  asSystem(database.db, { action: 'test' }, (tx) =>
    tx.select().from(lmsLaunches).where(eq(lmsLaunches.tenantId, tenantId)),
  );
const refusedWith = async (error: string) =>
  (await launchRows()).filter((r) => r.status === 'refused' && r.error === error);

describe('platform registration', () => {
  it('lists the tool addresses (absolute) and the registration with its own login URL', async () => {
    const listed = await signedInCaller(app.deps, admin).lti.list();
    expect(listed.tool.launchUrl).toBe(`${listed.tool.launchUrl.split('/api/')[0]}/api/v1/lti/launch`);
    expect(listed.tool.launchUrl).toMatch(/^https?:\/\//);
    expect(listed.tool.jwksUrl).toMatch(new RegExp(`/api/v1/lti/jwks/${tenantId}$`));
    expect(listed.platforms.map((p) => p.name)).toEqual(['Moodle (test)']);
    expect(listed.platforms[0].loginUrl).toMatch(new RegExp(`/api/v1/lti/${registration.id}/login$`));
  });

  it('keeps tenants apart: another tenant neither sees nor changes the registration', async () => {
    const other = signedInCaller(app.deps, otherAdmin);
    expect((await other.lti.list()).platforms).toEqual([]);
    const e = describeTrpcError(
      await rejection(
        other.lti.update({ platformId: registration.id, ...registrationInput(platform), name: 'Hijack' }),
      ),
    );
    expect(e.appCode).toBe('NOT_FOUND');
    expect(describeTrpcError(await rejection(other.lti.delete({ platformId: registration.id }))).appCode).toBe(
      'NOT_FOUND',
    );
  });

  it('refuses an admin user type, a repeated registration and a non-admin caller; audits changes', async () => {
    const caller = signedInCaller(app.deps, admin);
    const bad = fieldErrors(
      await rejection(caller.lti.create({ ...registrationInput(platform), userType: 'admin' as never })),
    );
    expect(bad.userType).toEqual(['lti.validation.userTypeInvalid']);
    const dup = describeTrpcError(await rejection(caller.lti.create(registrationInput(platform))));
    expect(dup.appCode).toBe('CONFLICT');
    expect(dup.details?.fieldErrors).toEqual({ clientId: ['lti.validation.duplicate'] });
    const rep = await createTenantUser(database.db, tenantId, { email: 'rep@acme.test', userType: 'sales_rep' });
    expect(describeTrpcError(await rejection(signedInCaller(app.deps, rep).lti.list())).trpcCode).toBe('FORBIDDEN');

    const temp = await caller.lti.create({ ...registrationInput(platform), clientId: 'temp-client', name: 'Temp' });
    const disabled = await caller.lti.setEnabled({ platformId: temp.id, enabled: false });
    expect(disabled.disabledAt).not.toBeNull();
    await caller.lti.delete({ platformId: temp.id });
    const audit = await rows<{ action: string }>(
      database.db,
      sql`select action from audit_log where tenant_id = ${tenantId} and target = 'Temp' order by created_at, id`,
    );
    const actions = audit.map((r) => r.action);
    expect(actions).toEqual(['lti.platform_created', 'lti.platform_disabled', 'lti.platform_deleted']);
  });
});

describe('login and resource link launch', () => {
  it('logs in, launches, makes the account (registration user type) and opens the learner page', async () => {
    const r = await launch(learnerSpec());
    expect(r.status).toBe(303);
    const m = /^\/lms\/launch\/([0-9a-f-]{36})#(.+)$/.exec(r.location ?? '');
    expect(m).not.toBeNull();
    // the authentication request carried what LTI asks for
    const asked = platform.received.authRequests.at(-1)!;
    expect(asked).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.clientId,
      redirect_uri: `${app.url}/api/v1/lti/launch`,
      login_hint: 'moodle-user-17',
    });
    expect(asked.lti_message_hint).toBeTruthy();
    // the state is stored hashed, never as sent
    const states = await asSystem(database.db, { action: 'test' }, (tx) => tx.select().from(ltiLoginStates));
    expect(states.some((s) => s.id === asked.state)).toBe(false);

    const [row] = (await launchRows()).filter((l) => l.id === m![1]);
    expect(row).toMatchObject({
      source: 'lti',
      status: 'opened',
      platformId: registration.id,
      simulationId,
      targetKind: 'simulation',
      learnerId: 'moodle-user-17',
      learnerName: 'Lena Learner',
      returnUrl: `${platform.issuer}/course`,
    });
    const [user] = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select().from(users).where(eq(users.id, row.userId!)),
    );
    expect(user.userType).toBe('sales_rep');
    expect(user.email).toBe('lena@school.test');
    const [link] = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select().from(ltiResourceLinks).where(eq(ltiResourceLinks.id, row.resourceLinkId!)),
    );
    expect(link).toMatchObject({
      resourceLinkId: 'rl-discovery',
      title: 'Discovery practice',
      contextId: 'course-101',
      lineItemsUrl: platform.lineItemsUrl,
      lineItemUrl: null,
    });
    expect(link.agsScopes).toContain(AGS_SCOPE.score);
    // the launch token was signed: Spar's key set has the public key (never the private parts)
    const jwks = (await (await fetch(`${app.url}/api/v1/lti/jwks/${tenantId}`)).json()) as {
      keys: { kty: string; kid: string; d?: string }[];
    };
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys[0].kty).toBe('RSA');
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('maps the same platform user to the same account on a second launch', async () => {
    const before = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select().from(lmsIdentities).where(eq(lmsIdentities.subject, 'moodle-user-17')),
    );
    expect(before).toHaveLength(1);
    const r = await launch(learnerSpec({ name: 'Lena L.' }));
    expect(r.status).toBe(303);
    const id = /launch\/([0-9a-f-]{36})#/.exec(r.location!)![1];
    const row = (await launchRows()).find((l) => l.id === id)!;
    expect(row.userId).toBe(before[0].userId);
    const after = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select().from(lmsIdentities).where(eq(lmsIdentities.subject, 'moodle-user-17')),
    );
    expect(after).toHaveLength(1);
  });

  it('opens a certification launch too', async () => {
    const r = await launch(
      learnerSpec({ resourceLinkId: 'rl-cert', custom: { spar_target: `certification:${certificationId}` } }),
    );
    expect(r.status).toBe(303);
    const id = /launch\/([0-9a-f-]{36})#/.exec(r.location!)![1];
    expect((await launchRows()).find((l) => l.id === id)).toMatchObject({
      targetKind: 'certification',
      certificationId,
    });
  });
});

describe('refused launches: a clear page and a row in the launch log', () => {
  const cases: { name: string; spec: Partial<LaunchSpec>; reason: string; text: RegExp }[] = [
    {
      name: 'a token signed by a key the platform never published',
      spec: { forge: { otherKey: true } },
      reason: 'lti.errors.signature',
      text: /not signed by the LMS/,
    },
    {
      name: 'a deployment the registration does not list',
      spec: { forge: { deploymentId: 'dep-unknown' } },
      reason: 'lti.errors.deployment',
      text: /deployment of the LMS is not allowed/,
    },
    {
      name: 'an expired token',
      spec: { forge: { expired: true } },
      reason: 'lti.errors.expired',
      text: /has expired/,
    },
    {
      name: 'a token for another client',
      spec: { forge: { aud: 'someone-else' } },
      reason: 'lti.errors.audience',
      text: /not addressed to Spar/,
    },
    {
      name: 'several audiences without Spar as the authorized party',
      spec: { forge: { aud: ['spar-client-1', 'other'], azp: 'other' } },
      reason: 'lti.errors.audience',
      text: /not addressed to Spar/,
    },
    {
      name: 'a nonce other than the login’s',
      spec: { forge: { nonce: 'not-the-login-nonce' } },
      reason: 'lti.errors.nonce',
      text: /does not answer Spar(&#39;|')s login/,
    },
    {
      name: 'a token from another issuer',
      spec: { forge: { iss: 'https://impostor.test' } },
      reason: 'lti.errors.issuer',
      text: /does not come from the registered issuer/,
    },
    {
      name: 'a message type Spar does not handle',
      spec: { forge: { messageType: 'LtiSubmissionReviewRequest' } },
      reason: 'lti.errors.messageType',
      text: /does not handle this kind of LTI message/,
    },
    {
      name: 'another LTI version',
      spec: { forge: { version: '1.1' } },
      reason: 'lti.errors.version',
      text: /Only LTI 1.3.0/,
    },
    {
      name: 'a resource link without a Spar exercise',
      spec: { resourceLinkId: 'rl-none', custom: {} },
      reason: 'lti.errors.noTarget',
      text: /does not name a Spar exercise/,
    },
  ];
  for (const c of cases)
    it(`refuses ${c.name}`, async () => {
      const before = (await refusedWith(c.reason)).length;
      const r = await launch(learnerSpec({ sub: `refused-${c.reason}`, ...c.spec }));
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.html).toContain('This activity could not be opened');
      expect(r.html).toMatch(c.text);
      expect(r.html).toContain(c.reason);
      expect((await refusedWith(c.reason)).length).toBe(before + 1);
    });

  it('refuses a replayed launch (the same id_token and nonce posted again)', async () => {
    const first = await launch(learnerSpec({ sub: 'replayer' }));
    expect(first.status).toBe(303);
    const again = await post(`${app.url}/api/v1/lti/launch`, first.form, first.cookie);
    expect(again.status).toBe(400);
    expect(again.html).toMatch(/was used already/);
    const [row] = await refusedWith('lti.errors.replay');
    expect(row).toMatchObject({ platformId: registration.id, learnerId: 'replayer' });
  });

  it('refuses a launch whose browser lacks the state cookie, in the browser’s language', async () => {
    const r = await launch(learnerSpec({ sub: 'no-cookie' }), { withCookie: false, acceptLanguage: 'es-ES,es;q=0.9' });
    expect(r.status).toBe(400);
    expect(r.html).toContain('<html lang="es">');
    expect(r.html).toContain('No se pudo abrir esta actividad');
    expect(r.html).toMatch(/falta su cookie/);
    expect(await refusedWith('lti.errors.stateCookie')).toHaveLength(1);
  });

  it('answers a post that is no launch with a 400 page, and an unknown state without a log row', async () => {
    const before = (await launchRows()).length;
    const r = await post(`${app.url}/api/v1/lti/launch`, { state: 'x' }, '');
    expect(r.status).toBe(400);
    expect(r.html).toContain('lti.errors.malformedRequest');
    const unknown = await post(`${app.url}/api/v1/lti/launch`, { id_token: 'a.b.c', state: 'never-issued' }, '');
    expect(unknown.status).toBe(400);
    expect(unknown.html).toContain('lti.errors.stateUnknown');
    expect((await launchRows()).length).toBe(before);
  });

  it('refuses a login from another issuer and logs it; an unknown registration is a 404 page', async () => {
    const url = new URL(registration.loginUrl.replace(/^https?:\/\/[^/]+/, app.url));
    url.searchParams.set('iss', 'https://impostor.test');
    url.searchParams.set('login_hint', 'x');
    url.searchParams.set('target_link_uri', `${app.url}/api/v1/lti/launch`);
    const before = (await refusedWith('lti.errors.issuer')).length;
    const r = await fetch(url, { redirect: 'manual' });
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('does not come from the registered issuer');
    expect(await refusedWith('lti.errors.issuer')).toHaveLength(before + 1);
    const missing = await fetch(
      `${app.url}/api/v1/lti/00000000-0000-4000-8000-000000000000/login?iss=a&login_hint=b&target_link_uri=c`,
      {
        redirect: 'manual',
      },
    );
    expect(missing.status).toBe(404);
  });

  it('takes the login as a form the platform posts too', async () => {
    const res = await fetch(`${app.url}/api/v1/lti/${registration.id}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: platform.issuer },
      body: new URLSearchParams({
        iss: platform.issuer,
        login_hint: 'form-user',
        target_link_uri: `${app.url}/api/v1/lti/launch`,
        lti_message_hint: 'hint-1',
        client_id: platform.clientId,
        lti_deployment_id: platform.deploymentId,
      }).toString(),
    });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe(platform.authUrl);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      login_hint: 'form-user',
      lti_message_hint: 'hint-1',
      client_id: platform.clientId,
      response_mode: 'form_post',
    });
    expect(res.headers.get('set-cookie')).toMatch(/^spar_lti_[0-9a-f]{16}=/);
  });

  it('says when the platform’s keys cannot be read (502), and logs it', async () => {
    const broken = await signedInCaller(app.deps, admin).lti.create({
      ...registrationInput(platform),
      name: 'Keys unreachable',
      clientId: 'spar-client-broken',
      jwksUrl: `${platform.issuer}/no-such-jwks`,
    });
    try {
      const login = await fetch(
        `${app.url}/api/v1/lti/${broken.id}/login?${new URLSearchParams({ iss: platform.issuer, login_hint: 'k', target_link_uri: 'x' })}`,
        { redirect: 'manual' },
      );
      const state = new URL(login.headers.get('location')!).searchParams.get('state')!;
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
      const { privateKey } = await generateKeyPair('RS256');
      const idToken = await new SignJWT({ nonce: 'n' })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(platform.issuer)
        .setAudience('spar-client-broken')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      const r = await post(`${app.url}/api/v1/lti/launch`, { id_token: idToken, state }, cookie);
      expect(r.status).toBe(502);
      expect(r.html).toContain('could not read the LMS&#39;s public keys');
      expect(await refusedWith('lti.errors.platformKeys')).toHaveLength(1);
    } finally {
      await signedInCaller(app.deps, admin).lti.delete({ platformId: broken.id });
    }
  });

  it('refuses launches of a disabled registration', async () => {
    const caller = signedInCaller(app.deps, admin);
    await caller.lti.setEnabled({ platformId: registration.id, enabled: false });
    try {
      const start = await fetch(platform.prepare(learnerSpec()), { redirect: 'manual' });
      const login = await fetch(start.headers.get('location')!, { redirect: 'manual' });
      expect(login.status).toBe(403);
      expect(await login.text()).toContain('turned off in Spar');
    } finally {
      await caller.lti.setEnabled({ platformId: registration.id, enabled: true });
    }
  });
});

describe('deep linking', () => {
  it('lets an instructor choose an exercise and answers the platform with a signed LtiDeepLinkingResponse', async () => {
    const r = await launch({
      messageType: 'LtiDeepLinkingRequest',
      sub: 'teacher-1',
      roles: [INSTRUCTOR],
      deepLinkData: 'opaque-platform-data',
    });
    expect(r.status).toBe(200);
    expect(r.html).toContain('Add a Spar exercise');
    expect(r.html).toContain('Discovery call');
    expect(r.html).toContain('Closing certificate');
    const picker = formOf(r.html);
    expect(picker.action).toBe('/api/v1/lti/deep-link');
    const chosen = await fetch(`${app.url}${picker.action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
      body: new URLSearchParams({ session: picker.fields.session, target: `simulation:${simulationId}` }).toString(),
    });
    expect(chosen.status).toBe(200);
    const answer = formOf(await chosen.text());
    expect(answer.action).toBe(platform.deepLinkReturnUrl);
    const back = await fetch(answer.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ JWT: answer.fields.JWT }).toString(),
    });
    expect(back.status).toBe(200);
    const got = platform.received.deepLinkResponses.at(-1)!;
    expect(got.error).toBeUndefined();
    expect(got.payload).toMatchObject({
      iss: platform.clientId,
      aud: platform.issuer,
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'dep-1',
      'https://purl.imsglobal.org/spec/lti-dl/claim/data': 'opaque-platform-data',
      'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [
        {
          type: 'ltiResourceLink',
          title: 'Discovery call',
          url: `${app.url}/api/v1/lti/launch`,
          custom: { spar_target: `simulation:${simulationId}` },
          lineItem: { scoreMaximum: 100, label: 'Discovery call' },
        },
      ],
    });
    expect(typeof got.payload!.nonce).toBe('string');
  });

  it('refuses a deep-linking request from a learner, and a forged choosing session', async () => {
    const r = await launch({ messageType: 'LtiDeepLinkingRequest', sub: 'student-dl' });
    expect(r.status).toBe(403);
    expect(r.html).toContain('Only instructors can choose');
    expect(await refusedWith('lti.errors.notInstructor')).toHaveLength(1);
    const forged = await fetch(`${app.url}/api/v1/lti/deep-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
      body: new URLSearchParams({
        session: 'eyJhbGciOiJub25lIn0.e30.',
        target: `simulation:${simulationId}`,
      }).toString(),
    });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('lti.errors.deepLinkingExpired');
  });
});

describe('grade passback (AGS)', () => {
  /** A launch whose call's report is ready with `score`: the lead's report subscriber enqueues the grade job. */
  async function completedLaunch(spec: LaunchSpec, score: number) {
    const r = await launch(spec);
    expect(r.status).toBe(303);
    const launchId = /launch\/([0-9a-f-]{36})#/.exec(r.location!)![1];
    const row = (await launchRows()).find((l) => l.id === launchId)!;
    const call = await createCall(database.db, { tenantId, userId: row.userId, simulationId, state: 'ended' });
    await createReport(database.db, {
      tenantId,
      callId: call.id,
      status: 'ready',
      score,
      completedAt: new Date('2026-11-20T10:15:30.123Z'),
    });
    await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.update(lmsLaunches).set({ callId: call.id, status: 'started' }).where(eq(lmsLaunches.id, launchId)),
    );
    await withTenant(database.db, tenantId, (tx) => onLmsReportReady(tx, { tenantId, callId: call.id, score }));
    const [job] = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.queue, 'lti_score'), eq(jobs.tenantId, tenantId))),
    ).then((all) => all.filter((j) => (j.payload as { launchId?: string }).launchId === launchId));
    expect(job).toBeDefined();
    return { launchId, job: job as unknown as JobRow };
  }

  const run = (job: JobRow, attempts = 1) =>
    ltiScoreHandler({ env: app.deps.env }).run({
      job: { ...job, attempts },
      db: database.db,
      tenant: tenantRunner(database.db, tenantId),
      workerId: 'test',
      signal: new AbortController().signal,
      setProgress: async () => {},
    });
  const launchOf = async (id: string) => (await launchRows()).find((l) => l.id === id)!;

  it('gets a token with a client assertion, makes the line item, and posts the score', async () => {
    const delays = [1, 2, 3, 6, 9].map((n) =>
      ltiScoreHandler({ env: app.deps.env, random: () => 0.5 }).retryDelayMs!(n),
    );
    expect(delays).toEqual([30_000, 120_000, 600_000, 43_200_000, 43_200_000]);
    const { launchId, job } = await completedLaunch(
      learnerSpec({ sub: 'grader-1', resourceLinkId: 'rl-graded' }),
      82.5,
    );
    expect((await launchOf(launchId)).gradeStatus).toBe('pending');
    const tokenCount = platform.received.tokenRequests.length;
    await run(job);
    const token = platform.received.tokenRequests.at(-1)!;
    expect(platform.received.tokenRequests.length).toBe(tokenCount + 1);
    expect(token.error).toBeUndefined();
    expect(token.form.grant_type).toBe('client_credentials');
    expect(token.form.scope.split(' ')).toEqual(
      expect.arrayContaining([AGS_SCOPE.score, AGS_SCOPE.lineItem, AGS_SCOPE.lineItemReadonly]),
    );
    expect(token.assertion).toMatchObject({ iss: platform.clientId, sub: platform.clientId, aud: platform.tokenUrl });
    expect(platform.received.lineItemQueries.at(-1)).toBe('?resource_link_id=rl-graded');
    expect(platform.lineItems).toHaveLength(1);
    expect(platform.lineItems[0]).toMatchObject({
      scoreMaximum: 100,
      label: 'Discovery practice',
      resourceLinkId: 'rl-graded',
    });
    const score = platform.received.scores.at(-1)!;
    expect(score.lineItem).toBe(platform.lineItems[0].id);
    expect(score.contentType).toBe('application/vnd.ims.lis.v1.score+json');
    expect(score.body).toEqual({
      userId: 'grader-1',
      scoreGiven: 82.5,
      scoreMaximum: 100,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      timestamp: '2026-11-20T10:15:30.123Z',
    });
    const done = await launchOf(launchId);
    expect(done.gradeStatus).toBe('sent');
    expect(done.gradedAt).not.toBeNull();
    // the line item is kept on the resource link for the next grades
    const [link] = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select().from(ltiResourceLinks).where(eq(ltiResourceLinks.resourceLinkId, 'rl-graded')),
    );
    expect(link.lineItemUrl).toBe(platform.lineItems[0].id);
  });

  it('reuses the line item, and retries a 5xx until the platform takes the score', async () => {
    const { launchId, job } = await completedLaunch(learnerSpec({ sub: 'grader-2', resourceLinkId: 'rl-graded' }), 64);
    platform.failNextScores(1);
    const scores = platform.received.scores.length;
    await expect(run(job, 1)).rejects.toThrow(/503/);
    const waiting = await launchOf(launchId);
    expect(waiting.gradeStatus).toBe('pending');
    expect(waiting.gradeError).toMatch(/503/);
    expect(platform.received.scores.length).toBe(scores);
    await run(job, 2);
    expect(platform.lineItems).toHaveLength(1);
    expect(platform.received.scores.at(-1)!.body).toMatchObject({ userId: 'grader-2', scoreGiven: 64 });
    expect((await launchOf(launchId)).gradeStatus).toBe('sent');
  });

  it('uses the line item the platform gives, and fails for good when the platform refuses (4xx)', async () => {
    const given = platform.addLineItem({ scoreMaximum: 100, label: 'Given by the LMS', resourceLinkId: 'rl-given' });
    const { launchId, job } = await completedLaunch(
      learnerSpec({ sub: 'grader-3', resourceLinkId: 'rl-given', ags: { lineItem: given.id } }),
      90,
    );
    const queries = platform.received.lineItemQueries.length;
    await run(job);
    expect(platform.received.lineItemQueries.length).toBe(queries);
    expect(platform.received.scores.at(-1)).toMatchObject({
      lineItem: given.id,
      body: { userId: 'grader-3', scoreGiven: 90 },
    });

    // a link whose line item the platform no longer knows: its 404 will not change
    const gone = await completedLaunch(
      learnerSpec({
        sub: 'grader-4',
        resourceLinkId: 'rl-gone',
        ags: { lineItem: `${platform.issuer}/nowhere/lineitems/1` },
      }),
      50,
    );
    await expect(run(gone.job)).rejects.toThrow(/404/);
    const failed = await launchOf(gone.launchId);
    expect(failed.gradeStatus).toBe('failed');
    expect(failed.gradeError).toMatch(/404/);
    expect(launchId).not.toBe(gone.launchId);
  });

  it('keeps the platform rows of each tenant to itself', async () => {
    const rowsOfOther = await withTenant(database.db, otherTenantId, (tx) => tx.select().from(ltiPlatforms));
    expect(rowsOfOther).toEqual([]);
  });
});
