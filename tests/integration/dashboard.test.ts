import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createAssignment, createCall, createExercise, createReport } from '../../seed/factories';
import { asSystem, withTenant } from '../../db/tenant';
import type { AppDeps } from '../../server/deps';
import { createLinkedSimulations } from '../helpers/assignments';
import { describeTrpcError, rejection, signedInCaller, testDeps, type UserRow } from '../helpers/app';
import { twoCriterionLevels } from '../helpers/criteria';
import { useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';
import { eq } from 'drizzle-orm';
import { completeExerciseForCall } from '../../server/services/assignments/assignments';

const database = useTestDatabase();
let deps: AppDeps;
let tenantA: string;
let tenantB: string;
let manager: UserRow;
let otherManager: UserRow;
let admin: UserRow;
let rep1: UserRow;
let rep2: UserRow;
let repOther: UserRow;
let managerB: UserRow;
let superuser: UserRow;
const as = (u: UserRow) => signedInCaller(deps, u);
const DAY = 86_400_000;

/*
 * The hand-built data set the dashboard's numbers are checked against (manager's team: Rita and
 * Raúl; Olga is in another manager's team):
 *  - Rita, assignment "Q4" / Discovery: attempt 1 scored 60 two weeks ago, attempt 2 scored 80 a
 *    minute ago — the assignment counts the best, so one completed assignment call of 80 (this
 *    week); attempt 1 counts nowhere. Plus one practice call scored 70, three minutes ago.
 *  - Raúl, "Q4" / Discovery: one attempt scored 40, two minutes ago; "Q4" / Cold call still to do;
 *    a practice call whose report failed and a manager's test call of him (neither counts).
 *  - Olga (not in the team): one completed assignment call of 100.
 * Hence for the manager: 2 completed assignment calls (80, 40 → average 60), 1 to do, 1 practice
 * call; recent activity exactly those three calls; weak spots from their 3 reports.
 */
/** A call of the seed, ended, with its report (ready unless `status` says otherwise). */
interface CallSeed {
  mode: 'exercise' | 'practice' | 'test';
  exerciseId?: string;
  levels: [number, number];
  score: number;
  at: Date;
  status?: 'ready' | 'failed';
}

async function seed() {
  await withTenant(database.db, tenantA, async (tx) => {
    const {
      sims: [sim, cold],
    } = await createLinkedSimulations(tx, tenantA, [{ name: 'Discovery' }, { name: 'Cold call' }]);
    const a = await createAssignment(tx, { tenantId: tenantA, name: 'Q4', createdBy: manager.id });
    const now = Date.now();
    const exercise = async (userId: string, simulationId: string) =>
      (await createExercise(tx, { tenantId: tenantA, assignmentId: a.id, userId, simulationId, status: 'pending' })).id;
    const call = async (userId: string, c: CallSeed) => {
      const row = await createCall(tx, {
        tenantId: tenantA,
        userId,
        simulationId: sim.id,
        exerciseId: c.exerciseId ?? null,
        mode: c.mode,
        provider: 'offline',
        language: 'en',
        state: 'ended',
        timeLimitSeconds: 600,
        durationMs: 120_000,
        costEstimateUsd: 0.5,
      });
      const ready = (c.status ?? 'ready') === 'ready';
      await createReport(tx, {
        tenantId: tenantA,
        callId: row.id,
        status: c.status ?? 'ready',
        score: ready ? c.score : null,
        criteria: ready ? twoCriterionLevels(c.levels[0], c.levels[1]) : null,
        usage: ready ? ({ inputTokens: 1000, outputTokens: 500, totalTokens: 1500 } as never) : null,
        completedAt: ready ? c.at : null,
      });
      // as the evaluation job does: the exercise counts the attempt its assignment picks
      if (c.exerciseId && ready) await completeExerciseForCall(tx, row.id);
      return row.id;
    };
    const ritaQ4 = await exercise(rep1.id, sim.id);
    const raulQ4 = await exercise(rep2.id, sim.id);
    await exercise(rep2.id, cold.id);
    const olgaQ4 = await exercise(repOther.id, sim.id);
    // one at a time, in this order: completing an exercise looks at the attempts made before it
    for (const [userId, c] of [
      [rep1.id, { mode: 'exercise', exerciseId: ritaQ4, levels: [2, 0], score: 60, at: new Date(now - 14 * DAY) }],
      [rep1.id, { mode: 'exercise', exerciseId: ritaQ4, levels: [2, 1], score: 80, at: new Date(now - 1 * 60_000) }],
      [rep1.id, { mode: 'practice', levels: [1, 1], score: 70, at: new Date(now - 3 * 60_000) }],
      [rep2.id, { mode: 'exercise', exerciseId: raulQ4, levels: [1, 0], score: 40, at: new Date(now - 2 * 60_000) }],
      [rep2.id, { mode: 'practice', levels: [0, 0], score: 0, at: new Date(now - 4 * 60_000), status: 'failed' }],
      [rep2.id, { mode: 'test', levels: [0, 0], score: 10, at: new Date(now - 5 * 60_000) }],
      [repOther.id, { mode: 'exercise', exerciseId: olgaQ4, levels: [2, 2], score: 100, at: new Date(now - 150_000) }],
    ] satisfies [string, CallSeed][])
      await call(userId, c);
  });
  await asSystem(database.db, { action: 'test' }, (tx) =>
    tx.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, rep1.id)),
  );
}

