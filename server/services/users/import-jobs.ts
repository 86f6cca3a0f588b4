import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/client';
import { outsideTransaction } from '../../../db/tenant';
import type { PasswordPolicy } from '../../env';
import { AppError, isAppError } from '../../errors';
import { logger } from '../../logger';
import { importUsers, type CreatedAccount, type ImportPhase } from './import';
import { parseUsersCsv, type RowError } from './import-rows';

/**
 * CSV import jobs, so the UI can show real progress while the import stays all-or-nothing.
 *
 * LIMITATION: the jobs live in this process's memory. A restart loses running jobs (their
 * transaction rolls back, so nothing half-written remains, but the client sees "not found"), and
 * several server processes behind a balancer would not share them. Fine for one process; durable
 * jobs (a table + worker) come with the background-jobs work.
 */
interface Job {
  id: string;
  tenantId: string;
  actorUserId: string;
  phase: ImportPhase;
  processed: number;
  total: number;
  errors: RowError[] | null;
  /** Accounts with their passwords, until the one status answer that hands them out. */
  created: CreatedAccount[] | null;
  createdCount: number;
  failure: { code: string; message: string } | null;
  finishedAt: number | null;
}

const jobs = new Map<string, Job>();
/** A finished job is forgotten after this long (its credentials sooner: on first read). */
const KEEP_FINISHED_MS = 15 * 60_000;
/** One running import per tenant is enough; a second one waits for the first to finish. */
const MAX_RUNNING_PER_TENANT = 1;

function prune(now = Date.now()) {
  for (const [id, job] of jobs) if (job.finishedAt !== null && now - job.finishedAt > KEEP_FINISHED_MS) jobs.delete(id);
}

export interface StartImport {
  db: Db;
  tenantId: string;
  actorUserId: string;
  csv: string;
  policy: PasswordPolicy;
}

/**
 * Checks the file's shape (header, row count: CSV_INVALID at once), then runs importUsers in the
 * background and returns the job id to poll with importStatus.
 */
export function startImport({ db, tenantId, actorUserId, csv, policy }: StartImport): { id: string; total: number } {
  prune();
  const total = parseUsersCsv(csv).length;
  const running = [...jobs.values()].filter((j) => j.tenantId === tenantId && j.finishedAt === null).length;
  if (running >= MAX_RUNNING_PER_TENANT) throw new AppError('CONFLICT', 'An import for this client is already running', { reason: 'importRunning' });
  const job: Job = {
    id: randomUUID(),
    tenantId,
    actorUserId,
    phase: 'validating',
    processed: 0,
    total,
    errors: null,
    created: null,
    createdCount: 0,
    failure: null,
    finishedAt: null,
  };
  jobs.set(job.id, job);
  // not awaited: the request returns the id; the job settles on its own and records the outcome.
  // It opens its own transactions, so it must not run in the request transaction's context.
  void outsideTransaction(() =>
    importUsers(db, tenantId, csv, policy, {
      actorUserId,
      onProgress: (p) => {
        job.phase = p.phase === 'done' ? job.phase : p.phase;
        job.processed = p.processed;
      },
    }),
  )
    .then((result) => {
      if (result.ok) {
        job.created = result.created;
        job.createdCount = result.created.length;
        job.processed = job.total;
        job.phase = 'done';
      } else {
        job.errors = result.errors;
        job.phase = 'failed';
      }
    })
    .catch((e: unknown) => {
      if (!isAppError(e)) logger.error({ err: e, jobId: job.id }, 'users import failed');
      job.failure = isAppError(e) ? { code: e.code, message: e.message } : { code: 'INTERNAL', message: 'An unexpected error occurred' };
      job.phase = 'failed';
    })
    .finally(() => {
      job.finishedAt = Date.now();
    });
  return { id: job.id, total };
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

/** The job's state for the user who started it, in the same tenant; anyone else gets NOT_FOUND. */
export function importStatus(id: string, tenantId: string, actorUserId: string): ImportStatus {
  prune();
  const job = jobs.get(id);
  if (!job || job.tenantId !== tenantId || job.actorUserId !== actorUserId) throw new AppError('NOT_FOUND', 'Import not found');
  const created = job.phase === 'done' ? job.created : null;
  if (created) job.created = null; // credentials are handed out once
  return {
    id: job.id,
    phase: job.phase,
    processed: job.processed,
    total: job.total,
    errors: job.errors,
    failure: job.failure,
    createdCount: job.createdCount,
    created,
  };
}

/** Resolves when the job has finished (tests and scripts). */
export async function waitForImport(id: string, pollMs = 20): Promise<void> {
  while (jobs.get(id)?.finishedAt === null) await new Promise((r) => setTimeout(r, pollMs));
}
