import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, icps } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import { resolveTenantAccess } from '../../server/access/tenant-access';
import { useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';

const database = useTestDatabase();
let tenantA: string;
let tenantB: string;
let admin: { id: string; tenantId: string };
let superuser: { id: string; tenantId: string };

const audits = (action: string) =>
  asSystem(database.db, { action: 'test' }, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.tenantId, tenantB))),
  );
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as { code?: string },
  );

beforeAll(async () => {
  tenantA = (await createTenant(database.db, { name: 'Acme' })).id;
  tenantB = (await createTenant(database.db, { name: 'Globex' })).id;
  const internal = await createTenant(database.db, { name: 'Internal', type: 'internal' });
  admin = { id: (await createTenantUser(database.db, tenantA, { userType: 'admin' })).id, tenantId: tenantA };
  superuser = {
    id: (await createTenantUser(database.db, internal.id, { userType: 'superuser' })).id,
    tenantId: internal.id,
  };
});

describe('resolveTenantAccess', () => {
  it('own tenant without clientId or with the own id; a role outside `roles` is FORBIDDEN', async () => {
    expect((await resolveTenantAccess(database.db, admin, 'admin')).tenantId).toBe(tenantA);
    expect(await resolveTenantAccess(database.db, admin, 'admin', { clientId: tenantA })).toMatchObject({
      tenantId: tenantA,
      foreign: false,
    });
    expect((await failure(resolveTenantAccess(database.db, admin, 'admin', { roles: ['sales_manager'] })))?.code).toBe(
      'FORBIDDEN',
    );
  });

  it('only a superuser names another client, and only an existing one', async () => {
    expect((await failure(resolveTenantAccess(database.db, admin, 'admin', { clientId: tenantB })))?.code).toBe(
      'FORBIDDEN',
    );
    expect(
      (
        await failure(
          resolveTenantAccess(database.db, superuser, 'superuser', {
            clientId: '00000000-0000-4000-8000-000000000000',
          }),
        )
      )?.code,
    ).toBe('NOT_FOUND');
    expect(
      (await failure(resolveTenantAccess(database.db, superuser, 'superuser', { clientId: 'not-a-uuid' })))?.code,
    ).toBe('CLIENT_ID_REQUIRED');
    expect(await resolveTenantAccess(database.db, superuser, 'superuser', { clientId: tenantB })).toMatchObject({
      tenantId: tenantB,
      foreign: true,
    });
  });

  it("a superuser's foreign write is audited once, in the transaction that commits it", async () => {
    const access = await resolveTenantAccess(database.db, superuser, 'superuser', {
      clientId: tenantB,
      audit: { action: 'superuser.test.write' },
    });
    // a failing step rolls its audit row back with its writes
    const err = await failure(
      access.tenant(async (tx) => {
        await tx.insert(icps).values({ tenantId: tenantB, name: 'Rolled back' });
        throw new Error('boom');
      }),
    );
    expect(err).toBeInstanceOf(Error);
    expect(await audits('superuser.test.write')).toHaveLength(0);
    await access.tenant((tx) => tx.insert(icps).values({ tenantId: tenantB, name: 'Kept' }));
    await access.tenant((tx) => tx.select().from(icps));
    await access.settle();
    const rows = await audits('superuser.test.write');
    expect(rows).toHaveLength(1);
    expect(rows[0].actorUserId).toBe(superuser.id);
  });

  it('settle writes the audit row when no tenant transaction carried it', async () => {
    const access = await resolveTenantAccess(database.db, superuser, 'superuser', { clientId: tenantB });
    await access.settle({ action: 'superuser.test.upload', detail: 'file-1' });
    expect(await audits('superuser.test.upload')).toEqual([
      expect.objectContaining({ detail: 'file-1', actorUserId: superuser.id }),
    ]);
  });
});
