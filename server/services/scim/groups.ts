import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { recordAudit } from '../../../db/audit';
import { scimGroupMembers, scimGroups, users } from '../../../db/schema';
import type { UserType } from '../../contracts/enums';
import type { ScimGroupMappingKind } from '../../contracts/scim';
import { scimError, scimNotFound } from './errors';
import { groupFilter } from './filter';
import { reconcileMembers } from './mapping';
import { applyPatch, type ScimCaller } from './patch';
import {
  listResponse,
  namesAttribute,
  parseScim,
  SCHEMA,
  scimGroupBody,
  scimPatchBody,
  UUID,
  type ListQuery,
  type ScimPatchBody,
} from './wire';

const groupColumns = {
  id: scimGroups.id,
  displayName: scimGroups.displayName,
  externalId: scimGroups.externalId,
  mappingKind: scimGroups.mappingKind,
  mappedUserType: scimGroups.mappedUserType,
  managerId: scimGroups.managerId,
  createdAt: scimGroups.createdAt,
  updatedAt: scimGroups.updatedAt,
};
interface GroupRow {
  id: string;
  displayName: string;
  externalId: string | null;
  mappingKind: ScimGroupMappingKind;
  mappedUserType: UserType | null;
  managerId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

interface Member {
  value: string;
  display: string;
}

function toScimGroup(r: GroupRow, caller: ScimCaller, members: Member[] | null) {
  return {
    schemas: [SCHEMA.group],
    id: r.id,
    displayName: r.displayName,
    ...(r.externalId ? { externalId: r.externalId } : {}),
    ...(members
      ? { members: members.map((m) => ({ ...m, $ref: `${caller.baseUrl}/Users/${m.value}`, type: 'User' })) }
      : {}),
    meta: {
      resourceType: 'Group',
      created: r.createdAt.toISOString(),
      lastModified: r.updatedAt.toISOString(),
      location: `${caller.baseUrl}/Groups/${r.id}`,
    },
  };
}
type ScimGroup = ReturnType<typeof toScimGroup>;

async function membersOf(tx: Tx, groupIds: string[]): Promise<Map<string, Member[]>> {
  const out = new Map<string, Member[]>(groupIds.map((id) => [id, []]));
  if (!groupIds.length) return out;
  const rows = await tx
    .select({ groupId: scimGroupMembers.groupId, value: users.id, display: users.email })
    .from(scimGroupMembers)
    .innerJoin(users, eq(users.id, scimGroupMembers.userId))
    .where(inArray(scimGroupMembers.groupId, groupIds))
    .orderBy(asc(users.email));
  for (const r of rows) out.get(r.groupId)!.push({ value: r.value, display: r.display });
  return out;
}

async function findGroup(tx: Tx, id: string): Promise<GroupRow> {
  if (!UUID.test(id)) throw scimNotFound('Group', id);
  const [row] = await tx.select(groupColumns).from(scimGroups).where(eq(scimGroups.id, id));
  if (!row) throw scimNotFound('Group', id);
  return row;
}

async function shown(tx: Tx, caller: ScimCaller, row: GroupRow, withMembers = true): Promise<ScimGroup> {
  const members = withMembers ? (await membersOf(tx, [row.id])).get(row.id)! : null;
  return toScimGroup(row, caller, members);
}

export async function getScimGroup(tx: Tx, caller: ScimCaller, input: { id: string; excludedAttributes?: string }) {
  return shown(tx, caller, await findGroup(tx, input.id), !namesAttribute(input.excludedAttributes, 'members'));
}

export async function listScimGroups(tx: Tx, caller: ScimCaller, query: ListQuery) {
  const where = groupFilter(query.filter);
  const [{ total }] = await tx.select({ total: count() }).from(scimGroups).where(where);
  const rows = query.count
    ? await tx
        .select(groupColumns)
        .from(scimGroups)
        .where(where)
        .orderBy(asc(scimGroups.createdAt), asc(scimGroups.id))
        .limit(query.count)
        .offset(query.startIndex - 1)
    : [];
  const withMembers = !namesAttribute(query.excludedAttributes, 'members');
  const members = withMembers
    ? await membersOf(
        tx,
        rows.map((r) => r.id),
      )
    : null;
  return listResponse(
    rows.map((r) => toScimGroup(r, caller, members?.get(r.id) ?? null)),
    { total, startIndex: query.startIndex },
  );
}

const audit = (tx: Tx, caller: ScimCaller, action: string, target: string, detail?: string) =>
  recordAudit(tx, { ...caller.origin, tenantId: caller.tenantId, action, target, detail: detail ?? null });

async function assertFree(tx: Tx, group: { displayName: string; externalId: string | null }, exceptId?: string) {
  const other = exceptId ? ne(scimGroups.id, exceptId) : undefined;
  const [byName] = await tx
    .select({ id: scimGroups.id })
    .from(scimGroups)
    .where(and(eq(sql`lower(${scimGroups.displayName})`, group.displayName.toLowerCase()), other));
  const [byExternal] = group.externalId
    ? await tx
        .select({ id: scimGroups.id })
        .from(scimGroups)
        .where(and(eq(scimGroups.externalId, group.externalId), other))
    : [];
  if (byName || byExternal)
    throw scimError('CONFLICT', 'uniqueness', 'A group with this displayName or externalId already exists');
}

/** The member ids as users of this tenant (never a superuser); an unknown one is a 400 invalidValue. */
async function memberIds(tx: Tx, values: { value: string }[]): Promise<string[]> {
  const ids = [...new Set(values.map((m) => m.value))];
  if (ids.some((id) => !UUID.test(id))) throw scimError('BAD_REQUEST', 'invalidValue', 'A member is not a known User');
  if (!ids.length) return [];
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), ne(users.userType, 'superuser')));
  if (found.length !== ids.length) throw scimError('BAD_REQUEST', 'invalidValue', 'A member is not a known User');
  return ids;
}

