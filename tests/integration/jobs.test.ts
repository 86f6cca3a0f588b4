import { hostname } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { createJob } from '../../seed/factories';
import { asSystem } from '../../db/tenant';
import { startApp } from '../../server/app';
import { claimNext, enqueue, getJob, setProgress } from '../../server/jobs/queue';
import { createWorker, PermanentJobError, type JobContext } from '../../server/jobs/worker';
import { testEnv } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { createTenant } from '../helpers/factories';

const database = useTestDatabase();
let db: Db;
let tenantId: string;

beforeAll(async () => {
  db = database.db;
  tenantId = (await createTenant(db, { name: 'Jobs Co' })).id;
});
beforeEach(async () => {
  await asSystem(db, { action: 'test' }, (tx) => tx.delete(jobs));
});

describe('queue', () => {
  it('enqueue is idempotent per queue + dedupeKey', async () => {
    const a = await enqueue(db, { queue: 'mail', tenantId, payload: { n: 1 }, dedupeKey: 'k1' });
    const b = await enqueue(db, { queue: 'mail', tenantId, payload: { n: 2 }, dedupeKey: 'k1' });
    const c = await enqueue(db, { queue: 'webhook', tenantId, payload: { n: 3 }, dedupeKey: 'k1' });
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(await getJob(db, a)).toMatchObject({ payload: { n: 1 }, status: 'queued', attempts: 0, maxAttempts: 5 });
  });

  it('claims only due jobs of the worker’s queues, oldest runAt first, and records progress', async () => {
    const mailDue = (dedupeKey: string, inMs: number) =>
      enqueue(db, { queue: 'mail', tenantId: null, payload: {}, dedupeKey, runAt: new Date(Date.now() + inMs) });
    const later = await mailDue('later', 60_000);
    const first = await mailDue('first', -2000);
    const second = await mailDue('second', -1000);
    await enqueue(db, { queue: 'webhook', tenantId: null, payload: {}, dedupeKey: 'other-queue' });
    expect((await claimNext(db, 'w', ['mail'], 60_000))?.id).toBe(first);
    expect((await claimNext(db, 'w', ['mail'], 60_000))?.id).toBe(second);
    expect(await claimNext(db, 'w', ['mail'], 60_000)).toBeNull();
    await setProgress(db, first, { phase: 'sending', done: 1, total: 3 }, 'w');
    expect(await getJob(db, first)).toMatchObject({
      status: 'running',
      lockedBy: 'w',
      attempts: 1,
      progress: { phase: 'sending', done: 1, total: 3 },
    });
    expect((await getJob(db, later))?.status).toBe('queued');
  });
});

describe('worker', () => {
  it('stop() waits for the current job when it finishes in time', async () => {
    const id = await enqueue(db, { queue: 'mail', tenantId: null, payload: {}, dedupeKey: 'short' });
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const w = createWorker({
      db,
      workerId: 'test:1:a',
      orphans: 'none',
      pollIntervalMs: 10,
      handlers: {
        mail: {
          run: async () => {
            started();
            await new Promise((r) => setTimeout(r, 100));
            return { sent: true };
          },
        },
      },
    });
    await w.start();
    await running;
    await w.stop();
    expect(await getJob(db, id)).toMatchObject({ status: 'succeeded', result: { sent: true } });
  });

  it('stop() releases a job that does not finish in time (aborting its handler) for the next worker', async () => {
    const id = await enqueue(db, { queue: 'mail', tenantId: null, payload: {}, dedupeKey: 'long' });
    let signal: AbortSignal | null = null;
    const w = createWorker({
      db,
      workerId: 'test:1:b',
      orphans: 'none',
      pollIntervalMs: 10,
      stopTimeoutMs: 50,
      handlers: {
        mail: {
          run: (ctx: JobContext) =>
            new Promise((_resolve, reject) => {
              signal = ctx.signal;
              ctx.signal.addEventListener('abort', () => reject(new Error('aborted')));
            }),
        },
      },
    });
    await w.start();
    await vi.waitFor(() => expect(signal).not.toBeNull(), { timeout: 10_000, interval: 10 });
    await w.stop();
    expect(signal!.aborted).toBe(true);
    expect(await getJob(db, id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, lockedAt: null });
  });

  it('on start, releases running jobs of a dead process on this host at once', async () => {
    const id = await enqueue(db, { queue: 'mail', tenantId: null, payload: {}, dedupeKey: 'orphan' });
    await claimNext(db, `${hostname()}:999999999:dead`, ['mail'], 60_000); // no such pid
    const alive = await enqueue(db, { queue: 'mail', tenantId: null, payload: {}, dedupeKey: 'alive-elsewhere' });
    await claimNext(db, 'another-host:1:x', ['mail'], 60_000);
    const done: string[] = [];
    const w = createWorker({
      db,
      workerId: `${hostname()}:${process.pid}:c`,
      orphans: 'same-host',
      pollIntervalMs: 10,
      handlers: { mail: { run: async (ctx) => void done.push(ctx.job.id) } },
    });
    await w.start();
    await expect.poll(async () => (await getJob(db, id))?.status, { timeout: 10_000, interval: 10 }).toBe('succeeded');
    await w.stop();
    expect(done).toEqual([id]);
    // a job held by a worker on another host is left to its lease
    expect(await getJob(db, alive)).toMatchObject({ status: 'running', lockedBy: 'another-host:1:x' });
  });

  it('a PermanentJobError goes dead at once and calls onDead', async () => {
    const id = await enqueue(db, { queue: 'webhook', tenantId: null, payload: {}, dedupeKey: 'perm' });
    const dead: string[] = [];
    const w = createWorker({
      db,
      workerId: 'test:1:d',
      orphans: 'none',
      handlers: {
        webhook: {
          run: async () => {
            throw new PermanentJobError('gone');
          },
          onDead: async (job, error) => void dead.push(`${job.id}:${error}`),
        },
      },
    });
    expect(await w.runOnce()).toBe(true);
    expect(await getJob(db, id)).toMatchObject({ status: 'dead', attempts: 1, lastError: 'gone' });
    expect(dead).toEqual([`${id}:gone`]);
  });
});

describe('the app runs the worker', () => {
  it('startApp starts the evaluation worker and stop() stops it before closing', async () => {
    const app = await startApp({
      env: testEnv({ OPENAI_API_KEY: '' }),
      database,
      port: 0,
      host: '127.0.0.1',
      deps: { jobs: { pollIntervalMs: 20 } },
    });
    try {
      // a job for a call that does not exist: the app's evaluation handler sends it to dead
      const j = await asSystem(db, { action: 'test' }, (tx) =>
        createJob(tx, {
          queue: 'evaluation',
          tenantId,
          payload: { callId: '00000000-0000-4000-8000-000000000000' },
          dedupeKey: 'app-wiring',
        }),
      );
      await expect.poll(async () => (await getJob(db, j.id))?.status, { timeout: 10_000, interval: 10 }).toBe('dead');
    } finally {
      await app.stop();
    }
    // stopped: nothing claims new work any more
    const k = await asSystem(db, { action: 'test' }, (tx) =>
      createJob(tx, { queue: 'evaluation', tenantId, payload: {}, dedupeKey: 'after-stop' }),
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(
      (await asSystem(db, { action: 'test' }, (tx) => tx.select().from(jobs).where(eq(jobs.id, k.id))))[0].status,
    ).toBe('queued');
    await asSystem(db, { action: 'test' }, (tx) => tx.execute(sql`delete from jobs`));
  });
});
