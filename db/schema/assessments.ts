import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { defaultNow, linkId, stamps, tenantId, tenantTable, timestamptz } from './columns';
import { users } from './auth';
import { calls } from './calls';
import { simulations } from './simulations';
import type { ApiKeyStatus, AssessmentSource, AssessmentStatus } from '../../server/contracts/enums';

/**
 * A partner's API key. The full key is shown once; only its SHA-256 is kept.
 * `prefix` is the key's public part (shown in the list, and how a request's key is found).
 */
export const apiKeys = tenantTable(
  'api_keys',
  {
    /** The integration the key is for ("Greenhouse", "Our ATS"). */
    integration: text().notNull(),
    prefix: text().notNull(),
    keyHash: text().notNull(),
    status: text().$type<ApiKeyStatus>().notNull().default('active'),
    createdBy: linkId(() => users.id),
    createdAt: defaultNow(),
    lastUsedAt: timestamptz(),
    revokedAt: timestamptz(),
    revokedBy: linkId(() => users.id),
  },
  (t) => [uniqueIndex('api_keys_prefix_uq').on(t.prefix), index('api_keys_tenant_idx').on(t.tenantId, t.createdAt)],
);

export interface AssessmentCandidate {
  email: string;
  firstName: string;
  lastName: string;
  preferredName?: string | null;
  phone?: string | null;
  resumeUrl?: string | null;
  profileUrl?: string | null;
}

/**
 * One candidate's time-limited link to one simulation. The link's token is stored only as its
 * SHA-256. `callId` is the one call the link may start (set atomically when it starts).
 */
export const assessments = tenantTable(
  'assessments',
  {
    apiKeyId: linkId(() => apiKeys.id),
    source: text().$type<AssessmentSource>().notNull().default('api'),
    simulationId: linkId(() => simulations.id),
    candidate: jsonb().$type<AssessmentCandidate>().notNull(),
    /** Lower-cased candidate e-mail, for search. */
    candidateEmail: text().notNull(),
    externalId: text(),
    metadata: jsonb().$type<Record<string, unknown>>(),
    tokenHash: text().notNull(),
    status: text().$type<AssessmentStatus>().notNull().default('created'),
    expiresAt: timestamptz().notNull(),
    openedAt: timestamptz(),
    startedAt: timestamptz(),
    completedAt: timestamptz(),
    expiredAt: timestamptz(),
    callId: linkId(() => calls.id),
    /** The partner's Idempotency-Key header: the same key (per API key) returns the same assessment. */
    idempotencyKey: text(),
    /** SHA-256 of the creating request's body, so a reused Idempotency-Key with another body is refused. */
    requestHash: text(),
    /** Who sent it, as the ATS says (Greenhouse `sent_by`). */
    sentBy: text(),
    /** Greenhouse: the URL to PATCH when the assessment is complete. */
    callbackUrl: text(),
    /**
     * Greenhouse: the partner key to authenticate the PATCH with, encrypted (AES-256-GCM) under the
     * operator's ENCRYPTION_KEY; null without that setting (then the PATCH carries no credentials).
     * Erased once the PATCH succeeded.
     */
    callbackAuth: text(),
    /** The product's address the link was made with: links in webhooks and ATS answers use it. */
    baseUrl: text().notNull(),
    /** Whether Spar mailed the invitation itself. */
    emailSent: boolean().notNull().default(false),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('assessments_token_uq').on(t.tokenHash),
    uniqueIndex('assessments_idempotency_uq')
      .on(t.apiKeyId, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    index('assessments_tenant_idx').on(t.tenantId, t.createdAt),
    index('assessments_call_idx').on(t.callId),
  ],
);

/** Errors an ATS reports about our answers (Greenhouse `response_error`), kept for support. */
export const atsResponseErrors = tenantTable(
  'ats_response_errors',
  {
    apiKeyId: linkId(() => apiKeys.id),
    partnerInterviewId: text(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: defaultNow(),
  },
  (t) => [index('ats_response_errors_tenant_idx').on(t.tenantId, t.createdAt)],
);

/**
 * A tenant's assessment settings (a row only once changed; absent = the defaults). Kept apart from
 * `clients` so the client row stays as older code and migrations know it.
 */
export const assessmentSettings = pgTable('assessment_settings', {
  tenantId: tenantId().primaryKey(),
  /** Whether candidates see their score on the thank-you page (off by default). */
  showScore: boolean().notNull().default(false),
  updatedAt: defaultNow(),
});
