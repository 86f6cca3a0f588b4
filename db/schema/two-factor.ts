import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { defaultNow, parentId, stamps, tenantId, tenantTable, timestamptz } from './columns';

/**
 * A user's authenticator (TOTP) for two-factor sign-in: the secret sealed with ENCRYPTION_KEY,
 * when it was turned on (null while the user is still confirming the first code), and the last
 * 30-second time step a code was accepted for: a code of that step or an earlier one is refused,
 * so no code is accepted twice.
 */
export const userTwoFactor = tenantTable(
  'user_two_factor',
  {
    userId: parentId(() => users.id),
    secretSealed: text().notNull(),
    enabledAt: timestamptz(),
    lastTimeStep: integer(),
    ...stamps(),
  },
  (t) => [uniqueIndex('user_two_factor_user_uq').on(t.userId)],
);

/** One-time recovery codes of a user's two-factor sign-in, by their SHA-256; each works once. */
export const twoFactorRecoveryCodes = tenantTable(
  'two_factor_recovery_codes',
  {
    userId: parentId(() => users.id),
    codeHash: text().notNull(),
    usedAt: timestamptz(),
    createdAt: defaultNow(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_code_uq').on(t.userId, t.codeHash)],
);

export type TwoFactorStep = 'verify' | 'enrol';

/**
 * A sign-in that passed the password and waits for the second factor (`verify`) or for the user
 * to set one up (`enrol`), by the SHA-256 of its token; bound to the user and to the password
 * checked (a digest of its hash), counted per wrong code, short-lived. System path only.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: text().primaryKey(),
    tenantId: tenantId(),
    userId: parentId(() => users.id),
    step: text().$type<TwoFactorStep>().notNull(),
    passwordTag: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamptz().notNull(),
    createdAt: defaultNow(),
  },
  (t) => [
    index('two_factor_challenges_user_idx').on(t.userId),
    index('two_factor_challenges_expires_idx').on(t.expiresAt),
  ],
);
