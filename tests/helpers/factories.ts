import type { Db } from '../../db/client';
import { createClient, createUser, type ClientFields, type UserFields } from '../../db/seed/factories';
import { asSystem } from '../../db/tenant';

/** A password that satisfies the default policy and the strict ones tests configure. */
export const TEST_PASSWORD = 'Correct-Horse-7';

/** A tenant (client row), written through the audited system path like the real seed. */
export function createTenant(db: Db, fields: ClientFields = {}) {
  return asSystem(db, { action: 'test.create_tenant' }, (tx) => createClient(tx, fields));
}

/** A user of `tenantId`; pass `password` to get an argon2 hash (it costs ~50 ms, so only when needed). */
export function createTenantUser(db: Db, tenantId: string, fields: Omit<UserFields, 'tenantId'> = {}) {
  return asSystem(db, { action: 'test.create_user' }, (tx) => createUser(tx, { tenantId, ...fields }));
}

/**
 * Example:
 *   const tenant = await createTenant(db, { name: 'Acme' });
 *   const admin = await createTenantUser(db, tenant.id, { userType: 'admin', password: TEST_PASSWORD });
 *   const caller = signedInCaller(deps, admin);
 */
export async function createTenantWithUsers(db: Db, users: Omit<UserFields, 'tenantId'>[], fields: ClientFields = {}) {
  const tenant = await createTenant(db, fields);
  const created = [];
  for (const u of users) created.push(await createTenantUser(db, tenant.id, u));
  return { tenant, users: created };
}
