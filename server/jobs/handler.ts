import type { Db } from '../../db/client';
import type { TenantRunner } from '../../db/tenant';
import type { JobProgress, JobRow } from './queue';

/*
 * What a job handler is: a leaf of types (and the one error class) that handlers in services,
 * evaluation, mail and integrations import without importing the worker that runs them.
 */

/** Thrown by a handler when retrying cannot help (e.g. the call was deleted): the job goes dead at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export interface JobContext {
  job: JobRow;
  db: Db;
  workerId: string;
  /** Short tenant transactions on the job's own tenant; null when the job has none. */
  tenant: TenantRunner | null;
  /**
   * Aborted when the worker stops and will not wait for the job any longer, or when the job's
   * lease could not be renewed (the database did not answer, or another worker holds the job):
   * the run must stop before doing anything more, because another worker may run it again.
   */
  signal: AbortSignal;
  setProgress(progress: JobProgress): Promise<void>;
}

export interface JobHandler {
  /**
   * Payload keys holding secrets or personal data the job needs only to run (an uploaded file):
   * removed when the job succeeds or goes dead, in the statement that records it.
   */
  secretPayloadKeys?: readonly string[];
  run(ctx: JobContext): Promise<Record<string, unknown> | void>;
  /** Called once when the job goes dead (after the last attempt), e.g. to mark a report failed. */
  onDead?(job: JobRow, error: string, db: Db, tenant: TenantRunner | null): Promise<void>;
  /** Called after each failed attempt that will be retried, with when the next attempt is due. */
  onRetry?(job: JobRow, error: string, db: Db, nextAttemptAt: Date, tenant: TenantRunner | null): Promise<void>;
  /**
   * The wait before the next attempt after `attempts` failed ones, when the queue has its own
   * schedule (webhooks follow Standard Webhooks'); the worker's exponential backoff otherwise.
   */
  retryDelayMs?(attempts: number): number;
}
