import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, calls, exercises, personas, reports, scorecards, simulations, users } from '../../db/schema';
import { asSystem, withTenant } from '../../db/tenant';
import type { AppDeps } from '../../server/deps';
import { describeTrpcError, rejection, signedInCaller, testDeps, type UserRow } from '../helpers/app';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';
import { eq } from 'drizzle-orm';

let database: TestDatabase;
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

async function seed() {
  await withTenant(database.db, tenantA, async (tx) => {
    const [persona] = await tx.insert(personas).values({ tenantId: tenantA, name: 'P', shortDescription: 's', longDescription: 'l', voice: 'marin' }).returning();
    const [card] = await tx.insert(scorecards).values({ tenantId: tenantA, lineageId: randomUUID(), name: 'Card', shortDescription: 's' }).returning();
    const [sim] = await tx.insert(simulations).values({ tenantId: tenantA, personaId: persona.id, scorecardId: card.id, name: 'Discovery', language: 'en' }).returning();
    const [a] = await tx.insert(assignments).values({ tenantId: tenantA, name: 'Q4', createdBy: manager.id }).returning();
    const now = Date.now();
    const call = async (userId: string, levels: [number, number], score: number, at: Date) => {
      const [c] = await tx.insert(calls).values({ tenantId: tenantA, userId, provider: 'offline', language: 'en', state: 'ended', timeLimitSeconds: 600, durationMs: 120_000, costEstimateUsd: 0.5 }).returning();
      await tx.insert(reports).values({
        tenantId: tenantA,
        callId: c.id,
        status: 'ready',
        score,
        criteria: [
          { criterionId: 'a', name: 'Open questions', level: levels[0], originalLevel: levels[0], rationale: '', evidence: [], unverified: false },
          { criterionId: 'b', name: 'Next step', level: levels[1], originalLevel: levels[1], rationale: '', evidence: [], unverified: false },
        ] as never,
        usage: { inputTokens: 1000, outputTokens: 500, totalTokens: 1500 } as never,
        completedAt: at,
      });
      return c.id;
    };
    // rep1: two completed (80 this week, 60 two weeks ago); rep2: one completed (40 this week) + one pending; repOther (not in team): 100
    const c1 = await call(rep1.id, [2, 1], 80, new Date(now - 1 * 60_000));
    const c2 = await call(rep1.id, [2, 0], 60, new Date(now - 14 * DAY));
    const c3 = await call(rep2.id, [1, 0], 40, new Date(now - 2 * 60_000));
    const c4 = await call(repOther.id, [2, 2], 100, new Date(now - 3 * 60_000));
    await tx.insert(exercises).values([
      { tenantId: tenantA, assignmentId: a.id, userId: rep1.id, simulationId: sim.id, status: 'completed', score: 80, callId: c1, completedAt: new Date(now - 1 * 60_000) },
      { tenantId: tenantA, assignmentId: a.id, userId: rep1.id, simulationId: sim.id, status: 'completed', score: 60, callId: c2, completedAt: new Date(now - 14 * DAY) },
      { tenantId: tenantA, assignmentId: a.id, userId: rep2.id, simulationId: sim.id, status: 'completed', score: 40, callId: c3, completedAt: new Date(now - 2 * 60_000) },
      { tenantId: tenantA, assignmentId: a.id, userId: rep2.id, simulationId: sim.id, status: 'pending' },
      { tenantId: tenantA, assignmentId: a.id, userId: repOther.id, simulationId: sim.id, status: 'completed', score: 100, callId: c4, completedAt: new Date(now - 3 * 60_000) },
    ]);
  });
  await asSystem(database.db, { action: 'test' }, (tx) => tx.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, rep1.id)));
}

beforeAll(async () => {
  database = await createTestDatabase();
  deps = await testDeps(database, {}, { jobs: { disabled: true } });
  tenantA = (await createTenant(database.db, { name: 'Acme' })).id;
  tenantB = (await createTenant(database.db, { name: 'Globex' })).id;
  manager = await createTenantUser(database.db, tenantA, { userType: 'manager' });
  otherManager = await createTenantUser(database.db, tenantA, { userType: 'manager' });
  admin = await createTenantUser(database.db, tenantA, { userType: 'admin' });
  rep1 = await createTenantUser(database.db, tenantA, { userType: 'sales_rep', displayName: 'Rita', managerId: manager.id });
  rep2 = await createTenantUser(database.db, tenantA, { userType: 'sales_rep', displayName: 'Raúl', managerId: manager.id });
  repOther = await createTenantUser(database.db, tenantA, { userType: 'sales_rep', displayName: 'Olga', managerId: otherManager.id });
  managerB = await createTenantUser(database.db, tenantB, { userType: 'manager' });
  superuser = await createTenantUser(database.db, tenantB, { userType: 'superuser' });
}, 60_000);