/** Sets a group's members to `wanted`; the users who joined or left get what the group's mapping gives or took. */
async function setMembers(tx: Tx, caller: ScimCaller, group: GroupRow, wanted: string[]) {
  const current = (
    await tx
      .select({ id: scimGroupMembers.userId })
      .from(scimGroupMembers)
      .where(eq(scimGroupMembers.groupId, group.id))
  ).map((r) => r.id);
  const added = wanted.filter((id) => !current.includes(id));
  const removed = current.filter((id) => !wanted.includes(id));
  if (added.length)
    await tx
      .insert(scimGroupMembers)
      .values(added.map((userId) => ({ tenantId: caller.tenantId, groupId: group.id, userId })))
      .onConflictDoNothing();
  if (removed.length)
    await tx
      .delete(scimGroupMembers)
      .where(and(eq(scimGroupMembers.groupId, group.id), inArray(scimGroupMembers.userId, removed)));
  await reconcileMembers(tx, caller, { userIds: added, change: { before: null, after: group } });
  await reconcileMembers(tx, caller, { userIds: removed, change: { before: group, after: null } });
  return { added: added.length, removed: removed.length };
}

const membership = (m: { added: number; removed: number }) =>
  m.added || m.removed ? `members +${m.added} −${m.removed}` : null;

export async function createScimGroup(tx: Tx, caller: ScimCaller, body: unknown) {
  const g = parseScim(scimGroupBody, body);
  const externalId = g.externalId || null;
  await assertFree(tx, { displayName: g.displayName, externalId });
  const ids = await memberIds(tx, g.members ?? []);
  const [row] = await tx
    .insert(scimGroups)
    .values({ tenantId: caller.tenantId, displayName: g.displayName, externalId })
    .returning(groupColumns);
  await setMembers(tx, caller, row, ids);
  await audit(tx, caller, 'scim.group_created', row.displayName, `${ids.length} member(s)`);
  return shown(tx, caller, row);
}

/** Stores a group's new state (PUT, or a PATCH's result). */
async function storeGroup(tx: Tx, caller: ScimCaller, input: { before: GroupRow; body: unknown; members: boolean }) {
  const { before } = input;
  const g = parseScim(scimGroupBody, input.body);
  const externalId = g.externalId || null;
  await assertFree(tx, { displayName: g.displayName, externalId }, before.id);
  const renamed = g.displayName !== before.displayName || externalId !== before.externalId;
  if (renamed)
    await tx
      .update(scimGroups)
      .set({ displayName: g.displayName, externalId, updatedAt: new Date() })
      .where(eq(scimGroups.id, before.id));
  const moved = input.members ? await setMembers(tx, caller, before, await memberIds(tx, g.members ?? [])) : null;
  const detail = [renamed ? `displayName ${before.displayName} → ${g.displayName}` : null, moved && membership(moved)]
    .filter(Boolean)
    .join('; ');
  if (detail) {
    if (!renamed) await tx.update(scimGroups).set({ updatedAt: new Date() }).where(eq(scimGroups.id, before.id));
    await audit(tx, caller, 'scim.group_updated', g.displayName, detail);
  }
  return shown(tx, caller, await findGroup(tx, before.id));
}

/** PUT /Groups/{id}: name, externalId and the member list as sent. */
export async function replaceScimGroup(tx: Tx, caller: ScimCaller, input: { id: string; body: unknown }) {
  const before = await findGroup(tx, input.id);
  return storeGroup(tx, caller, { before, body: input.body, members: true });
}

/**
 * Entra ID removes members as `{"op":"Remove","path":"members","value":[{"value":"<id>"}]}`;
 * scim-patch removes by whole-object equality, and a member as shown also has its display and
 * $ref, so such a removal is restated as one `members[value eq "<id>"]` removal per member.
 */
function byMemberFilter(op: ScimPatchBody['Operations'][number]): ScimPatchBody['Operations'] {
  if (op.op !== 'remove' || op.path?.toLowerCase() !== 'members' || !Array.isArray(op.value)) return [op];
  return (op.value as unknown[]).flatMap((m) => {
    const id = (m as { value?: unknown } | null)?.value;
    return typeof id === 'string' && UUID.test(id) ? [{ op: 'remove', path: `members[value eq "${id}"]` }] : [];
  });
}

/** PATCH /Groups/{id}: members added or removed, displayName replaced (applied by scim-patch to the group as shown). */
export async function patchScimGroup(tx: Tx, caller: ScimCaller, input: { id: string; body: unknown }) {
  const patch = parseScim(scimPatchBody, input.body);
  const before = await findGroup(tx, input.id);
  const patched = applyPatch(await shown(tx, caller, before), {
    ...patch,
    Operations: patch.Operations.flatMap(byMemberFilter),
  });
  return storeGroup(tx, caller, { before, body: patched, members: true });
}

/** DELETE /Groups/{id}: the group goes; its members lose what its mapping gave them. */
export async function deleteScimGroup(tx: Tx, caller: ScimCaller, id: string): Promise<void> {
  const before = await findGroup(tx, id);
  const members = (
    await tx.select({ id: scimGroupMembers.userId }).from(scimGroupMembers).where(eq(scimGroupMembers.groupId, id))
  ).map((r) => r.id);
  await tx.delete(scimGroups).where(eq(scimGroups.id, id));
  await reconcileMembers(tx, caller, { userIds: members, change: { before, after: null } });
  await audit(tx, caller, 'scim.group_deleted', before.displayName, `${members.length} member(s)`);
}
