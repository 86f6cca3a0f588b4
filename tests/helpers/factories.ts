import type { Db } from '../../db/client';
import { createClient, createUser, type ClientFields, type UserFields } from '../../seed/factories';
import { asSystem } from '../../db/tenant';
import { createSession } from '../../server/auth/session';

/** A password that satisfies the default policy and the strict ones tests configure. */
export const TEST_PASSWORD = 'Correct-Horse-7';

/** The sales rep whose name the tests' transcripts and meetings speak with. */
export const ANA = { email: 'ana@acme.test', username: 'ana', displayName: 'Ana Ruiz', userType: 'sales_rep' } as const;

/** A tenant (client row), written through the audited system path like the real seed. */
export function createTenant(db: Db, fields: ClientFields = {}) {
  return asSystem(db, { action: 'test.create_tenant' }, (tx) => createClient(tx, fields));
}

/** A user of `tenantId`; pass `password` to get an argon2 hash (it costs ~50 ms, so only when needed). */
export function createTenantUser(db: Db, tenantId: string, fields: Omit<UserFields, 'tenantId'> = {}) {
  return asSystem(db, { action: 'test.create_user' }, (tx) => createUser(tx, { tenantId, ...fields }));
}

/** A new tenant and one user of it, where a test file or a benchmark that needs one of each starts. */
export async function createTenantWithUser(db: Db, name: string, fields: Omit<UserFields, 'tenantId'>) {
  const tenantId = (await createTenant(db, { name })).id;
  return { tenantId, user: await createTenantUser(db, tenantId, fields) };
}

export type Cast = Record<string, Omit<UserFields, 'tenantId'>>;
type UserRow = Awaited<ReturnType<typeof createTenantUser>>;

/** Users of `tenantId`, created in the order given, by the names a test file gives them. */
export async function createTenantUsers<C extends Cast>(db: Db, tenantId: string, cast: C) {
  const users = {} as Record<keyof C, UserRow>;
  for (const [key, fields] of Object.entries(cast))
    users[key as keyof C] = await createTenantUser(db, tenantId, fields);
  return users;
}

/**
 * Two customer tenants and the internal one, with the users each test file names: `a` and `b` in
 * the two tenants (in that order), and a superuser in the internal tenant.
 *
 * Example:
 *   const { a, users } = await createTwoTenants(db, { a: { adminA: { userType: 'admin' } }, b: { managerB: { userType: 'manager' } } });
 */
export async function createTwoTenants<A extends Cast, B extends Cast>(
  db: Db,
  cast: { a: A; b: B },
  names: [string, string] = ['Acme', 'Beta'],
) {
  const a = await createTenant(db, { name: names[0] });
  const b = await createTenant(db, { name: names[1] });
  const internal = await createTenant(db, { name: 'Internal', type: 'internal' });
  const users = { ...(await createTenantUsers(db, a.id, cast.a)), ...(await createTenantUsers(db, b.id, cast.b)) };
  const superuser = await createTenantUser(db, internal.id, { userType: 'superuser' });
  return { a, b, internal, users, superuser };
}

/** Ada, admin of a new tenant "Acme", with TEST_PASSWORD and a session: who the HTTP tests send requests as. */
export async function createSignedInAdmin(db: Db) {
  const tenant = await createTenant(db, { name: 'Acme' });
  const user = await createTenantUser(db, tenant.id, {
    email: 'ada@acme.test',
    username: 'ada',
    userType: 'admin',
    password: TEST_PASSWORD,
  });
  return { user, token: (await createSession(db, user.id)).token };
}
