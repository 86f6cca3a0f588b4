import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import * as samlify from 'samlify';
import * as xmllintValidator from '@authenio/samlify-xmllint-wasm';
import { generate } from 'selfsigned';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, securitySettings, sessions, ssoConnections, ssoDomains, users } from '../../db/schema';
import type { RunningApp } from '../../server/app';
import { describeTrpcError, rejection, signedInCaller, startTestApp, testDeps } from '../helpers/app';
import { rows, systemRunner, useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';
import { closeAll } from '../helpers/lifecycle';

/*
 * SAML single sign-on against samlify as the identity provider: its metadata (a test key and a
 * self-signed certificate made here) configured through the admin procedures, its metadata URL
 * and single sign-on address served on loopback, its responses posted to the real app's ACS the
 * way a browser posts the IdP's form.
 *
 * samlify validates every message against the SAML XSD through the validator it is given; the
 * xmllint WebAssembly build runs without Java, so the IdP here checks our AuthnRequest for real.
 */
samlify.setSchemaValidator(xmllintValidator);

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const { SamlLib } = samlify;

const database = useTestDatabase();
const sys = systemRunner(database);
let app: RunningApp;
let idpServer: http.Server;
let idpBase: string;
let idpMetadata: string;
let idp: ReturnType<typeof samlify.IdentityProvider>;
let impostor: ReturnType<typeof samlify.IdentityProvider>;
let sp: ReturnType<typeof samlify.ServiceProvider>;
let tenant: { id: string; schemaName: string };
let admin: Awaited<ReturnType<typeof createTenantUser>>;
let otherTenantUser: Awaited<ReturnType<typeof createTenantUser>>;

async function keyPair() {
  const made = await generate([{ name: 'commonName', value: 'idp.test' }], { keySize: 2048, algorithm: 'sha256' });
  return { key: made.private, cert: made.cert };
}

function idpEntity(keys: { key: string; cert: string }) {
  return samlify.IdentityProvider({
    entityID: `${idpBase}/metadata`,
    signingCert: keys.cert,
    privateKey: keys.key,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: REDIRECT, Location: `${idpBase}/sso` }],
  });
}

