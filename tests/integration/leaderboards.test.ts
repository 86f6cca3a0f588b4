import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attemptScores, calls, reports, simulations, users } from '../../db/schema';
import type { CallMode } from '../../db/schema/calls';
import { signedInCaller, testDeps, type UserRow } from '../helpers/app';
import { systemRunner, useTestDatabase } from '../helpers/db';
import { seedDemoTenant } from '../helpers/demo-tenant';
import { tenantRunner } from '../helpers/tenant-runner';
import { leaderboard } from '../../server/services/leaderboards/leaderboards';
import type { AppDeps } from '../../server/deps';

/**
 * Leaderboards rank counted attempts only (assigned exercises, drills, certification steps with a
 * ready report), from attempt_scores, which a trigger on reports keeps; a tenant may hide reps'
 * names from other reps, and a rep's answer then carries no other rep's name or id.
 */
const database = useTestDatabase();
const sys = systemRunner(database);
let deps: AppDeps;
let tenantId: string;
const people: Record<string, UserRow> = {};
const DAY = 86_400_000;

/** A call of `mode` by `who`, scored `score`, its report ready `daysAgo` days ago (or at that date). */
async function scored(
  who: string,
  mode: CallMode,
  score: number,
  daysAgo: number | Date,
  simulationId: string | null = null,
) {
  const at = daysAgo instanceof Date ? daysAgo : new Date(Date.now() - daysAgo * DAY - 60_000);
  await sys(async (tx) => {
    const [call] = await tx
      .insert(calls)
      .values({
        tenantId,
        userId: people[who].id,
        simulationId,
        mode,
        provider: 'offline',
        state: 'ended',
        timeLimitSeconds: 600,
        startedAt: at,
      })
      .returning({ id: calls.id });
    await tx
      .insert(reports)
      .values({ tenantId, callId: call.id, status: 'ready', evaluator: 'offline', score, completedAt: at });
  });
}

beforeAll(async () => {
  ({ id: tenantId } = await seedDemoTenant(database.db));
  for (const [key, email] of Object.entries({
    riley: 'rep@demo.test',
    jordan: 'rep2@demo.test',
    casey: 'rep3@demo.test',
    sasha: 'sasha.patel@demo.test',
    manager: 'manager@demo.test',
    admin: 'admin@demo.test',
  }))
    [people[key]] = (await sys((tx) => tx.select().from(users).where(eq(users.email, email)))) as UserRow[];
  deps = await testDeps(database);
  const [drill] = await sys((tx) =>
    tx
      .insert(simulations)
      .values({ tenantId, name: 'Drill: Acknowledge', kind: 'drill' })
      .returning({ id: simulations.id }),
  );
  await scored('riley', 'exercise', 40, 20);
  await scored('riley', 'exercise', 80, 3);
  await scored('riley', 'practice', 70, 1, drill.id);
  await scored('riley', 'exercise', 60, 0);
  await scored('jordan', 'exercise', 90, 10);
  await scored('jordan', 'exercise', 50, 1);
  // free practice, a test and a dry run never count
  await scored('casey', 'practice', 95, 0);
  await scored('casey', 'test', 100, 0);
  await scored('casey', 'dry_run', 100, 0);
  await scored('sasha', 'certification', 80, 0);
}, 120_000);

const board = (who: string, b: 'best' | 'improvement' | 'streak') =>
  signedInCaller(deps, people[who]).leaderboards.get({ board: b });
const ranks = (rows: { rank: number; name: string | null; value: number }[]) =>
  rows.map((r) => [r.rank, r.name, r.value]);

