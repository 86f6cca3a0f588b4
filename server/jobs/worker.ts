import { inSpan } from '../telemetry/tracing';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../../db/client';
import { withTenant, type TenantRunner } from '../../db/tenant';
import type { JobQueue } from '../../db/schema';
import { logger as rootLogger, safeErrorMessage } from '../logger';
import { jobLeaseLosses } from '../metrics/metrics';
import { PermanentJobError, type JobContext, type JobHandler } from './handler';
import {
  claimNext,
  completeJob,
  failJob,
  heartbeat,
  releaseJob,
  releaseOrphans,
  setProgress,
  type JobRow,
} from './queue';
import { caught } from '../metrics/caught';
import { pidAlive } from './pid';

export { PermanentJobError, type JobContext } from './handler';

export interface WorkerOptions {
  db: Db;
  handlers: Partial<Record<JobQueue, JobHandler>>;
  /** Unique per worker; default `<host>:<pid>:<random>` (the pid lets a restart release orphans). */
  workerId?: string;
  /** Idle poll interval (default 1000 ms). After a job the next one is claimed at once. */
  pollIntervalMs?: number;
  /** A running job whose lock is older than this is reclaimed by any worker (default 5 min). */
  leaseMs?: number;
  /** Retry backoff base (default 5 s) and cap (default 10 min). */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** How long stop() waits for the current job before releasing it (default 10 s). */
  stopTimeoutMs?: number;
  /** On start, release running jobs of dead workers: 'all' for a single-process database (PGlite), 'same-host' otherwise. */
  orphans?: 'all' | 'same-host' | 'none';
  /** The first claim waits this long after start (the server answers its first requests first). */
  initialDelayMs?: number;
  /** Called after a job completed (e.g. to drop cached reads of its tenant). */
  onCompleted?: (job: JobRow) => void;
}

export interface Worker {
  readonly id: string;
  start(): Promise<void>;
  /** Stops polling; waits for the current job (up to stopTimeoutMs), else releases it. */
  stop(): Promise<void>;
  /** Claims and runs one job if one is due; true when a job was processed (tests, scripts). */
  runOnce(): Promise<boolean>;
}

function defaultWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** Whether a lock owner id names a process on this host that no longer runs. */
function deadOnThisHost(lockedBy: string, selfId: string): boolean {
  if (lockedBy === selfId) return false;
  const [host, pid] = lockedBy.split(':');
  if (host !== hostname()) return false;
  const n = Number(pid);
  if (!Number.isInteger(n) || n <= 0) return false;
  if (n === process.pid) return false; // another worker of this process (tests)
  return !pidAlive(n);
}

/** Why a run was stopped when its lease could not be renewed. */
class LeaseLostError extends Error {
  constructor(reason: string) {
    super(`job lease lost: ${reason}`);
    this.name = 'LeaseLostError';
  }
}

/** What is logged and stored as the job's last error: never the values of a failed statement. */
const errorMessage = (e: unknown) => safeErrorMessage(e);

/**
 * A polling worker: one job at a time, claimed in a short transaction, worked with no
 * transaction open, finished in another. No LISTEN/NOTIFY, so it runs the same on PGlite (single
 * connection) and on Postgres with several processes.
 */
