import type { Database } from '../../db/client';
import type { JobQueue } from '../../db/schema';
import type { JobRow } from './queue';
import type { JobHandler } from './handler';
import { createWorker, type Worker } from './worker';

export type JobHandlers = Partial<Record<JobQueue, JobHandler>>;

export interface LaneOptions {
  database: Database;
  /** The first lane's worker id; later lanes add `:lane<n>` (tests name their workers). */
  workerId?: string;
  pollIntervalMs?: number;
  leaseMs?: number;
  backoffBaseMs?: number;
  initialDelayMs?: number;
  stopTimeoutMs: number;
  onCompleted?: (job: JobRow) => void;
}

/**
 * Workers in lanes, one job at a time each: a lane's long jobs never hold up another lane's short
 * ones. The queue knows no handler: the composition root (server/wiring.ts) says which handler
 * runs which queue, in which lane. The first lane alone releases orphaned jobs, before any lane
 * claims one.
 */
export async function startLanes(
  lanes: { handlers: JobHandlers; suffix?: string }[],
  opts: LaneOptions,
): Promise<Worker> {
  const workers = lanes.map((lane, i) =>
    createWorker({
      db: opts.database.db,
      handlers: lane.handlers,
      workerId: opts.workerId && (lane.suffix ? `${opts.workerId}:${lane.suffix}` : opts.workerId),
      pollIntervalMs: opts.pollIntervalMs,
      // after a (re)start the server answers first; background work begins a moment later
      initialDelayMs: opts.initialDelayMs ?? 1000,
      leaseMs: opts.leaseMs,
      backoffBaseMs: opts.backoffBaseMs,
      stopTimeoutMs: opts.stopTimeoutMs,
      // one process per PGlite data directory: any running job there belongs to a dead process
      orphans: i > 0 ? 'none' : opts.database.driver === 'pglite' ? 'all' : 'same-host',
      onCompleted: opts.onCompleted,
    }),
  );
  // one after the other: only the first releases orphaned jobs, before any lane claims one
  for (const w of workers) await w.start();
  return {
    id: workers[0].id,
    start: async () => void (await Promise.all(workers.map((w) => w.start()))),
    stop: async () => void (await Promise.all(workers.map((w) => w.stop()))),
    runOnce: async () => (await Promise.all(workers.map((w) => w.runOnce()))).some(Boolean),
  };
}
