import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { defaultNow, id, stamps, timestamptz } from './columns';
import { clients } from './tenancy';

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'dead'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export type JobQueue =
  | 'evaluation'
  | 'mail'
  | 'webhook'
  | 'ats_callback'
  | 'assessment_expiry'
  | 'users_import'
  | 'demo_history'
  | 'meeting_bot'
  | 'certificate_expiry'
  | 'lti_score';

/**
 * Durable background work, claimed with FOR UPDATE SKIP LOCKED so several server processes can
 * share it without double processing. `dedupeKey` makes enqueueing idempotent; `failed` rows wait
 * for `runAt` (backoff) and are retried until `maxAttempts`, then `dead`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    tenantId: uuid().references(() => clients.id, { onDelete: 'cascade' }),
    queue: text().$type<JobQueue>().notNull(),
    dedupeKey: text(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().$type<JobStatus>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    /**
     * Leases that ran out under a worker that died (crash, kill): the first few such runs are not
     * counted as attempts (the job did not fail, its process did); later ones are, so a job that
     * kills its process every time still ends dead.
     */
    lostLeases: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    runAt: defaultNow(),
    lockedAt: timestamptz(),
    lockedBy: text(),
    /** What the worker is doing now, for progress on screen: { phase, done, total }. */
    progress: jsonb().$type<Record<string, unknown>>(),
    lastError: text(),
    result: jsonb().$type<Record<string, unknown>>(),
    ...stamps(),
    finishedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_uq').on(t.queue, t.dedupeKey),
    index('jobs_claim_idx').on(t.queue, t.status, t.runAt),
    index('jobs_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);
