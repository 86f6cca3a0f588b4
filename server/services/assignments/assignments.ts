import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import {
  assignmentMembers,
  assignmentSimulations,
  assignments,
  exercises,
  reports,
  simulations,
  users,
} from '../../../db/schema';
import { type ScorePolicy } from '../../contracts/enums';
import { scoreLabel } from '../../contracts/score';
import { AppError } from '../../errors';
import {
  ASSIGNMENTS_PAGE_SIZE_DEFAULT,
  type AssignmentDetail,
  type AssignmentList,
  type AssignmentSummary,
  type ExerciseView,
} from '../../contracts/assignments';
import { attemptSummary } from './attempts';
import { assertDueNotPast, dueLabel, safeTimeZone } from './due';
import { applyScorePolicy, attemptsOf, refreshAssignmentStatus } from './exercise-progress';
import { byUser, lockAssignment, lockLearners } from './locks';
import { mailMembers, type MailContext } from './mail';
import { assignmentListColumns, displayName, loadEditable, visibleTo, type Actor } from './scope';

export type { Actor } from './scope';
export type { MailContext } from './mail';
// the hooks calls and evaluation use (server/services/calls, server/evaluation, server/services/reports)
export {
  completeExerciseForCall,
  refreshAssignmentStatus,
  startExercise,
  syncExerciseScore,
} from './exercise-progress';
import { groupBy } from '../group-by';

/** array_agg(uuid) arrives as an array (postgres.js) or as the '{a,b}' literal (PGlite). */
function parseUuidArray(v: string[] | string | null): string[] {
  if (!v) return [];
  if (Array.isArray(v)) return v;
  return v
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Users a manager may assign: sales reps of the tenant (a sales manager: their own team first, any rep of the tenant allowed). */
async function assignableMembers(tx: Executor, actor: Actor, ids?: string[]) {
  const conds: SQL[] = [eq(users.tenantId, actor.tenantId), eq(users.userType, 'sales_rep')];
  if (actor.role === 'sales_manager') conds.push(eq(users.managerId, actor.userId));
  if (ids) conds.push(inArray(users.id, ids));
  return tx
    .select({ id: users.id, name: displayName, email: users.email })
    .from(users)
    .where(and(...conds))
    .orderBy(displayName);
}

export async function assignmentOptions(tx: Executor, actor: Actor) {
  const sims = await tx
    .select({
      id: simulations.id,
      name: simulations.name,
      difficulty: simulations.difficulty,
      language: simulations.language,
    })
    .from(simulations)
    .where(eq(simulations.tenantId, actor.tenantId))
    .orderBy(simulations.name);
  return { simulations: sims, members: await assignableMembers(tx, actor) };
}

async function summaries(
  tx: Executor,
  actor: Actor,
  where: SQL | undefined,
  timeZone: string | undefined,
  { limit = 500, offset = 0 }: { limit?: number; offset?: number } = {},
  now = new Date(),
): Promise<AssignmentSummary[]> {
  const rows = await tx
    .select({
      ...assignmentListColumns,
      lastReminderAt: assignments.lastReminderAt,
      createdById: assignments.createdBy,
    })
    .from(assignments)
    .where(and(eq(assignments.tenantId, actor.tenantId), visibleTo(actor), where))
    // id breaks sent_at ties, so consecutive pages neither overlap nor skip a row
    .orderBy(desc(assignments.sentAt), desc(assignments.id))
    .limit(limit)
    .offset(offset);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  // the page's per-member rollup rows (kept by the exercises trigger): counts, average, members
  const stats = await tx
    .select({
      assignmentId: assignmentMembers.assignmentId,
      total: sql<number>`sum(${assignmentMembers.exercises})::int`,
      completed: sql<number>`sum(${assignmentMembers.completed})::int`,
      avg: sql<
        string | null
      >`round(sum(${assignmentMembers.scoreSum}) / nullif(sum(${assignmentMembers.scored}), 0), 1)::text`,
      userIds: sql<string[]>`array_agg(${assignmentMembers.userId})`,
    })
    .from(assignmentMembers)
    .where(inArray(assignmentMembers.assignmentId, ids))
    .groupBy(assignmentMembers.assignmentId);
  const statsBy = new Map(stats.map((r) => [r.assignmentId, r]));
  const userIds = [
    ...new Set([
      ...stats.flatMap((r) => parseUuidArray(r.userIds)),
      ...rows.flatMap((r) => (r.createdById ? [r.createdById] : [])),
    ]),
  ];
  const names = new Map(
    (userIds.length
      ? await tx.select({ id: users.id, name: displayName }).from(users).where(inArray(users.id, userIds))
      : []
    ).map((u) => [u.id, u.name]),
  );
  const sims = await tx
    .select({ assignmentId: assignmentSimulations.assignmentId, id: simulations.id, name: simulations.name })
    .from(assignmentSimulations)
    .innerJoin(simulations, eq(simulations.id, assignmentSimulations.simulationId))
    .where(inArray(assignmentSimulations.assignmentId, ids))
    .orderBy(simulations.name);
  const members = stats.flatMap((r) =>
    parseUuidArray(r.userIds).map((id) => ({ assignmentId: r.assignmentId, id, name: names.get(id) ?? '' })),
  );
  members.sort((a, b) => a.name.localeCompare(b.name));
  const group = (list: { assignmentId: string; id: string; name: string }[]) =>
    groupBy(
      list,
      (r) => r.assignmentId,
      (r) => ({ id: r.id, name: r.name }),
    );
  const simsBy = group(sims);
  const membersBy = group(members);
  const tz = safeTimeZone(timeZone);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    status: r.status,
    dueAt: iso(r.dueAt),
    sentAt: r.sentAt.toISOString(),
    lastReminderAt: iso(r.lastReminderAt),
    scorePolicy: r.scorePolicy,
    createdBy: r.createdById ? { id: r.createdById, name: names.get(r.createdById) ?? '' } : null,
    simulations: simsBy.get(r.id) ?? [],
    members: membersBy.get(r.id) ?? [],
    exercisesTotal: Number(statsBy.get(r.id)?.total ?? 0),
    exercisesCompleted: Number(statsBy.get(r.id)?.completed ?? 0),
    averageScore: statsBy.get(r.id)?.avg == null ? null : Number(statsBy.get(r.id)!.avg),
    dueLabel: r.status === 'completed' ? { kind: 'none' as const } : dueLabel(r.dueAt, now, tz),
    canEdit: actor.role !== 'demo_sales_manager' || r.createdById === actor.userId,
  }));
}

