import { createHash } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, lmsIdentities, lmsLaunches, scormPackages, users } from '../../db/schema';
import { asSystem, withTenant } from '../../db/tenant';
import type { RunningApp } from '../../server/app';
import { createLinkedSimulations } from '../helpers/assignments';
import {
  describeTrpcError,
  rejection,
  sendJson,
  signIn,
  signedInCaller,
  startTestApp,
  type UserRow,
} from '../helpers/app';
import { TWO_CRITERIA } from '../helpers/criteria';
import { useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';
import { closeAll } from '../helpers/lifecycle';
import { SCENARIO } from '../helpers/scenario';

/**
 * SCORM export as a manager and an LMS see it: the package zip (its manifest read by an XML
 * parser as an LMS does on import), the launch its page posts from the LMS's site (CORS, the key,
 * the learner mapping, refusals in the learner's language and in the launch log), the status
 * read with the launch token, and the packages list of each tenant.
 */

const database = useTestDatabase();
let app: RunningApp;
let tenantA: string;
let tenantB: string;
let manager: UserRow;
let managerB: UserRow;
let rep: UserRow;
let ana: UserRow;
let gone: UserRow;
let simA: string;
let simB: string;
let certA: string;
let managerToken: string;
let repToken: string;

const ADLCP_12 = 'http://www.adlnet.org/xsd/adlcp_rootv1p2';
const ADLCP_2004 = 'http://www.adlnet.org/xsd/adlcp_v1p3';
const IMSSS = 'http://www.imsglobal.org/xsd/imsss';
const TRICKY_TITLE = 'Discovery <call> & "objections" — l’été';

beforeAll(async () => {
  tenantA = (await createTenant(database.db, { name: 'Acme' })).id;
  tenantB = (await createTenant(database.db, { name: 'Beta' })).id;
  manager = await createTenantUser(database.db, tenantA, {
    email: 'manager@acme.test',
    username: 'manager',
    userType: 'manager',
  });
  rep = await createTenantUser(database.db, tenantA, {
    email: 'rep@acme.test',
    username: 'rep',
    userType: 'sales_rep',
  });
  ana = await createTenantUser(database.db, tenantA, {
    email: 'Ana.Ruiz@acme.test',
    username: 'ana',
    userType: 'sales_rep',
  });
  gone = await createTenantUser(database.db, tenantA, {
    email: 'gone@acme.test',
    username: 'gone',
    userType: 'sales_rep',
  });
  // provisioned by the identity provider: an external id; deactivated by it
  await withTenant(database.db, tenantA, async (tx) => {
    await tx.update(users).set({ externalId: 'EMP-0042' }).where(eq(users.id, ana.id));
    await tx.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
  });
  managerB = await createTenantUser(database.db, tenantB, {
    email: 'manager@beta.test',
    username: 'managerb',
    userType: 'manager',
  });
  const base = {
    language: 'en' as const,
    scenarioDetails: SCENARIO,
    instructions: 'Discover.',
    callProvider: 'offline' as const,
    difficulty: 'medium' as const,
  };
  simA = (
    await withTenant(database.db, tenantA, (tx) =>
      createLinkedSimulations(tx, tenantA, [{ ...base, name: 'SDR screen' }], { criteria: TWO_CRITERIA }),
    )
  ).sims[0].id;
  simB = (
    await withTenant(database.db, tenantB, (tx) =>
      createLinkedSimulations(tx, tenantB, [{ ...base, name: 'Beta screen' }], { criteria: TWO_CRITERIA }),
    )
  ).sims[0].id;
  app = await startTestApp(database, { ENCRYPTION_KEY: 'scorm-test-encryption-key-0123456789abcdef' });
  certA = (
    await signedInCaller(app.deps, manager).certifications.create({
      name: 'Discovery certified',
      description: '',
      expiryMonths: null,
      maxAttempts: null,
      steps: [{ simulationId: simA, minScore: 60, minLevels: [], evidenceRequired: false }],
    })
  ).id;
  managerToken = (await signIn(app.deps, manager)).token;
  repToken = (await signIn(app.deps, rep)).token;
});
afterAll(() => closeAll(app));

interface Made {
  status: number;
  id: string;
  key: string;
  files: Record<string, string>;
  headers: Headers;
}

/** A manager's "Create and download": the zip's files as text, the package id and the key its page holds. */
async function createPackage(
  body: Partial<{
    title: string;
    version: '1.2' | '2004';
    targetKind: 'simulation' | 'certification';
    targetId: string;
    unknownLearners: 'guest' | 'account' | 'refuse';
    passingScore: number;
  }> = {},
  token = managerToken,
): Promise<Made> {
  const res = await fetch(`${app.url}/api/v1/lms/scorm/packages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'SDR screen',
      version: '2004',
      targetKind: 'simulation',
      targetId: simA,
      unknownLearners: 'guest',
      passingScore: 70,
      ...body,
    }),
  });
  if (res.status !== 200) return { status: res.status, id: '', key: '', files: {}, headers: res.headers };
  const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const files = Object.fromEntries(Object.entries(zip).map(([name, bytes]) => [name, strFromU8(bytes)]));
  const config = JSON.parse(
    /<script type="application\/json" id="spar-config">([^<]*)<\/script>/.exec(files['index.html'])![1],
  ) as { packageId: string; key: string; origin: string; version: string; passingScore: number };
  return { status: 200, id: config.packageId, key: config.key, files, headers: res.headers };
}

/** The package's launch page posting from the LMS's site. */
function launch(
  body: Record<string, unknown>,
  headers: Record<string, string> = { origin: 'https://lms.example.edu', 'accept-language': 'en' },
) {
  return sendJson(`${app.url}/api/v1/lms/scorm/launch`, { method: 'POST', body, headers });
}

const launchRows = (packageId: string) =>
  asSystem(database.db, { action: 'test' }, (tx) =>
    tx.select().from(lmsLaunches).where(eq(lmsLaunches.packageId, packageId)),
  );

// xmldom's nodes are the DOM's (Level 2 Core): read with the DOM's types
const parse = (xml: string): Document => new DOMParser().parseFromString(xml, 'text/xml') as unknown as Document;
const one = (doc: Document | Element, ns: string, name: string): Element => {
  const found = doc.getElementsByTagNameNS(ns, name);
  expect(found.length, `${name} in the manifest`).toBe(1);
  return found[0];
};

describe('creating a package', () => {
  it('answers the zip once: the manifest, the launch page with the key, the script; the key stored only as SHA-256; audited', async () => {
    const made = await createPackage({ title: 'SDR screen for the LMS', passingScore: 80 });
    expect(made.status).toBe(200);
    expect(made.headers.get('content-type')).toBe('application/zip');
    expect(made.headers.get('content-disposition')).toBe(
      'attachment; filename="SDR-screen-for-the-LMS-scorm-2004.zip"',
    );
    expect(Object.keys(made.files).sort()).toEqual(['imsmanifest.xml', 'index.html', 'spar-scorm.js']);
    expect(made.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.files['index.html']).toContain('src="spar-scorm.js"');
    expect(made.files['index.html']).toContain('allow="microphone; autoplay"');
    expect(made.files['spar-scorm.js']).toContain('API_1484_11');

    const [row] = await withTenant(database.db, tenantA, (tx) =>
      tx.select().from(scormPackages).where(eq(scormPackages.id, made.id)),
    );
    expect(row).toMatchObject({
      title: 'SDR screen for the LMS',
      version: '2004',
      targetKind: 'simulation',
      simulationId: simA,
      passingScore: 80,
      createdBy: manager.id,
      revokedAt: null,
    });
    expect(row.keyHash).toBe(createHash('sha256').update(made.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.key);
    const audit = await withTenant(database.db, tenantA, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'scorm.package_created'), eq(auditLog.target, 'SDR screen for the LMS'))),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0].actorUserId).toBe(manager.id);
  });

  it('writes a SCORM 2004 4th edition manifest an LMS reads: schema version, SCO resource, mastery as minNormalizedMeasure, escaped title', async () => {
    const made = await createPackage({ title: TRICKY_TITLE, passingScore: 75 });
    const xml = made.files['imsmanifest.xml'];
    expect(xml).toContain('Discovery &lt;call&gt; &amp; &quot;objections&quot;');
    const doc = parse(xml);
    const manifest = doc.documentElement!;
    expect(manifest.localName).toBe('manifest');
    expect(manifest.namespaceURI).toBe('http://www.imsglobal.org/xsd/imscp_v1p1');
    expect(manifest.getAttribute('identifier')).toBe(`spar-${made.id}`);
    const CP = 'http://www.imsglobal.org/xsd/imscp_v1p1';
    expect(one(doc, CP, 'schema').textContent).toBe('ADL SCORM');
    expect(one(doc, CP, 'schemaversion').textContent).toBe('2004 4th Edition');
    const orgs = one(doc, CP, 'organizations');
    const org = one(doc, CP, 'organization');
    expect(orgs.getAttribute('default')).toBe(org.getAttribute('identifier'));
    const item = one(doc, CP, 'item');
    const resource = one(doc, CP, 'resource');
    expect(item.getAttribute('identifierref')).toBe(resource.getAttribute('identifier'));
    expect(resource.getAttributeNS(ADLCP_2004, 'scormType')).toBe('sco');
    expect(resource.getAttribute('type')).toBe('webcontent');
    expect(resource.getAttribute('href')).toBe('index.html');
    const listed = Array.from(doc.getElementsByTagNameNS(CP, 'file')).map((f: Element) => f.getAttribute('href'));
    expect(listed.sort()).toEqual(['index.html', 'spar-scorm.js']);
    expect(Array.from(doc.getElementsByTagNameNS(CP, 'title')).map((t: Element) => t.textContent)).toEqual([
      TRICKY_TITLE,
      TRICKY_TITLE,
    ]);
    const objective = one(item, IMSSS, 'primaryObjective');
    expect(objective.getAttribute('satisfiedByMeasure')).toBe('true');
    expect(one(objective, IMSSS, 'minNormalizedMeasure').textContent).toBe('0.75');
    // the launch page's title is escaped as HTML too
    expect(made.files['index.html']).toContain('<title>Discovery &lt;call&gt; &amp; &quot;objections&quot;');
  });

  it('writes a SCORM 1.2 manifest: schema version 1.2, adlcp:scormtype sco, adlcp:masteryscore', async () => {
    const made = await createPackage({ version: '1.2', title: TRICKY_TITLE, passingScore: 65 });
    expect(made.headers.get('content-disposition')).toContain('-scorm-12.zip');
    const doc = parse(made.files['imsmanifest.xml']);
    const CP = 'http://www.imsproject.org/xsd/imscp_rootv1p1p2';
    expect(doc.documentElement!.namespaceURI).toBe(CP);
    expect(doc.documentElement!.getAttribute('identifier')).toBe(`spar-${made.id}`);
    expect(one(doc, CP, 'schemaversion').textContent).toBe('1.2');
    const item = one(doc, CP, 'item');
    expect(one(item, ADLCP_12, 'masteryscore').textContent).toBe('65');
    const resource = one(doc, CP, 'resource');
    expect(resource.getAttributeNS(ADLCP_12, 'scormtype')).toBe('sco');
    expect(resource.getAttribute('href')).toBe('index.html');
    expect(one(item, CP, 'title').textContent).toBe(TRICKY_TITLE);
    expect(doc.getElementsByTagNameNS(IMSSS, 'sequencing')).toHaveLength(0);
    expect(made.files['index.html']).toContain('"version":"1.2"');
  });

  it('refuses a rep, a malformed request and another tenant’s simulation, writing nothing', async () => {
    const before = await withTenant(database.db, tenantA, (tx) => tx.select().from(scormPackages));
    expect((await createPackage({}, repToken)).status).toBe(403);
    const bad = await sendJson(`${app.url}/api/v1/lms/scorm/packages`, {
      method: 'POST',
      bearer: managerToken,
      body: {
        title: '',
        version: '3',
        targetKind: 'simulation',
        targetId: simA,
        unknownLearners: 'guest',
        passingScore: 101,
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.json?.error.details.fieldErrors).toMatchObject({
      title: ['scorm.validation.titleRequired'],
      version: ['scorm.validation.versionInvalid'],
      passingScore: ['scorm.validation.passingScoreInvalid'],
    });
    const foreign = await createPackage({ targetId: simB });
    expect(foreign.status).toBe(404);
    const after = await withTenant(database.db, tenantA, (tx) => tx.select().from(scormPackages));
    expect(after).toHaveLength(before.length);
  });
});

describe('launching a package from the LMS', () => {
  it('answers the CORS preflight of the launch and of the status for any origin, without credentials', async () => {
    for (const path of ['/api/v1/lms/scorm/launch', '/api/v1/lms/launches/status']) {
      const res = await fetch(`${app.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://lms.example.edu',
          'access-control-request-method': path.endsWith('launch') ? 'POST' : 'GET',
          'access-control-request-headers': 'content-type, authorization',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
      expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    }
  });

  it('opens a guest launch with the right key: the launch row, an absolute learner URL and a token the status answers to', async () => {
    const made = await createPackage();
    const res = await launch({
      package_id: made.id,
      key: made.key,
      learner_id: 'lms-learner-77',
      learner_name: 'Lee Park',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const { launch_id, url, token } = res.json as { launch_id: string; url: string; token: string };
    expect(url).toBe(`${app.url}/lms/launch/${launch_id}#${token}`);
    const rows = await launchRows(made.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: launch_id,
      tenantId: tenantA,
      source: 'scorm',
      status: 'opened',
      targetKind: 'simulation',
      simulationId: simA,
      userId: null,
      learnerId: 'lms-learner-77',
      learnerName: 'Lee Park',
    });
    const status = await sendJson(`${app.url}/api/v1/lms/launches/status`, {
      bearer: token,
      headers: { origin: 'https://lms.example.edu' },
    });
    expect(status.status).toBe(200);
    expect(status.headers.get('access-control-allow-origin')).toBe('*');
    expect(status.json).toMatchObject({ status: 'opened', completed: false, score: null, passed: null });
  });

  it('refuses a wrong key (in the learner’s language), opens nothing and logs the refusal', async () => {
    const made = await createPackage();
    const wrong = `${made.key.slice(0, -1)}${made.key.endsWith('A') ? 'B' : 'A'}`;
    const res = await launch(
      { package_id: made.id, key: wrong, learner_id: 'lms-learner-1' },
      { origin: 'https://lms.example.edu', 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' },
    );
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.json?.error).toMatchObject({
      code: 'LMS_LAUNCH_REFUSED',
      message: 'Este paquete no es válido para Spar. Pide uno nuevo al administrador del curso.',
    });
    const rows = await launchRows(made.id);
    expect(rows.map((r) => [r.status, r.error, r.learnerId])).toEqual([
      ['refused', 'scorm.launch.packageInvalid', 'lms-learner-1'],
    ]);
  });

  it('refuses an unknown package without writing anywhere, and a malformed request with a translated 400', async () => {
    const before = await asSystem(database.db, { action: 'test' }, (tx) => tx.select().from(lmsLaunches));
    const unknown = await launch({
      package_id: '0d9f3b7e-2a41-4c55-9a7e-5f6b1c2d3e4f',
      key: 'A'.repeat(43),
      learner_id: 'someone',
    });
    expect(unknown.status).toBe(403);
    const malformed = await launch(
      { package_id: 'not-a-uuid', key: 'short', learner_id: 'x' },
      { 'accept-language': 'it' },
    );
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('access-control-allow-origin')).toBe('*');
    expect(malformed.json?.error.message).toMatch(/^Il pacchetto del corso/);
    const noLearner = await launch({
      package_id: '0d9f3b7e-2a41-4c55-9a7e-5f6b1c2d3e4f',
      key: 'A'.repeat(43),
      learner_id: '  ',
    });
    expect(noLearner.status).toBe(400);
    expect(noLearner.json?.error.message).toBe(
      'Your learning system did not say who you are, so the exercise cannot open.',
    );
    const after = await asSystem(database.db, { action: 'test' }, (tx) => tx.select().from(lmsLaunches));
    expect(after).toHaveLength(before.length);
  });

  it('refuses a revoked package (revoked through the list, audited) and logs it', async () => {
    const made = await createPackage({ title: 'Soon revoked' });
    const revoked = await signedInCaller(app.deps, manager).scorm.revoke({ packageId: made.id });
    expect(revoked.revokedAt).not.toBeNull();
    const res = await launch(
      { package_id: made.id, key: made.key, learner_id: 'lms-learner-2' },
      { 'accept-language': 'pt-BR' },
    );
    expect(res.status).toBe(403);
    expect(res.json?.error.message).toBe(
      'Este pacote foi retirado pelo proprietário. Peça um novo ao administrador do curso.',
    );
    const rows = await launchRows(made.id);
    expect(rows.map((r) => [r.status, r.error])).toEqual([['refused', 'scorm.launch.packageRevoked']]);
    const [pkg] = await withTenant(database.db, tenantA, (tx) =>
      tx.select().from(scormPackages).where(eq(scormPackages.id, made.id)),
    );
    expect(pkg.revokedBy).toBe(manager.id);
    const audit = await withTenant(database.db, tenantA, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'scorm.package_revoked'), eq(auditLog.detail, made.id))),
    );
    expect(audit).toHaveLength(1);
  });

  it('puts a known learner on their account: by e-mail in any case, or by external id; refuses a deactivated one', async () => {
    const made = await createPackage({ unknownLearners: 'refuse' });
    const byEmail = await launch({ package_id: made.id, key: made.key, learner_id: 'ANA.RUIZ@ACME.TEST' });
    expect(byEmail.status).toBe(200);
    const byExternal = await launch({ package_id: made.id, key: made.key, learner_id: 'EMP-0042' });
    expect(byExternal.status).toBe(200);
    const deactivated = await launch({ package_id: made.id, key: made.key, learner_id: gone.email });
    expect(deactivated.status).toBe(403);
    expect(deactivated.json?.error.message).toBe('Your Spar account is deactivated. Ask your course administrator.');
    const stranger = await launch({ package_id: made.id, key: made.key, learner_id: 'stranger@elsewhere.test' });
    expect(stranger.status).toBe(403);
    expect(stranger.json?.error.message).toMatch(/^Only learners with a Spar account/);
    const rows = await launchRows(made.id);
    const byLearner = Object.fromEntries(rows.map((r) => [r.learnerId, [r.status, r.userId, r.error]]));
    expect(byLearner).toEqual({
      'ANA.RUIZ@ACME.TEST': ['opened', ana.id, null],
      'EMP-0042': ['opened', ana.id, null],
      'gone@acme.test': ['refused', null, 'scorm.launch.accountDeactivated'],
      'stranger@elsewhere.test': ['refused', null, 'scorm.launch.learnerRefused'],
    });
  });

  it('a certification: refuses an unknown learner under "guest"; under "account" makes one account, found again next time', async () => {
    const guest = await createPackage({ targetKind: 'certification', targetId: certA, unknownLearners: 'guest' });
    const refused = await launch({ package_id: guest.id, key: guest.key, learner_id: 'new-learner-9' });
    expect(refused.status).toBe(403);
    expect(refused.json?.error.message).toMatch(/^A certification needs a Spar account/);
    expect((await launchRows(guest.id)).map((r) => r.error)).toEqual(['scorm.launch.guestCertification']);
    // a tenant user still gets in under "guest"
    expect((await launch({ package_id: guest.id, key: guest.key, learner_id: rep.email })).status).toBe(200);

    const account = await createPackage({ targetKind: 'certification', targetId: certA, unknownLearners: 'account' });
    const first = await launch({
      package_id: account.id,
      key: account.key,
      learner_id: 'new-learner-9',
      learner_name: 'Nova Learner',
    });
    expect(first.status).toBe(200);
    const second = await launch({ package_id: account.id, key: account.key, learner_id: 'new-learner-9' });
    expect(second.status).toBe(200);
    const rows = await launchRows(account.id);
    expect(rows).toHaveLength(2);
    expect(rows[0].userId).not.toBeNull();
    expect(rows[1].userId).toBe(rows[0].userId);
    expect(rows[0]).toMatchObject({ targetKind: 'certification', certificationId: certA });
    const [made] = await withTenant(database.db, tenantA, (tx) =>
      tx.select().from(users).where(eq(users.id, rows[0].userId!)),
    );
    expect(made).toMatchObject({ tenantId: tenantA, userType: 'sales_rep', displayName: 'Nova Learner' });
    const identities = await withTenant(database.db, tenantA, (tx) =>
      tx.select().from(lmsIdentities).where(eq(lmsIdentities.subject, 'new-learner-9')),
    );
    expect(identities.map((i) => [i.source, i.issuer, i.userId])).toEqual([['scorm', 'scorm', made.id]]);
  });

  it('answers 401 to the status with a missing or forged launch token', async () => {
    const none = await sendJson(`${app.url}/api/v1/lms/launches/status`, { headers: { 'accept-language': 'es' } });
    expect(none.status).toBe(401);
    expect(none.headers.get('access-control-allow-origin')).toBe('*');
    expect(none.json?.error.message).toBe(
      'Este acceso caducó o no es válido. Vuelve a abrir el ejercicio desde tu curso.',
    );
    const forged = await sendJson(`${app.url}/api/v1/lms/launches/status`, { bearer: 'eyJhbGciOiJub25lIn0.e30.' });
    expect(forged.status).toBe(401);
    // a signed-in session is no launch token either
    const session = await sendJson(`${app.url}/api/v1/lms/launches/status`, { bearer: managerToken });
    expect(session.status).toBe(401);
  });
});

