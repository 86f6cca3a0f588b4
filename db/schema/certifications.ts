import { boolean, index, integer, jsonb, numeric, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { authored } from './authored';
import { defaultNow, linkId, parentId, tenantTable, timestamptz } from './columns';
import { simulations } from './simulations';

/** A criterion a certification step requires, by name, at least at this level. */
export interface StepLevelRule {
  criterion: string;
  level: 1 | 2;
}

/**
 * A certification a manager defines: an ordered set of simulations (steps), each with its pass
 * rule; optional expiry in months after it is earned, and an optional limit of attempts a step.
 */
export const certifications = tenantTable(
  'certifications',
  {
    name: text().notNull(),
    description: text().notNull().default(''),
    expiryMonths: integer(),
    /** Attempts a rep has at each step (null: no limit). */
    maxAttempts: integer(),
    archivedAt: timestamptz(),
    ...authored(),
  },
  (t) => [index('certifications_tenant_idx').on(t.tenantId, t.createdAt)],
);

/**
 * One step: a simulation and its pass rule — a minimum score and/or minimum levels on named
 * criteria; with evidence required, a level counts only with a verified quote of the rep.
 */
export const certificationSteps = tenantTable(
  'certification_steps',
  {
    certificationId: parentId(() => certifications.id),
    position: integer().notNull(),
    /** Cleared when the simulation is deleted: the step can no longer be passed. */
    simulationId: linkId(() => simulations.id),
    minScore: numeric({ precision: 5, scale: 1, mode: 'number' }),
    minLevels: jsonb().$type<StepLevelRule[]>().notNull().default([]),
    evidenceRequired: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('certification_steps_position_uq').on(t.certificationId, t.position)],
);

/** What a certificate shows, frozen when it is earned: nothing personal beyond the holder's name. */
export interface CertificateDetails {
  certificationName: string;
  holderName: string;
  organisation: string;
  steps: { simulationName: string; callId: string; score: number | null }[];
}

/**
 * A certificate a rep earned: every step passed. Its public verification link carries a random
 * token, stored here as its SHA-256; revoking it (or the expiry date passing) stops it verifying.
 */
export const certificates = tenantTable(
  'certificates',
  {
    certificationId: parentId(() => certifications.id),
    userId: parentId(() => users.id),
    earnedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamptz(),
    revokedAt: timestamptz(),
    revokedBy: linkId(() => users.id),
    verifyTokenHash: text().notNull(),
    /** When the reminder 30 days before expiry was sent (mail and in-app). */
    reminderSentAt: timestamptz(),
    /** When the certificate was found lapsed (its expiry passed). */
    lapsedAt: timestamptz(),
    details: jsonb().$type<CertificateDetails>().notNull(),
    createdAt: defaultNow(),
  },
  (t) => [
    uniqueIndex('certificates_token_uq').on(t.verifyTokenHash),
    index('certificates_user_idx').on(t.tenantId, t.userId, t.earnedAt),
    index('certificates_certification_idx').on(t.certificationId, t.earnedAt),
    index('certificates_expiry_idx').on(t.expiresAt),
  ],
);