beforeAll(async () => {
  deps = await testDeps(database, {}, { jobs: { disabled: true } });
  tenantA = (await createTenant(database.db, { name: 'Acme' })).id;
  tenantB = (await createTenant(database.db, { name: 'Globex' })).id;
  manager = await createTenantUser(database.db, tenantA, { userType: 'manager' });
  otherManager = await createTenantUser(database.db, tenantA, { userType: 'manager' });
  admin = await createTenantUser(database.db, tenantA, { userType: 'admin' });
  rep1 = await createTenantUser(database.db, tenantA, {
    userType: 'sales_rep',
    displayName: 'Rita',
    managerId: manager.id,
  });
  rep2 = await createTenantUser(database.db, tenantA, {
    userType: 'sales_rep',
    displayName: 'Raúl',
    managerId: manager.id,
  });
  repOther = await createTenantUser(database.db, tenantA, {
    userType: 'sales_rep',
    displayName: 'Olga',
    managerId: otherManager.id,
  });
  managerB = await createTenantUser(database.db, tenantB, { userType: 'manager' });
  superuser = await createTenantUser(database.db, tenantB, { userType: 'superuser' });
}, 60_000);

/** The dashboard's tiles for a team that has done nothing yet (its size apart). */
const NO_ACTIVITY = {
  activeMembers: 0,
  averageScore: null,
  pendingExercises: 0,
  completedExercises: 0,
  practiceCalls: 0,
};

