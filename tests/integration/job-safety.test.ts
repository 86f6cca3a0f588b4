import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import { claimNext, enqueue, failJob, getJob, pruneFinishedJobs, UNCOUNTED_LOST_LEASES } from '../../server/jobs/queue';
import { createWorker, type JobContext } from '../../server/jobs/worker';
import { useTestDatabase } from '../helpers/db';

/*
 * What the job runner promises beyond running jobs: secrets leave a job's payload in the statement
 * that records its end, finished jobs are pruned, a run whose lease cannot be renewed stops before
 * another worker can take the job, and runs lost with a dead worker are not counted as attempts.
 */

const database = useTestDatabase();
let db: Db;

beforeAll(async () => {
  db = database.db;
});
beforeEach(async () => {
  await asSystem(db, { action: 'test' }, (tx) => tx.delete(jobs));
});

const sys = <T>(fn: Parameters<typeof asSystem<T>>[2]) => asSystem(db, { action: 'test' }, fn);

describe('secret payload keys', () => {
  it('leave the payload when the job succeeds, stay for a retry, and leave when it goes dead', async () => {
    const ok = await enqueue(db, {
      queue: 'users_import',
      tenantId: null,
      payload: { csv: 'a,b', n: 1 },
      dedupeKey: 'ok',
    });
    const bad = await enqueue(db, {
      queue: 'users_import',
      tenantId: null,
      payload: { csv: 'secret,row', n: 2 },
      dedupeKey: 'bad',
      maxAttempts: 2,
    });
    const w = createWorker({
      db,
      workerId: 'test:secret',
      orphans: 'none',
      backoffBaseMs: 1,
      backoffCapMs: 1,
      handlers: {
        users_import: {
          secretPayloadKeys: ['csv'],
          run: async (ctx) => {
            if (ctx.job.payload.n === 2) throw new Error('boom');
            return { done: true };
          },
        },
      },
    });
    expect(await w.runOnce()).toBe(true);
    expect(await w.runOnce()).toBe(true);
    const done = await getJob(db, ok);
    expect(done).toMatchObject({ status: 'succeeded', payload: { n: 1 } });
    expect(done!.payload).not.toHaveProperty('csv');
    // the first failure will be retried: the file is still needed
    expect(await getJob(db, bad)).toMatchObject({ status: 'failed', payload: { csv: 'secret,row', n: 2 } });
    await new Promise((r) => setTimeout(r, 20));
    expect(await w.runOnce()).toBe(true);
    const dead = await getJob(db, bad);
    expect(dead).toMatchObject({ status: 'dead', lastError: 'boom', payload: { n: 2 } });
    expect(dead!.payload).not.toHaveProperty('csv');
  });

  it('failJob scrubs only when it records the job dead', async () => {
    const id = await enqueue(db, { queue: 'mail', tenantId: null, payload: { key: 'k', keep: 1 }, dedupeKey: 'f' });
    const job = (await claimNext(db, 'w', ['mail'], 60_000))!;
    expect(await failJob(db, job, 'w', 'x', { scrub: ['key'], delayMs: 0 })).toBe('failed');
    expect((await getJob(db, id))!.payload).toEqual({ key: 'k', keep: 1 });
    const again = (await claimNext(db, 'w', ['mail'], 60_000))!;
    expect(await failJob(db, again, 'w', 'x', { scrub: ['key'], permanent: true })).toBe('dead');
    expect((await getJob(db, id))!.payload).toEqual({ keep: 1 });
  });
});

