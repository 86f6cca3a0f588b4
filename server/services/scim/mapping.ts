import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client';
import { recordAudit } from '../../../db/audit';
import { scimGroupMembers, scimGroups, users } from '../../../db/schema';
import type { UserType } from '../../contracts/enums';
import type { ScimGroupMapping, ScimGroupMappingKind, ScimGroupView } from '../../contracts/scim';
import { isManagerType } from '../../contracts/user-types';
import { AppError } from '../../errors';
import type { ScimCaller } from './patch';

/** Who changes a group's effect: a SCIM token or an admin, for the audit rows. */
type Who = Pick<ScimCaller, 'tenantId' | 'origin'>;

/** What a group's membership gives: its mapping as stored. */
interface GroupMapping {
  displayName: string;
  mappingKind: ScimGroupMappingKind;
  mappedUserType: UserType | null;
  managerId: string | null;
}

/** When a user is in several groups that give a user type, the one highest here wins. */
const TYPE_PRECEDENCE: UserType[] = ['admin', 'manager', 'facilitator', 'demo_manager', 'sales_rep', 'user'];

/**
 * Gives users what their SCIM groups' mappings say, after they joined or left a group (`after`
 * null: left it, or it was deleted) or the group's mapping changed. User type: the highest type of
 * the user-type groups they are in, 'user' when none is left (recorded as `users.role_changed`).
 * Team: the manager of the first team group they are in; none left, the manager only the group
 * gave is cleared. Superusers are never touched.
 */
export async function reconcileMembers(
  tx: Tx,
  who: Who,
  input: { userIds: string[]; change: { before: GroupMapping | null; after: GroupMapping | null } },
) {
  const { before, after } = input.change;
  const types = before?.mappingKind === 'userType' || after?.mappingKind === 'userType';
  const teams = before?.mappingKind === 'team' || after?.mappingKind === 'team';
  const goneManager = before?.mappingKind === 'team' && before.managerId !== after?.managerId ? before.managerId : null;
  if (!input.userIds.length || (!types && !teams)) return;
  const people = await tx
    .select({ id: users.id, email: users.email, userType: users.userType, managerId: users.managerId })
    .from(users)
    .where(and(inArray(users.id, input.userIds), ne(users.userType, 'superuser')));
  const groupsOf = await tx
    .select({
      userId: scimGroupMembers.userId,
      kind: scimGroups.mappingKind,
      userType: scimGroups.mappedUserType,
      managerId: scimGroups.managerId,
    })
    .from(scimGroupMembers)
    .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
    .where(inArray(scimGroupMembers.userId, input.userIds))
    .orderBy(asc(scimGroups.createdAt));
  for (const person of people) {
    const mine = groupsOf.filter((g) => g.userId === person.id);
    const set: { userType?: UserType; managerId?: string | null } = {};
    if (types) {
      const given = mine.filter((g) => g.kind === 'userType' && g.userType).map((g) => g.userType!);
      const target = TYPE_PRECEDENCE.find((t) => given.includes(t)) ?? 'user';
      if (target !== person.userType) set.userType = target;
    }
    if (teams) {
      const managers = mine.filter((g) => g.kind === 'team' && g.managerId && g.managerId !== person.id);
      const target = managers.length ? managers[0].managerId : undefined;
      if (target && target !== person.managerId) set.managerId = target;
      else if (!target && goneManager && person.managerId === goneManager) set.managerId = null;
    }
    if (!Object.keys(set).length) continue;
    await tx
      .update(users)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(users.id, person.id));
    const group = (after ?? before)!.displayName;
    if (set.userType)
      await recordAudit(tx, {
        ...who.origin,
        tenantId: who.tenantId,
        action: 'users.role_changed',
        target: person.email,
        detail: `${person.userType} → ${set.userType} (SCIM group ${group})`,
      });
  }
}

const manager = alias(users, 'manager');