beforeAll(async () => {
  idpServer = http.createServer((req, res) => {
    if (req.url === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(idpMetadata);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => idpServer.listen(0, '127.0.0.1', resolve));
  idpBase = `http://127.0.0.1:${(idpServer.address() as AddressInfo).port}`;
  idp = idpEntity(await keyPair());
  impostor = idpEntity(await keyPair());
  idpMetadata = idp.getMetadata();

  app = await startTestApp(database, { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' }, { jobs: { disabled: true } });
  const created = await createTenant(database.db, { name: 'Acme' });
  tenant = { id: created.id, schemaName: created.schemaName };
  admin = await createTenantUser(database.db, tenant.id, { email: 'admin@acme.test', userType: 'admin' });
  const other = await createTenant(database.db, { name: 'Beta' });
  otherTenantUser = await createTenantUser(database.db, other.id, { email: 'bo@acme.test', userType: 'user' });
  await sys(async (tx) => {
    await tx
      .insert(ssoDomains)
      .values({ tenantId: tenant.id, domain: 'acme.test', verificationToken: 't', verifiedAt: new Date() });
    await tx.insert(securitySettings).values({ tenantId: tenant.id, ssoUserType: 'sales_rep' });
  });
  await signedInCaller(app.deps, admin).ssoSaml.update({ enabled: true, metadataXml: idpMetadata });
  sp = samlify.ServiceProvider({ metadata: await (await fetch(spUrl('metadata'))).text() });
}, 60_000);

afterAll(async () => {
  await closeAll(app);
  await new Promise((resolve) => idpServer?.close(resolve));
});

async function expectAppError(p: Promise<unknown>, code: string) {
  expect(describeTrpcError(await rejection(p)).appCode).toBe(code);
}

const spUrl = (leaf: string) => `${app.url}/api/v1/auth/sso/saml/${tenant.schemaName}/${leaf}`;

/** The request cookie of the browser that started each sign-in, by request id. */
const browserCookie = new Map<string, string>();

/** Starts a sign-in at our login route and reads the AuthnRequest the IdP receives: its id (the browser keeps its cookie). */
async function startSignIn(returnTo?: string): Promise<string> {
  const res = await fetch(spUrl(`login${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`), {
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  const to = new URL(res.headers.get('location') ?? '');
  expect(`${to.origin}${to.pathname}`).toBe(`${idpBase}/sso`);
  const parsed = await idp.parseLoginRequest(sp, 'redirect', {
    query: Object.fromEntries(to.searchParams),
    octetString: '',
  } as never);
  const id = (parsed.extract as { request: { id: string } }).request.id;
  const cookie = res.headers.get('set-cookie') ?? '';
  expect(cookie).toMatch(/^spar_saml_request=[^;]+; HttpOnly; Path=\/api\/v1\/auth\/sso\/saml\/; Max-Age=600/);
  browserCookie.set(id, cookie.split(';')[0]);
  return id;
}

interface ResponseOptions {
  requestId: string;
  email: string;
  name?: string;
  audience?: string;
  notOnOrAfter?: Date;
  assertionId?: string;
  /** Who signs the assertion: the IdP (default), another key under the IdP's name, or no one. */
  signer?: 'idp' | 'impostor' | 'none';
}

/** A SAML response for `requestId` as the IdP would post it, its values set here. */
async function samlResponse(o: ResponseOptions): Promise<string> {
  const now = new Date();
  const until = (o.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)).toISOString();
  const acs = spUrl('acs');
  const values = {
    ID: `_${randomUUID()}`,
    AssertionID: o.assertionId ?? `_${randomUUID()}`,
    Destination: acs,
    Audience: o.audience ?? spUrl('metadata'),
    SubjectRecipient: acs,
    Issuer: `${idpBase}/metadata`,
    IssueInstant: (o.notOnOrAfter ? new Date(o.notOnOrAfter.getTime() - 5 * 60_000) : now).toISOString(),
    StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
    ConditionsNotBefore: (o.notOnOrAfter ? new Date(o.notOnOrAfter.getTime() - 5 * 60_000) : now).toISOString(),
    ConditionsNotOnOrAfter: until,
    SubjectConfirmationDataNotOnOrAfter: until,
    NameIDFormat: EMAIL_FORMAT,
    NameID: o.email,
    InResponseTo: o.requestId,
    AuthnStatement: '',
    AttributeStatement: '',
  };
  // samlify escapes every value it puts in the template: the statements go in as XML afterwards
  const statements = `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_s1"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>${
    o.name
      ? `<saml:AttributeStatement><saml:Attribute Name="displayName"><saml:AttributeValue xsi:type="xs:string">${o.name}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>`
      : ''
  }`;
  const xml = SamlLib.replaceTagsByValue(SamlLib.defaultLoginResponseTemplate.context, values).replace(
    '</saml:Assertion>',
    `${statements}</saml:Assertion>`,
  );
  if (o.signer === 'none') return Buffer.from(xml).toString('base64');
  const signer = o.signer === 'impostor' ? impostor : idp;
  const made = await signer.createLoginResponse(sp, {} as never, 'post', {}, () => ({ id: values.ID, context: xml }));
  return (made as { context: string }).context;
}

/**
 * Posts a response to the ACS as the IdP's page does (cross-site, a form), from the browser that
 * started the sign-in for `requestId` (or from one that sent no cookie: `fromBrowser` null).
 */
async function postToAcs(response: string, fromBrowser?: string | null) {
  const inResponseTo = /InResponseTo="([^"]+)"/.exec(Buffer.from(response, 'base64').toString('utf8'))?.[1] ?? '';
  const cookie = fromBrowser === undefined ? browserCookie.get(inResponseTo) : fromBrowser;
  const res = await fetch(spUrl('acs'), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: idpBase,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams({ SAMLResponse: response, RelayState: '' }).toString(),
  });
  return { status: res.status, location: res.headers.get('location'), cookie: res.headers.get('set-cookie') };
}

const sessionCount = async () =>
  (await rows<{ n: number }>(database.db, sql`select count(*)::int as n from ${sessions}`))[0].n;
const userByEmail = async (email: string) =>
  (
    await sys((tx) =>
      tx
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email)),
    )
  )[0];
