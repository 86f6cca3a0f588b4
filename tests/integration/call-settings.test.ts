import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callSettings } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { getCallTransport, setCallTransport } from '../../server/services/calls/call-settings';
import { describeTrpcError, rejection, signedInCaller, type UserRow } from '../helpers/app';
import { useTestDatabase, dbError, rows, systemRunner } from '../helpers/db';
import { useTwoTenants } from '../helpers/lifecycle';

const database = useTestDatabase();
const t = useTwoTenants(database, {
  a: { adminA: { userType: 'admin' }, managerA: { userType: 'manager' }, repA: { userType: 'sales_rep' } },
  b: { adminB: { userType: 'admin' } },
});

const as = (u: UserRow) => signedInCaller(t.deps, u);
const sys = systemRunner(database);
/** Every stored row, seen past RLS: what the database really holds. */
const stored = () =>
  sys((tx) => tx.select({ tenantId: callSettings.tenantId, transport: callSettings.transport }).from(callSettings));
const storedFor = async (tenantId: string) => (await stored()).find((r) => r.tenantId === tenantId)?.transport;

describe('call connection setting', () => {
  it('is automatic while the tenant has chosen nothing', async () => {
    expect(await stored()).toEqual([]);
    expect(await as(t.adminA).callSettings.get()).toEqual({ transport: 'auto' });
    expect(await withTenant(database.db, t.tenantA, (tx) => getCallTransport(tx, t.tenantA))).toBe('auto');
  });

  it('an admin sets it and reads it back; the service sees the same value', async () => {
    expect(await as(t.adminA).callSettings.update({ transport: 'relay' })).toEqual({ transport: 'relay' });
    expect(await as(t.adminA).callSettings.get()).toEqual({ transport: 'relay' });
    expect(await storedFor(t.tenantA)).toBe('relay');
    // a second choice updates the one row
    expect(await as(t.adminA).callSettings.update({ transport: 'webrtc' })).toEqual({ transport: 'webrtc' });
    expect(await withTenant(database.db, t.tenantA, (tx) => getCallTransport(tx, t.tenantA))).toBe('webrtc');
    expect(await stored()).toEqual([{ tenantId: t.tenantA, transport: 'webrtc' }]);
  });

  it('is FORBIDDEN to a manager and a rep, who change nothing', async () => {
    for (const user of [t.managerA, t.repA]) {
      expect(describeTrpcError(await rejection(as(user).callSettings.get())).appCode).toBe('FORBIDDEN');
      expect(describeTrpcError(await rejection(as(user).callSettings.update({ transport: 'relay' }))).appCode).toBe(
        'FORBIDDEN',
      );
    }
    expect(await storedFor(t.tenantA)).toBe('webrtc');
  });

  it('refuses a value outside auto | webrtc | relay with a 400, and keeps the stored one', async () => {
    for (const transport of ['sip', '', 'AUTO', null]) {
      const e = describeTrpcError(await rejection(as(t.adminA).callSettings.update({ transport } as never)));
      expect(e).toMatchObject({ trpcCode: 'BAD_REQUEST', httpStatus: 400 });
    }
    expect(describeTrpcError(await rejection(as(t.adminA).callSettings.update({} as never))).httpStatus).toBe(400);
    expect(await storedFor(t.tenantA)).toBe('webrtc');
    expect(await as(t.adminA).callSettings.get()).toEqual({ transport: 'webrtc' });
  });

  it("is each tenant's own: another tenant neither sees nor changes it", async () => {
    // tenant B still has the default, then its own choice, while A keeps its own
    expect(await as(t.adminB).callSettings.get()).toEqual({ transport: 'auto' });
    expect(await as(t.adminB).callSettings.update({ transport: 'relay' })).toEqual({ transport: 'relay' });
    expect(await as(t.adminA).callSettings.get()).toEqual({ transport: 'webrtc' });
    expect(await stored()).toHaveLength(2);
    expect(await storedFor(t.tenantA)).toBe('webrtc');
    expect(await storedFor(t.tenantB)).toBe('relay');
  });

  it('row-level security hides and protects the other tenant’s row, even without a tenant filter', async () => {
    // an unfiltered read in B's transaction sees only B's row
    const seen = await withTenant(database.db, t.tenantB, (tx) =>
      rows<{ tenant_id: string; transport: string }>(tx, sql`select tenant_id, transport from call_settings`),
    );
    expect(seen).toEqual([{ tenant_id: t.tenantB, transport: 'relay' }]);
    // asking for A's setting from B's transaction finds no row: the default, not A's 'webrtc'
    expect(await withTenant(database.db, t.tenantB, (tx) => getCallTransport(tx, t.tenantA))).toBe('auto');
    // writing A's setting from B's transaction is refused by the policy
    const write = await dbError(withTenant(database.db, t.tenantB, (tx) => setCallTransport(tx, t.tenantA, 'relay')));
    expect(write.code).toBe('42501');
    expect(write.message).toMatch(/row-level security/i);
    // an unfiltered update or delete in B's transaction touches only B's row
    await withTenant(database.db, t.tenantB, (tx) => tx.execute(sql`update call_settings set transport = 'auto'`));
    await withTenant(database.db, t.tenantB, (tx) =>
      tx.delete(callSettings).where(eq(callSettings.tenantId, t.tenantA)),
    );
    expect(await storedFor(t.tenantA)).toBe('webrtc');
    expect(await storedFor(t.tenantB)).toBe('auto');
  });

  it('goes with its tenant when the tenant is deleted', async () => {
    await sys((tx) => tx.execute(sql`delete from clients where id = ${t.tenantB}`));
    expect(await storedFor(t.tenantB)).toBeUndefined();
    expect(await storedFor(t.tenantA)).toBe('webrtc');
  });
});
