import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assignments, calls, clients, exercises, jobs, mailOutbox, reports, simulations, users } from '../../db/schema';
import { DEMO_SCHEMA, seedDemoIfEmpty } from '../../seed/demo';
import { demoPlan } from '../../server/demo-history/plan';
import type { DemoHistoryPayload } from '../../server/demo-history/run';
import type { RunningApp } from '../../server/app';
import { signedInCaller, startTestApp, testDeps, testEnv, type UserRow } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { useTestDatabase, systemRunner } from '../helpers/db';

/**
 * The demo tenant's four weeks of history (server/demo-history): made in the background by the
 * product's own pipeline after a first start, and shown on the dashboard as real, labelled data.
 */

const database = useTestDatabase();
let app: RunningApp;
let tenantId: string;
let generatingBefore: unknown;
const sys = systemRunner(database);
const user = async (email: string) =>
  (await sys((tx) => tx.select().from(users).where(eq(users.email, email))))[0] as UserRow;
const historyJob = async () => (await sys((tx) => tx.select().from(jobs).where(eq(jobs.queue, 'demo_history'))))[0];

beforeAll(async () => {
  await seedDemoIfEmpty(database.db, {
    password: 'Demo-Password-1',
    policy: testEnv().passwordPolicy,
    internalSchema: 'spar-internal',
  });
  tenantId = (await sys((tx) => tx.select().from(clients).where(eq(clients.schemaName, DEMO_SCHEMA))))[0].id;
  // before any worker ran: the dashboard says the history is on its way
  const waiting = await signedInCaller(await testDeps(database), await user('manager@demo.test')).dashboard.get({});
  generatingBefore = waiting.demo;
  // due now rather than a few seconds after the seed
  await sys((tx) => tx.execute(sql`update jobs set run_at = now() where queue = 'demo_history'`));
  // the server's own workers run the history job, and the evaluations it causes
  app = await startTestApp(database, {}, { jobs: { pollIntervalMs: 50 } });
  await vi.waitFor(
    async () => {
      const job = await historyJob();
      expect(job.status, job.lastError ?? '').toBe('succeeded');
    },
    { timeout: 240_000, interval: 500 },
  );
}, 300_000);
afterAll(() => closeAll(app));

