import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { auditLog, calls, sessions, users } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import { createSession } from '../../server/auth/session';
import type { RunningApp } from '../../server/app';
import { SCIM_ROUTES } from '../../server/rest/scim/routes';
import { createCall } from '../../seed/factories';
import { SCIM_ROUTE_ACCESS } from '../helpers/access-table';
import { anonymousCaller, describeTrpcError, rejection, signedInCaller, startTestApp } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { createTwoTenants, TEST_PASSWORD } from '../helpers/factories';

/**
 * SCIM 2.0 provisioning over the real HTTP server: the request sequences Okta and Microsoft Entra
 * ID document for their SCIM clients, replayed against /scim/v2, and what the database holds after.
 */

const database = useTestDatabase();
let db: Db;
let app: RunningApp;
let cast: Awaited<ReturnType<typeof setUp>>;
let okta: string;
let entra: string;
let other: string;

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

function setUp() {
  return createTwoTenants(db, {
    a: {
      adminA: { email: 'admin@acme.test', userType: 'admin' },
      maria: { email: 'maria@acme.test', displayName: 'Maria Manager', userType: 'manager' },
      rep: { email: 'rep@acme.test', displayName: 'Rita Rep', userType: 'user', password: TEST_PASSWORD },
    },
    b: { adminB: { email: 'admin@beta.test', userType: 'admin' } },
  });
}

/** A SCIM request as an identity provider sends it: bearer token, application/scim+json. */
async function scim(
  path: string,
  init: { method?: string; token?: string | null; body?: unknown; raw?: string; contentType?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (init.token !== null) headers.authorization = `Bearer ${init.token ?? okta}`;
  const body = init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  if (body !== undefined) headers['content-type'] = init.contentType ?? 'application/scim+json';
  const res = await fetch(`${app.url}/scim/v2${path}`, { method: init.method ?? 'GET', headers, body });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a SCIM answer, read by the expectations
  const json = (text ? JSON.parse(text) : null) as Record<string, any> | null;
  return { status: res.status, type: res.headers.get('content-type'), location: res.headers.get('location'), json };
}

const filterQuery = (filter: string, extra = '') => `?filter=${encodeURIComponent(filter)}${extra}`;

async function userRow(id: string) {
  const [row] = await asSystem(db, { action: 'test' }, (tx) => tx.select().from(users).where(eq(users.id, id)));
  return row;
}

async function auditOf(tenantId: string, action: string) {
  return asSystem(db, { action: 'test' }, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.action, action))),
  );
}

beforeAll(async () => {
  db = database.db;
  cast = await setUp();
  app = await startTestApp(database);
  const adminA = signedInCaller(app.deps, cast.users.adminA);
  okta = (await adminA.scim.createToken({ name: 'Okta' })).secret;
  entra = (await adminA.scim.createToken({ name: 'Entra ID' })).secret;
  other = (await signedInCaller(app.deps, cast.users.adminB).scim.createToken({ name: 'Beta IdP' })).secret;
});
afterAll(async () => {
  await app?.stop();
});

