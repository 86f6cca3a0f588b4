import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { jobs, type JobQueue, type JobStatus } from '../../db/schema';
import { asSystem, rawRows } from '../../db/tenant';

export type JobRow = typeof jobs.$inferSelect;

export interface JobProgress {
  phase: string;
  done: number;
  total: number;
}

export interface EnqueueInput {
  queue: JobQueue;
  tenantId: string | null;
  payload: Record<string, unknown>;
  /** Same queue + dedupeKey → the existing job is returned, nothing is inserted. */
  dedupeKey: string;
  maxAttempts?: number;
  runAt?: Date;
}

/**
 * Enqueues a job idempotently and returns its id (the existing job's id when queue + dedupeKey is
 * already taken). Pass a transaction (tenant or system) to commit the job with other writes, or
 * the database to run it in its own system transaction.
 */
export async function enqueue(exec: Executor, input: EnqueueInput): Promise<string> {
  return (await enqueueJob(exec, input)).id;
}

/** Like enqueue, and says whether the job is new (false: the dedupe key was already taken). */
export async function enqueueJob(exec: Executor, input: EnqueueInput): Promise<{ id: string; created: boolean }> {
  const insert = async (tx: Executor) => {
    const inserted = await tx
      .insert(jobs)
      .values({
        queue: input.queue,
        tenantId: input.tenantId,
        payload: input.payload,
        dedupeKey: input.dedupeKey,
        maxAttempts: input.maxAttempts ?? 5,
        runAt: input.runAt ?? new Date(),
      })
      .onConflictDoNothing({ target: [jobs.queue, jobs.dedupeKey] })
      .returning({ id: jobs.id });
    if (inserted[0]) return { id: inserted[0].id, created: true };
    const [existing] = await rawRows<{ id: string }>(
      tx,
      sql`select id from jobs where queue = ${input.queue} and dedupe_key = ${input.dedupeKey}`,
    );
    return { id: existing.id, created: false };
  };
  // in the caller's transaction (a tenant one too): the job commits with its writes
  return asSystem(exec, { action: 'jobs.enqueue', tenantId: input.tenantId }, insert);
}

interface RawJob {
  id: string;
  tenant_id: string | null;
  queue: JobQueue;
  dedupe_key: string | null;
  payload: Record<string, unknown> | string;
  status: JobStatus;
  attempts: number;
  lost_leases: number;
  max_attempts: number;
  run_at: Date | string;
  locked_at: Date | string | null;
  locked_by: string | null;
  progress: Record<string, unknown> | string | null;
  last_error: string | null;
  result: Record<string, unknown> | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  finished_at: Date | string | null;
}

const json = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const date = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

function fromRaw(r: RawJob): JobRow {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    queue: r.queue,
    dedupeKey: r.dedupe_key,
    payload: json(r.payload) ?? {},
    status: r.status,
    attempts: Number(r.attempts),
    lostLeases: Number(r.lost_leases ?? 0),
    maxAttempts: Number(r.max_attempts),
    runAt: date(r.run_at)!,
    lockedAt: date(r.locked_at),
    lockedBy: r.locked_by,
    progress: json(r.progress),
    lastError: r.last_error,
    result: json(r.result),
    createdAt: date(r.created_at)!,
    updatedAt: date(r.updated_at)!,
    finishedAt: date(r.finished_at),
  };
}

/**
 * Runs lost with a dead worker that are not counted as attempts: the job did not fail, its process
 * did. Past this many, a lost run counts (a job that kills its process every time still ends dead).
 */
export const UNCOUNTED_LOST_LEASES = 3;

/**
 * Claims the next due job of `queues` in one short system transaction: queued or failed jobs
 * whose runAt has come, and running jobs whose lease expired (a worker that died mid-job: that
 * run is not counted as an attempt while `lost_leases` is under UNCOUNTED_LOST_LEASES).
 * FOR UPDATE SKIP LOCKED keeps two processes from claiming the same row.
 */
