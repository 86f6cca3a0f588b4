import { index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';
import { users } from './auth';
import { authored } from './authored';
import { defaultNow, linkId, parentId, stamps, tenantId, tenantTable, timestamptz } from './columns';
import { calls } from './calls';
import { certifications } from './certifications';
import { simulations } from './simulations';
import type {
  LmsGradeStatus,
  LmsLaunchSource,
  LmsLaunchStatus,
  LmsTargetKind,
  LmsUnknownLearners,
  ScormVersion,
  UserType,
} from '../../server/contracts/enums';

/**
 * Spar's own keys for the learning systems a tenant connects: they sign the launch tokens of
 * SCORM packages and LTI launches, the LTI client assertions and deep-linking answers, and are
 * published (public half) at the tenant's JWKS address. One key signs at a time; a rotated key
 * stops signing and stays published until `retiredAt` is old enough that nothing it signed is
 * still valid. The private key is sealed with ENCRYPTION_KEY.
 */
export const lmsSigningKeys = tenantTable(
  'lms_signing_keys',
  {
    kid: text().notNull(),
    publicJwk: jsonb().$type<JWK>().notNull(),
    privateJwkSealed: text().notNull(),
    createdAt: defaultNow(),
    retiredAt: timestamptz(),
    createdBy: linkId(() => users.id),
  },
  (t) => [uniqueIndex('lms_signing_keys_kid_uq').on(t.kid), index('lms_signing_keys_tenant_idx').on(t.tenantId)],
);

/**
 * An LTI 1.3 platform (an LMS: Moodle, Canvas…) registered by an admin: its issuer and the client
 * id it gave Spar, the deployments allowed to launch, its endpoints, and the user type an LMS user
 * gets when a launch creates their account. `disabledAt`: launches are refused.
 */
export const ltiPlatforms = tenantTable(
  'lti_platforms',
  {
    name: text().notNull(),
    issuer: text().notNull(),
    clientId: text().notNull(),
    deploymentIds: jsonb().$type<string[]>().notNull().default([]),
    authLoginUrl: text().notNull(),
    accessTokenUrl: text().notNull(),
    jwksUrl: text().notNull(),
    userType: text().$type<UserType>().notNull().default('sales_rep'),
    disabledAt: timestamptz(),
    ...authored(),
  },
  (t) => [uniqueIndex('lti_platforms_issuer_client_uq').on(t.tenantId, t.issuer, t.clientId)],
);

/**
 * An LTI login in flight (third-party-initiated login → launch), by the SHA-256 of its `state`:
 * the nonce the launch must carry. System path only; deleted when used.
 */
export const ltiLoginStates = pgTable(
  'lti_login_states',
  {
    id: text().primaryKey(),
    tenantId: tenantId(),
    platformId: parentId(() => ltiPlatforms.id),
    nonce: text().notNull(),
    expiresAt: timestamptz().notNull(),
    createdAt: defaultNow(),
  },
  (t) => [index('lti_login_states_expires_idx').on(t.expiresAt)],
);

/** Launch nonces already used, per platform, kept until the launch token they came in expires. System path only. */
export const ltiNonces = pgTable(
  'lti_nonces',
  {
    platformId: parentId(() => ltiPlatforms.id),
    nonce: text().notNull(),
    tenantId: tenantId(),
    expiresAt: timestamptz().notNull(),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.nonce] }), index('lti_nonces_expires_idx').on(t.expiresAt)],
);

/**
 * A person of a learning system, known to Spar: an LTI user by issuer and `sub`, a SCORM learner by
 * package and learner id. Their calls are their Spar account's.
 */
export const lmsIdentities = tenantTable(
  'lms_identities',
  {
    source: text().$type<LmsLaunchSource>().notNull(),
    /** LTI: the platform's issuer; SCORM: the package id. */
    issuer: text().notNull(),
    subject: text().notNull(),
    userId: parentId(() => users.id),
    createdAt: defaultNow(),
  },
  (t) => [uniqueIndex('lms_identities_subject_uq').on(t.tenantId, t.source, t.issuer, t.subject)],
);

/**
 * A course item of an LTI platform that launches Spar (a resource link, made by deep linking):
 * what it opens, and the AGS line item its grades go to once known.
 */
export const ltiResourceLinks = tenantTable(
  'lti_resource_links',
  {
    platformId: parentId(() => ltiPlatforms.id),
    resourceLinkId: text().notNull(),
    contextId: text(),
    title: text(),
    targetKind: text().$type<LmsTargetKind>().notNull(),
    simulationId: linkId(() => simulations.id),
    certificationId: linkId(() => certifications.id),
    lineItemUrl: text(),
    lineItemsUrl: text(),
    agsScopes: jsonb().$type<string[]>().notNull().default([]),
    ...stamps(),
  },
  (t) => [uniqueIndex('lti_resource_links_uq').on(t.platformId, t.resourceLinkId)],
);

/**
 * A SCORM package a manager exported: the simulation or certification it opens, its SCORM version,
 * what an LMS learner unknown to the tenant gets, the score that passes, and its launch key (shown
 * in the package, stored here as SHA-256). Revoking it stops its launches.
 */
export const scormPackages = tenantTable(
  'scorm_packages',
  {
    title: text().notNull(),
    version: text().$type<ScormVersion>().notNull(),
    targetKind: text().$type<LmsTargetKind>().notNull(),
    simulationId: linkId(() => simulations.id),
    certificationId: linkId(() => certifications.id),
    unknownLearners: text().$type<LmsUnknownLearners>().notNull().default('guest'),
    passingScore: integer().notNull().default(70),
    keyHash: text().notNull(),
    revokedAt: timestamptz(),
    revokedBy: linkId(() => users.id),
    ...authored(),
  },
  (t) => [index('scorm_packages_tenant_idx').on(t.tenantId, t.createdAt)],
);

/**
 * One launch from a learning system (a SCORM package opened by a learner, an LTI resource-link or
 * deep-linking launch), or a refused one with its reason: the launch log. An accepted launch holds
 * the learner, the exercise it opens, its call once started, and where its grade stands.
 */
export const lmsLaunches = tenantTable(
  'lms_launches',
  {
    source: text().$type<LmsLaunchSource>().notNull(),
    status: text().$type<LmsLaunchStatus>().notNull(),
    /** A refused launch's reason (an error code of the lms namespace). */
    error: text(),
    packageId: linkId(() => scormPackages.id),
    platformId: linkId(() => ltiPlatforms.id),
    resourceLinkId: linkId(() => ltiResourceLinks.id),
    targetKind: text().$type<LmsTargetKind>(),
    simulationId: linkId(() => simulations.id),
    certificationId: linkId(() => certifications.id),
    userId: linkId(() => users.id),
    learnerId: text(),
    learnerName: text(),
    callId: linkId(() => calls.id),
    /** Where "return to course" goes (LTI launch presentation). */
    returnUrl: text(),
    score: numeric({ precision: 5, scale: 1, mode: 'number' }),
    gradeStatus: text().$type<LmsGradeStatus>().notNull().default('none'),
    gradeError: text(),
    gradedAt: timestamptz(),
    expiresAt: timestamptz(),
    ...stamps(),
  },
  (t) => [
    index('lms_launches_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('lms_launches_call_idx').on(t.callId),
  ],
);