describe('Okta: users', () => {
  let id: string;

  it('looks the person up, creates them without a password as a plain user, reads and replaces them', async () => {
    const none = await scim(`/Users${filterQuery('userName eq "olga@acme.test"', '&startIndex=1&count=100')}`);
    expect(none.status).toBe(200);
    expect(none.type).toMatch(/^application\/scim\+json/);
    expect(none.json).toEqual({ schemas: [LIST], totalResults: 0, itemsPerPage: 0, startIndex: 1, Resources: [] });

    const made = await scim('/Users', {
      method: 'POST',
      contentType: 'application/scim+json; charset=utf-8',
      body: {
        schemas: [USER],
        userName: 'Olga@acme.test',
        name: { givenName: 'Olga', familyName: 'Kata' },
        emails: [{ primary: true, value: 'olga@acme.test', type: 'work' }],
        displayName: 'Olga Kata',
        locale: 'en-US',
        externalId: '00u1abcd',
        groups: [],
        password: '1mz050nq',
        active: true,
      },
    });
    expect(made.status).toBe(201);
    id = made.json!.id as string;
    expect(made.location).toBe(`${app.url}/scim/v2/Users/${id}`);
    expect(made.json).toMatchObject({
      schemas: [USER],
      userName: 'olga@acme.test',
      externalId: '00u1abcd',
      active: true,
      emails: [{ value: 'olga@acme.test', primary: true }],
      meta: { resourceType: 'User', location: `${app.url}/scim/v2/Users/${id}` },
    });
    const row = await userRow(id);
    expect(row).toMatchObject({
      tenantId: cast.a.id,
      email: 'olga@acme.test',
      displayName: 'Olga Kata',
      userType: 'user',
      passwordHash: null,
      externalId: '00u1abcd',
      deactivatedAt: null,
    });

    const read = await scim(`/Users/${id}`);
    expect(read.json).toMatchObject({ id, userName: 'olga@acme.test', active: true, displayName: 'Olga Kata' });

    const put = await scim(`/Users/${id}`, {
      method: 'PUT',
      body: {
        schemas: [USER],
        id,
        userName: 'olga@acme.test',
        name: { givenName: 'Olga', familyName: 'Katarina' },
        emails: [{ primary: true, value: 'olga@acme.test', type: 'work' }],
        externalId: '00u1abcd',
        active: true,
      },
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ name: { formatted: 'Olga Katarina' } });
    expect((await userRow(id)).displayName).toBe('Olga Katarina');
    const created = await auditOf(cast.a.id, 'scim.user_created');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ actorLabel: 'SCIM token Okta', target: 'olga@acme.test', ip: '127.0.0.1' });
    expect((await auditOf(cast.a.id, 'scim.user_updated')).map((r) => r.detail)).toEqual(['name']);
  });

  it('deactivates an existing account it found by its userName: no sign-in, every session ended, its calls kept', async () => {
    const rep = cast.users.rep;
    const { token } = await createSession(db, rep.id);
    await createSession(db, rep.id);
    const call = await asSystem(db, { action: 'test' }, (tx) =>
      createCall(tx, { tenantId: cast.a.id, userId: rep.id, state: 'ended' }),
    );
    const found = await scim(`/Users${filterQuery('userName eq "REP@acme.test"', '&startIndex=1&count=100')}`);
    expect(found.json).toMatchObject({ totalResults: 1, itemsPerPage: 1, Resources: [{ id: rep.id, active: true }] });

    const off = await scim(`/Users/${rep.id}`, {
      method: 'PATCH',
      body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] },
    });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ id: rep.id, active: false });
    expect((await userRow(rep.id)).deactivatedAt).toBeInstanceOf(Date);
    const left = await asSystem(db, { action: 'test' }, (tx) =>
      tx.select().from(sessions).where(eq(sessions.userId, rep.id)),
    );
    expect(left).toEqual([]);
    expect(token).toBeTruthy();
    const err = await rejection(
      anonymousCaller(app.deps).caller.auth.login({ email: 'rep@acme.test', password: TEST_PASSWORD }),
    );
    expect(describeTrpcError(err)).toMatchObject({ appCode: 'ACCOUNT_DEACTIVATED' });
    const kept = await asSystem(db, { action: 'test' }, (tx) => tx.select().from(calls).where(eq(calls.id, call.id)));
    expect(kept).toHaveLength(1);
    expect(await auditOf(cast.a.id, 'scim.user_deactivated')).toMatchObject([
      { actorLabel: 'SCIM token Okta', target: 'rep@acme.test', detail: '2 session(s) ended' },
    ]);

    const on = await scim(`/Users/${rep.id}`, {
      method: 'PATCH',
      body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: true } }] },
    });
    expect(on.json).toMatchObject({ active: true });
    expect((await userRow(rep.id)).deactivatedAt).toBeNull();
    expect(await auditOf(cast.a.id, 'scim.user_reactivated')).toHaveLength(1);
  });

  it('DELETE deactivates and keeps the account', async () => {
    const gone = await scim(`/Users/${id}`, { method: 'DELETE' });
    expect(gone.status).toBe(204);
    const row = await userRow(id);
    expect(row.deactivatedAt).toBeInstanceOf(Date);
    expect((await scim(`/Users/${id}`)).json).toMatchObject({ active: false });
    // a PUT without `active` leaves the account off
    const put = await scim(`/Users/${id}`, {
      method: 'PUT',
      body: { schemas: [USER], userName: 'olga@acme.test', displayName: 'Olga K.' },
    });
    expect(put.json).toMatchObject({ active: false, displayName: 'Olga K.' });
    expect((await userRow(id)).deactivatedAt).toEqual(row.deactivatedAt);
  });
});