export async function claimNext(
  db: Db,
  workerId: string,
  queues: readonly JobQueue[],
  leaseMs: number,
): Promise<JobRow | null> {
  const queueList = sql.join(
    queues.map((q) => sql`${q}`),
    sql`, `,
  );
  const leaseSeconds = Math.max(1, Math.round(leaseMs / 1000));
  const rows = await asSystem(db, { action: 'jobs.claim' }, (tx) =>
    rawRows<RawJob>(
      tx,
      sql`update jobs set status = 'running', locked_at = now(), locked_by = ${workerId}, updated_at = now(),
            attempts = attempts + case when status = 'running' and lost_leases < ${UNCOUNTED_LOST_LEASES} then 0 else 1 end,
            lost_leases = lost_leases + case when status = 'running' then 1 else 0 end
          where id = (
            select id from jobs
            where queue in (${queueList})
              and ((status in ('queued', 'failed') and run_at <= now())
                or (status = 'running' and locked_at < now() - make_interval(secs => ${leaseSeconds})))
            order by run_at
            limit 1
            for update skip locked)
          returning *`,
    ),
  );
  return rows[0] ? fromRaw(rows[0]) : null;
}

/** `payload` without the given keys (secrets a finished job no longer needs), as SQL. */
const scrubbed = (keys: readonly string[] = []) =>
  keys.length ? sql`payload - ${`{${keys.join(',')}}`}::text[]` : sql`payload`;

/**
 * Marks the job succeeded (only while this worker still holds it); false when the lock was lost.
 * `scrub` names payload keys removed in the same statement (the handler's secret keys).
 */
export async function completeJob(
  db: Db,
  jobId: string,
  workerId: string,
  result: Record<string, unknown> | null,
  scrub?: readonly string[],
): Promise<boolean> {
  const rows = await asSystem(db, { action: 'jobs.complete' }, (tx) =>
    rawRows(
      tx,
      sql`update jobs set status = 'succeeded', result = ${result === null ? null : JSON.stringify(result)}::jsonb, finished_at = now(),
            payload = ${scrubbed(scrub)},
            locked_at = null, last_error = null, updated_at = now()
          where id = ${jobId} and locked_by = ${workerId} and status = 'running' returning id`,
    ),
  );
  return rows.length > 0;
}

export interface BackoffOptions {
  /** First retry delay (default 5 s); doubles each attempt. */
  baseMs?: number;
  /** Upper bound (default 10 min). */
  capMs?: number;
  /** Random source (tests); default Math.random. */
  random?: () => number;
}

/** base × 2^(attempts−1), capped, with ±20 % jitter so retries of many jobs spread out. */
export function backoffMs(attempts: number, opts: BackoffOptions = {}): number {
  const base = opts.baseMs ?? 5000;
  const cap = opts.capMs ?? 10 * 60_000;
  const raw = Math.min(cap, base * 2 ** Math.max(0, attempts - 1));
  const jitter = 0.8 + 0.4 * (opts.random ?? Math.random)();
  return Math.round(raw * jitter);
}

/**
 * Records a failed attempt: `failed` with runAt pushed back, or `dead` once attempts reach
 * maxAttempts (or at once when `permanent`). A dead job loses the `scrub` payload keys in the same
 * statement (a retry still needs them). Returns the new status, or null when the lock was lost.
 */
export async function failJob(
  db: Db,
  job: Pick<JobRow, 'id' | 'attempts' | 'maxAttempts'>,
  workerId: string,
  error: string,
  opts: BackoffOptions & { permanent?: boolean; delayMs?: number; scrub?: readonly string[] } = {},
): Promise<'failed' | 'dead' | null> {
  const dead = opts.permanent || job.attempts >= job.maxAttempts;
  const delay = dead ? 0 : (opts.delayMs ?? backoffMs(job.attempts, opts));
  const status: JobStatus = dead ? 'dead' : 'failed';
  const rows = await asSystem(db, { action: 'jobs.fail' }, (tx) =>
    rawRows(
      tx,
      sql`update jobs set status = ${status}, last_error = ${error.slice(0, 4000)}, locked_at = null,
            run_at = now() + make_interval(secs => ${delay / 1000}), finished_at = ${dead ? sql`now()` : sql`null`}, updated_at = now(),
            payload = ${dead ? scrubbed(opts.scrub) : sql`payload`}
          where id = ${job.id} and locked_by = ${workerId} and status = 'running' returning id`,
    ),
  );
  return rows.length ? (status as 'failed' | 'dead') : null;
}

/** Gives a claimed job back without counting the attempt (graceful stop). */
export async function releaseJob(db: Db, jobId: string, workerId: string): Promise<void> {
  await asSystem(db, { action: 'jobs.release' }, (tx) =>
    tx.execute(
      sql`update jobs set status = 'queued', locked_at = null, locked_by = null, attempts = greatest(attempts - 1, 0), updated_at = now()
          where id = ${jobId} and locked_by = ${workerId} and status = 'running'`,
    ),
  );
}

