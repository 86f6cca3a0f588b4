import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { callSettings } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import type { AppDeps } from '../../server/deps';
import { getCallTransport, setCallTransport } from '../../server/services/calls/call-settings';
import { describeTrpcError, rejection, signedInCaller, testDeps, type UserRow } from '../helpers/app';
import { useTestDatabase, dbError, rows, systemRunner } from '../helpers/db';
import { createTwoTenants } from '../helpers/factories';

const database = useTestDatabase();
let deps: AppDeps;
let tenantA: string;
let tenantB: string;
let adminA: UserRow;
let managerA: UserRow;
let repA: UserRow;
let adminB: UserRow;

const as = (u: UserRow) => signedInCaller(deps, u);
const sys = systemRunner(database);
/** Every stored row, seen past RLS: what the database really holds. */
const stored = () =>
  sys((tx) => tx.select({ tenantId: callSettings.tenantId, transport: callSettings.transport }).from(callSettings));
const storedFor = async (tenantId: string) => (await stored()).find((r) => r.tenantId === tenantId)?.transport;

beforeAll(async () => {
  deps = await testDeps(database);
  const cast = await createTwoTenants(database.db, {
    a: { adminA: { userType: 'admin' }, managerA: { userType: 'manager' }, repA: { userType: 'sales_rep' } },
    b: { adminB: { userType: 'admin' } },
  });
  ({ adminA, managerA, repA, adminB } = cast.users);
  tenantA = cast.a.id;
  tenantB = cast.b.id;
});

describe('call connection setting', () => {
  it('is automatic while the tenant has chosen nothing', async () => {
    expect(await stored()).toEqual([]);
    expect(await as(adminA).callSettings.get()).toEqual({ transport: 'auto' });
    expect(await withTenant(database.db, tenantA, (tx) => getCallTransport(tx, tenantA))).toBe('auto');
  });

  it('an admin sets it and reads it back; the service sees the same value', async () => {
    expect(await as(adminA).callSettings.update({ transport: 'relay' })).toEqual({ transport: 'relay' });
    expect(await as(adminA).callSettings.get()).toEqual({ transport: 'relay' });
    expect(await storedFor(tenantA)).toBe('relay');
    // a second choice updates the one row
    expect(await as(adminA).callSettings.update({ transport: 'webrtc' })).toEqual({ transport: 'webrtc' });
    expect(await withTenant(database.db, tenantA, (tx) => getCallTransport(tx, tenantA))).toBe('webrtc');
    expect(await stored()).toEqual([{ tenantId: tenantA, transport: 'webrtc' }]);
  });

  it('is FORBIDDEN to a manager and a rep, who change nothing', async () => {
    for (const user of [managerA, repA]) {
      expect(describeTrpcError(await rejection(as(user).callSettings.get())).appCode).toBe('FORBIDDEN');
      expect(describeTrpcError(await rejection(as(user).callSettings.update({ transport: 'relay' }))).appCode).toBe(
        'FORBIDDEN',
      );
    }
    expect(await storedFor(tenantA)).toBe('webrtc');
  });

  it('refuses a value outside auto | webrtc | relay with a 400, and keeps the stored one', async () => {
    for (const transport of ['sip', '', 'AUTO', null]) {
      const e = describeTrpcError(await rejection(as(adminA).callSettings.update({ transport } as never)));
      expect(e).toMatchObject({ trpcCode: 'BAD_REQUEST', httpStatus: 400 });
    }
    expect(describeTrpcError(await rejection(as(adminA).callSettings.update({} as never))).httpStatus).toBe(400);
    expect(await storedFor(tenantA)).toBe('webrtc');
    expect(await as(adminA).callSettings.get()).toEqual({ transport: 'webrtc' });
  });

  it("is each tenant's own: another tenant neither sees nor changes it", async () => {
    // tenant B still has the default, then its own choice, while A keeps its own
    expect(await as(adminB).callSettings.get()).toEqual({ transport: 'auto' });
    expect(await as(adminB).callSettings.update({ transport: 'relay' })).toEqual({ transport: 'relay' });
    expect(await as(adminA).callSettings.get()).toEqual({ transport: 'webrtc' });
    expect(await stored()).toHaveLength(2);
    expect(await storedFor(tenantA)).toBe('webrtc');
    expect(await storedFor(tenantB)).toBe('relay');
  });

  it('row-level security hides and protects the other tenant’s row, even without a tenant filter', async () => {
    // an unfiltered read in B's transaction sees only B's row
    const seen = await withTenant(database.db, tenantB, (tx) =>
      rows<{ tenant_id: string; transport: string }>(tx, sql`select tenant_id, transport from call_settings`),
    );
    expect(seen).toEqual([{ tenant_id: tenantB, transport: 'relay' }]);
    // asking for A's setting from B's transaction finds no row: the default, not A's 'webrtc'
    expect(await withTenant(database.db, tenantB, (tx) => getCallTransport(tx, tenantA))).toBe('auto');
    // writing A's setting from B's transaction is refused by the policy
    const write = await dbError(withTenant(database.db, tenantB, (tx) => setCallTransport(tx, tenantA, 'relay')));
    expect(write.code).toBe('42501');
    expect(write.message).toMatch(/row-level security/i);
    // an unfiltered update or delete in B's transaction touches only B's row
    await withTenant(database.db, tenantB, (tx) => tx.execute(sql`update call_settings set transport = 'auto'`));
    await withTenant(database.db, tenantB, (tx) => tx.delete(callSettings).where(eq(callSettings.tenantId, tenantA)));
    expect(await storedFor(tenantA)).toBe('webrtc');
    expect(await storedFor(tenantB)).toBe('auto');
  });

  it('goes with its tenant when the tenant is deleted', async () => {
    await sys((tx) => tx.execute(sql`delete from clients where id = ${tenantB}`));
    expect(await storedFor(tenantB)).toBeUndefined();
    expect(await storedFor(tenantA)).toBe('webrtc');
  });
});
