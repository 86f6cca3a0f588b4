import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { assignments, calls, exercises, reports } from '../../../db/schema';
import { type AssignmentStatus, type ScorePolicy } from '../../contracts/enums';
import { AppError } from '../../errors';
import { countedAttempt, type Attempt } from './attempts';
import { lockAssignment, lockLearners } from './locks';
import { groupBy } from '../group-by';

/** Every attempt (a call with a report) of the given exercises, oldest first, by exercise. */
export async function attemptsOf(tx: Executor, exerciseIds: readonly string[]): Promise<Map<string, Attempt[]>> {
  if (!exerciseIds.length) return new Map();
  const rows = await tx
    .select({
      exerciseId: calls.exerciseId,
      callId: calls.id,
      reportId: reports.id,
      startedAt: calls.createdAt,
      reportStatus: reports.status,
      score: reports.score,
      completedAt: reports.completedAt,
    })
    .from(calls)
    .innerJoin(reports, eq(reports.callId, calls.id))
    .where(inArray(calls.exerciseId, [...exerciseIds]))
    .orderBy(asc(calls.createdAt), asc(calls.id));
  return groupBy(
    rows,
    (r) => r.exerciseId!,
    (r) => ({
      callId: r.callId,
      reportId: r.reportId,
      startedAt: r.startedAt,
      reportStatus: r.reportStatus,
      score: r.score === null ? null : Number(r.score),
      completedAt: r.completedAt,
    }),
  );
}

