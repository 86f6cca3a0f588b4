import { rawRows } from '../../../db/tenant';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../../db/client';
import { recordAudit, type AuditBy } from '../../../db/audit';
import type { TenantRunner } from '../../../db/tenant';
import { users } from '../../../db/schema';
import { type Language } from '../../contracts/languages';
import { type UserType } from '../../contracts/enums';
import { checkPassword, generatePassword } from '../../contracts/password-policy';
import { hashPassword } from '../../auth/password';
import { roleOf, type Role } from '../../contracts/roles';
import type { PasswordPolicy } from '../../contracts/password-policy';
import { AppError } from '../../errors';
import { violatedUserField } from './unique-violation';
import { MANAGER_USER_TYPES, isManagerType, type ManagedUserType } from '../../contracts/user-types';

export interface Actor {
  id: string;
  role: Role | null;
  /** Who acts, from where, in which tenant: the audit log's rows of their changes. */
  by: AuditBy;
}

const manager = alias(users, 'manager');

/** The columns a management screen may see (never the hash). */
const listColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  displayName: users.displayName,
  userType: users.userType,
  managerId: manager.id,
  managerName: sql<string | null>`coalesce(${manager.displayName}, ${manager.username})`,
  language: users.language,
  lastActiveAt: users.lastActiveAt,
  createdAt: users.createdAt,
};

interface ListRow {
  id: string;
  email: string;
  username: string;
  displayName: string | null;
  userType: UserType;
  managerId: string | null;
  managerName: string | null;
  language: Language | null;
  lastActiveAt: Date | null;
  createdAt: Date;
}

function present(r: ListRow) {
  const { managerId, managerName, lastActiveAt, createdAt, ...rest } = r;
  return {
    ...rest,
    role: roleOf(r.userType),
    manager: managerId ? { id: managerId, name: managerName ?? '' } : null,
    lastActiveAt: lastActiveAt ? new Date(lastActiveAt).toISOString() : null,
    createdAt: new Date(createdAt).toISOString(),
  };
}
export type ManagedUser = ReturnType<typeof present>;

/** Users of the tenant (RLS), by email. */
export async function listUsers(tx: Tx): Promise<ManagedUser[]> {
  const rows = await tx
    .select(listColumns)
    .from(users)
    .leftJoin(manager, eq(manager.id, users.managerId))
    .orderBy(asc(users.email));
  return rows.map(present);
}

async function getUser(tx: Tx, id: string): Promise<ManagedUser> {
  const [row] = await tx
    .select(listColumns)
    .from(users)
    .leftJoin(manager, eq(manager.id, users.managerId))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return present(row);
}

/** Users that may be picked as a manager: role sales_manager or admin. */
export async function listManagers(tx: Tx) {
  return tx
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      displayName: users.displayName,
      userType: users.userType,
    })
    .from(users)
    .where(inArray(users.userType, MANAGER_USER_TYPES))
    .orderBy(sql`lower(coalesce(${users.displayName}, ${users.username}))`);
}