/** Progress for the wait screen; also renews the lease. No-op when the lock was lost. */
export async function setProgress(db: Db, jobId: string, progress: JobProgress, workerId?: string): Promise<void> {
  await asSystem(db, { action: 'jobs.progress' }, (tx) =>
    tx.execute(
      sql`update jobs set progress = ${JSON.stringify(progress)}::jsonb, locked_at = case when status = 'running' then now() else locked_at end, updated_at = now()
          where id = ${jobId} ${workerId ? sql`and locked_by = ${workerId}` : sql``}`,
    ),
  );
}

/** Renews the lease of a running job held by this worker; false when the job is no longer this worker's. */
export async function heartbeat(db: Db, jobId: string, workerId: string): Promise<boolean> {
  const rows = await asSystem(db, { action: 'jobs.heartbeat' }, (tx) =>
    rawRows(
      tx,
      sql`update jobs set locked_at = now() where id = ${jobId} and locked_by = ${workerId} and status = 'running' returning id`,
    ),
  );
  return rows.length > 0;
}

/**
 * Running jobs whose worker is known to be gone are made claimable at once (instead of waiting
 * for the lease): `lockedBy` matching `isDead`. Like a lapsed lease, the lost run is not counted
 * as an attempt (up to UNCOUNTED_LOST_LEASES). Returns how many were released.
 */
export async function releaseOrphans(db: Db, isDead: (lockedBy: string) => boolean): Promise<number> {
  return asSystem(db, { action: 'jobs.release_orphans' }, async (tx) => {
    const running = await rawRows<{ id: string; locked_by: string | null }>(
      tx,
      sql`select id, locked_by from jobs where status = 'running' for update skip locked`,
    );
    const orphans = running.filter((r) => !r.locked_by || isDead(r.locked_by)).map((r) => r.id);
    for (const id of orphans) {
      await tx.execute(
        sql`update jobs set status = 'queued', locked_at = null, run_at = now(), updated_at = now(),
              attempts = case when lost_leases < ${UNCOUNTED_LOST_LEASES} then greatest(attempts - 1, 0) else attempts end,
              lost_leases = lost_leases + 1
            where id = ${id} and status = 'running'`,
      );
    }
    return orphans.length;
  });
}

/** A job by id on the system path (tests, scripts). */
export async function getJob(db: Db, jobId: string): Promise<JobRow | null> {
  const rows = await asSystem(db, { action: 'jobs.get' }, (tx) =>
    rawRows<RawJob>(tx, sql`select * from jobs where id = ${jobId}`),
  );
  return rows[0] ? fromRaw(rows[0]) : null;
}

/** Puts a dead/failed/succeeded job back in the queue with a fresh attempt budget. */
export async function resetJob(exec: Executor, jobId: string): Promise<void> {
  const run = (tx: Executor) =>
    tx.execute(
      sql`update jobs set status = 'queued', attempts = 0, lost_leases = 0, run_at = now(), locked_at = null, locked_by = null, last_error = null, result = null,
            finished_at = null, progress = null, updated_at = now() where id = ${jobId} and status <> 'running'`,
    );
  await asSystem(exec, { action: 'jobs.reset' }, run);
}

/** Due jobs (queued or to be retried) by queue, with how long the oldest has waited: what the queue gauges of /metrics show. */
export function dueJobStats(db: Db) {
  return asSystem(db, { action: 'metrics.jobs' }, (tx) =>
    rawRows<{ queue: string; n: number; age: number }>(
      tx,
      sql`select queue, count(*)::int as n, coalesce(extract(epoch from (now() - min(run_at))), 0)::float8 as age
            from jobs where status in ('queued', 'failed') and run_at <= now() group by queue`,
    ),
  );
}

/**
 * Retention: finished jobs (succeeded or dead) older than `days` are deleted. Their secrets left
 * with the payload when they finished; what remains (ids, results, errors) is kept this long for
 * support and for the status screens, then goes. Returns how many rows were deleted.
 */
export async function pruneFinishedJobs(db: Db, days: number): Promise<number> {
  const rows = await asSystem(db, { action: 'jobs.prune' }, (tx) =>
    rawRows(
      tx,
      sql`delete from jobs where status in ('succeeded', 'dead') and finished_at < now() - make_interval(days => ${days}) returning id`,
    ),
  );
  return rows.length;
}
