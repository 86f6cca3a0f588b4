import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { jobs } from '../../../db/schema';
import { asSystem } from '../../../db/tenant';
import type { PasswordPolicy } from '../../contracts/password-policy';
import { AppError, isAppError } from '../../errors';
import { enqueue, rawRows } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/handler';
import { importUsers, type CreatedAccount, type ImportPhase } from './import';
import { parseUsersCsv, type RowError } from './import-rows';

/**
 * CSV imports as durable jobs (queue `users_import`, server/jobs): the request checks the file's
 * shape and enqueues; a worker runs the all-or-nothing import, writing its progress to the job
 * row, so any process can answer the status poll and a restart loses nothing (a job cut off
 * mid-way rolled back and runs again). The accounts made, with their passwords, stay in the job's
 * result only until the one status answer that hands them out, or CREDENTIALS_TTL_MS at most; the
 * uploaded file (it may hold passwords too) is dropped from the job when it finishes.
 */

const QUEUE = 'users_import' as const;
/** Credentials not collected within this time are dropped. */
const CREDENTIALS_TTL_MS = 15 * 60_000;

interface ImportPayload {
  csv?: string;
  actorUserId: string;
  total: number;
}
interface ImportResult {
  phase: 'done' | 'failed';
  createdCount?: number;
  created?: CreatedAccount[];
  errors?: RowError[];
  failure?: { code: string; message: string };
}

export interface StartImport {
  /** The request's tenant transaction (the job commits with it) or the database. */
  db: Executor;
  tenantId: string;
  actorUserId: string;
  csv: string;
}

/** Checks the file's shape (header, row count: CSV_INVALID at once), then enqueues the import. */
export async function startImport({
  db,
  tenantId,
  actorUserId,
  csv,
}: StartImport): Promise<{ id: string; total: number }> {
  const total = parseUsersCsv(csv).length;
  return asSystem(db, { action: 'users.import.start', actorUserId, tenantId }, async (tx) => {
    // one import per tenant at a time; the lock makes two simultaneous starts see each other
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`users_import:${tenantId}`}))`);
    const running = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.queue, QUEUE), eq(jobs.tenantId, tenantId), inArray(jobs.status, ['queued', 'running'])))
      .limit(1);
    if (running.length)
      throw new AppError('CONFLICT', 'An import for this client is already running', { reason: 'importRunning' });
    const payload: ImportPayload = { csv, actorUserId, total };
    const id = await enqueue(tx, {
      queue: QUEUE,
      tenantId,
      payload: payload as unknown as Record<string, unknown>,
      dedupeKey: `users_import:${randomUUID()}`,
      maxAttempts: 3,
    });
    return { id, total };
  });
}

export interface ImportStatus {
  id: string;
  phase: ImportPhase;
  processed: number;
  total: number;
  errors: RowError[] | null;
  failure: { code: string; message: string } | null;
  createdCount: number;
  /** Present once: in the first answer after the job is done. */
  created: CreatedAccount[] | null;
}

interface StatusRow {
  id: string;
  status: string;
  payload: ImportPayload | string;
  progress: { phase?: ImportPhase; done?: number; total?: number } | string | null;
  result: ImportResult | string | null;
  last_error: string | null;
  finished_at: Date | string | null;
}
const json = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * The job's state for the user who started it, in the same tenant; anyone else gets NOT_FOUND.
 * The created accounts are taken out of the job as they are read (row lock): handed out once.
 */
export async function importStatus(
  db: Executor,
  id: string,
  tenantId: string,
  actorUserId: string,
): Promise<ImportStatus> {
  return asSystem(db, { action: 'users.import.status', actorUserId, tenantId }, async (tx) => {
    const [row] = await rawRows<StatusRow>(
      tx,
      sql`select id, status, payload, progress, result, last_error, finished_at from jobs
          where id = ${id} and queue = ${QUEUE} and tenant_id = ${tenantId} for update`,
    );
    const payload = row ? json(row.payload) : null;
    if (!row || !payload || payload.actorUserId !== actorUserId) throw new AppError('NOT_FOUND', 'Import not found');
    const result = json(row.result);
    const progress = json(row.progress) ?? {};
    const total = payload.total;
    const base = { id: row.id, total, errors: null, failure: null, createdCount: 0, created: null };
    if (row.status === 'queued' || row.status === 'running' || row.status === 'failed') {
      // 'failed' is a retry waiting its turn: the import rolled back and runs again
      return { ...base, phase: progress.phase ?? 'validating', processed: progress.done ?? 0 };
    }
    if (row.status === 'dead' || !result) {
      return {
        ...base,
        phase: 'failed',
        processed: 0,
        failure: { code: 'INTERNAL', message: 'An unexpected error occurred' },
      };
    }
    if (result.phase === 'failed') {
      return {
        ...base,
        phase: 'failed',
        processed: progress.done ?? 0,
        errors: result.errors ?? null,
        failure: result.failure ?? null,
      };
    }
    let created: CreatedAccount[] | null = null;
    const finishedAt = row.finished_at ? new Date(row.finished_at).getTime() : 0;
    if (result.created) {
      if (Date.now() - finishedAt <= CREDENTIALS_TTL_MS) created = result.created;
      await dropCredentials(tx, row.id);
    }
    return { ...base, phase: 'done', processed: total, createdCount: result.createdCount ?? 0, created };
  });
}

async function dropCredentials(tx: Executor, jobId: string) {
  await tx.execute(sql`update jobs set result = result - 'created', updated_at = now() where id = ${jobId}`);
}

/** The worker's side: runs the import with progress on the job row; the file is dropped after. */
export function usersImportHandler(opts: { policy: PasswordPolicy }): JobHandler {
  return {
    async run(ctx) {
      const { job, db, tenant } = ctx;
      const payload = job.payload as unknown as ImportPayload;
      if (!job.tenantId || !tenant || typeof payload.csv !== 'string')
        return { phase: 'failed', failure: { code: 'INTERNAL', message: 'The import file is gone' } };
      let lastWrite = 0;
      let result: ImportResult;
      try {
        const r = await importUsers({
          db,
          tenant,
          tenantId: job.tenantId,
          text: payload.csv,
          policy: opts.policy,
          actorUserId: payload.actorUserId,
          onProgress: (p) => {
            // a progress row at most every 250 ms (and each phase change): the poll reads it
            const now = Date.now();
            if (p.phase !== 'done' && now - lastWrite >= 250) {
              lastWrite = now;
              void ctx.setProgress({ phase: p.phase, done: p.processed, total: payload.total }).catch(() => undefined);
            }
          },
        });
        result = r.ok
          ? { phase: 'done', createdCount: r.created.length, created: r.created }
          : { phase: 'failed', errors: r.errors };
      } catch (e) {
        if (!isAppError(e)) throw e; // unexpected: the worker retries (the import rolled back)
        result = { phase: 'failed', failure: { code: e.code, message: e.message } };
      }
      await asSystem(db, { action: 'users.import.scrub', tenantId: job.tenantId }, (tx) =>
        tx.execute(sql`update jobs set payload = payload - 'csv', updated_at = now() where id = ${job.id}`),
      );
      return result as unknown as Record<string, unknown>;
    },
  };
}