describe('Okta: groups', () => {
  it('creates a group; its mapping gives members a user type, taken back when they leave; PUT renames and sets members', async () => {
    const rep = cast.users.rep;
    const made = await scim('/Groups', {
      method: 'POST',
      body: { schemas: [GROUP], displayName: 'Sales Managers', members: [] },
    });
    expect(made.status).toBe(201);
    const gid = made.json!.id as string;
    expect(made.json).toMatchObject({ displayName: 'Sales Managers', members: [] });

    const adminA = signedInCaller(app.deps, cast.users.adminA);
    await adminA.scim.setGroupMapping({ groupId: gid, mapping: { kind: 'userType', userType: 'manager' } });

    const added = await scim(`/Groups/${gid}`, {
      method: 'PATCH',
      body: {
        schemas: [PATCH_OP],
        Operations: [{ op: 'add', path: 'members', value: [{ value: rep.id, display: 'rep@acme.test' }] }],
      },
    });
    expect(added.status).toBe(200);
    expect(added.json!.members).toMatchObject([{ value: rep.id, display: 'rep@acme.test' }]);
    expect((await userRow(rep.id)).userType).toBe('manager');
    expect(await auditOf(cast.a.id, 'users.role_changed')).toMatchObject([
      { target: 'rep@acme.test', detail: 'user → manager (SCIM group Sales Managers)', actorLabel: 'SCIM token Okta' },
    ]);

    const removed = await scim(`/Groups/${gid}`, {
      method: 'PATCH',
      body: { schemas: [PATCH_OP], Operations: [{ op: 'remove', path: `members[value eq "${rep.id}"]` }] },
    });
    expect(removed.status).toBe(200);
    expect(removed.json!.members ?? []).toEqual([]);
    expect((await userRow(rep.id)).userType).toBe('user');

    const put = await scim(`/Groups/${gid}`, {
      method: 'PUT',
      body: { schemas: [GROUP], id: gid, displayName: 'Sales Leads', members: [{ value: rep.id }] },
    });
    expect(put.json).toMatchObject({ displayName: 'Sales Leads', members: [{ value: rep.id }] });
    expect((await userRow(rep.id)).userType).toBe('manager');
    const updates = await auditOf(cast.a.id, 'scim.group_updated');
    expect(updates.map((r) => r.detail)).toContain('displayName Sales Managers → Sales Leads; members +1 −0');

    const okRename = await scim(`/Groups/${gid}`, {
      method: 'PATCH',
      body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { id: gid, displayName: 'Sales Leaders' } }] },
    });
    expect(okRename.json).toMatchObject({ id: gid, displayName: 'Sales Leaders', members: [{ value: rep.id }] });

    expect((await scim(`/Groups/${gid}`, { method: 'DELETE' })).status).toBe(204);
    expect((await userRow(rep.id)).userType).toBe('user');
    expect((await scim(`/Groups/${gid}`)).status).toBe(404);
    expect(await auditOf(cast.a.id, 'scim.group_deleted')).toHaveLength(1);
  });

  it('a team group makes its members report to its manager', async () => {
    const rep = cast.users.rep;
    const made = await scim('/Groups', { method: 'POST', body: { schemas: [GROUP], displayName: 'Team Maria' } });
    const gid = made.json!.id as string;
    const adminA = signedInCaller(app.deps, cast.users.adminA);
    await adminA.scim.setGroupMapping({ groupId: gid, mapping: { kind: 'team', managerId: cast.users.maria.id } });
    await scim(`/Groups/${gid}`, {
      method: 'PATCH',
      body: { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'members', value: [{ value: rep.id }] }] },
    });
    expect((await userRow(rep.id)).managerId).toBe(cast.users.maria.id);
    const [view] = (await adminA.scim.groups()).filter((g) => g.id === gid);
    expect(view).toMatchObject({ memberCount: 1, managerName: 'Maria Manager', mapping: { kind: 'team' } });
    await adminA.scim.setGroupMapping({ groupId: gid, mapping: { kind: 'none' } });
    expect((await userRow(rep.id)).managerId).toBeNull();
  });
});

