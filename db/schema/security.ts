import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { defaultNow, id, stamps, tenantId, tenantTable, timestamptz } from './columns';
import type { UserType } from '../../server/contracts/enums';

/**
 * A tenant's security choices (Admin → Security); no row: every default. `ssoUserType` is the user
 * type a person gets when single sign-on creates their account on first sign-in (never admin).
 */
export const securitySettings = pgTable('security_settings', {
  tenantId: tenantId().primaryKey(),
  requireSso: boolean().notNull().default(false),
  requireAdminTwoFactor: boolean().notNull().default(false),
  auditRetentionDays: integer().notNull().default(365),
  ssoUserType: text().$type<UserType>().notNull().default('user'),
  updatedAt: defaultNow(),
});

export type SsoProtocol = 'oidc' | 'saml';

/**
 * A tenant's identity provider, one row per protocol. OIDC: the issuer (discovered at sign-in),
 * the client id and the client secret sealed with ENCRYPTION_KEY. SAML: the IdP's metadata XML
 * (uploaded, or last fetched from its URL).
 */
export const ssoConnections = tenantTable(
  'sso_connections',
  {
    protocol: text().$type<SsoProtocol>().notNull(),
    enabled: boolean().notNull().default(false),
    oidcIssuer: text(),
    oidcClientId: text(),
    oidcClientSecretSealed: text(),
    samlMetadataXml: text(),
    samlMetadataUrl: text(),
    ...stamps(),
  },
  (t) => [uniqueIndex('sso_connections_tenant_protocol_uq').on(t.tenantId, t.protocol)],
);

/**
 * E-mail domains that lead to a tenant's single sign-on. A domain counts once its DNS TXT record
 * carries the verification token; a verified domain belongs to one tenant only.
 */
export const ssoDomains = tenantTable(
  'sso_domains',
  {
    domain: text().notNull(),
    verificationToken: text().notNull(),
    verifiedAt: timestamptz(),
    createdAt: defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_domains_tenant_domain_uq').on(t.tenantId, sql`lower(${t.domain})`),
    uniqueIndex('sso_domains_verified_uq')
      .on(sql`lower(${t.domain})`)
      .where(sql`${t.verifiedAt} is not null`),
  ],
);

/**
 * A single sign-on attempt in flight, by the SHA-256 of its `state` (OIDC) or request id (SAML):
 * the PKCE verifier and nonce it must come back with, and where to go after. System path only.
 */
export const ssoLoginStates = pgTable(
  'sso_login_states',
  {
    id: text().primaryKey(),
    tenantId: tenantId(),
    protocol: text().$type<SsoProtocol>().notNull(),
    codeVerifier: text(),
    nonce: text(),
    returnTo: text(),
    expiresAt: timestamptz().notNull(),
    createdAt: defaultNow(),
  },
  (t) => [index('sso_login_states_expires_idx').on(t.expiresAt)],
);

/** SAML assertions already used, by the SHA-256 of issuer and assertion id, kept until they expire. */
export const samlAssertionIds = pgTable(
  'saml_assertion_ids',
  {
    id: text().primaryKey(),
    tenantId: tenantId(),
    expiresAt: timestamptz().notNull(),
  },
  (t) => [index('saml_assertion_ids_expires_idx').on(t.expiresAt)],
);

export type AuditOutcome = 'success' | 'failure';

/**
 * Who did what, when and from where: security-relevant actions of a tenant (sign-in, single
 * sign-on, provisioning, roles, keys, exports, deletions) and superuser actions (tenant null when
 * they touch no one tenant). Append-only for the app role: it may insert and read its tenant's
 * rows, never change or remove them; old rows leave only by the retention sweep (system path).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorUserId: uuid(),
    tenantId: uuid(),
    action: text().notNull(),
    detail: text(),
    actorLabel: text(),
    target: text(),
    outcome: text().$type<AuditOutcome>().notNull().default('success'),
    ip: text(),
    userAgent: text(),
    createdAt: defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);
