import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients, sessions, supportRequests, users } from '../../db/schema';
import { recordAudit } from '../../db/audit';
import { createSupportRequest } from '../../seed/factories';
import { asSystem, withTenant } from '../../db/tenant';
import { createSession } from '../../server/auth/session';
import { useTestDatabase, dbError, rows } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';

const database = useTestDatabase();
let a: { tenantId: string; userIds: string[] };
let b: { tenantId: string; userIds: string[] };

async function tenantWithData(name: string) {
  const db = database.db;
  const tenant = await createTenant(db, { name });
  const u1 = await createTenantUser(db, tenant.id, { email: `one@${name}.test` });
  const u2 = await createTenantUser(db, tenant.id, { email: `two@${name}.test` });
  await asSystem(db, { action: 'test' }, async (tx) => {
    await createSupportRequest(tx, { tenantId: tenant.id, userId: u1.id, subject: `${name} 1`, description: 'x' });
    await createSupportRequest(tx, { tenantId: tenant.id, userId: u2.id, subject: `${name} 2`, description: 'y' });
  });
  return { tenantId: tenant.id, userIds: [u1.id, u2.id] };
}

beforeAll(async () => {
  a = await tenantWithData('alpha');
  b = await tenantWithData('beta');
  await createSession(database.db, a.userIds[0]);
});