describe('dashboard', () => {
  it('a new manager gets zeros and empty lists (empty states)', async () => {
    const d = await as(manager).dashboard.get({});
    expect(d.counts).toEqual({ ...NO_ACTIVITY, teamMembers: 2 });
    expect(d.trend).toHaveLength(4);
    expect(d.trend.every((w) => w.averageScore === null && w.completed === 0)).toBe(true);
    expect(d.recent).toEqual([]);
    expect(d.weakSpots).toEqual([]);
  });

  it('each number counts one thing, the same way in tiles, trend, recent activity and weak spots (hand-built data set)', async () => {
    await seed();
    const d = await as(manager).dashboard.get({});
    expect(d.counts).toEqual({
      teamMembers: 2,
      activeMembers: 1,
      averageScore: 60,
      pendingExercises: 1,
      completedExercises: 2,
      practiceCalls: 1,
    });
    // the trend counts completed assignment calls in the week their counted attempt was scored
    expect(d.trend.at(-1)).toMatchObject({ averageScore: 60, completed: 2 });
    expect(d.trend.reduce((s, w) => s + w.completed, 0)).toBe(d.counts.completedExercises);
    // recent activity: the two completed assignment calls (Rita's counted attempt, not her first) and the practice call
    expect(d.recent.map((r) => [r.kind, r.userName, r.assignmentName, r.score, r.attempts])).toEqual([
      ['assignment', 'Rita', 'Q4', 80, 2],
      ['assignment', 'Raúl', 'Q4', 40, 1],
      ['practice', 'Rita', null, 70, 1],
    ]);
    expect(d.recent.filter((r) => r.kind === 'assignment')).toHaveLength(d.counts.completedExercises);
    expect(d.recent.filter((r) => r.kind === 'practice')).toHaveLength(d.counts.practiceCalls);
    // weak spots: the reports of exactly those calls — (2 + 1 + 1) / 3 and (1 + 1 + 0) / 3
    expect(d.weakSpots).toEqual([
      { criterion: 'Next step', averageLevel: 0.67, percent: 33, reports: 3 },
      { criterion: 'Open questions', averageLevel: 1.33, percent: 67, reports: 3 },
    ]);
    expect(d.weakSpots.every((w) => w.reports === d.counts.completedExercises + d.counts.practiceCalls)).toBe(true);
    // the admin sees every rep of the tenant
    const all = await as(admin).dashboard.get({});
    expect(all.counts).toMatchObject({ teamMembers: 3, completedExercises: 3, practiceCalls: 1, averageScore: 73.3 });
    expect(all.recent.map((r) => [r.userName, r.score])).toEqual([
      ['Rita', 80],
      ['Raúl', 40],
      ['Olga', 100],
      ['Rita', 70],
    ]);
  });

  it('reps cannot open it; another tenant sees nothing of A', async () => {
    expect(describeTrpcError(await rejection(as(rep1).dashboard.get({}))).appCode).toBe('FORBIDDEN');
    const b = await as(managerB).dashboard.get({});
    expect(b.counts).toEqual({ ...NO_ACTIVITY, teamMembers: 0 });
    expect(describeTrpcError(await rejection(as(managerB).dashboard.get({ clientId: tenantA }))).appCode).toBe(
      'FORBIDDEN',
    );
  });
});

describe('team', () => {
  it('lists the manager’s members with counts and averages; history of one member', async () => {
    const list = await as(manager).team.list({});
    expect(list.map((m) => [m.name, m.pending, m.completed, m.averageScore])).toEqual([
      ['Raúl', 1, 1, 40],
      ['Rita', 0, 1, 80],
    ]);
    const h = await as(manager).team.history({ userId: rep1.id });
    expect(h.exercises.map((e) => [e.simulationName, e.score])).toEqual([['Discovery', 80]]);
    // every call of the member: both attempts and the practice call
    expect(h.calls.map((c) => `${c.mode} ${c.score}`).sort()).toEqual(['exercise 60', 'exercise 80', 'practice 70']);
    // outside the team, or another tenant: not found
    expect(describeTrpcError(await rejection(as(manager).team.history({ userId: repOther.id }))).appCode).toBe(
      'NOT_FOUND',
    );
    expect(describeTrpcError(await rejection(as(managerB).team.history({ userId: rep1.id }))).appCode).toBe(
      'NOT_FOUND',
    );
    expect(describeTrpcError(await rejection(as(rep1).team.list({}))).appCode).toBe('FORBIDDEN');
    expect((await as(admin).team.list({})).map((m) => m.name)).toEqual(['Olga', 'Raúl', 'Rita']);
  });
});

describe('client analytics', () => {
  it('superuser only, per client: users, calls, minutes, score, tokens and estimated cost', async () => {
    const a = await as(superuser).analytics.client({ clientId: tenantA });
    expect(a.users).toEqual({ total: 6, active30d: 1 });
    // every call of the data set (7), the 6 ready reports' scores (60, 80, 70, 40, 10, 100)
    expect(a.totals).toMatchObject({ calls: 7, minutes: 14, averageScore: 60, callCostUsd: 3.5, textTokens: 9000 });
    // 6 × (1000 × 2.5 + 500 × 10) / 1e6
    expect(a.totals.textCostUsd).toBeCloseTo(0.045, 4);
    expect(a.totals.estimatedCostUsd).toBeCloseTo(3.545, 4);
    expect(a.weeks).toHaveLength(8);
    expect(a.weeks.reduce((s, w) => s + w.calls, 0)).toBe(7);
    expect(describeTrpcError(await rejection(as(admin).analytics.client({}))).appCode).toBe('FORBIDDEN');
    expect((await as(superuser).analytics.client({ clientId: tenantB })).totals.calls).toBe(0);
  });
});
