import { index, integer, jsonb, numeric, primaryKey, text, uniqueIndex, uuid, pgTable } from 'drizzle-orm/pg-core';
import { defaultNow, linkId, parentId, tenantId, tenantTable, timestamptz } from './columns';
import { users } from './auth';
import { calls } from './calls';

export interface EvidenceQuote {
  /** The transcript's own words at that place (never the evaluator's wording). */
  quote: string;
  turnSeq: number;
  startMs: number;
  /** Where the quote lies in the turn's text (characters); absent in reports written before quotes were located in the transcript. */
  start?: number;
  end?: number;
}

/** Why a proposed quote is not evidence (server/evaluation/evidence.ts). */
export type QuoteRejection =
  | 'empty'
  | 'too_short'
  | 'generic'
  | 'ellipsis'
  | 'no_turn'
  | 'prospect_turn'
  | 'turn_mismatch'
  | 'wrong_turn'
  | 'not_found'
  | 'forged'
  | 'instruction'
  | 'reused'
  | 'self_label';

export interface RejectedQuote {
  /** The evaluator's wording, as proposed. */
  quote: string;
  turnSeq: number | null;
  reason: QuoteRejection;
}

/**
 * Why a level is what it is when the evaluator's own level was not kept: `no_evidence` (a level
 * above 0 without a verified rep quote after the one re-ask), `reask_failed` (the re-ask failed,
 * so the level could not be backed), `not_assessed` (the evaluator gave no answer for it),
 * `not_assessable` (the offline evaluator has no detector for it: no level, not in the score).
 */
export type LevelNote = 'no_evidence' | 'reask_failed' | 'not_assessed' | 'not_assessable';

export type Level = 0 | 1 | 2;

export interface CriterionResult {
  criterionId: string;
  name: string;
  /** Current level (after manager review), the one the score uses; null = not assessed (not in the score). */
  level: Level | null;
  /** The evaluator's verified level, before any manager review. */
  originalLevel: Level | null;
  /** The level the model first proposed, kept for audit only: never in any score. */
  proposedLevel?: Level | null;
  note?: LevelNote | null;
  rationale: string;
  evidence: EvidenceQuote[];
  /** Quotes the evaluator proposed that the check refused, with the reason. */
  rejected?: RejectedQuote[];
  /** With EVALUATION_SAMPLES > 1: how many of the samples gave the median level kept here. */
  agreement?: { samples: number; agreeing: number } | null;
  /** Only in reports written before evidence was checked against the transcript: a level above 0 kept although its evidence was not found. */
  unverified: boolean;
}
export interface Improvement {
  what: string;
  why: string;
  example: string;
}

/** The evaluation of one call. The score is computed in code from the levels. */
export const reports = tenantTable(
  'reports',
  {
    callId: parentId(() => calls.id),
    status: text().$type<'pending' | 'running' | 'ready' | 'failed'>().notNull().default('pending'),
    evaluator: text().$type<'model' | 'offline'>(),
    evaluatorVersion: text(),
    model: text(),
    promptSystem: text(),
    promptUser: text(),
    usage: jsonb().$type<Record<string, number>>(),
    score: numeric({ precision: 5, scale: 1, mode: 'number' }),
    originalScore: numeric({ precision: 5, scale: 1, mode: 'number' }),
    summary: text(),
    strengths: jsonb().$type<string[]>(),
    improvements: jsonb().$type<Improvement[]>(),
    criteria: jsonb().$type<CriterionResult[]>(),
    analytics: jsonb().$type<Record<string, unknown>>(),
    language: text(),
    error: text(),
    createdAt: defaultNow(),
    completedAt: timestamptz(),
  },
  (t) => [uniqueIndex('reports_call_uq').on(t.callId), index('reports_tenant_idx').on(t.tenantId, t.completedAt)],
);

/** Manager review: every level change with its required note; the original stays in `reports`. */
export const reportOverrides = tenantTable(
  'report_overrides',
  {
    reportId: parentId(() => reports.id),
    criterionId: text().notNull(),
    /** Null when the criterion had no level before (not assessable offline). */
    fromLevel: integer(),
    toLevel: integer().notNull(),
    note: text().notNull(),
    userId: linkId(() => users.id),
    scoreAfter: numeric({ precision: 5, scale: 1, mode: 'number' }).notNull(),
    createdAt: defaultNow(),
  },
  (t) => [index('report_overrides_report_idx').on(t.reportId, t.createdAt)],
);

/**
 * One row per criterion of every ready report of a learner's call (not tests or dry runs), kept by a
 * trigger on reports (migration 0028) so every write path keeps it exact: a learner's levels on a
 * criterion across calls of any kind, with the first verified quote behind each level — progress
 * by criterion, the team skill map and a drill's "last time → now". Criteria are matched by name
 * across scorecards and versions.
 */
export const criterionLevels = pgTable(
  'criterion_levels',
  {
    reportId: parentId(() => reports.id),
    criterionId: text().notNull(),
    tenantId: tenantId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    callId: uuid().notNull(),
    criterion: text().notNull(),
    level: integer(),
    quote: text(),
    turnSeq: integer(),
    at: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.criterionId] }),
    index('criterion_levels_user_idx').on(t.tenantId, t.userId, t.criterion, t.at),
    index('criterion_levels_tenant_at_idx').on(t.tenantId, t.at),
  ],
);
