import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, supportRequests } from '../../db/schema';
import { asSystem, withTenant } from '../../db/tenant';
import type { RunningApp } from '../../server/app';
import { createSession, SESSION_COOKIE } from '../../server/auth/session';
import type { AppDeps } from '../../server/deps';
import { describeTrpcError, eventually, rejection, signedInCaller, startTestApp, testDeps, type UserRow } from '../helpers/app';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';

let database: TestDatabase;
let deps: AppDeps;
let quietDeps: AppDeps;
let rep: UserRow;
let otherTenantId: string;

const allRequests = () => asSystem(database.db, { action: 'test' }, (tx) => tx.select().from(supportRequests));
const outbox = () => asSystem(database.db, { action: 'test' }, (tx) => tx.select().from(mailOutbox));

beforeAll(async () => {
  database = await createTestDatabase();
  deps = await testDeps(database, { SUPPORT_EMAIL: 'help@spar.example' });
  quietDeps = await testDeps(database, { SUPPORT_EMAIL: '' });
  const tenant = await createTenant(database.db, { name: 'Acme' });
  otherTenantId = (await createTenant(database.db, { name: 'Other' })).id;
  rep = await createTenantUser(database.db, tenant.id, { email: 'rep@acme.test' });
});
afterAll(() => database?.cleanup());

describe('support.create', () => {
  it('stores the request in the tenant and mails SUPPORT_EMAIL through the outbox', async () => {
    const out = await signedInCaller(deps, rep).support.create({ subject: '  Mic not working ', description: 'No sound in calls', pageUrl: '/calls/1' });
    expect(out.mailed).toBe(true);
    const [row] = (await allRequests()).filter((r) => r.id === out.id);
    expect(row).toMatchObject({ tenantId: rep.tenantId, userId: rep.id, subject: 'Mic not working', description: 'No sound in calls', pageUrl: '/calls/1' });
    // visible to its own tenant, not to another
    expect(await withTenant(database.db, rep.tenantId, (tx) => tx.select().from(supportRequests).where(eq(supportRequests.id, out.id)))).toHaveLength(1);
    expect(await withTenant(database.db, otherTenantId, (tx) => tx.select().from(supportRequests))).toHaveLength(0);

    const mail = await eventually(async () => (await outbox()).find((m) => m.textBody.includes(out.id)));
    expect(mail).toMatchObject({ toAddress: 'help@spar.example', subject: '[Spar support] Mic not working', tenantId: rep.tenantId, status: 'stored' });
    expect(mail.textBody).toContain('From: rep@acme.test');
    expect(mail.textBody).toContain('Page: /calls/1');
    expect(mail.textBody).toContain('No sound in calls');
  });

  it('without SUPPORT_EMAIL the request is stored and no mail is written', async () => {
    const mailsBefore = (await outbox()).length;
    const out = await signedInCaller(quietDeps, rep).support.create({ subject: 'Quiet', description: 'x' });
    expect(out.mailed).toBe(false);
    expect((await allRequests()).some((r) => r.id === out.id)).toBe(true);
    // give the post-commit hook the same chance it had above, then check nothing arrived
    await new Promise((r) => setTimeout(r, 100));
    expect(await outbox()).toHaveLength(mailsBefore);
  });

  it('an empty subject is a 400 and nothing is stored', async () => {
    const before = (await allRequests()).length;
    const e = describeTrpcError(await rejection(signedInCaller(deps, rep).support.create({ subject: '   ', description: 'x' })));
    expect(e).toMatchObject({ trpcCode: 'BAD_REQUEST', httpStatus: 400 });
    expect(await allRequests()).toHaveLength(before);
  });
});

describe('support.create over HTTP', () => {
  let app: RunningApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp(database, { SUPPORT_EMAIL: 'help@spar.example' });
    token = (await createSession(database.db, rep.id)).token;
  });
  afterAll(() => app?.stop());

  it('an empty subject answers 400 with the field errors the form shows', async () => {
    const res = await fetch(`${app.url}/trpc/support.create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}`, origin: app.url },
      body: JSON.stringify({ subject: '', description: '' }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.data.appCode).toBe('VALIDATION');
    expect(body.error.data.fieldErrors).toEqual({ subject: ['support.subjectRequired'], description: ['support.descriptionRequired'] });
    expect(body.error.message).toBe('Invalid input');
  });

  it('a valid request from the browser is stored', async () => {
    const res = await fetch(`${app.url}/trpc/support.create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}`, origin: app.url },
      body: JSON.stringify({ subject: 'Over HTTP', description: 'hello' }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.data).toEqual({ id: expect.any(String), mailed: true });
    expect((await allRequests()).find((r) => r.id === body.result.data.id)?.subject).toBe('Over HTTP');
    await eventually(async () => (await outbox()).find((m) => m.subject === '[Spar support] Over HTTP'));
  });
});
