import { z } from 'zod';
import { LANGUAGES } from './languages';
import { USER_TYPES } from './enums';
import { ROLES } from './roles';
import {
  DISPLAY_NAME_MAX,
  EMAIL_MAX,
  MAX_IMPORT_CHARS,
  PASSWORD_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from './user-fields';
import { MANAGED_USER_TYPES } from './user-types';
import { rawText, requiredText, text } from './text';

// Messages are i18n keys of locales/<lng>/users.json (prefixed by the namespace); the client translates.
const userEmailSchema = text()
  .min(1, 'users.validation.emailRequired')
  .max(EMAIL_MAX, 'users.validation.emailInvalid')
  .pipe(z.email('users.validation.emailInvalid'));
const usernameSchema = text()
  .min(USERNAME_MIN, 'users.validation.usernameTooShort')
  .max(USERNAME_MAX, 'users.validation.usernameTooLong')
  .regex(USERNAME_PATTERN, 'users.validation.usernameInvalid');
const managedUserTypeSchema = z.enum(MANAGED_USER_TYPES, 'users.validation.userTypeRequired');
const displayNameSchema = text().max(DISPLAY_NAME_MAX, 'users.validation.displayNameTooLong').nullable().optional();
const languageSchema = z.enum(LANGUAGES).nullable().optional();
const managerIdSchema = z.uuid('users.validation.managerInvalid').nullable().optional();

export const createUserInput = z.object({
  email: userEmailSchema,
  username: usernameSchema,
  displayName: displayNameSchema,
  userType: managedUserTypeSchema,
  /** Empty or missing: generated and returned once. */
  password: rawText().max(PASSWORD_MAX).optional(),
  managerId: managerIdSchema,
  language: languageSchema,
});

export const updateUserInput = z.object({
  id: z.uuid(),
  email: userEmailSchema.optional(),
  username: usernameSchema.optional(),
  displayName: displayNameSchema,
  userType: managedUserTypeSchema.optional(),
  /** Empty or missing: unchanged. */
  password: rawText().max(PASSWORD_MAX).optional(),
  managerId: managerIdSchema,
  language: languageSchema,
});

export const idInput = z.object({ id: z.uuid() });
export const bulkDeleteInput = z.object({
  ids: z.array(z.uuid()).min(1, 'users.validation.selectAtLeastOne').max(5000),
});

export const managedUserOutput = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  userType: z.enum(USER_TYPES),
  role: z.enum(ROLES).nullable(),
  manager: z.object({ id: z.string(), name: z.string() }).nullable(),
  language: z.enum(LANGUAGES).nullable(),
  /** ISO 8601 (no transformer on the wire). */
  lastActiveAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ManagedUserRow = z.infer<typeof managedUserOutput>;

export const createUserOutput = z.object({ user: managedUserOutput, generatedPassword: z.string().nullable() });

/** A possible manager, as the user form's picker lists them. */
export const managerOutput = managedUserOutput.pick({
  id: true,
  email: true,
  username: true,
  displayName: true,
  userType: true,
});

export const importCsvInput = z.object({
  csv: requiredText('users.validation.csvEmpty', MAX_IMPORT_CHARS, 'users.validation.csvTooLarge'),
});
export const importStatusInput = z.object({ id: z.uuid() });

const rowErrorOutput = z.object({
  row: z.number().int(),
  field: z.string(),
  code: z.string(),
  reason: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportRowError = z.infer<typeof rowErrorOutput>;

const createdAccountOutput = z.object({
  email: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  userType: z.enum(MANAGED_USER_TYPES),
  /** A one-time "choose your password" link (rows without a password), minted for this answer only. */
  passwordLink: z.string().nullable(),
  passwordLinkExpiresAt: z.string().nullable(),
});
export type CreatedAccountRow = z.infer<typeof createdAccountOutput>;

export const importStatusOutput = z.object({
  id: z.string(),
  phase: z.enum(['validating', 'hashing', 'inserting', 'done', 'failed']),
  processed: z.number().int(),
  total: z.number().int(),
  errors: z.array(rowErrorOutput).nullable(),
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdCount: z.number().int(),
  created: z.array(createdAccountOutput).nullable(),
});
export type ImportStatusRow = z.infer<typeof importStatusOutput>;