const failureAudits = async () =>
  sys((tx) =>
    tx
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(
        and(eq(auditLog.tenantId, tenant.id), eq(auditLog.action, 'auth.sso_sign_in'), eq(auditLog.outcome, 'failure')),
      ),
  );

describe('SAML sign-in', () => {
  it('serves SP metadata with our entity id and ACS, signed assertions wanted', async () => {
    const res = await fetch(spUrl('metadata'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('xml');
    const doc = new DOMParser().parseFromString(await res.text(), 'text/xml');
    const root = doc.documentElement!;
    expect(root.getAttribute('entityID')).toBe(spUrl('metadata'));
    const acs = root.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:metadata', 'AssertionConsumerService')[0];
    expect(acs?.getAttribute('Location')).toBe(spUrl('acs'));
    const desc = root.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:metadata', 'SPSSODescriptor')[0];
    expect(desc?.getAttribute('WantAssertionsSigned')).toBe('true');
  });

  it('answers 404 in our error shape for a tenant without SAML', async () => {
    const other = await createTenant(database.db, { name: 'No SAML' });
    const res = await fetch(`${app.url}/api/v1/auth/sso/saml/${other.schemaName}/login`, { redirect: 'manual' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('SSO_NOT_CONFIGURED');
  });

  it('posts the AuthnRequest to an IdP that takes HTTP-POST only, from a page allowed to post only there', async () => {
    const postOnly = await createTenant(database.db, { name: 'Post Only' });
    const keys = await keyPair();
    const postIdp = samlify.IdentityProvider({
      entityID: `${idpBase}/post-idp`,
      signingCert: keys.cert,
      privateKey: keys.key,
      singleSignOnService: [
        { Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', Location: `${idpBase}/post-sso` },
      ],
    });
    await sys((tx) =>
      tx
        .insert(ssoConnections)
        .values({ tenantId: postOnly.id, protocol: 'saml', enabled: true, samlMetadataXml: postIdp.getMetadata() }),
    );
    const res = await fetch(`${app.url}/api/v1/auth/sso/saml/${postOnly.schemaName}/login`, { redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain(`form-action ${idpBase}`);
    const page = await res.text();
    expect(page).toContain(`action="${idpBase}/post-sso"`);
    const request = /name="SAMLRequest" value="([^"]+)"/.exec(page)?.[1] ?? '';
    expect(Buffer.from(request, 'base64').toString('utf8')).toContain(
      `AssertionConsumerServiceURL="${app.url}/api/v1/auth/sso/saml/${postOnly.schemaName}/acs"`,
    );
  });

  it('signs a new person in just in time with the tenant’s SSO user type, and back to returnTo', async () => {
    const before = await sessionCount();
    const requestId = await startSignIn('/scorecards?x=1');
    const answer = await postToAcs(await samlResponse({ requestId, email: 'Nia@Acme.test', name: 'Nia Okafor' }));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe('/scorecards?x=1');
    expect(answer.cookie).toMatch(/spar_session=[^;]+; HttpOnly; SameSite=Lax; Path=\//i);
    const nia = await userByEmail('nia@acme.test');
    expect(nia).toMatchObject({
      tenantId: tenant.id,
      userType: 'sales_rep',
      displayName: 'Nia Okafor',
      passwordHash: null,
    });
    expect(await sessionCount()).toBe(before + 1);
    const audit = await sys((tx) =>
      tx.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorUserId, nia.id)),
    );
    expect(audit.map((a) => a.action).sort()).toEqual(['auth.sso_sign_in', 'auth.sso_user_created']);
  });

  it('signs an existing person of the tenant in, to their home', async () => {
    const rep = await createTenantUser(database.db, tenant.id, { email: 'rita@acme.test', userType: 'manager' });
    const answer = await postToAcs(await samlResponse({ requestId: await startSignIn(), email: 'rita@acme.test' }));
    expect(answer.status).toBe(302);
    expect(answer.location).not.toContain('sso_error');
    expect(answer.cookie).toContain('spar_session=');
    const [{ n }] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ${sessions} where ${sessions.userId} = ${rep.id}`,
    );
    expect(n).toBe(1);
  });

  describe('refuses, redirects to the sign-in page with the reason and opens no session', () => {
    async function expectRefused(response: string, reason: string, detail: RegExp, fromBrowser?: string | null) {
      const before = await sessionCount();
      const auditsBefore = (await failureAudits()).length;
      const answer = await postToAcs(response, fromBrowser);
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(`/login?sso_error=${reason}`);
      expect(answer.cookie ?? '').not.toContain('spar_session');
      expect(await sessionCount()).toBe(before);
      const audits = await failureAudits();
      expect(audits.length).toBe(auditsBefore + 1);
      expect(audits.map((a) => a.detail).join('\n')).toMatch(detail);
    }

    it('an unsigned assertion', async () => {
      const response = await samlResponse({ requestId: await startSignIn(), email: 'u1@acme.test', signer: 'none' });
      await expectRefused(response, 'unsigned', /not signed/);
      expect(await userByEmail('u1@acme.test')).toBeUndefined();
    });

    it('an assertion signed by another key', async () => {
      const response = await samlResponse({
        requestId: await startSignIn(),
        email: 'u2@acme.test',
        signer: 'impostor',
      });
      await expectRefused(response, 'signature', /does not match the identity provider's certificate/);
    });

    it('the same response posted twice', async () => {
      const response = await samlResponse({ requestId: await startSignIn(), email: 'twice@acme.test' });
      const first = await postToAcs(response);
      expect(first.cookie).toContain('spar_session=');
      await expectRefused(response, 'replayed', /no sign-in in progress/);
    });

    it('an assertion already used, in the answer to another request', async () => {
      const assertionId = `_${randomUUID()}`;
      const first = await postToAcs(
        await samlResponse({ requestId: await startSignIn(), email: 'again@acme.test', assertionId }),
      );
      expect(first.cookie).toContain('spar_session=');
      const response = await samlResponse({ requestId: await startSignIn(), email: 'again@acme.test', assertionId });
      await expectRefused(response, 'replayed', new RegExp(`assertion ${assertionId} was already used`));
    });

    it('an assertion for another audience', async () => {
      const response = await samlResponse({
        requestId: await startSignIn(),
        email: 'u3@acme.test',
        audience: 'https://elsewhere.test/sp',
      });
      await expectRefused(response, 'audience', /audience/);
    });

    it('an expired assertion', async () => {
      const response = await samlResponse({
        requestId: await startSignIn(),
        email: 'u4@acme.test',
        notOnOrAfter: new Date(Date.now() - 10 * 60_000),
      });
      await expectRefused(response, 'expired', /expired/);
    });

    it('an answer to no request of ours', async () => {
      const response = await samlResponse({ requestId: '_never-sent', email: 'u5@acme.test' });
      await expectRefused(response, 'replayed', /no sign-in in progress/, 'spar_saml_request=_never-sent');
    });

    it('a good answer posted from a browser that did not start the sign-in', async () => {
      const requestId = await startSignIn();
      const response = await samlResponse({ requestId, email: 'u6@acme.test' });
      await expectRefused(response, 'state', /not started in this browser/, null);
      await expectRefused(response, 'state', /not started in this browser/, 'spar_saml_request=_someone-else');
      // the request was not spent: its own browser still signs in with it
      expect((await postToAcs(response)).cookie).toContain('spar_session=');
    });

    it('an address in a domain the tenant has not verified', async () => {
      const response = await samlResponse({ requestId: await startSignIn(), email: 'eve@gmail.test' });
      await expectRefused(response, 'not_verified', /not verified/);
      expect(await userByEmail('eve@gmail.test')).toBeUndefined();
    });

    it('a deactivated account', async () => {
      const gone = await createTenantUser(database.db, tenant.id, { email: 'gone@acme.test', userType: 'user' });
      await sys((tx) => tx.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id)));
      const response = await samlResponse({ requestId: await startSignIn(), email: 'gone@acme.test' });
      await expectRefused(response, 'deactivated', /deactivated/);
    });

    it('the address of another tenant’s user', async () => {
      const response = await samlResponse({ requestId: await startSignIn(), email: otherTenantUser.email });
      await expectRefused(response, 'other_tenant', /another organisation/);
    });
  });

  it('answers a request that is no SAML answer with a 400 or 415 in our error shape, writing nothing', async () => {
    const auditsBefore = (await failureAudits()).length;
    const form = await fetch(spUrl('acs'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: idpBase },
      body: 'RelayState=x',
    });
    expect(form.status).toBe(400);
    const json = await fetch(spUrl('acs'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: idpBase },
      body: '{}',
    });
    expect(json.status).toBe(415);
    expect(((await json.json()) as { error: { code: string } }).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await failureAudits()).length).toBe(auditsBefore);
  });
});

describe('SAML settings (admins)', () => {
  const connection = () =>
    sys((tx) =>
      tx
        .select()
        .from(ssoConnections)
        .where(and(eq(ssoConnections.tenantId, tenant.id), eq(ssoConnections.protocol, 'saml'))),
    );

  it('shows what was understood from the metadata and the SP addresses', async () => {
    const got = await signedInCaller(app.deps, admin).ssoSaml.get();
    expect(got.enabled).toBe(true);
    expect(got.idp?.entityId).toBe(`${idpBase}/metadata`);
    expect(got.idp?.ssoUrl).toBe(`${idpBase}/sso`);
    expect(new Date(got.idp?.certificateExpiresAt ?? 0).getTime()).toBeGreaterThan(Date.now());
    expect(got.sp.acsUrl).toMatch(new RegExp(`/api/v1/auth/sso/saml/${tenant.schemaName}/acs$`));
  });

  it('refuses metadata that is not usable and saves nothing', async () => {
    const before = await connection();
    const caller = signedInCaller(app.deps, admin);
    await expectAppError(
      caller.ssoSaml.update({ enabled: true, metadataXml: '<not-metadata/>' }),
      'SAML_METADATA_INVALID',
    );
    await expectAppError(caller.ssoSaml.update({ enabled: false, metadataXml: 'plain text' }), 'SAML_METADATA_INVALID');
    const noCert = idpMetadata.replace(/<(\w+:)?KeyDescriptor[\s\S]*<\/(\w+:)?KeyDescriptor>/, '');
    await expectAppError(caller.ssoSaml.update({ enabled: true, metadataXml: noCert }), 'SAML_METADATA_INVALID');
    expect(await connection()).toEqual(before);
  });

  it('fetches metadata from a URL, refreshes it, and audits each change', async () => {
    const caller = signedInCaller(app.deps, admin);
    const got = await caller.ssoSaml.update({ enabled: true, metadataUrl: `${idpBase}/metadata` });
    expect(got.metadataUrl).toBe(`${idpBase}/metadata`);
    expect(got.idp?.entityId).toBe(`${idpBase}/metadata`);
    expect((await caller.ssoSaml.refreshMetadata()).idp?.entityId).toBe(`${idpBase}/metadata`);
    await expectAppError(
      caller.ssoSaml.update({ enabled: true, metadataUrl: `${idpBase}/missing` }),
      'SAML_METADATA_UNREACHABLE',
    );
    const audits = await sys((tx) =>
      tx
        .select({ detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, tenant.id), eq(auditLog.action, 'sso.saml_updated'))),
    );
    expect(audits.map((a) => a.detail)).toContain(
      `enabled on; IdP ${idpBase}/metadata; metadata from ${idpBase}/metadata`,
    );
  });

  it('refuses a metadata URL that is not https where private addresses are not allowed, saving nothing', async () => {
    const before = await connection();
    const strict = signedInCaller(await testDeps(database), admin);
    const e = await rejection(strict.ssoSaml.update({ enabled: true, metadataUrl: `${idpBase}/metadata` }));
    expect(describeTrpcError(e)).toMatchObject({
      appCode: 'SAML_METADATA_UNREACHABLE',
      details: { reason: 'sso.saml.metadataErrors.urlRefused' },
    });
    expect(await connection()).toEqual(before);
  });

  it('is for admins only', async () => {
    const manager = await createTenantUser(database.db, tenant.id, { email: 'mo@acme.test', userType: 'manager' });
    await expectAppError(signedInCaller(app.deps, manager).ssoSaml.get(), 'FORBIDDEN');
  });
});
