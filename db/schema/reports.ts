import { index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { calls } from './calls';
import { clients } from './tenancy';

export interface EvidenceQuote {
  quote: string;
  turnSeq: number;
  startMs: number;
}
export interface CriterionResult {
  criterionId: string;
  name: string;
  /** Current level (after manager review); `originalLevel` is what the evaluator gave. */
  level: 0 | 1 | 2;
  originalLevel: 0 | 1 | 2;
  rationale: string;
  evidence: EvidenceQuote[];
  /** A level above 0 whose evidence could not be found in the rep's turns, even after a re-ask. */
  unverified: boolean;
}
export interface Improvement {
  what: string;
  why: string;
  example: string;
}

/** The evaluation of one call. The score is computed in code from the levels. */
export const reports = pgTable(
  'reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    callId: uuid()
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('reports_call_uq').on(t.callId), index('reports_tenant_idx').on(t.tenantId, t.completedAt)],
);

/** Manager review: every level change with its required note; the original stays in `reports`. */
export const reportOverrides = pgTable(
  'report_overrides',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    reportId: uuid()
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    criterionId: text().notNull(),
    fromLevel: integer().notNull(),
    toLevel: integer().notNull(),
    note: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    scoreAfter: numeric({ precision: 5, scale: 1, mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_overrides_report_idx').on(t.reportId, t.createdAt)],
);
