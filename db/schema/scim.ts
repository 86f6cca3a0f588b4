import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { defaultNow, linkId, parentId, stamps, tenantId, tenantTable, timestamptz } from './columns';
import { users } from './auth';
import type { ScimGroupMappingKind } from '../../server/contracts/scim';
import type { UserType } from '../../server/contracts/enums';

/**
 * A tenant's SCIM bearer token (`scim_<prefix>_<secret>`) for its identity provider (Okta, Entra
 * ID). Shown once; only its SHA-256 is kept, and a presented token is found by its public prefix
 * and compared in constant time, as API keys are.
 */
export const scimTokens = tenantTable(
  'scim_tokens',
  {
    name: text().notNull(),
    prefix: text().notNull(),
    tokenHash: text().notNull(),
    createdBy: linkId(() => users.id),
    createdAt: defaultNow(),
    lastUsedAt: timestamptz(),
    revokedAt: timestamptz(),
    revokedBy: linkId(() => users.id),
  },
  (t) => [
    uniqueIndex('scim_tokens_prefix_uq').on(t.prefix),
    index('scim_tokens_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);

/**
 * A group the identity provider pushes. Its mapping says what membership means in Spar: a user
 * type (`userType`), a team (`managerId`: the members report to that manager), or nothing.
 */
export const scimGroups = tenantTable(
  'scim_groups',
  {
    displayName: text().notNull(),
    externalId: text(),
    mappingKind: text().$type<ScimGroupMappingKind>().notNull().default('none'),
    mappedUserType: text().$type<UserType>(),
    managerId: linkId(() => users.id),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('scim_groups_tenant_name_uq').on(t.tenantId, sql`lower(${t.displayName})`),
    uniqueIndex('scim_groups_tenant_external_id_uq').on(t.tenantId, t.externalId),
  ],
);

/** Who is in a SCIM group. */
export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    tenantId: tenantId(),
    groupId: parentId(() => scimGroups.id),
    userId: parentId(() => users.id),
    createdAt: defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('scim_group_members_user_idx').on(t.userId)],
);