describe('Microsoft Entra ID', () => {
  let id: string;

  it('creates a user, renames and deactivates it with capitalised ops and string booleans', async () => {
    const none = await scim(`/Users${filterQuery('userName eq "eve@acme.test"')}`, { token: entra });
    expect(none.json).toMatchObject({ totalResults: 0 });
    const made = await scim('/Users', {
      method: 'POST',
      token: entra,
      contentType: 'application/json',
      body: {
        schemas: [USER, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
        externalId: 'e-123',
        userName: 'eve@acme.test',
        active: true,
        addresses: [{ primary: false, type: 'work', country: 'ES' }],
        displayName: 'Eve Entra',
        emails: [{ primary: true, type: 'work', value: 'eve@acme.test' }],
        meta: { resourceType: 'User' },
        name: { formatted: 'Eve Entra', familyName: 'Entra', givenName: 'Eve' },
        title: 'Rep',
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Sales' },
      },
    });
    expect(made.status).toBe(201);
    id = made.json!.id as string;
    const byExternal = await scim(`/Users${filterQuery('externalId eq "e-123" and emails.value eq "eve@acme.test"')}`, {
      token: entra,
    });
    expect(byExternal.json).toMatchObject({ totalResults: 1, Resources: [{ id }] });

    const renamed = await scim(`/Users/${id}`, {
      method: 'PATCH',
      token: entra,
      body: {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'Replace', path: 'displayName', value: 'Eve Entrada' },
          { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'Ops' },
        ],
      },
    });
    expect(renamed.status).toBe(200);
    expect((await userRow(id)).displayName).toBe('Eve Entrada');

    const off = await scim(`/Users/${id}`, {
      method: 'PATCH',
      token: entra,
      body: { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] },
    });
    expect(off.json).toMatchObject({ active: false });
    expect((await userRow(id)).deactivatedAt).toBeInstanceOf(Date);
    expect(
      (await auditOf(cast.a.id, 'scim.user_deactivated')).some((r) => r.actorLabel === 'SCIM token Entra ID'),
    ).toBe(true);
    const on = await scim(`/Users/${id}`, {
      method: 'PATCH',
      token: entra,
      body: { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'True' }] },
    });
    expect(on.json).toMatchObject({ active: true });
  });

  it('finds a group by displayName without its members, adds and removes members', async () => {
    const made = await scim('/Groups', {
      method: 'POST',
      token: entra,
      body: { schemas: [GROUP], displayName: 'Entra Reps', externalId: 'g-1', members: [] },
    });
    const gid = made.json!.id as string;
    const found = await scim(`/Groups${filterQuery('displayName eq "Entra Reps"', '&excludedAttributes=members')}`, {
      token: entra,
    });
    expect(found.json).toMatchObject({ totalResults: 1, Resources: [{ id: gid, displayName: 'Entra Reps' }] });
    expect(found.json!.Resources[0]).not.toHaveProperty('members');
    await signedInCaller(app.deps, cast.users.adminA).scim.setGroupMapping({
      groupId: gid,
      mapping: { kind: 'userType', userType: 'sales_rep' },
    });
    const add = await scim(`/Groups/${gid}`, {
      method: 'PATCH',
      token: entra,
      body: { schemas: [PATCH_OP], Operations: [{ op: 'Add', path: 'members', value: [{ value: id }] }] },
    });
    expect(add.status).toBe(200);
    expect((await userRow(id)).userType).toBe('sales_rep');
    const remove = await scim(`/Groups/${gid}`, {
      method: 'PATCH',
      token: entra,
      body: { schemas: [PATCH_OP], Operations: [{ op: 'Remove', path: 'members', value: [{ value: id }] }] },
    });
    expect(remove.status).toBe(200);
    expect((await userRow(id)).userType).toBe('user');
    const rename = await scim(`/Groups/${gid}`, {
      method: 'PATCH',
      token: entra,
      body: { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'displayName', value: 'Entra Sellers' }] },
    });
    expect(rename.json).toMatchObject({ displayName: 'Entra Sellers' });
  });
});