async function assertUnique(tx: Tx, field: 'email' | 'username', value: string, exceptId?: string) {
  const column = field === 'email' ? users.email : users.username;
  const clash = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${column})`, value.toLowerCase()), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  if (clash.length) throw conflict(field);
}

function conflict(field: 'email' | 'username') {
  return new AppError(
    'CONFLICT',
    field === 'email' ? 'A user with this email already exists' : 'This username is already taken',
    { field },
  );
}

/** Runs a write; a users unique-index violation (possibly against another tenant's email) becomes CONFLICT. */
async function writing<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const field = violatedUserField(e);
    if (field) throw conflict(field);
    throw e;
  }
}

/** RLS hides other tenants' users, so a foreign manager id is simply "not found": a validation error. */
async function assertManager(tx: Tx, managerId: string, selfId?: string) {
  if (managerId === selfId)
    throw new AppError('VALIDATION', 'A user cannot be their own manager', {
      field: 'managerId',
      reason: 'managerSelf',
    });
  const [m] = await tx.select({ userType: users.userType }).from(users).where(eq(users.id, managerId)).limit(1);
  if (!m || !isManagerType(m.userType)) {
    throw new AppError('VALIDATION', 'The manager must be a Manager, Facilitator or Admin of this client', {
      field: 'managerId',
      reason: 'managerInvalid',
    });
  }
}

function assertPolicy(password: string, policy: PasswordPolicy) {
  const rules = checkPassword(password, policy);
  if (rules.length)
    throw new AppError('PASSWORD_POLICY', 'Password does not meet the policy', { field: 'password', rules });
}

/** Only a superuser may change or remove a superuser account. */
function assertMayTouch(actor: Actor, target: { userType: UserType }) {
  if (target.userType === 'superuser' && actor.role !== 'superuser')
    throw new AppError('FORBIDDEN', 'You do not have access to this user');
}

export interface CreateUserInput {
  email: string;
  username: string;
  displayName?: string | null;
  userType: ManagedUserType;
  password?: string;
  managerId?: string | null;
  language?: Language | null;
}

/**
 * A password hashed before any transaction opens (argon2 is slow). One against the policy is not
 * hashed: `hashOf` refuses it where the transaction checks it, after the other fields.
 */
interface HashedPassword {
  plain: string;
  hash: string | null;
}

async function hashIfValid(plain: string, policy: PasswordPolicy): Promise<HashedPassword> {
  return { plain, hash: checkPassword(plain, policy).length ? null : await hashPassword(plain) };
}

function hashOf(p: HashedPassword, policy: PasswordPolicy): string {
  assertPolicy(p.plain, policy);
  return p.hash!;
}

/**
 * Creates a user; a missing password is generated and returned (once) as `generatedPassword`. The
 * password is hashed first, then one tenant transaction checks and writes.
 */
export async function createManagedUser({
  tenant,
  by,
  input,
  policy,
}: {
  tenant: TenantRunner;
  /** The actor and the tenant the user is created in. */
  by: AuditBy;
  input: CreateUserInput;
  policy: PasswordPolicy;
}) {
  const tenantId = by.tenantId;
  const generatedPassword = input.password ? null : generatePassword(policy, (n) => randomBytes(n));
  const password = await hashIfValid(generatedPassword ?? input.password!, policy);
  return tenant(async (tx) => {
    const email = input.email.trim().toLowerCase();
    await assertUnique(tx, 'email', email);
    await assertUnique(tx, 'username', input.username);
    if (input.managerId) await assertManager(tx, input.managerId);
    const passwordHash = hashOf(password, policy);
    const [row] = await writing(() =>
      tx
        .insert(users)
        .values({
          tenantId,
          email,
          username: input.username,
          displayName: input.displayName || null,
          userType: input.userType,
          passwordHash,
          managerId: input.managerId ?? null,
          language: input.language ?? null,
        })
        .returning({ id: users.id }),
    );
    await recordAudit(tx, { ...by, action: 'users.created', target: email, detail: input.userType });
    return { user: await getUser(tx, row.id), generatedPassword };
  });
}

export interface UpdateUserInput {
  id: string;
  email?: string;
  username?: string;
  displayName?: string | null;
  userType?: ManagedUserType;
  password?: string;
  managerId?: string | null;
  language?: Language | null;
}

/**
 * Ends a user's sessions inside the caller's tenant transaction (spar_end_user_sessions, migration
 * 0014), so a password change and the sign-out of every device commit or roll back together.
 */
export async function endUserSessions(tx: Tx, userId: string, keepSessionId?: string | null): Promise<number> {
  const [r] = await rawRows<{ n: number }>(
    tx,
    sql`select spar_end_user_sessions(${userId}::uuid, ${keepSessionId ?? null}::text) as n`,
  );
  return Number(r?.n ?? 0);
}

/** Updates a user; a new password is hashed first, then one tenant transaction checks and writes. */
export async function updateManagedUser({
  tenant,
  actor,
  input,
  policy,
  currentSessionId,
}: {
  tenant: TenantRunner;
  actor: Actor;
  input: UpdateUserInput;
  policy: PasswordPolicy;
  currentSessionId?: string | null;
}) {
  const password = input.password ? await hashIfValid(input.password, policy) : null;
  return tenant((tx) =>
    updateUserRow(tx, actor, input, password && hashOf.bind(null, password, policy), currentSessionId),
  );
}

async function updateUserRow(
  tx: Tx,
  actor: Actor,
  input: UpdateUserInput,
  newHash: (() => string) | null,
  currentSessionId?: string | null,
) {
  const [target] = await tx
    .select({ id: users.id, userType: users.userType, email: users.email, managerId: users.managerId })
    .from(users)
    .where(eq(users.id, input.id))
    .limit(1);
  if (!target) throw new AppError('NOT_FOUND', 'User not found');
  assertMayTouch(actor, target);
  if (input.id === actor.id && input.userType !== undefined && input.userType !== target.userType) {
    throw new AppError('VALIDATION', 'You cannot change your own user type', { field: 'userType', reason: 'ownType' });
  }
  const email = input.email?.trim().toLowerCase();
  if (email !== undefined) await assertUnique(tx, 'email', email, input.id);
  if (input.username !== undefined) await assertUnique(tx, 'username', input.username, input.id);
  if (input.managerId) await assertManager(tx, input.managerId, input.id);
  const passwordHash = newHash?.();
  await writing(() =>
    tx
      .update(users)
      .set({
        ...(email !== undefined ? { email } : {}),
        ...(input.username !== undefined ? { username: input.username } : {}),
        ...(input.displayName !== undefined ? { displayName: input.displayName || null } : {}),
        ...(input.userType !== undefined ? { userType: input.userType } : {}),
        ...(input.managerId !== undefined ? { managerId: input.managerId } : {}),
        ...(input.language !== undefined ? { language: input.language } : {}),
        ...(passwordHash ? { passwordHash } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, input.id)),
  );
  // a password set by an admin signs that user out everywhere (the admin's own current session stays)
  if (passwordHash) await endUserSessions(tx, input.id, input.id === actor.id ? currentSessionId : null);
  await auditUpdate(tx, actor.by, target, { ...input, email, passwordSet: !!passwordHash });
  return getUser(tx, input.id);
}

const emailOf = async (tx: Executor, id: string | null) =>
  id ? ((await tx.select({ email: users.email }).from(users).where(eq(users.id, id)).limit(1))[0]?.email ?? id) : '—';

/** The security-relevant parts of an update, each its own audit row: type, manager, e-mail, password. */
async function auditUpdate(
  tx: Tx,
  by: AuditBy,
  before: { userType: UserType; email: string; managerId: string | null },
  after: UpdateUserInput & { passwordSet: boolean },
) {
  const target = after.email ?? before.email;
  const row = (action: string, detail?: string) => recordAudit(tx, { ...by, action, target, detail });
  if (after.userType !== undefined && after.userType !== before.userType)
    await row('users.role_changed', `${before.userType} → ${after.userType}`);
  if (after.managerId !== undefined && after.managerId !== before.managerId)
    await row(
      'users.manager_changed',
      `${await emailOf(tx, before.managerId)} → ${await emailOf(tx, after.managerId)}`,
    );
  if (after.email !== undefined && after.email !== before.email)
    await row('users.email_changed', `${before.email} → ${after.email}`);
  if (after.passwordSet) await row('users.password_set');
}

/** Deletes users of the tenant in the caller's transaction: all of them or, on any problem, none. */
export async function deleteManagedUsers(tx: Tx, actor: Actor, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.includes(actor.id))
    throw new AppError('VALIDATION', 'You cannot delete your own account', { field: 'ids', reason: 'self' });
  const found = await tx
    .select({ id: users.id, userType: users.userType, email: users.email })
    .from(users)
    .where(inArray(users.id, unique));
  if (found.length !== unique.length)
    throw new AppError('NOT_FOUND', 'User not found', { missing: unique.length - found.length });
  for (const u of found) assertMayTouch(actor, u);
  const deleted = await tx.delete(users).where(inArray(users.id, unique)).returning({ id: users.id });
  for (const u of found)
    await recordAudit(tx, { ...actor.by, action: 'users.deleted', target: u.email, detail: u.userType });
  return { deleted: deleted.length };
}