describe('leaderboards', () => {
  it('keeps only counted attempts: assigned, drill and certification, with a ready report', async () => {
    const kept = await sys((tx) => tx.select().from(attemptScores).where(eq(attemptScores.tenantId, tenantId)));
    expect(kept.map((k) => k.kind).sort()).toEqual(
      ['assignment', 'assignment', 'assignment', 'assignment', 'assignment', 'certification', 'drill'].sort(),
    );
    expect(kept.some((k) => k.userId === people.casey.id)).toBe(false);
  });

  it('ranks by best score and by improvement over four weeks (ties share a rank)', async () => {
    expect(ranks((await board('manager', 'best')).rows)).toEqual([
      [1, 'Jordan Rep', 90],
      [2, 'Riley Rep', 80],
      [2, 'Sasha Patel', 80],
    ]);
    // the last two weeks' average (80, 70, 60) against the two before (40); Jordan has no attempt before
    expect(ranks((await board('manager', 'improvement')).rows)).toEqual([[1, 'Riley Rep', 30]]);
    // one simulation's board: the drill only
    const sims = (await board('manager', 'best')).simulations;
    const drill = sims.find((s) => s.name === 'Drill: Acknowledge')!;
    const one = await signedInCaller(deps, people.manager).leaderboards.get({ board: 'best', simulationId: drill.id });
    expect(ranks(one.rows)).toEqual([[1, 'Riley Rep', 70]]);
  });

  it('ranks the practice streak: days in a row up to today, weekends without practice not ending it', async () => {
    // a week in June 2026, long before the other boards' four weeks: Wednesday the 10th is "today"
    const june = (d: number) => new Date(Date.UTC(2026, 5, d, 15));
    for (const d of [10, 9, 8, 6, 5]) await scored('riley', 'exercise', 50, june(d)); // Friday 5th … Wednesday, Saturday 6th too
    await scored('riley', 'exercise', 50, june(3)); // before the gap of Thursday 4th
    await scored('jordan', 'exercise', 50, june(9)); // yesterday; today not yet
    // Sasha: every day for three weeks, longer than the two weeks read first
    for (let d = 0; d < 22; d++) await scored('sasha', 'certification', 50, new Date(june(10).getTime() - d * DAY));
    await scored('casey', 'practice', 50, june(10)); // free practice: no streak
    const streak = await tenantRunner(
      database.db,
      tenantId,
    )((tx) =>
      leaderboard(
        tx,
        { userId: people.manager.id, role: 'sales_manager', tenantId },
        { board: 'streak', now: june(10) },
      ),
    );
    expect(ranks(streak.rows)).toEqual([
      [1, 'Sasha Patel', 22],
      [2, 'Riley Rep', 5],
      [3, 'Jordan Rep', 1],
    ]);
    // attempts: those on the streak's days
    expect(streak.rows.map((r) => r.attempts)).toEqual([22, 5, 1]);
  });

  it('with names hidden, a rep’s answer carries no other rep’s name or id, and still their own position', async () => {
    expect((await board('riley', 'best')).rows.map((r) => r.name)).toEqual(['Jordan Rep', 'Riley Rep', 'Sasha Patel']);
    await expect(
      signedInCaller(deps, people.riley).leaderboards.updateSettings({ leaderboardNames: 'ranks_only' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await signedInCaller(deps, people.admin).leaderboards.updateSettings({ leaderboardNames: 'ranks_only' });
    const hidden = await board('riley', 'best');
    const text = JSON.stringify(hidden);
    for (const other of ['jordan', 'sasha']) {
      expect(text).not.toContain(people[other].displayName!);
      expect(text).not.toContain(people[other].id);
    }
    expect(hidden.names).toBe('ranks_only');
    expect(hidden.rows.map((r) => [r.rank, r.name, r.me])).toEqual([
      [1, null, false],
      [2, 'Riley Rep', true],
      [2, null, false],
    ]);
    expect(hidden.me).toMatchObject({ rank: 2, name: 'Riley Rep', value: 80 });
    // the manager still sees who is who
    expect((await board('manager', 'best')).rows.map((r) => r.name)).toEqual([
      'Jordan Rep',
      'Riley Rep',
      'Sasha Patel',
    ]);
    // a rep with no counted attempt has no position, and sees the board
    expect((await board('casey', 'best')).me).toBeNull();
  });
});