describe('row-level security', () => {
  it('a query without a tenant filter sees only the current tenant', async () => {
    const seen = await withTenant(database.db, a.tenantId, async (tx) => ({
      users: await rows<{ id: string; tenant_id: string }>(tx, sql`select * from users`),
      support: await rows<{ subject: string; tenant_id: string }>(tx, sql`select * from support_requests`),
      drizzleUsers: await tx.select({ id: users.id }).from(users),
    }));
    expect(seen.users.map((r) => r.id).sort()).toEqual([...a.userIds].sort());
    expect(seen.users.every((r) => r.tenant_id === a.tenantId)).toBe(true);
    expect(seen.support.map((r) => r.subject).sort()).toEqual(['alpha 1', 'alpha 2']);
    expect(seen.drizzleUsers).toHaveLength(2);
    // …while the system path sees both tenants, so the filter above is RLS, not an empty table
    const all = await asSystem(database.db, { action: 'test' }, (tx) => tx.select({ id: users.id }).from(users));
    expect(all).toHaveLength(4);
  });

  it('the other tenant sees its own rows', async () => {
    const subjects = await withTenant(database.db, b.tenantId, (tx) =>
      tx.select({ s: supportRequests.subject }).from(supportRequests),
    );
    expect(subjects.map((r) => r.s).sort()).toEqual(['beta 1', 'beta 2']);
  });

  it('clients shows only the own client row', async () => {
    const seen = await withTenant(database.db, a.tenantId, (tx) =>
      tx.select({ id: clients.id, name: clients.name }).from(clients),
    );
    expect(seen).toEqual([{ id: a.tenantId, name: 'alpha' }]);
  });

  it("inserting a row with another tenant's id fails", async () => {
    const err = await dbError(
      withTenant(database.db, a.tenantId, (tx) =>
        tx.insert(supportRequests).values({ tenantId: b.tenantId, subject: 'sneaky', description: 'z' }),
      ),
    );
    expect(err.code).toBe('42501');
    expect(err.message).toMatch(/row-level security/i);
    const sneaky = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select().from(supportRequests).where(eq(supportRequests.subject, 'sneaky')),
    );
    expect(sneaky).toHaveLength(0);
  });

  it('an unfiltered update touches only the current tenant', async () => {
    await withTenant(database.db, a.tenantId, (tx) => tx.execute(sql`update users set display_name = 'renamed'`));
    const all = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select({ tenantId: users.tenantId, name: users.displayName }).from(users),
    );
    expect(all.filter((u) => u.tenantId === a.tenantId).map((u) => u.name)).toEqual(['renamed', 'renamed']);
    expect(all.filter((u) => u.tenantId === b.tenantId).map((u) => u.name)).toEqual([null, null]);
  });

  it('the application role cannot create clients or read sessions', async () => {
    const read = await dbError(withTenant(database.db, a.tenantId, (tx) => tx.select().from(sessions)));
    expect(read.message).toMatch(/permission denied for table sessions/i);
    const create = await dbError(
      withTenant(database.db, a.tenantId, (tx) => tx.insert(clients).values({ name: 'x', schemaName: 'x' })),
    );
    expect(create.message).toMatch(/permission denied for table clients/i);
    // the session exists: the denial is a privilege, not an empty table
    const n = await asSystem(database.db, { action: 'test' }, (tx) => tx.select().from(sessions));
    expect(n).toHaveLength(1);
  });

  it('with no tenant set, the application role sees nothing', async () => {
    const seen = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role spar_app`);
      return tx.select().from(users);
    });
    expect(seen).toHaveLength(0);
  });
});

describe('the audit log is append-only for the application role', () => {
  it("a tenant adds and reads its own rows, never another tenant's, and cannot change or remove any", async () => {
    await withTenant(database.db, a.tenantId, (tx) =>
      recordAudit(tx, { tenantId: a.tenantId, action: 'test.appended', actorLabel: 'one@alpha.test' }),
    );
    await asSystem(database.db, { action: 'test' }, (tx) =>
      recordAudit(tx, { tenantId: b.tenantId, action: 'test.appended', actorLabel: 'one@beta.test' }),
    );
    const seen = await withTenant(database.db, a.tenantId, (tx) =>
      tx
        .select({ tenantId: auditLog.tenantId, label: auditLog.actorLabel })
        .from(auditLog)
        .where(eq(auditLog.action, 'test.appended')),
    );
    expect(seen).toEqual([{ tenantId: a.tenantId, label: 'one@alpha.test' }]);
    // writing another tenant's row is refused by the policy
    expect(
      await dbError(
        withTenant(database.db, a.tenantId, (tx) => recordAudit(tx, { tenantId: b.tenantId, action: 'test.forged' })),
      ),
    ).toMatchObject({ message: expect.stringMatching(/row-level security/) });
    // no UPDATE or DELETE privilege at all
    expect(
      await dbError(
        withTenant(database.db, a.tenantId, (tx) =>
          tx.update(auditLog).set({ action: 'test.rewritten' }).where(eq(auditLog.tenantId, a.tenantId)),
        ),
      ),
    ).toMatchObject({ message: expect.stringMatching(/permission denied/) });
    expect(
      await dbError(
        withTenant(database.db, a.tenantId, (tx) => tx.delete(auditLog).where(eq(auditLog.tenantId, a.tenantId))),
      ),
    ).toMatchObject({ message: expect.stringMatching(/permission denied/) });
  });
});

describe('RLS catalogue', () => {
  // A tenant-owned table forces RLS with a policy; a system table (audit_log) is closed to the
  // application role altogether. A new table that is neither fails here.
  it('every public table with a tenant_id column forces RLS and has a policy, or is closed to spar_app', async () => {
    const tables = await rows<{ table: string; rls: boolean; forced: boolean; policies: number; app_access: boolean }>(
      database.db,
      sql`select c.relname as "table", c.relrowsecurity as rls, c.relforcerowsecurity as forced,
                 (select count(*)::int from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies,
                 has_table_privilege('spar_app', c.oid, 'SELECT, INSERT, UPDATE, DELETE') as app_access
            from pg_class c
            join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'p')
             and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
           order by 1`,
    );
    const names = tables.map((t) => t.table);
    expect(names).toEqual(expect.arrayContaining(['users', 'support_requests', 'mail_outbox']));
    const unprotected = tables
      .filter((t) => t.app_access && (!t.rls || !t.forced || t.policies < 1))
      .map((t) => t.table);
    expect(unprotected).toEqual([]);
    // the privilege check discriminates: sign-in states (system only) are closed, users is not
    expect(tables.find((t) => t.table === 'sso_login_states')?.app_access).toBe(false);
    expect(tables.find((t) => t.table === 'users')?.app_access).toBe(true);
  });

  it('the clients table (keyed by id) is protected too', async () => {
    const [c] = await rows<{ rls: boolean; forced: boolean }>(
      database.db,
      sql`select relrowsecurity as rls, relforcerowsecurity as forced from pg_class where oid = 'public.clients'::regclass`,
    );
    expect(c).toEqual({ rls: true, forced: true });
  });
});