describe('discovery and paging', () => {
  it('describes what it supports', async () => {
    const config = await scim('/ServiceProviderConfig');
    expect(config.json).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      bulk: { supported: false },
    });
    expect((await scim('/ResourceTypes')).json).toMatchObject({ totalResults: 2 });
    const schemas = await scim('/Schemas');
    expect(schemas.json!.Resources.map((s: { id: string }) => s.id)).toEqual([USER, GROUP]);
  });

  it('pages with startIndex and count', async () => {
    const all = await scim('/Users?count=200');
    const total = all.json!.totalResults as number;
    expect(total).toBeGreaterThanOrEqual(5);
    const page = await scim('/Users?startIndex=2&count=2');
    expect(page.json).toMatchObject({ totalResults: total, itemsPerPage: 2, startIndex: 2 });
    expect(page.json!.Resources.map((r: { id: string }) => r.id)).toEqual(
      all.json!.Resources.slice(1, 3).map((r: { id: string }) => r.id),
    );
    expect((await scim('/Users?count=0')).json).toMatchObject({ totalResults: total, itemsPerPage: 0 });
  });
});

describe('refusals', () => {
  const expectScimError = (r: Awaited<ReturnType<typeof scim>>, status: number, scimType?: string) => {
    expect(r.status).toBe(status);
    expect(r.type).toMatch(/^application\/scim\+json/);
    expect(r.json).toMatchObject({ schemas: [ERROR], status: String(status), ...(scimType ? { scimType } : {}) });
  };

  it('an unsupported or unparsable filter is 400 invalidFilter', async () => {
    expectScimError(await scim(`/Users${filterQuery('userName co "acme"')}`), 400, 'invalidFilter');
    expectScimError(await scim(`/Users${filterQuery('title eq "x"')}`), 400, 'invalidFilter');
    expectScimError(await scim(`/Users${filterQuery('userName eq')}`), 400, 'invalidFilter');
    expectScimError(await scim(`/Groups${filterQuery('((displayName')}`), 400, 'invalidFilter');
    expectScimError(await scim('/Users?count=ten'), 400, 'invalidValue');
  });

  it('a taken userName is 409 uniqueness, the same answer whether the address is in this tenant or another', async () => {
    const here = await scim('/Users', { method: 'POST', body: { schemas: [USER], userName: 'maria@acme.test' } });
    expectScimError(here, 409, 'uniqueness');
    const elsewhere = await scim('/Users', { method: 'POST', body: { schemas: [USER], userName: 'admin@beta.test' } });
    expectScimError(elsewhere, 409, 'uniqueness');
    expect(elsewhere.json!.detail).toBe(here.json!.detail);
    const dupGroup = await scim('/Groups', { method: 'POST', body: { schemas: [GROUP], displayName: 'team maria' } });
    expectScimError(dupGroup, 409, 'uniqueness');
  });

  it("another tenant's token neither sees nor touches this tenant's users and groups (404)", async () => {
    const rep = cast.users.rep;
    const list = await scim(`/Users${filterQuery('userName eq "rep@acme.test"')}`, { token: other });
    expect(list.json).toMatchObject({ totalResults: 0 });
    expectScimError(await scim(`/Users/${rep.id}`, { token: other }), 404);
    const patch = await scim(`/Users/${rep.id}`, {
      method: 'PATCH',
      token: other,
      body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] },
    });
    expectScimError(patch, 404);
    expectScimError(await scim(`/Users/${rep.id}`, { method: 'DELETE', token: other }), 404);
    expect((await userRow(rep.id)).deactivatedAt).toBeNull();
    const groups = await scim('/Groups', { token: other });
    expect(groups.json).toMatchObject({ totalResults: 0 });
    // nor may it add this tenant's user to its own group
    const own = await scim('/Groups', { method: 'POST', token: other, body: { schemas: [GROUP], displayName: 'B' } });
    const sneak = await scim(`/Groups/${own.json!.id}`, {
      method: 'PATCH',
      token: other,
      body: { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'members', value: [{ value: rep.id }] }] },
    });
    expectScimError(sneak, 400, 'invalidValue');
    expectScimError(await scim('/Users/not-a-uuid'), 404);
  });

  it('no token, a wrong one, a revoked one or a signed-in session is 401, before the body is read', async () => {
    expectScimError(await scim('/Users', { token: null }), 401);
    expectScimError(await scim('/Users', { token: 'scim_abcdefgh_' + 'x'.repeat(43) }), 401);
    const { token: session } = await createSession(db, cast.users.adminA.id);
    expectScimError(await scim('/Users', { token: session }), 401);
    expectScimError(await scim('/Users', { method: 'POST', token: null, raw: '{"userName": ' }), 401);

    const adminA = signedInCaller(app.deps, cast.users.adminA);
    const made = await adminA.scim.createToken({ name: 'Short-lived' });
    expect((await scim('/Users', { token: made.secret })).status).toBe(200);
    await adminA.scim.revokeToken({ tokenId: made.token.id });
    expectScimError(await scim('/Users', { token: made.secret }), 401);
    const listed = (await adminA.scim.tokens()).find((t) => t.id === made.token.id);
    expect(listed).toMatchObject({
      name: 'Short-lived',
      revokedAt: expect.any(String),
      lastUsedAt: expect.any(String),
    });
    expect(await auditOf(cast.a.id, 'scim.token_revoked')).toMatchObject([{ actorLabel: 'admin@acme.test' }]);
  });

  it('every SCIM route is in the access table and refuses a signed-in session', async () => {
    expect(Object.keys(SCIM_ROUTE_ACCESS).sort()).toEqual([...SCIM_ROUTES].sort());
    const { token: session } = await createSession(db, cast.users.adminA.id);
    for (const route of SCIM_ROUTES) {
      const [method, path] = route.split(' ');
      const r = await scim(path.replace(':id', cast.users.rep.id), {
        method,
        token: session,
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
      });
      expect([route, r.status]).toEqual([route, 401]);
    }
  });

  it('malformed JSON, a wrong content type, NUL and a bad PATCH are 4xx SCIM errors and write nothing', async () => {
    expectScimError(await scim('/Users', { method: 'POST', raw: '{"userName": ' }), 400, 'invalidSyntax');
    const wrongType = await scim('/Users', { method: 'POST', raw: 'userName=x', contentType: 'text/plain' });
    expectScimError(wrongType, 415);
    expectScimError(await scim('/Users', { method: 'POST', body: { schemas: [USER] } }), 400, 'invalidSyntax');
    expectScimError(await scim('/Users', { method: 'POST', body: [] }), 400, 'invalidSyntax');
    expectScimError(
      await scim('/Users', { method: 'POST', body: { userName: 'not an address' } }),
      400,
      'invalidValue',
    );
    const nul = await scim('/Users', { method: 'POST', body: { userName: 'nul\u0000@acme.test' } });
    expectScimError(nul, 400, 'invalidValue');
    const nulName = await scim('/Users', {
      method: 'POST',
      body: { userName: 'nul@acme.test', name: { formatted: 'a\u0000b' } },
    });
    expectScimError(nulName, 400, 'invalidValue');
    const surrogate = await scim('/Groups', { method: 'POST', raw: '{"displayName":"\\ud800"}' });
    expectScimError(surrogate, 400, 'invalidValue');
    const rep = cast.users.rep.id;
    expectScimError(
      await scim(`/Users/${rep}`, { method: 'PATCH', body: { schemas: [PATCH_OP], Operations: [{ op: 'move' }] } }),
      400,
    );
    expectScimError(
      await scim(`/Users/${rep}`, {
        method: 'PATCH',
        body: { Operations: [{ op: 'replace', value: { active: false } }] },
      }),
      400,
    );
    expectScimError(
      await scim(`/Users/${rep}`, {
        method: 'PATCH',
        body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: 'maybe' }] },
      }),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim(`/Users/${rep}`, {
        method: 'PATCH',
        body: { schemas: [PATCH_OP], Operations: [{ op: 'remove' }] },
      }),
      400,
    );
    const nope = await scim('/Nope');
    expectScimError(nope, 404);
    const made = await asSystem(db, { action: 'test' }, (tx) =>
      tx.select().from(users).where(eq(users.email, 'nul@acme.test')),
    );
    expect(made).toEqual([]);
    expect((await userRow(rep)).deactivatedAt).toBeNull();
  });
});

