import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { exercises, reports, users, type CriterionResult } from '../../db/schema';
import {
  createAssignment as createAssignmentRow,
  createCall,
  createExercise,
  createReport,
  type CallFields,
} from '../../seed/factories';
import { createLinkedSimulations } from '../helpers/assignments';
import { asSystem, withTenant, rawRows } from '../../db/tenant';
import { useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';
import { expectRollupsConsistent } from '../helpers/rollups';
import { twoCriterionLevels } from '../helpers/criteria';
import type { UserRow } from '../helpers/app';
import {
  completeExerciseForCall,
  createAssignment,
  deleteAssignment,
  syncExerciseScore,
  updateAssignment,
  type Actor,
} from '../../server/services/assignments/assignments';

/*
 * The dashboard rollups are kept by triggers (migration 0012). Whatever happens to exercises and
 * reports — inserts, completion, score changes, overrides, moves between weeks, deletions, users
 * deleted — they must equal a recomputation from the source rows.
 */
const database = useTestDatabase();
let tenantA: string;
let tenantB: string;
const DAY = 86_400_000;

/** An ended offline call in tenant A, as the call end leaves it. */
const endedCall = (tx: Executor, f: Omit<CallFields, 'tenantId'>) =>
  createCall(tx, {
    tenantId: tenantA,
    provider: 'offline',
    language: 'en',
    state: 'ended',
    timeLimitSeconds: 600,
    ...f,
  });

/** A report of the call, written as `initial` and then finished with `done` as the evaluation job does it. */
async function finishedReport(
  tx: Executor,
  callId: string,
  initial: 'pending' | 'running',
  done: Partial<typeof reports.$inferInsert>,
) {
  const r = await createReport(tx, { tenantId: tenantA, callId, status: initial });
  await tx.update(reports).set(done).where(eq(reports.id, r.id));
  return r.id;
}

beforeAll(async () => {
  tenantA = (await createTenant(database.db, { name: 'Acme' })).id;
  tenantB = (await createTenant(database.db, { name: 'Globex' })).id;
}, 60_000);

describe('dashboard rollups', () => {
  it('stay equal to a recomputation through inserts, completion, score changes, overrides, week moves and deletions', async () => {
    const manager = await createTenantUser(database.db, tenantA, { userType: 'manager' });
    const reps: UserRow[] = [];
    for (let i = 0; i < 3; i++)
      reps.push(await createTenantUser(database.db, tenantA, { userType: 'sales_rep', managerId: manager.id }));
    const repB = await createTenantUser(database.db, tenantB, { userType: 'sales_rep' });
    const now = Date.now();

    const ids = await withTenant(database.db, tenantA, async (tx) => {
      const {
        sims: [sim],
      } = await createLinkedSimulations(tx, tenantA, [{ name: 'S' }]);
      const a = await createAssignmentRow(tx, { tenantId: tenantA, name: 'A', createdBy: manager.id });
      // one statement, many rows: 3 reps × 4 exercises, all pending
      const ex = await tx
        .insert(exercises)
        .values(
          reps.flatMap((r) =>
            [0, 1, 2, 3].map(() => ({ tenantId: tenantA, assignmentId: a.id, userId: r.id, simulationId: sim.id })),
          ),
        )
        .returning({ id: exercises.id, userId: exercises.userId });
      return { sim: sim.id, assignment: a.id, ex };
    });
    await expectRollupsConsistent(database.db);

    await withTenant(database.db, tenantA, async (tx) => {
      // completion with and without a score, in different weeks
      await tx
        .update(exercises)
        .set({ status: 'in_progress', startedAt: new Date(now) })
        .where(eq(exercises.id, ids.ex[0].id));
      await tx
        .update(exercises)
        .set({ status: 'completed', score: 72.5, completedAt: new Date(now) })
        .where(eq(exercises.id, ids.ex[0].id));
      await tx
        .update(exercises)
        .set({ status: 'completed', score: 40, completedAt: new Date(now - 8 * DAY) })
        .where(eq(exercises.id, ids.ex[1].id));
      await tx
        .update(exercises)
        .set({ status: 'completed', score: null, completedAt: new Date(now - 15 * DAY) })
        .where(eq(exercises.id, ids.ex[4].id));
      // a manager's override changes a score; a completion moves to another week
      await tx.update(exercises).set({ score: 90 }).where(eq(exercises.id, ids.ex[0].id));
      await tx
        .update(exercises)
        .set({ completedAt: new Date(now - 22 * DAY) })
        .where(eq(exercises.id, ids.ex[1].id));
      // an exercise handed to another rep, one removed from an assignment
      await tx.update(exercises).set({ userId: reps[2].id }).where(eq(exercises.id, ids.ex[2].id));
      await tx.delete(exercises).where(eq(exercises.id, ids.ex[3].id));
      // an update that changes nothing the rollups count
      await tx.update(exercises).set({ callId: null }).where(eq(exercises.userId, reps[1].id));
    });
    await expectRollupsConsistent(database.db);

    const reportIds = await withTenant(database.db, tenantA, async (tx) => {
      const out: string[] = [];
      for (const [i, r] of reps.entries()) {
        const c = await endedCall(tx, { userId: r.id });
        // pending first (counts nothing), then ready as the evaluation job does
        out.push(
          await finishedReport(tx, c.id, 'pending', {
            status: 'ready',
            criteria: twoCriterionLevels(i % 3, 2),
            score: 50,
            completedAt: new Date(now - i * 7 * DAY),
          }),
        );
      }
      return out;
    });
    await expectRollupsConsistent(database.db);

    await withTenant(database.db, tenantA, async (tx) => {
      // a manager override (one level), a re-evaluation that fails, a report removed
      await tx
        .update(reports)
        .set({ criteria: twoCriterionLevels(2, 0) })
        .where(eq(reports.id, reportIds[0]));
      await tx.update(reports).set({ status: 'failed' }).where(eq(reports.id, reportIds[1]));
      await tx.delete(reports).where(eq(reports.id, reportIds[2]));
    });
    await expectRollupsConsistent(database.db);

    // tenant B's writes land in B's rows only, and A cannot read them
    await withTenant(database.db, tenantB, async (tx) => {
      const {
        sims: [sim],
      } = await createLinkedSimulations(tx, tenantB, [{ name: 'S' }]);
      const a = await createAssignmentRow(tx, { tenantId: tenantB, name: 'B' });
      await createExercise(tx, {
        tenantId: tenantB,
        assignmentId: a.id,
        userId: repB.id,
        simulationId: sim.id,
        status: 'completed',
        score: 10,
        completedAt: new Date(now),
      });
    });
    await expectRollupsConsistent(database.db);
    const seenByA = await withTenant(database.db, tenantA, (tx) =>
      rawRows<{ user_id: string }>(tx, sql`select user_id::text from user_exercise_stats`),
    );
    expect(seenByA.map((r) => r.user_id).sort()).toEqual(reps.map((r) => r.id).sort());

    // deleting a user takes its rollup rows with it
    await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.delete(users).where(and(eq(users.id, reps[0].id), eq(users.tenantId, tenantA))),
    );
    await expectRollupsConsistent(database.db);
    const left = await asSystem(database.db, { action: 'test' }, (tx) =>
      rawRows<{ n: number }>(
        tx,
        sql`select (select count(*) from user_exercise_stats where user_id = ${reps[0].id}) + (select count(*) from user_week_stats where user_id = ${reps[0].id}) + (select count(*) from user_week_criteria where user_id = ${reps[0].id}) + (select count(*) from assignment_members where user_id = ${reps[0].id}) as n`,
      ),
    );
    expect(Number(left[0].n)).toBe(0);
  });

  it('stay exact through retakes, overrides of a counted or an uncounted attempt, best/latest switches, practice calls and deletion', async () => {
    const manager = await createTenantUser(database.db, tenantA, { userType: 'manager' });
    const rep = await createTenantUser(database.db, tenantA, { userType: 'sales_rep', managerId: manager.id });
    const rep2 = await createTenantUser(database.db, tenantA, { userType: 'sales_rep', managerId: manager.id });
    const actor: Actor = { userId: manager.id, role: 'sales_manager', tenantId: tenantA };
    const mail = { publicUrl: 'http://spar.test', delivery: 'outbox' as const };
    const now = Date.now();
    const { simId, assignmentId } = await withTenant(database.db, tenantA, async (tx) => {
      const {
        sims: [sim],
      } = await createLinkedSimulations(tx, tenantA, [{ name: 'Retakes' }]);
      const a = await createAssignment({
        tx,
        actor,
        mail,
        input: {
          name: 'Retakes',
          simulationIds: [sim.id],
          userIds: [rep.id, rep2.id],
        },
      });
      return { simId: sim.id, assignmentId: a.id };
    });
    const exerciseOf = async (userId: string) =>
      (
        await asSystem(database.db, { action: 'test' }, (tx) =>
          tx
            .select()
            .from(exercises)
            .where(and(eq(exercises.assignmentId, assignmentId), eq(exercises.userId, userId))),
        )
      )[0];
    /** One attempt as the call end and the evaluation job make it: a call for the exercise, its report ready, the exercise recounted. */
    const attempt = (
      userId: string,
      report: { status?: 'ready' | 'failed'; score: number; levels: CriterionResult[]; at: number },
    ) =>
      withTenant(database.db, tenantA, async (tx) => {
        const [ex] = await tx
          .select()
          .from(exercises)
          .where(and(eq(exercises.assignmentId, assignmentId), eq(exercises.userId, userId)));
        const c = await endedCall(tx, { userId, simulationId: simId, exerciseId: ex.id, mode: 'exercise' });
        const reportId = await finishedReport(tx, c.id, 'running', {
          status: report.status ?? 'ready',
          score: report.score,
          criteria: report.levels,
          completedAt: new Date(report.at),
        });
        if ((report.status ?? 'ready') === 'ready') await completeExerciseForCall(tx, c.id, { score: report.score });
        return { callId: c.id, reportId };
      });
    /** A manager's review: the report's levels and score change, the exercise recounts. */
    const review = (reportId: string, score: number, lv: CriterionResult[]) =>
      withTenant(database.db, tenantA, async (tx) => {
        await tx.update(reports).set({ score, criteria: lv }).where(eq(reports.id, reportId));
        await syncExerciseScore(tx, reportId, score);
      });
    const setPolicy = (scorePolicy: 'best' | 'latest') =>
      withTenant(database.db, tenantA, (tx) =>
        updateAssignment({ tx, actor, mail, input: { assignmentId, scorePolicy } }),
      );
    const counted = async (userId: string) => {
      const e = await exerciseOf(userId);
      return { status: e.status, score: e.score, reportId: e.reportId, completedAt: e.completedAt?.getTime() ?? null };
    };

    const first = await attempt(rep.id, { score: 60, levels: twoCriterionLevels(1, 0), at: now - 8 * DAY });
    expect(await counted(rep.id)).toEqual({
      status: 'completed',
      score: 60,
      reportId: first.reportId,
      completedAt: now - 8 * DAY,
    });
    await expectRollupsConsistent(database.db);

    // a better retake this week counts (best, the default), its week and criteria with it
    const second = await attempt(rep.id, { score: 80, levels: twoCriterionLevels(2, 1), at: now });
    expect(await counted(rep.id)).toEqual({
      status: 'completed',
      score: 80,
      reportId: second.reportId,
      completedAt: now,
    });
    await expectRollupsConsistent(database.db);

    // a worse retake is kept but does not count
    const third = await attempt(rep.id, { score: 50, levels: twoCriterionLevels(0, 1), at: now + 60_000 });
    expect((await counted(rep.id)).reportId).toBe(second.reportId);
    await expectRollupsConsistent(database.db);

    // the manager switches to the latest attempt, and back
    await setPolicy('latest');
    expect(await counted(rep.id)).toMatchObject({ score: 50, reportId: third.reportId });
    await expectRollupsConsistent(database.db);
    await setPolicy('best');
    expect(await counted(rep.id)).toMatchObject({ score: 80, reportId: second.reportId });
    await expectRollupsConsistent(database.db);

    // a review raises an uncounted attempt above the best: it counts now; lowering it again gives the place back
    await review(third.reportId, 95, twoCriterionLevels(2, 2));
    expect(await counted(rep.id)).toMatchObject({ score: 95, reportId: third.reportId });
    await expectRollupsConsistent(database.db);
    await review(third.reportId, 40, twoCriterionLevels(0, 0));
    expect(await counted(rep.id)).toMatchObject({ score: 80, reportId: second.reportId });
    await expectRollupsConsistent(database.db);
    // a review of the counted attempt changes its levels in place
    await review(second.reportId, 85, twoCriterionLevels(2, 2));
    expect(await counted(rep.id)).toMatchObject({ score: 85, reportId: second.reportId });
    await expectRollupsConsistent(database.db);

    // the other rep: a failed report completes nothing; a practice call counts as practice
    await attempt(rep2.id, { status: 'failed', score: 0, levels: twoCriterionLevels(0, 0), at: now });
    expect((await counted(rep2.id)).status).toBe('pending');
    await withTenant(database.db, tenantA, async (tx) => {
      const readyCall = async (mode: 'practice' | 'test', score: number, criteria: CriterionResult[]) => {
        const c = await endedCall(tx, { userId: rep2.id, simulationId: simId, mode });
        await createReport(tx, {
          tenantId: tenantA,
          callId: c.id,
          status: 'ready',
          score,
          criteria,
          completedAt: new Date(now),
        });
      };
      await readyCall('practice', 70, twoCriterionLevels(1, 1));
      // a manager's test call of the same learner is not practice and counts nowhere
      await readyCall('test', 10, twoCriterionLevels(0, 0));
    });
    await expectRollupsConsistent(database.db);
    const [practice] = await asSystem(database.db, { action: 'test' }, (tx) =>
      rawRows<{ n: number }>(tx, sql`select practice_calls as n from user_exercise_stats where user_id = ${rep2.id}`),
    );
    expect(Number(practice.n)).toBe(1);

    // deleting the assignment takes the counted attempts' criteria with it; the reports stay
    await withTenant(database.db, tenantA, (tx) => deleteAssignment(tx, actor, assignmentId));
    await expectRollupsConsistent(database.db);
  });
});