export function createWorker(opts: WorkerOptions): Worker {
  const id = opts.workerId ?? defaultWorkerId();
  const log = rootLogger.child({ worker: id });
  const queues = Object.keys(opts.handlers) as JobQueue[];
  const pollMs = opts.pollIntervalMs ?? 1000;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  let running = false;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let wake: (() => void) | null = null;
  let loop: Promise<void> | null = null;
  let current: { job: JobRow; done: Promise<void>; abort: AbortController } | null = null;

  async function process(job: JobRow): Promise<void> {
    const handler = opts.handlers[job.queue];
    const abort = new AbortController();
    // the lease is renewed every third of it; a renewal that fails (the database is silent, or the
    // job is no longer ours) stops the run before the lease can lapse and another worker take it
    let lastRenewal = Date.now();
    const beatMs = Math.max(1000, Math.floor(leaseMs / 3));
    const leaseLost = (reason: string, err?: unknown) => {
      if (abort.signal.aborted) return;
      log.error({ err, jobId: job.id, queue: job.queue, reason }, 'job lease not renewed; run stopped');
      jobLeaseLosses.inc({ queue: job.queue });
      abort.abort(new LeaseLostError(reason));
    };
    const beat = setInterval(() => {
      void heartbeat(opts.db, job.id, id).then(
        (held) => {
          if (held) lastRenewal = Date.now();
          else leaseLost('held by another worker');
        },
        (err: unknown) => {
          // one missed renewal is survivable; stop while a third of the lease is still left
          if (Date.now() - lastRenewal >= leaseMs - beatMs) leaseLost('database did not answer', err);
          else log.warn({ err, jobId: job.id }, 'job lease renewal failed; will try again');
        },
      );
    }, beatMs);
    // the job runner, not the handler, opens the job's tenant: handlers receive the runner
    const jobTenant = job.tenantId;
    const tenant: TenantRunner | null = jobTenant ? (fn) => withTenant(opts.db, jobTenant, fn) : null;
    const ctx: JobContext = {
      job,
      db: opts.db,
      workerId: id,
      tenant,
      signal: abort.signal,
      setProgress: (p) => setProgress(opts.db, job.id, p, id),
    };
    const done = (async () => {
      try {
        if (!handler) throw new PermanentJobError(`no handler for queue ${job.queue}`);
        // one span per attempt (server/telemetry/tracing.ts; a no-op when the server does not trace)
        const result = await inSpan(
          `job ${job.queue}`,
          { 'job.id': job.id, 'job.queue': job.queue, 'job.attempt': job.attempts },
          () => handler.run(ctx),
        );
        if (abort.signal.aborted) throw abort.signal.reason;
        const ok = await completeJob(opts.db, job.id, id, result ?? null, handler.secretPayloadKeys);
        if (!ok) log.warn({ jobId: job.id }, 'job finished after its lock was lost; result discarded');
        else opts.onCompleted?.(job);
      } catch (e) {
        const message = errorMessage(e);
        // released by stop(), or the lease is lost: the job is (or will be) another worker's
        if (abort.signal.aborted) return;
        const delayMs = handler?.retryDelayMs?.(job.attempts);
        const failedAt = Date.now();
        const status = await failJob(opts.db, job, id, message, {
          baseMs: opts.backoffBaseMs,
          capMs: opts.backoffCapMs,
          permanent: e instanceof PermanentJobError,
          delayMs,
          scrub: handler?.secretPayloadKeys,
        }).catch((err: unknown) => {
          caught('job_failure_record', 'could not record job failure', { err, jobId: job.id });
          return null;
        });
        log.warn({ jobId: job.id, queue: job.queue, attempts: job.attempts, status, error: message }, 'job failed');
        try {
          if (status === 'dead') await handler?.onDead?.(job, message, opts.db, tenant);
          else if (status === 'failed')
            await handler?.onRetry?.(job, message, opts.db, new Date(failedAt + (delayMs ?? 0)), tenant);
        } catch (err) {
          caught('job_failure_hook', 'job failure hook failed', { err, jobId: job.id });
        }
      } finally {
        clearInterval(beat);
      }
    })();
    current = { job, done, abort };
    try {
      await done;
    } finally {
      current = null;
    }
  }

  async function runOnce(): Promise<boolean> {
    if (queues.length === 0) return false;
    const job = await claimNext(opts.db, id, queues, leaseMs);
    if (!job) return false;
    if (stopping) {
      // stop() was called while the claim was in flight: give the job back untouched
      await releaseJob(opts.db, job.id, id);
      return false;
    }
    await process(job);
    return true;
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    }).finally(() => {
      if (timer) clearTimeout(timer);
      timer = null;
      wake = null;
    });

  async function pollLoop(): Promise<void> {
    if (opts.initialDelayMs) await sleep(opts.initialDelayMs);
    while (running) {
      let worked = false;
      try {
        worked = await runOnce();
      } catch (e) {
        if (!running) break;
        caught('job_poll', 'job poll failed', { err: e });
      }
      if (running && !worked) await sleep(pollMs);
    }
  }

  return {
    id,
    async start() {
      if (running) return;
      const mode = opts.orphans ?? 'same-host';
      if (mode !== 'none') {
        try {
          const n = await releaseOrphans(opts.db, (lockedBy) =>
            mode === 'all' ? lockedBy !== id : deadOnThisHost(lockedBy, id),
          );
          if (n) log.info({ released: n }, 'released jobs of a stopped worker');
        } catch (e) {
          caught('job_orphan_release', 'could not release orphaned jobs', { err: e });
        }
      }
      running = true;
      stopping = false;
      loop = pollLoop();
    },
    async stop() {
      running = false;
      stopping = true;
      wake?.();
      const cur = current;
      if (cur) {
        const timeout = opts.stopTimeoutMs ?? 10_000;
        let t: NodeJS.Timeout | undefined;
        const finished = await Promise.race([
          cur.done.then(() => true),
          new Promise<boolean>((r) => (t = setTimeout(() => r(false), timeout))),
        ]);
        clearTimeout(t);
        if (!finished) {
          cur.abort.abort();
          await releaseJob(opts.db, cur.job.id, id).catch((e: unknown) =>
            caught('job_release', 'could not release job', { err: e, jobId: cur.job.id }),
          );
          loop = null; // the handler was told to abort; do not wait for it
          return;
        }
      }
      await loop?.catch(() => {}); // the loop logs its own failures (pollLoop)
      loop = null;
    },
    runOnce,
  };
}