/** One page (1-based) of the viewer's pending or completed assignments, newest first, with the total of that status. */
export async function listAssignments(
  tx: Executor,
  actor: Actor,
  input: { status: 'pending' | 'completed'; timeZone?: string; page?: number; pageSize?: number },
): Promise<AssignmentList> {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? ASSIGNMENTS_PAGE_SIZE_DEFAULT;
  const where =
    input.status === 'completed' ? eq(assignments.status, 'completed') : ne(assignments.status, 'completed');
  const [counted] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(assignments)
    .where(and(eq(assignments.tenantId, actor.tenantId), visibleTo(actor), where));
  const total = Number(counted?.total ?? 0);
  const offset = (page - 1) * pageSize;
  // a page past the end is empty, but still reports the total so the client can step back
  const items = offset < total ? await summaries(tx, actor, where, input.timeZone, { limit: pageSize, offset }) : [];
  return { items, total, page, pageSize };
}

/** Exercises with their attempts (every call with a report), the best and latest score and which one counts. */
export async function exerciseViews(tx: Executor, where: SQL): Promise<(ExerciseView & { assignmentId: string })[]> {
  const rows = await tx
    .select({
      id: exercises.id,
      assignmentId: exercises.assignmentId,
      userId: exercises.userId,
      userName: displayName,
      simulationId: exercises.simulationId,
      simulationName: simulations.name,
      status: exercises.status,
      score: exercises.score,
      evaluator: reports.evaluator,
      originalScore: reports.originalScore,
      callId: exercises.callId,
      startedAt: exercises.startedAt,
      completedAt: exercises.completedAt,
      policy: assignments.scorePolicy,
    })
    .from(exercises)
    .innerJoin(users, eq(users.id, exercises.userId))
    .innerJoin(simulations, eq(simulations.id, exercises.simulationId))
    .innerJoin(assignments, eq(assignments.id, exercises.assignmentId))
    // the report of the attempt that counts: its original score and whether it is heuristic
    .leftJoin(reports, eq(reports.id, exercises.reportId))
    .where(where)
    .orderBy(displayName, simulations.name);
  const attempts = await attemptsOf(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map(({ policy, evaluator, originalScore, ...r }) => ({
    ...r,
    score: r.score === null ? null : Number(r.score),
    ...scoreLabel(evaluator, originalScore),
    startedAt: iso(r.startedAt),
    completedAt: iso(r.completedAt),
    ...attemptSummary(attempts.get(r.id) ?? [], policy),
  }));
}

export async function getAssignment({
  tx,
  actor,
  assignmentId,
  timeZone,
}: {
  tx: Executor;
  actor: Actor;
  assignmentId: string;
  timeZone?: string;
}): Promise<AssignmentDetail> {
  const [summary] = await summaries(tx, actor, eq(assignments.id, assignmentId), timeZone);
  if (!summary) throw new AppError('NOT_FOUND', 'Assignment not found');
  const views = await exerciseViews(tx, eq(exercises.assignmentId, assignmentId));
  return { ...summary, exercises: views.map(({ assignmentId: _a, ...e }) => e) };
}

async function checkSimulations(tx: Executor, actor: Actor, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await tx
    .select({ id: simulations.id, name: simulations.name })
    .from(simulations)
    .where(and(eq(simulations.tenantId, actor.tenantId), inArray(simulations.id, unique)));
  if (found.length !== unique.length)
    throw new AppError('VALIDATION', 'Unknown simulation', { field: 'simulationIds' });
  return found;
}

async function checkMembers(tx: Executor, actor: Actor, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await assignableMembers(tx, actor, unique);
  if (found.length !== unique.length) throw new AppError('VALIDATION', 'Unknown team member', { field: 'userIds' });
  return found;
}

/** What creating or editing an assignment takes: the transaction, who acts, the mail context, the input. */
interface AssignmentWrite<Input> {
  tx: Executor;
  actor: Actor;
  mail: MailContext;
  input: Input;
  now?: Date;
}

export async function createAssignment({
  tx,
  actor,
  mail,
  input,
  now = new Date(),
}: AssignmentWrite<{
  name: string;
  simulationIds: string[];
  userIds: string[];
  dueAt?: string | null;
  scorePolicy?: ScorePolicy;
}>) {
  const dueAt = input.dueAt ? new Date(input.dueAt) : null;
  assertDueNotPast(dueAt, now);
  const sims = await checkSimulations(tx, actor, input.simulationIds);
  const members = await checkMembers(tx, actor, input.userIds);
  const [a] = await tx
    .insert(assignments)
    .values({
      tenantId: actor.tenantId,
      name: input.name,
      createdBy: actor.userId,
      dueAt,
      status: 'pending',
      sentAt: now,
      scorePolicy: input.scorePolicy ?? 'best',
    })
    .returning({ id: assignments.id, name: assignments.name, dueAt: assignments.dueAt });
  await tx
    .insert(assignmentSimulations)
    .values(sims.map((s) => ({ tenantId: actor.tenantId, assignmentId: a.id, simulationId: s.id })));
  const rows = byUser(
    members.flatMap((m) =>
      sims.map((s) => ({
        tenantId: actor.tenantId,
        assignmentId: a.id,
        userId: m.id,
        simulationId: s.id,
        status: 'pending' as const,
      })),
    ),
  );
  await lockLearners(
    tx,
    rows.map((r) => r.userId),
  );
  await tx.insert(exercises).values(rows);
  const mailed = await mailMembers({
    tx,
    actor,
    mail,
    assignment: a,
    kind: 'assigned',
    counts: new Map(members.map((m) => [m.id, sims.length])),
    dedupeSuffix: 'sent',
  });
  return { id: a.id, exercises: rows.length, mailed };
}

/**
 * Renames, re-dates, switches which attempt counts, or changes the reps/simulations of an
 * assignment. Exercises of removed reps or simulations are deleted unless they already have a
 * call (those are kept); new pairs get pending exercises, and newly added reps are mailed.
 */
export async function updateAssignment({
  tx,
  actor,
  mail,
  input,
  now = new Date(),
}: AssignmentWrite<{
  assignmentId: string;
  name?: string;
  dueAt?: string | null;
  scorePolicy?: ScorePolicy;
  simulationIds?: string[];
  userIds?: string[];
}>) {
  const a = await loadEditable(tx, actor, input.assignmentId);
  const patch: Partial<typeof assignments.$inferInsert> = { updatedAt: now };
  if (input.name !== undefined) patch.name = input.name;
  if (input.dueAt !== undefined) {
    const dueAt = input.dueAt ? new Date(input.dueAt) : null;
    // an overdue assignment may still be renamed with its date unchanged
    if (dueAt?.getTime() !== a.dueAt?.getTime()) assertDueNotPast(dueAt, now);
    patch.dueAt = dueAt;
  }
  await tx.update(assignments).set(patch).where(eq(assignments.id, a.id));
  if (input.scorePolicy && input.scorePolicy !== a.scorePolicy) await applyScorePolicy(tx, a.id, input.scorePolicy);

  if (input.simulationIds || input.userIds) {
    const current = await tx
      .select({
        id: exercises.id,
        userId: exercises.userId,
        simulationId: exercises.simulationId,
        callId: exercises.callId,
        status: exercises.status,
      })
      .from(exercises)
      .where(eq(exercises.assignmentId, a.id));
    const currentSims = (
      await tx
        .select({ id: assignmentSimulations.simulationId })
        .from(assignmentSimulations)
        .where(eq(assignmentSimulations.assignmentId, a.id))
    ).map((r) => r.id);
    const simIds = input.simulationIds
      ? (await checkSimulations(tx, actor, input.simulationIds)).map((s) => s.id)
      : currentSims;
    const userIds = input.userIds
      ? (await checkMembers(tx, actor, input.userIds)).map((m) => m.id)
      : [...new Set(current.map((e) => e.userId))];
    const wanted = new Set(userIds.flatMap((u) => simIds.map((s) => `${u}|${s}`)));
    const have = new Set(current.map((e) => `${e.userId}|${e.simulationId}`));
    const removable = current
      .filter((e) => !wanted.has(`${e.userId}|${e.simulationId}`) && !e.callId && e.status === 'pending')
      .map((e) => e.id);
    const added = [...wanted].filter((k) => !have.has(k)).map((k) => k.split('|') as [string, string]);
    await lockLearners(tx, [
      ...current.filter((e) => removable.includes(e.id)).map((e) => e.userId),
      ...added.map(([userId]) => userId),
    ]);
    if (removable.length) await tx.delete(exercises).where(inArray(exercises.id, removable));
    const inserted = added.length
      ? await tx
          .insert(exercises)
          .values(
            byUser(
              added.map(([userId, simulationId]) => ({
                tenantId: actor.tenantId,
                assignmentId: a.id,
                userId,
                simulationId,
                status: 'pending' as const,
              })),
            ),
          )
          .returning({ id: exercises.id })
      : [];
    // assignment_simulations: the wanted ones plus any still referenced by kept exercises
    const keptSims = new Set([
      ...simIds,
      ...current.filter((e) => !removable.includes(e.id)).map((e) => e.simulationId),
    ]);
    await tx.delete(assignmentSimulations).where(eq(assignmentSimulations.assignmentId, a.id));
    await tx
      .insert(assignmentSimulations)
      .values([...keptSims].map((simulationId) => ({ tenantId: actor.tenantId, assignmentId: a.id, simulationId })));
    const previousUsers = new Set(current.map((e) => e.userId));
    const newUsers = userIds.filter((u) => !previousUsers.has(u));
    if (newUsers.length) {
      const name = input.name ?? a.name;
      const dueAt = input.dueAt !== undefined ? (input.dueAt ? new Date(input.dueAt) : null) : a.dueAt;
      // one mail per rep and adding: a rep removed and added again is told again (the new exercises name the event)
      const event = inserted.map((e) => e.id).sort()[0] ?? 'sent';
      await mailMembers({
        tx,
        actor,
        mail,
        assignment: { id: a.id, name, dueAt },
        kind: 'assigned',
        counts: new Map(newUsers.map((u) => [u, simIds.length])),
        dedupeSuffix: `added:${event}`,
      });
    }
    await refreshAssignmentStatus(tx, a.id);
  }
  return { id: a.id };
}

export async function deleteAssignment(tx: Executor, actor: Actor, assignmentId: string) {
  const a = await loadEditable(tx, actor, assignmentId);
  await lockAssignment(tx, a.id);
  const members = await tx
    .selectDistinct({ userId: exercises.userId })
    .from(exercises)
    .where(eq(exercises.assignmentId, a.id));
  await lockLearners(
    tx,
    members.map((m) => m.userId),
  );
  await tx.delete(assignments).where(eq(assignments.id, a.id));
  return { id: a.id };
}