describe('the packages list', () => {
  it('shows each tenant its own packages only, and one exercise’s when asked; another tenant cannot revoke them', async () => {
    const cert = await createPackage({
      targetKind: 'certification',
      targetId: certA,
      unknownLearners: 'account',
      title: 'Cert pkg',
    });
    const listA = await signedInCaller(app.deps, manager).scorm.list();
    expect(listA.length).toBeGreaterThan(3);
    expect(listA.every((p) => p.targetId === simA || p.targetId === certA)).toBe(true);
    expect(listA.find((p) => p.id === cert.id)).toMatchObject({
      title: 'Cert pkg',
      targetKind: 'certification',
      targetName: 'Discovery certified',
      createdByName: manager.displayName ?? manager.username,
      revokedAt: null,
    });
    const ofCert = await signedInCaller(app.deps, manager).scorm.list({ targetKind: 'certification', targetId: certA });
    expect(ofCert.length).toBeGreaterThan(0);
    expect(ofCert.every((p) => p.targetKind === 'certification')).toBe(true);

    const callerB = signedInCaller(app.deps, managerB);
    expect(await callerB.scorm.list()).toEqual([]);
    expect(describeTrpcError(await rejection(callerB.scorm.revoke({ packageId: cert.id })))).toMatchObject({
      appCode: 'NOT_FOUND',
    });
    expect((await signedInCaller(app.deps, manager).scorm.list()).find((p) => p.id === cert.id)?.revokedAt).toBeNull();
    expect(describeTrpcError(await rejection(signedInCaller(app.deps, rep).scorm.list()))).toMatchObject({
      httpStatus: 403,
    });
  });
});
