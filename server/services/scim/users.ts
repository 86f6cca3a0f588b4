import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { recordAudit } from '../../../db/audit';
import { users } from '../../../db/schema';
import { freeUsername } from '../sso/sign-in';
import { endUserSessions } from '../users/users';
import { violatedUserField } from '../users/unique-violation';
import { scimError, scimNotFound } from './errors';
import { userFilter } from './filter';
import { applyPatch, type ScimCaller } from './patch';
import {
  displayNameOf,
  listResponse,
  parseScim,
  SCHEMA,
  scimPatchBody,
  scimUserBody,
  UUID,
  type ListQuery,
} from './wire';

/** A Spar user as SCIM sees it: userName is the e-mail; superusers are never provisioned. */
const userColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  externalId: users.externalId,
  deactivatedAt: users.deactivatedAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
interface UserRow {
  id: string;
  email: string;
  displayName: string | null;
  externalId: string | null;
  deactivatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const provisionable = ne(users.userType, 'superuser');

function toScimUser(r: UserRow, baseUrl: string) {
  return {
    schemas: [SCHEMA.user],
    id: r.id,
    ...(r.externalId ? { externalId: r.externalId } : {}),
    userName: r.email,
    ...(r.displayName ? { name: { formatted: r.displayName }, displayName: r.displayName } : {}),
    emails: [{ value: r.email, type: 'work', primary: true }],
    active: r.deactivatedAt === null,
    meta: {
      resourceType: 'User',
      created: r.createdAt.toISOString(),
      lastModified: r.updatedAt.toISOString(),
      location: `${baseUrl}/Users/${r.id}`,
    },
  };
}
export type ScimUser = ReturnType<typeof toScimUser>;

async function findUser(tx: Tx, id: string): Promise<UserRow> {
  if (!UUID.test(id)) throw scimNotFound('User', id);
  const [row] = await tx
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, id), provisionable));
  if (!row) throw scimNotFound('User', id);
  return row;
}

export async function getScimUser(tx: Tx, caller: ScimCaller, id: string): Promise<ScimUser> {
  return toScimUser(await findUser(tx, id), caller.baseUrl);
}

export async function listScimUsers(tx: Tx, caller: ScimCaller, query: ListQuery) {
  const where = and(provisionable, userFilter(query.filter));
  const [{ total }] = await tx.select({ total: count() }).from(users).where(where);
  const rows = query.count
    ? await tx
        .select(userColumns)
        .from(users)
        .where(where)
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(query.count)
        .offset(query.startIndex - 1)
    : [];
  return listResponse(
    rows.map((r) => toScimUser(r, caller.baseUrl)),
    { total, startIndex: query.startIndex },
  );
}

interface UserChanges {
  email: string;
  externalId: string | null;
  displayName: string | null;
  active: boolean;
}

const audit = (tx: Tx, caller: ScimCaller, action: string, target: string, detail?: string) =>
  recordAudit(tx, { ...caller.origin, tenantId: caller.tenantId, action, target, detail: detail ?? null });

const TAKEN = 'A user with this userName already exists';

async function assertExternalIdFree(tx: Tx, externalId: string | null, exceptId?: string) {
  if (!externalId) return;
  const [clash] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.externalId, externalId), exceptId ? ne(users.id, exceptId) : undefined));
  if (clash) throw scimError('CONFLICT', 'uniqueness', 'A user with this externalId already exists');
}

/**
 * Runs a write of users; a clash on the e-mail (possibly another tenant's, which row-level security
 * hides) is a 409 uniqueness that says nothing of where the address is used.
 */
async function writing<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (violatedUserField(e)) throw scimError('CONFLICT', 'uniqueness', TAKEN);
    throw e;
  }
}

/** The User as sent; without `active`, the account keeps its state (`wasActive`; a new one is active). */
function changesOf(body: unknown, wasActive = true): UserChanges {
  const u = parseScim(scimUserBody, body);
  return {
    email: u.userName,
    externalId: u.externalId || null,
    displayName: displayNameOf(u),
    active: u.active ?? wasActive,
  };
}