describe('hostile requests', () => {
  it('odd path parameters, query strings and bodies on every route are answered, never with a 5xx', async () => {
    const segments = ['%00', '%ED%A0%80', '%FF%FE', 'x'.repeat(900), '00000000-0000-0000-0000-000000000000'];
    const queries = [
      `?filter=${encodeURIComponent('userName eq "a\u0000b"')}`,
      `?filter=${encodeURIComponent('emails[type eq "work"] and displayName eq "x"')}`,
      `?filter=${encodeURIComponent('not (userName eq "x")')}`,
      `?filter=${'('.repeat(500)}`,
      '?startIndex=-5&count=99999999999',
      '?startIndex=%00&excludedAttributes=%ED%A0%80',
      `?filter=${encodeURIComponent('userName eq 5')}`,
    ];
    const bodies = [
      '{}',
      'null',
      '"text"',
      '{"userName":{"$ne":1}}',
      '{"displayName":"\\u0000"}',
      '{"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],"Operations":[{"op":"add","path":"members[value eq \\"x\\"].display","value":1}]}',
      '{"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],"Operations":[{"op":"replace","path":"name..x[","value":{}}]}',
      '{"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],"Operations":[{"op":"remove","path":"members","value":[[1]]}]}',
      `{"userName":"${'a'.repeat(400)}@acme.test"}`,
    ];
    const seen: string[] = [];
    for (const route of SCIM_ROUTES) {
      const [method, path] = route.split(' ');
      const paths = path.includes(':id') ? segments.map((s) => path.replace(':id', s)) : [path];
      for (const p of paths) {
        const requests: { path: string; raw?: string }[] =
          method === 'GET' ? queries.map((q) => ({ path: `${p}${q}` })) : bodies.map((raw) => ({ path: p, raw }));
        for (const r of requests) {
          const res = await scim(r.path, { method, raw: r.raw });
          if (res.status >= 500 || (res.json?.schemas?.[0] !== ERROR && res.status >= 400))
            seen.push(`${method} ${r.path.slice(0, 80)} → ${res.status}`);
        }
      }
    }
    expect(seen).toEqual([]);
  });
});