/** Recomputes an assignment's status from its exercises: all completed → completed; any started → in_progress. */
export async function refreshAssignmentStatus(tx: Executor, assignmentId: string): Promise<AssignmentStatus> {
  const [c] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${exercises.status} = 'completed')::int`,
      started: sql<number>`count(*) filter (where ${exercises.status} <> 'pending')::int`,
    })
    .from(exercises)
    .where(eq(exercises.assignmentId, assignmentId));
  const total = Number(c?.total ?? 0);
  const status: AssignmentStatus =
    total > 0 && Number(c.completed) === total ? 'completed' : Number(c?.started ?? 0) > 0 ? 'in_progress' : 'pending';
  await tx
    .update(assignments)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(assignments.id, assignmentId), ne(assignments.status, status)));
  return status;
}

/**
 * Points each exercise at the attempt its assignment's policy counts (best or latest): status
 * completed, that attempt's call, report, score and the time its report was ready. Exercises
 * without a scored attempt are left as they are. The caller holds the assignment lock; the
 * rollup triggers move the exercise's score, week and criteria with it.
 */
export async function recountExercises(tx: Executor, exerciseIds: readonly string[]): Promise<void> {
  if (!exerciseIds.length) return;
  const rows = await tx
    .select({
      id: exercises.id,
      callId: exercises.callId,
      reportId: exercises.reportId,
      score: exercises.score,
      status: exercises.status,
      completedAt: exercises.completedAt,
      policy: assignments.scorePolicy,
    })
    .from(exercises)
    .innerJoin(assignments, eq(assignments.id, exercises.assignmentId))
    .where(inArray(exercises.id, [...exerciseIds]));
  const attempts = await attemptsOf(tx, exerciseIds);
  for (const e of rows) {
    const c = countedAttempt(attempts.get(e.id) ?? [], e.policy);
    if (!c) continue;
    const same =
      e.status === 'completed' &&
      e.callId === c.callId &&
      e.reportId === c.reportId &&
      (e.score === null ? null : Number(e.score)) === c.score &&
      e.completedAt?.getTime() === c.completedAt?.getTime();
    if (same) continue;
    await tx
      .update(exercises)
      .set({ status: 'completed', callId: c.callId, reportId: c.reportId, score: c.score, completedAt: c.completedAt })
      .where(eq(exercises.id, e.id));
  }
}

/** A new policy for an assignment: every completed exercise counts its best or its latest attempt from now on. */
export async function applyScorePolicy(tx: Executor, assignmentId: string, policy: ScorePolicy): Promise<boolean> {
  await lockAssignment(tx, assignmentId);
  const [a] = await tx
    .update(assignments)
    .set({ scorePolicy: policy, updatedAt: new Date() })
    .where(and(eq(assignments.id, assignmentId), ne(assignments.scorePolicy, policy)))
    .returning({ id: assignments.id });
  if (!a) return false;
  const done = await tx
    .select({ id: exercises.id, userId: exercises.userId })
    .from(exercises)
    .where(and(eq(exercises.assignmentId, assignmentId), eq(exercises.status, 'completed')));
  await lockLearners(
    tx,
    done.map((e) => e.userId),
  );
  await recountExercises(
    tx,
    [...done].sort((x, y) => (x.userId < y.userId ? -1 : x.userId > y.userId ? 1 : 0)).map((e) => e.id),
  );
  return true;
}

// ---- hooks from calls and evaluation -------------------------------------------------------

/**
 * calls.start with an exerciseId: the exercise must be the caller's and for that simulation. A
 * pending one becomes in_progress (and its assignment too); a completed one may be practised
 * again — it stays completed, and the new attempt counts once its report is ready if the
 * assignment's policy says so. Returns the exercise id to store on the call row.
 */
export async function startExercise({
  tx,
  actor,
  exerciseId,
  simulationId,
}: {
  tx: Executor;
  actor: { tenantId: string; userId: string };
  exerciseId: string;
  simulationId: string;
}): Promise<string> {
  const [e] = await tx
    .select({ id: exercises.id, status: exercises.status, assignmentId: exercises.assignmentId })
    .from(exercises)
    .where(
      and(
        eq(exercises.id, exerciseId),
        eq(exercises.tenantId, actor.tenantId),
        eq(exercises.userId, actor.userId),
        eq(exercises.simulationId, simulationId),
      ),
    );
  if (!e) throw new AppError('NOT_FOUND', 'Exercise not found');
  if (e.status === 'pending') {
    await lockAssignment(tx, e.assignmentId);
    await tx
      .update(exercises)
      .set({ status: 'in_progress', startedAt: new Date() })
      .where(and(eq(exercises.id, e.id), eq(exercises.status, 'pending')));
    await refreshAssignmentStatus(tx, e.assignmentId);
  }
  return e.id;
}

/** The exercise a call or a report answers, with its assignment; locked in the shared order. */
async function exerciseOf(tx: Executor, where: SQL) {
  const [row] = await tx
    .select({ exerciseId: calls.exerciseId })
    .from(calls)
    .leftJoin(reports, eq(reports.callId, calls.id))
    .where(where);
  if (!row?.exerciseId) return null;
  const [ex] = await tx
    .select({ id: exercises.id, assignmentId: exercises.assignmentId, userId: exercises.userId })
    .from(exercises)
    .where(eq(exercises.id, row.exerciseId));
  if (!ex) return null;
  await lockAssignment(tx, ex.assignmentId);
  await lockLearners(tx, [ex.userId]);
  return ex;
}

/**
 * The report of `callId` is ready: when the call answers an exercise, the exercise counts the
 * attempt its assignment's policy picks among all of its ready reports, and the assignment is
 * completed once all of its exercises are. Idempotent.
 */
export async function completeExerciseForCall(
  tx: Executor,
  callId: string,
  _report?: { score: number | null },
): Promise<void> {
  const ex = await exerciseOf(tx, eq(calls.id, callId));
  if (!ex) return;
  await recountExercises(tx, [ex.id]);
  await refreshAssignmentStatus(tx, ex.assignmentId);
}

/** A manager's review changed a report's score: the exercise recounts (the reviewed attempt may now be, or no longer be, the best). */
export async function syncExerciseScore(tx: Executor, reportId: string, _score?: number | null): Promise<void> {
  const ex = await exerciseOf(tx, eq(reports.id, reportId));
  if (!ex) return;
  await recountExercises(tx, [ex.id]);
}