function mappingOf(r: GroupMapping): ScimGroupMapping {
  if (r.mappingKind === 'userType' && r.mappedUserType && r.mappedUserType !== 'superuser')
    return { kind: 'userType', userType: r.mappedUserType };
  if (r.mappingKind === 'team' && r.managerId) return { kind: 'team', managerId: r.managerId };
  return { kind: 'none' };
}

/** The tenant's SCIM groups for Admin → Provisioning, with their member counts and mappings. */
export async function listGroupViews(tx: Tx): Promise<ScimGroupView[]> {
  const rows = await tx
    .select({
      id: scimGroups.id,
      displayName: scimGroups.displayName,
      externalId: scimGroups.externalId,
      mappingKind: scimGroups.mappingKind,
      mappedUserType: scimGroups.mappedUserType,
      managerId: scimGroups.managerId,
      managerName: manager.displayName,
      managerEmail: manager.email,
      updatedAt: scimGroups.updatedAt,
      memberCount: count(scimGroupMembers.userId),
    })
    .from(scimGroups)
    .leftJoin(manager, eq(manager.id, scimGroups.managerId))
    .leftJoin(scimGroupMembers, eq(scimGroupMembers.groupId, scimGroups.id))
    .groupBy(scimGroups.id, manager.id)
    .orderBy(asc(scimGroups.displayName));
  return rows.map((r) => ({
    id: r.id,
    displayName: r.displayName,
    externalId: r.externalId,
    memberCount: Number(r.memberCount),
    mapping: mappingOf(r),
    managerName: r.managerId ? (r.managerName ?? r.managerEmail) : null,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/**
 * An admin's choice of what a group means (Admin → Provisioning); 'admin' is a type only an admin
 * gives here, never the identity provider. The group's current members get it at once.
 */
export async function setGroupMapping(tx: Tx, who: Who, input: { groupId: string; mapping: ScimGroupMapping }) {
  const [before] = await tx
    .select({
      displayName: scimGroups.displayName,
      mappingKind: scimGroups.mappingKind,
      mappedUserType: scimGroups.mappedUserType,
      managerId: scimGroups.managerId,
    })
    .from(scimGroups)
    .where(eq(scimGroups.id, input.groupId));
  if (!before) throw new AppError('NOT_FOUND', 'SCIM group not found');
  const m = input.mapping;
  if (m.kind === 'team') {
    const [boss] = await tx.select({ userType: users.userType }).from(users).where(eq(users.id, m.managerId));
    if (!boss || !isManagerType(boss.userType))
      throw new AppError('VALIDATION', 'The manager must be a Manager, Facilitator or Admin of this client', {
        field: 'managerId',
        reason: 'managerInvalid',
      });
  }
  const after: GroupMapping = {
    displayName: before.displayName,
    mappingKind: m.kind,
    mappedUserType: m.kind === 'userType' ? m.userType : null,
    managerId: m.kind === 'team' ? m.managerId : null,
  };
  await tx
    .update(scimGroups)
    .set({
      mappingKind: after.mappingKind,
      mappedUserType: after.mappedUserType,
      managerId: after.managerId,
      updatedAt: new Date(),
    })
    .where(eq(scimGroups.id, input.groupId));
  const members = (
    await tx
      .select({ id: scimGroupMembers.userId })
      .from(scimGroupMembers)
      .where(eq(scimGroupMembers.groupId, input.groupId))
  ).map((r) => r.id);
  await reconcileMembers(tx, who, { userIds: members, change: { before, after } });
  await recordAudit(tx, {
    ...who.origin,
    tenantId: who.tenantId,
    action: 'scim.group_updated',
    target: before.displayName,
    detail: `mapping ${m.kind === 'userType' ? `user type ${m.userType}` : m.kind === 'team' ? 'team' : 'none'}`,
  });
  const views = await listGroupViews(tx);
  return views.find((v) => v.id === input.groupId)!;
}
