import { and, eq, isNull } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import type { AppDeps } from '../../server/deps';
import { createWorker } from '../../server/jobs/worker';
import { sweepAuditLog } from '../../server/services/audit/retention';
import { usersImportHandler } from '../../server/services/users/import-jobs';
import { msUntilAuditSweep } from '../../server/wiring';
import { describeTrpcError, rejection, signedInCaller, testDeps, type UserRow } from '../helpers/app';
import { systemRunner, useTestDatabase } from '../helpers/db';
import { createTwoTenants } from '../helpers/factories';

const database = useTestDatabase();
const sys = systemRunner(database);
let deps: AppDeps;
let tenantA: string;
let tenantB: string;
let adminA: UserRow;
let managerA: UserRow;
let repA: UserRow;
let adminB: UserRow;
let superuser: UserRow;

const IP = '203.0.113.7';
const as = (u: UserRow, ip = IP) => signedInCaller(deps, u, { ip });

/** The rows of `action` in `tenantId`, oldest first, read on the system path. */
const rowsOf = (tenantId: string, action: string) =>
  sys((tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.action, action)))
      .orderBy(auditLog.createdAt),
  );

beforeAll(async () => {
  deps = await testDeps(database, { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' });
  const t = await createTwoTenants(database.db, {
    a: {
      adminA: { email: 'admin@acme.test', username: 'ada', userType: 'admin' },
      managerA: { email: 'manager@acme.test', username: 'morgan', userType: 'manager' },
      repA: { email: 'rep@acme.test', username: 'riley', userType: 'sales_rep' },
    },
    b: { adminB: { email: 'admin@beta.test', username: 'bea', userType: 'admin' } },
  });
  ({ adminA, managerA, repA, adminB } = t.users);
  superuser = t.superuser;
  tenantA = t.a.id;
  tenantB = t.b.id;
});

describe('security-relevant actions are recorded with who, where and what', () => {
  it('a role change: the target e-mail, old → new, the admin and their address', async () => {
    await as(adminA).users.update({ id: repA.id, userType: 'manager' });
    const [row] = await rowsOf(tenantA, 'users.role_changed');
    expect(row).toMatchObject({
      actorUserId: adminA.id,
      actorLabel: 'admin@acme.test',
      ip: IP,
      userAgent: 'test',
      target: 'rep@acme.test',
      outcome: 'success',
      detail: 'sales_rep → manager',
    });
    // a manager change and a password set by the admin are their own rows
    await as(adminA).users.update({ id: repA.id, managerId: adminA.id, password: 'A-new-password-1' });
    expect((await rowsOf(tenantA, 'users.manager_changed'))[0]).toMatchObject({
      target: 'rep@acme.test',
      detail: '— → admin@acme.test',
    });
    expect(await rowsOf(tenantA, 'users.password_set')).toHaveLength(1);
  });

  it('an API key created and revoked: its public prefix', async () => {
    const made = await as(adminA).apiKeys.generate({ integration: 'Greenhouse' });
    await as(adminA).apiKeys.revoke({ apiKeyId: made.apiKey.id });
    for (const action of ['api_keys.created', 'api_keys.revoked'])
      expect(await rowsOf(tenantA, action)).toEqual([
        expect.objectContaining({
          target: made.apiKey.prefix,
          detail: 'Greenhouse',
          actorLabel: 'admin@acme.test',
          ip: IP,
        }),
      ]);
    expect(made.key).toContain(made.apiKey.prefix);
  });

  it('a webhook created, updated, rotated and deleted: its URL without the query', async () => {
    const made = await as(adminA).webhooks.create({
      url: 'http://127.0.0.1:9/hook?token=receiver-secret',
      events: ['assessment.completed'],
    });
    await as(adminA).webhooks.update({ endpointId: made.endpoint.id, description: 'Renamed' });
    await as(adminA).webhooks.rotateSecret({ endpointId: made.endpoint.id });
    await as(adminA).webhooks.delete({ endpointId: made.endpoint.id });
    for (const action of ['webhooks.created', 'webhooks.updated', 'webhooks.secret_rotated', 'webhooks.deleted']) {
      const rows = await rowsOf(tenantA, action);
      expect(rows.map((r) => [r.target, r.actorLabel, r.ip])).toEqual([
        ['http://127.0.0.1:9/hook', 'admin@acme.test', IP],
      ]);
    }
  });

  it('the users CSV export', async () => {
    const { count } = await as(adminA).users.exportCsv({});
    expect(await rowsOf(tenantA, 'export.users')).toEqual([
      expect.objectContaining({ actorLabel: 'admin@acme.test', ip: IP, detail: `${count} rows` }),
    ]);
  });

  it('a user created and deleted: their e-mail', async () => {
    const { user } = await as(adminA).users.create({
      email: 'temp@acme.test',
      username: 'temp',
      userType: 'sales_rep',
      password: 'A-good-password-1',
    });
    await as(adminA).users.delete({ id: user.id });
    expect((await rowsOf(tenantA, 'users.created'))[0]).toMatchObject({ target: 'temp@acme.test', ip: IP });
    expect((await rowsOf(tenantA, 'users.deleted'))[0]).toMatchObject({
      target: 'temp@acme.test',
      actorUserId: adminA.id,
      ip: IP,
    });
  });

  it('a refused change writes nothing', async () => {
    const before = (await rowsOf(tenantA, 'users.deleted')).length;
    expect(describeTrpcError(await rejection(as(adminA).users.delete({ id: adminA.id })))).toMatchObject({
      trpcCode: 'BAD_REQUEST',
    });
    expect(await rowsOf(tenantA, 'users.deleted')).toHaveLength(before);
  });

  it('a bulk import, when its job has created the accounts: how many, by whom, from where', async () => {
    const csv =
      'email,display_name,user_type,username,password,manager_email\nimp1@acme.test,Imp One,Sales Rep,imp1,,\n';
    const { id } = await as(adminA).users.bulkImport.start({ csv });
    const worker = createWorker({
      db: database.db,
      handlers: { users_import: usersImportHandler({ policy: deps.env.passwordPolicy }) },
      orphans: 'none',
    });
    while (await worker.runOnce());
    expect((await as(adminA).users.bulkImport.status({ id })).phase).toBe('done');
    expect(await rowsOf(tenantA, 'users.imported')).toEqual([
      expect.objectContaining({ actorUserId: adminA.id, actorLabel: 'admin@acme.test', ip: IP, detail: '1 users' }),
    ]);
  });

  it("a superuser's write on a client is in that client's log with their e-mail and address", async () => {
    await signedInCaller(deps, superuser, { ip: '198.51.100.9' }).users.update({
      id: adminB.id,
      displayName: 'Bea B.',
      clientId: tenantB,
    });
    const rows = await rowsOf(tenantB, 'superuser.users.update');
    expect(rows).toEqual([
      expect.objectContaining({ actorUserId: superuser.id, actorLabel: superuser.email, ip: '198.51.100.9' }),
    ]);
    // and tenant B's admin reads it in their own log, under "superuser"
    const list = await as(adminB).audit.list({ family: 'superuser' });
    expect(list.rows.map((r) => r.action)).toEqual(['superuser.users.update']);
  });
});

describe('audit.list', () => {
  it('filters by family, text, outcome and dates, newest first, with a total', async () => {
    const all = await as(adminA).audit.list({});
    expect(all.total).toBe(all.rows.length);
    expect(all.rows.length).toBeGreaterThan(10);
    const times = all.rows.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const usersFamily = await as(adminA).audit.list({ family: 'users' });
    expect(new Set(usersFamily.rows.map((r) => r.action))).toEqual(
      new Set([
        'users.role_changed',
        'users.manager_changed',
        'users.password_set',
        'users.created',
        'users.deleted',
        'users.imported',
      ]),
    );
    const keys = await as(adminA).audit.list({ family: 'keys' });
    expect(keys.rows.every((r) => r.action.startsWith('api_keys.') || r.action.startsWith('webhooks.'))).toBe(true);
    expect(keys.total).toBe(6);
    expect((await as(adminA).audit.list({ family: 'deletions' })).rows.map((r) => r.action).sort()).toEqual([
      'users.deleted',
      'webhooks.deleted',
    ]);
    expect((await as(adminA).audit.list({ family: 'exports' })).rows.map((r) => r.action)).toEqual(['export.users']);

    // free text on the actor or the target, any case; a LIKE wildcard is only a character
    expect((await as(adminA).audit.list({ q: 'TEMP@acme' })).rows.map((r) => r.action).sort()).toEqual([
      'users.created',
      'users.deleted',
    ]);
    expect((await as(adminA).audit.list({ q: '%' })).total).toBe(0);
    expect((await as(adminA).audit.list({ outcome: 'failure' })).total).toBe(0);
    expect((await as(adminA).audit.list({ outcome: 'success' })).total).toBe(all.total);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await as(adminA).audit.list({ from: future })).total).toBe(0);
    expect((await as(adminA).audit.list({ to: future })).total).toBe(all.total);
  });

  it('pages by 50', async () => {
    for (let i = 0; i < 55; i++)
      await sys((tx) =>
        tx.insert(auditLog).values({ tenantId: tenantA, action: 'scim.user_updated', target: `p${i}@acme.test` }),
      );
    const first = await as(adminA).audit.list({ family: 'provisioning' });
    const second = await as(adminA).audit.list({ family: 'provisioning', page: 2 });
    // the 55 provisioning rows and the import's
    expect([first.total, first.rows.length, second.rows.length, first.pageSize]).toEqual([56, 50, 6, 50]);
    const ids = new Set([...first.rows, ...second.rows].map((r) => r.id));
    expect(ids.size).toBe(56);
  });

  it('is for admins only: a manager or a rep is refused', async () => {
    for (const u of [managerA, repA]) {
      expect(describeTrpcError(await rejection(as(u).audit.list({}))).trpcCode).toBe('FORBIDDEN');
      expect(describeTrpcError(await rejection(as(u).audit.exportCsv({}))).trpcCode).toBe('FORBIDDEN');
      expect(describeTrpcError(await rejection(as(u).audit.setRetention({ days: 90 }))).trpcCode).toBe('FORBIDDEN');
    }
  });

  it("shows a tenant's own rows only", async () => {
    const b = await as(adminB).audit.list({});
    expect(b.rows.every((r) => !r.target?.endsWith('@acme.test') && r.actorLabel !== 'admin@acme.test')).toBe(true);
    expect(b.total).toBe(1);
    // naming another client is refused to an admin
    expect(describeTrpcError(await rejection(as(adminB).audit.list({ clientId: tenantA }))).trpcCode).toBe('FORBIDDEN');
    // a superuser reads a client's log by naming it
    const su = await signedInCaller(deps, superuser).audit.list({ clientId: tenantA, family: 'exports' });
    expect(su.rows.map((r) => r.action)).toEqual(['export.users']);
  });
});