afterAll(async () => {
  await database?.cleanup();
});

describe('dashboard', () => {
  it('a new manager gets zeros and empty lists (empty states)', async () => {
    const d = await as(manager).dashboard.get({});
    expect(d.counts).toEqual({ teamMembers: 2, activeMembers: 0, averageScore: null, pendingExercises: 0, completedExercises: 0 });
    expect(d.trend).toHaveLength(4);
    expect(d.trend.every((w) => w.averageScore === null && w.completed === 0)).toBe(true);
    expect(d.recent).toEqual([]);
    expect(d.weakSpots).toEqual([]);
  });

  it('counts, the 4-week trend, recent activity and weak spots cover the manager’s team only', async () => {
    await seed();
    const d = await as(manager).dashboard.get({});
    expect(d.counts).toEqual({ teamMembers: 2, activeMembers: 1, averageScore: 60, pendingExercises: 1, completedExercises: 3 });
    expect(d.trend.at(-1)).toMatchObject({ averageScore: 60, completed: 2 });
    expect(d.trend.reduce((s, w) => s + w.completed, 0)).toBe(3);
    expect(d.trend.find((w) => w.averageScore === 60 && w.completed === 1)).toBeTruthy(); // two weeks ago
    expect(d.recent.map((r) => [r.userName, r.score])).toEqual([
      ['Rita', 80],
      ['Raúl', 40],
      ['Rita', 60],
    ]);
    expect(d.weakSpots).toEqual([
      { criterion: 'Next step', averageLevel: 0.33, percent: 17, reports: 3 },
      { criterion: 'Open questions', averageLevel: 1.67, percent: 83, reports: 3 },
    ]);
    // the admin sees every rep of the tenant
    const all = await as(admin).dashboard.get({});
    expect(all.counts).toMatchObject({ teamMembers: 3, completedExercises: 4, averageScore: 70 });
  });

  it('reps cannot open it; another tenant sees nothing of A', async () => {
    expect(describeTrpcError(await rejection(as(rep1).dashboard.get({}))).appCode).toBe('FORBIDDEN');
    const b = await as(managerB).dashboard.get({});
    expect(b.counts).toEqual({ teamMembers: 0, activeMembers: 0, averageScore: null, pendingExercises: 0, completedExercises: 0 });
    expect(describeTrpcError(await rejection(as(managerB).dashboard.get({ clientId: tenantA }))).appCode).toBe('FORBIDDEN');
  });
});

describe('team', () => {
  it('lists the manager’s members with counts and averages; history of one member', async () => {
    const list = await as(manager).team.list({});
    expect(list.map((m) => [m.name, m.pending, m.completed, m.averageScore])).toEqual([
      ['Raúl', 1, 1, 40],
      ['Rita', 0, 2, 70],
    ]);
    const h = await as(manager).team.history({ userId: rep1.id });
    expect(h.exercises).toHaveLength(2);
    expect(h.calls).toHaveLength(2);
    expect(h.calls.map((c) => c.score).sort()).toEqual([60, 80]);
    // outside the team, or another tenant: not found
    expect(describeTrpcError(await rejection(as(manager).team.history({ userId: repOther.id }))).appCode).toBe('NOT_FOUND');
    expect(describeTrpcError(await rejection(as(managerB).team.history({ userId: rep1.id }))).appCode).toBe('NOT_FOUND');
    expect(describeTrpcError(await rejection(as(rep1).team.list({}))).appCode).toBe('FORBIDDEN');
    expect((await as(admin).team.list({})).map((m) => m.name)).toEqual(['Olga', 'Raúl', 'Rita']);
  });
});

describe('client analytics', () => {
  it('superuser only, per client: users, calls, minutes, score, tokens and estimated cost', async () => {
    const a = await as(superuser).analytics.client({ clientId: tenantA });
    expect(a.users).toEqual({ total: 6, active30d: 1 });
    expect(a.totals).toMatchObject({ calls: 4, minutes: 8, averageScore: 70, callCostUsd: 2, textTokens: 6000 });
    // 4 × (1000 × 2.5 + 500 × 10) / 1e6
    expect(a.totals.textCostUsd).toBeCloseTo(0.03, 4);
    expect(a.totals.estimatedCostUsd).toBeCloseTo(2.03, 4);
    expect(a.weeks).toHaveLength(8);
    expect(a.weeks.reduce((s, w) => s + w.calls, 0)).toBe(4);
    expect(describeTrpcError(await rejection(as(admin).analytics.client({}))).appCode).toBe('FORBIDDEN');
    expect((await as(superuser).analytics.client({ clientId: tenantB })).totals.calls).toBe(0);
  });
});