describe('the demo history', () => {
  it('holds every planned call through the pipeline: frozen snapshots, turns, an offline report', async () => {
    const job = await historyJob();
    const payload = job.payload as unknown as DemoHistoryPayload;
    const plan = demoPlan(new Date(payload.now), payload);
    const made = await sys((tx) =>
      tx
        .select()
        .from(calls)
        .where(and(eq(calls.tenantId, tenantId), sql`${calls.serverMetrics} ? 'demoSeed'`)),
    );
    // the weekly plan's calls, and five of the coaching part (two drill attempts, three certification attempts)
    const planned = made.filter((c) => Number((c.serverMetrics as { demoSeed: number }).demoSeed) < 900_000);
    expect(planned).toHaveLength(plan.calls.length);
    expect(made.length - planned.length).toBe(5);
    expect(plan.calls.length).toBeGreaterThan(30);
    for (const c of made) {
      expect(c).toMatchObject({ provider: 'offline', state: 'ended' });
      expect(c.simulationSnapshot).toHaveProperty('scenario');
      expect(c.scorecardSnapshot).toHaveProperty('criteria');
    }
    const rs = await sys((tx) => tx.select().from(reports).where(eq(reports.tenantId, tenantId)));
    expect(rs).toHaveLength(made.length);
    expect(rs.every((r) => r.status === 'ready' && r.evaluator === 'offline')).toBe(true);
    // the job reports where it got to
    expect(job.progress).toMatchObject({ phase: 'done', done: plan.calls.length, total: plan.calls.length });
  });

  it('coaches: drills from weak calls with their progress lines, two certifications (one held, one expiring), leaderboards', async () => {
    const drills = await sys((tx) =>
      tx
        .select()
        .from(simulations)
        .where(and(eq(simulations.tenantId, tenantId), eq(simulations.kind, 'drill'))),
    );
    expect(drills).toHaveLength(2);
    // each drill was taken, and its report compares it with the call it came from
    for (const d of drills) {
      const [attempt] = await sys((tx) => tx.select({ id: calls.id }).from(calls).where(eq(calls.simulationId, d.id)));
      const taker = await sys((tx) => tx.select().from(calls).where(eq(calls.id, attempt.id)));
      const report = await signedInCaller(
        app.deps,
        (await sys((tx) => tx.select().from(users).where(eq(users.id, taker[0].userId!))))[0] as UserRow,
      ).reports.get({ callId: attempt.id });
      expect(report.drill?.sourceCallId).toBe(d.sourceCallId);
      expect(report.drill?.progress.length).toBeGreaterThan(0);
    }
    const riley = signedInCaller(app.deps, await user('rep@demo.test'));
    const progress = await riley.progress.get({});
    expect(progress.criteria.some((c) => c.points.some((p) => p.kind === 'drill'))).toBe(true);
    const manager = signedInCaller(app.deps, await user('manager@demo.test'));
    const certs = await manager.certifications.list({});
    expect(certs.map((c) => [c.name, c.expiryMonths, c.holders])).toEqual([
      ['Cold call certified', 1, 1],
      ['Discovery ready', null, 1],
    ]);
    const held = await signedInCaller(app.deps, await user('rep2@demo.test')).certifications.mine({});
    expect(held).toMatchObject([
      { certificationName: 'Discovery ready', status: 'valid', expiresAt: null, expiringSoon: false },
    ]);
    const expiring = await signedInCaller(app.deps, await user('sasha.patel@demo.test')).certifications.mine({});
    expect(expiring).toMatchObject([{ certificationName: 'Cold call certified', status: 'valid', expiringSoon: true }]);
    // earned in the past: never in the future
    expect(new Date(expiring[0].earnedAt).getTime()).toBeLessThan(Date.now() - 20 * 86_400_000);
    const board = await manager.leaderboards.get({ board: 'best' });
    expect(board.rows.length).toBeGreaterThanOrEqual(5);
    expect((await manager.leaderboards.get({ board: 'improvement' })).rows.length).toBeGreaterThan(0);
  });

  it('spreads the activity over the last four weeks, never in the future, and mails nobody', async () => {
    const now = Date.now();
    const rs = await sys((tx) =>
      tx.select({ completedAt: reports.completedAt }).from(reports).where(eq(reports.tenantId, tenantId)),
    );
    const weeks = new Set(rs.map((r) => Math.floor(r.completedAt!.getTime() / (7 * 86_400_000))));
    expect(weeks.size).toBeGreaterThanOrEqual(4);
    expect(rs.every((r) => r.completedAt!.getTime() <= now)).toBe(true);
    expect(Math.min(...rs.map((r) => r.completedAt!.getTime()))).toBeGreaterThan(now - 36 * 86_400_000);
    // every call started after its assignment was sent, and each exercise took its own call's time
    const ex = await sys((tx) =>
      tx
        .select({ startedAt: exercises.startedAt, sentAt: assignments.sentAt, status: exercises.status })
        .from(exercises)
        .innerJoin(assignments, eq(assignments.id, exercises.assignmentId)),
    );
    for (const e of ex) if (e.startedAt) expect(e.startedAt.getTime()).toBeGreaterThanOrEqual(e.sentAt.getTime());
    expect(ex.filter((e) => e.status === 'pending').every((e) => e.startedAt === null)).toBe(true);
    expect(await sys((tx) => tx.select().from(mailOutbox))).toHaveLength(0);
    expect(await sys((tx) => tx.select().from(jobs).where(eq(jobs.queue, 'mail')))).toHaveLength(0);
  });

  it('fills the dashboard: a trend over the weeks, weak spots, recent activity, assignments to look at', async () => {
    const manager = signedInCaller(app.deps, await user('manager@demo.test'));
    const d = await manager.dashboard.get({});
    expect(d.trend.filter((w) => w.averageScore !== null).length).toBeGreaterThanOrEqual(3);
    expect(d.weakSpots.length).toBeGreaterThan(0);
    expect(d.recent.length).toBeGreaterThan(0);
    expect(d.counts.completedExercises).toBeGreaterThan(20);
    expect(d.counts.activeMembers).toBe(6);
    const list = await manager.assignments.list({ status: 'completed' });
    const pending = await manager.assignments.list({ status: 'pending' });
    expect(list.total + pending.total).toBe(5);
    expect(await sys((tx) => tx.select().from(assignments).where(eq(assignments.tenantId, tenantId)))).toHaveLength(5);
  });

  it('is labelled demo data: on the dashboard (with its progress while it is made) and on each of its reports', async () => {
    expect(generatingBefore).toEqual({ isDemo: true, generating: { done: 0, total: 0 } });
    const manager = signedInCaller(app.deps, await user('manager@demo.test'));
    expect((await manager.dashboard.get({})).demo).toEqual({ isDemo: true, generating: null });
    const [one] = await sys((tx) =>
      tx.select({ id: calls.id }).from(calls).where(eq(calls.tenantId, tenantId)).limit(1),
    );
    const report = await manager.reports.get({ callId: one.id });
    expect(report.call.demo).toBe(true);
    expect(report.report?.evaluator).toBe('offline');
  });

  it('tells the reps apart: a strong rep scores above one who struggles', async () => {
    const avg = async (email: string) => {
      const u = await user(email);
      const rows = await sys((tx) =>
        tx
          .select({ score: reports.score })
          .from(reports)
          .innerJoin(calls, eq(calls.id, reports.callId))
          .where(eq(calls.userId, u.id)),
      );
      const scores = rows.map((r) => Number(r.score)).filter((n) => Number.isFinite(n));
      return scores.reduce((a, b) => a + b, 0) / scores.length;
    };
    expect(await avg('rep2@demo.test')).toBeGreaterThan((await avg('rep3@demo.test')) + 10);
  });

  it('run again (a restart mid-way), it makes nothing twice', async () => {
    const before = await sys((tx) => tx.select({ n: sql<number>`count(*)::int` }).from(calls));
    await sys((tx) =>
      tx.execute(sql`update jobs set status = 'queued', run_at = now(), attempts = 0 where queue = 'demo_history'`),
    );
    await vi.waitFor(async () => expect((await historyJob()).status).toBe('succeeded'), {
      timeout: 120_000,
      interval: 250,
    });
    const after = await sys((tx) => tx.select({ n: sql<number>`count(*)::int` }).from(calls));
    expect(Number(after[0].n)).toBe(Number(before[0].n));
    expect(await sys((tx) => tx.select().from(assignments).where(eq(assignments.tenantId, tenantId)))).toHaveLength(5);
  });
});