describe('retention', () => {
  it('deletes finished jobs older than the retention, and nothing else', async () => {
    const ids: Record<string, string> = {};
    for (const k of ['oldDone', 'oldDead', 'newDone', 'oldQueued', 'oldFailed'])
      ids[k] = await enqueue(db, { queue: 'mail', tenantId: null, payload: {}, dedupeKey: k });
    const set = (id: string, status: string, finishedDaysAgo: number | null) =>
      sys((tx) =>
        tx.execute(
          sql`update jobs set status = ${status}, finished_at = ${
            finishedDaysAgo === null ? null : sql`now() - make_interval(days => ${finishedDaysAgo})`
          }, created_at = now() - interval '60 days' where id = ${id}`,
        ),
      );
    await set(ids.oldDone, 'succeeded', 15);
    await set(ids.oldDead, 'dead', 30);
    await set(ids.newDone, 'succeeded', 13);
    await set(ids.oldQueued, 'queued', null);
    await set(ids.oldFailed, 'failed', null);
    expect(await pruneFinishedJobs(db, 14)).toBe(2);
    const left = await sys((tx) => tx.select({ id: jobs.id }).from(jobs));
    expect(left.map((r) => r.id).sort()).toEqual([ids.newDone, ids.oldQueued, ids.oldFailed].sort());
  });
});

/** The database as the worker sees it, with a switch that makes every statement fail (a partition). */
function cuttable(real: Db) {
  let cut = false;
  const proxy = new Proxy(real, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (cut) return Promise.reject(new Error('connection terminated unexpectedly'));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: proxy, setCut: (v: boolean) => (cut = v) };
}

describe('lease', () => {
  it('a run whose lease cannot be renewed stops before the lease lapses; the job runs to its end exactly once', async () => {
    const id = await enqueue(db, { queue: 'mail', tenantId: null, payload: {}, dedupeKey: 'partition' });
    const leaseMs = 3000;
    const effects: string[] = [];
    let firstSignal: AbortSignal | null = null;
    // a job that works for 5 s, checking its signal as a careful handler does, then has its one effect
    const handler = {
      run: async (ctx: JobContext) => {
        firstSignal ??= ctx.signal;
        for (let i = 0; i < 50; i++) {
          if (ctx.signal.aborted) throw new Error('stopped');
          await new Promise((r) => setTimeout(r, 100));
        }
        effects.push(ctx.workerId);
        return { ok: true };
      },
    };
    const link = cuttable(db);
    const a = createWorker({ db: link.db, workerId: 'test:a', orphans: 'none', leaseMs, handlers: { mail: handler } });
    const running = a.runOnce();
    await expect.poll(() => firstSignal, { timeout: 5000, interval: 20 }).not.toBeNull();
    link.setCut(true); // the database stops answering this worker
    await expect.poll(() => firstSignal!.aborted, { timeout: 5000, interval: 50 }).toBe(true);
    // stopped while a third of the lease was left: the job is still this worker's on record
    expect(await getJob(db, id)).toMatchObject({ status: 'running', lockedBy: 'test:a' });
    expect(await running).toBe(true);
    link.setCut(false);
    const b = createWorker({ db, workerId: 'test:b', orphans: 'none', leaseMs, handlers: { mail: handler } });
    // b takes the job only once the lease has lapsed, and runs it to its end
    await expect.poll(() => b.runOnce(), { timeout: 10_000, interval: 200 }).toBe(true);
    expect(effects).toEqual(['test:b']);
    // the run lost with worker a is not counted as an attempt
    expect(await getJob(db, id)).toMatchObject({ status: 'succeeded', attempts: 1, lostLeases: 1 });
  }, 30_000);

  it('runs lost with a dead worker are not counted, up to a bound; past it they count', async () => {
    const id = await enqueue(db, { queue: 'mail', tenantId: null, payload: {}, dedupeKey: 'crashy', maxAttempts: 3 });
    const lapse = () =>
      sys((tx) => tx.execute(sql`update jobs set locked_at = now() - interval '1 hour' where id = ${id}`));
    await claimNext(db, 'w0', ['mail'], 1000);
    for (let i = 1; i <= UNCOUNTED_LOST_LEASES; i++) {
      await lapse();
      const job = await claimNext(db, `w${i}`, ['mail'], 1000);
      expect(job).toMatchObject({ id, attempts: 1, lostLeases: i });
    }
    await lapse();
    expect(await claimNext(db, 'wN', ['mail'], 1000)).toMatchObject({
      attempts: 2,
      lostLeases: UNCOUNTED_LOST_LEASES + 1,
    });
  });
});