describe('audit.exportCsv', () => {
  it('writes the filtered rows as CSV and records itself', async () => {
    const { csv, count } = await as(adminA).audit.exportCsv({ family: 'users', q: 'temp@' });
    const rows = parse(csv) as string[][];
    expect(rows[0]).toEqual(['time', 'actor', 'action', 'target', 'outcome', 'ip', 'user_agent', 'detail']);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3], r[4], r[5]])).toEqual([
      ['admin@acme.test', 'users.deleted', 'temp@acme.test', 'success', IP],
      ['admin@acme.test', 'users.created', 'temp@acme.test', 'success', IP],
    ]);
    expect(count).toBe(2);
    expect(await rowsOf(tenantA, 'export.audit_log')).toEqual([
      expect.objectContaining({ actorLabel: 'admin@acme.test', ip: IP, detail: '2 rows' }),
    ]);
  });
});

describe('retention', () => {
  it('audit.setRetention accepts 30–3650 days, writes only that setting and records the change', async () => {
    expect((await as(adminA).audit.settings({})).retentionDays).toBe(365);
    for (const days of [29, 3651, 45.5])
      expect(describeTrpcError(await rejection(as(adminA).audit.setRetention({ days }))).trpcCode).toBe('BAD_REQUEST');
    expect(await as(adminA).audit.setRetention({ days: 30 })).toEqual({ retentionDays: 30 });
    expect((await as(adminA).audit.settings({})).retentionDays).toBe(30);
    expect((await as(adminB).audit.settings({})).retentionDays).toBe(365);
    expect(await rowsOf(tenantA, 'security.audit_retention_changed')).toEqual([
      expect.objectContaining({ detail: '365 → 30', actorLabel: 'admin@acme.test', ip: IP }),
    ]);
  });

  it("the sweep deletes each tenant's rows older than its retention, and superuser rows of no tenant after 365 days", async () => {
    // the injected clock: a day from now, so the rows the other tests wrote today are a day old
    const now = new Date(Date.now() + 86_400_000);
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    const put = (tenantId: string | null, action: string, days: number) =>
      sys((tx) => tx.insert(auditLog).values({ tenantId, action, createdAt: daysAgo(days) }));
    await put(tenantA, 'test.a_old', 31);
    await put(tenantA, 'test.a_recent', 29);
    await put(tenantB, 'test.b_old', 366);
    await put(tenantB, 'test.b_kept', 40);
    await put(null, 'test.system_old', 366);
    await put(null, 'test.system_kept', 300);
    expect(await sweepAuditLog(database.db, now)).toBeGreaterThanOrEqual(3);
    const left = await sys((tx) => tx.select({ action: auditLog.action }).from(auditLog));
    const actions = left.map((r) => r.action).filter((a) => a.startsWith('test.'));
    expect(actions.sort()).toEqual(['test.a_recent', 'test.b_kept', 'test.system_kept']);
    // the rows written today (tenant B's superuser row among them) are left alone
    expect(await rowsOf(tenantB, 'superuser.users.update')).toHaveLength(1);
    const nullRows = await sys((tx) => tx.select().from(auditLog).where(isNull(auditLog.tenantId)));
    expect(nullRows.map((r) => r.action)).not.toContain('test.system_old');
  });

  it('runs at night: the next sweep is at 02:00 UTC', () => {
    expect(msUntilAuditSweep(new Date('2031-06-15T01:00:00Z'))).toBe(3_600_000);
    expect(msUntilAuditSweep(new Date('2031-06-15T02:00:00Z'))).toBe(24 * 3_600_000);
    expect(msUntilAuditSweep(new Date('2031-06-15T23:00:00Z'))).toBe(3 * 3_600_000);
  });
});
