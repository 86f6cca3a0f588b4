import { z } from 'zod';
import { MANAGED_USER_TYPES } from './enums';
import { text } from './text';

// Messages are i18n keys of locales/<lng>/scim.json; the client translates.
const SCIM_TOKEN_NAME_MAX = 100;

/** What membership of a SCIM group means in Spar: a user type, a team (its manager), or nothing. */
export type ScimGroupMappingKind = 'none' | 'userType' | 'team';

/** "Create token" on Admin → Provisioning: what the token is for ("Okta", "Entra ID"). */
export const createScimTokenInput = z.object({
  name: text().min(1, 'scim.validation.nameRequired').max(SCIM_TOKEN_NAME_MAX, 'scim.validation.nameTooLong'),
});
export const scimTokenIdInput = z.object({ tokenId: z.uuid() });

/** A token as the list shows it: never the token itself, only its public prefix. */
export const scimTokenOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ScimTokenView = z.infer<typeof scimTokenOutput>;

/** The answer to "Create token": the full token, shown this once and never again. */
export const createdScimTokenOutput = z.object({ token: scimTokenOutput, secret: z.string() });

export const scimInfoOutput = z.object({ baseUrl: z.string() });

const scimGroupMappingInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('userType'), userType: z.enum(MANAGED_USER_TYPES) }),
  z.object({ kind: z.literal('team'), managerId: z.uuid() }),
]);
export type ScimGroupMapping = z.infer<typeof scimGroupMappingInput>;

export const setScimGroupMappingInput = z.object({ groupId: z.uuid(), mapping: scimGroupMappingInput });

export const scimGroupOutput = z.object({
  id: z.uuid(),
  displayName: z.string(),
  externalId: z.string().nullable(),
  memberCount: z.number().int(),
  mapping: scimGroupMappingInput,
  managerName: z.string().nullable(),
  updatedAt: z.string(),
});
export type ScimGroupView = z.infer<typeof scimGroupOutput>;