/** POST /Users: a new account without a password (the person signs in with single sign-on), user type 'user'. */
export async function createScimUser(tx: Tx, caller: ScimCaller, body: unknown): Promise<ScimUser> {
  const next = changesOf(body);
  const [sameTenant] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, next.email));
  if (sameTenant) throw scimError('CONFLICT', 'uniqueness', TAKEN);
  await assertExternalIdFree(tx, next.externalId);
  const [row] = await writing(async () =>
    tx
      .insert(users)
      .values({
        tenantId: caller.tenantId,
        email: next.email,
        username: await freeUsername(tx, caller.tenantId, next.email),
        displayName: next.displayName,
        externalId: next.externalId,
        userType: 'user',
        passwordHash: null,
        deactivatedAt: next.active ? null : new Date(),
      })
      .returning(userColumns),
  );
  await audit(tx, caller, 'scim.user_created', row.email, next.active ? undefined : 'created inactive');
  return toScimUser(row, caller.baseUrl);
}

/** Stores a User's new state (PUT, or a PATCH's result): fields, then the active flag (sign-out everywhere when it goes off). */
async function storeUser(tx: Tx, caller: ScimCaller, before: UserRow, next: UserChanges): Promise<ScimUser> {
  const changed = [
    next.email !== before.email.toLowerCase() ? 'userName' : null,
    next.externalId !== before.externalId ? 'externalId' : null,
    next.displayName !== before.displayName ? 'name' : null,
  ].filter((f): f is string => f !== null);
  const wasActive = before.deactivatedAt === null;
  if (next.externalId !== before.externalId) await assertExternalIdFree(tx, next.externalId, before.id);
  if (changed.length || wasActive !== next.active) {
    await writing(() =>
      tx
        .update(users)
        .set({
          email: next.email,
          externalId: next.externalId,
          displayName: next.displayName,
          ...(wasActive !== next.active ? { deactivatedAt: next.active ? null : new Date() } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, before.id)),
    );
  }
  if (changed.length) await audit(tx, caller, 'scim.user_updated', next.email, changed.join(', '));
  if (wasActive && !next.active) {
    const ended = await endUserSessions(tx, before.id);
    await audit(tx, caller, 'scim.user_deactivated', next.email, `${ended} session(s) ended`);
  } else if (!wasActive && next.active) await audit(tx, caller, 'scim.user_reactivated', next.email);
  return getScimUser(tx, caller, before.id);
}

/** PUT /Users/{id}: the User as sent replaces what SCIM manages (e-mail, externalId, name, active). */
export async function replaceScimUser(tx: Tx, caller: ScimCaller, input: { id: string; body: unknown }) {
  const before = await findUser(tx, input.id);
  return storeUser(tx, caller, before, changesOf(input.body, before.deactivatedAt === null));
}

/**
 * PATCH /Users/{id}: the operations (Okta's `{"op":"replace","value":{"active":false}}`, Entra ID's
 * `{"op":"Replace","path":"active","value":"False"}`) applied to the User as shown, then stored like
 * a PUT. A name given in parts (`name.givenName`) counts when `name.formatted` did not change.
 */
export async function patchScimUser(tx: Tx, caller: ScimCaller, input: { id: string; body: unknown }) {
  const patch = parseScim(scimPatchBody, input.body);
  const before = await findUser(tx, input.id);
  const shown = toScimUser(before, caller.baseUrl);
  const patched = applyPatch(shown, patch);
  const next = changesOf(patched);
  const name = (patched.name ?? {}) as { formatted?: unknown; givenName?: unknown; familyName?: unknown };
  const formattedKept = name.formatted === shown.name?.formatted;
  if (formattedKept && (name.givenName || name.familyName))
    next.displayName = displayNameOf({
      name: { givenName: String(name.givenName ?? ''), familyName: String(name.familyName ?? '') },
    });
  else if (formattedKept && patched.displayName !== shown.displayName)
    next.displayName = displayNameOf({
      displayName: typeof patched.displayName === 'string' ? patched.displayName : null,
    });
  return storeUser(tx, caller, before, next);
}

/** DELETE /Users/{id}: the account is deactivated, not removed, so its history stays. */
export async function deleteScimUser(tx: Tx, caller: ScimCaller, id: string): Promise<void> {
  const before = await findUser(tx, id);
  await storeUser(tx, caller, before, {
    email: before.email.toLowerCase(),
    externalId: before.externalId,
    displayName: before.displayName,
    active: false,
  });
}
