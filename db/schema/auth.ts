import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { defaultNow, linkId, parentId, stamps, tenantTable, timestamptz } from './columns';
import { type Language } from '../../server/contracts/languages';
import type { UserType } from '../../server/contracts/enums';

/** User types shown in management screens. The role each maps to lives in server/auth/roles.ts. */

export const users = tenantTable(
  'users',
  {
    email: text().notNull(),
    username: text().notNull(),
    displayName: text(),
    passwordHash: text(),
    userType: text().$type<UserType>().notNull().default('user'),
    managerId: linkId((): AnyPgColumn => users.id),
    language: text().$type<Language>(),
    photoUrl: text(),
    lastActiveAt: timestamptz(),
    /** Set when provisioning (SCIM `active: false`) turns the account off: no sign-in, history kept. */
    deactivatedAt: timestamptz(),
    /** The identity provider's id for this person (SCIM `externalId`), unique within the tenant. */
    externalId: text(),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_tenant_username_uq').on(t.tenantId, sql`lower(${t.username})`),
    index('users_tenant_idx').on(t.tenantId),
    index('users_manager_idx').on(t.managerId),
    uniqueIndex('users_tenant_external_id_uq').on(t.tenantId, t.externalId),
  ],
);

/** A user's tokens by their SHA-256 (the id): the token itself is never stored. */
const userTokens = (name: string) =>
  pgTable(
    name,
    {
      id: text().primaryKey(),
      userId: parentId(() => users.id),
      expiresAt: timestamptz().notNull(),
      createdAt: defaultNow(),
    },
    (t) => [index(`${name}_user_idx`).on(t.userId)],
  );

/** Sessions per the lucia-auth.com recipe. */
export const sessions = userTokens('sessions');

/**
 * One-time "choose your password" links (accounts made by a bulk import). Any of a user's links,
 * once used, ends them all.
 */
export const passwordTokens = userTokens('password_tokens');

/**
 * Requests per API key (by its public prefix) in the current fixed window, shared by every server
 * process on the database (server/http/rate-limit-store.ts).
 */
export const apiRateLimits = pgTable('api_rate_limits', {
  key: text().primaryKey(),
  hits: integer().notNull(),
  windowStart: timestamptz().notNull(),
});

/**
 * Secrets the server processes of one database share, made at first start (e.g. the key that
 * signs browser telemetry tokens): every process verifies what any other issued.
 */
export const serverKeys = pgTable('server_keys', {
  name: text().primaryKey(),
  secret: text().notNull(),
  createdAt: defaultNow(),
});

/** Failed sign-in counters per account and per address (fixed window). */
export const loginThrottle = pgTable('login_throttle', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStart: defaultNow(),
  lockedUntil: timestamptz(),
});
