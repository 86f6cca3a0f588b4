import { and, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { assignmentMembers, assignmentSimulations, assignments, calls, exercises, reports, simulations, users, type AssignmentStatus } from '../../../db/schema';
import type { Role } from '../../auth/roles';
import { scoreLabel } from '../../contracts/score';
import { AppError } from '../../errors';
import { enqueueMail, interpolate, mailStrings, recipientLanguages, renderMail } from '../../mail/jobs';
import { ASSIGNMENTS_PAGE_SIZE_DEFAULT, type AssignmentDetail, type AssignmentList, type AssignmentSummary, type ExerciseView, type MyAssignment } from '../../routers/assignments/schema';
import { dueLabel, safeTimeZone } from './due';

export interface Actor {
  userId: string;
  role: Role | null;
  tenantId: string;
}

export interface MailContext {
  /** Base URL for links in mail (PUBLIC_URL), without trailing slash. */
  publicUrl: string;
}

/** Qualified explicitly: drizzle renders bare column names inside single-table selects. */
const aId = sql.raw('"assignments"."id"');
/** array_agg(uuid) arrives as an array (postgres.js) or as the '{a,b}' literal (PGlite). */
function parseUuidArray(v: string[] | string | null): string[] {
  if (!v) return [];
  if (Array.isArray(v)) return v;
  return v.replace(/^\{|\}$/g, '').split(',').filter(Boolean);
}
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const displayName = sql<string>`coalesce(nullif(${users.displayName}, ''), ${users.username})`;

/** admin/superuser see every assignment of the tenant; managers those they created or that include their team. */
function visibleTo(actor: Actor): SQL | undefined {
  if (actor.role === 'admin' || actor.role === 'superuser') return undefined;
  if (actor.role === 'demo_sales_manager') return eq(assignments.createdBy, actor.userId);
  // the team's assignment ids are computed once (hashed subplan) from the per-member rollup
  return or(
    eq(assignments.createdBy, actor.userId),
    sql`${aId} in (select am.assignment_id from ${assignmentMembers} am join ${users} u on u.id = am.user_id where u.manager_id = ${actor.userId})`,
  );
}

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
    .select({ id: simulations.id, name: simulations.name, difficulty: simulations.difficulty, language: simulations.language })
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
      id: assignments.id,
      name: assignments.name,
      status: assignments.status,
      dueAt: assignments.dueAt,
      sentAt: assignments.sentAt,
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
      avg: sql<string | null>`round(sum(${assignmentMembers.scoreSum}) / nullif(sum(${assignmentMembers.scored}), 0), 1)::text`,
      userIds: sql<string[]>`array_agg(${assignmentMembers.userId})`,
    })
    .from(assignmentMembers)
    .where(inArray(assignmentMembers.assignmentId, ids))
    .groupBy(assignmentMembers.assignmentId);
  const statsBy = new Map(stats.map((r) => [r.assignmentId, r]));
  const userIds = [...new Set([...stats.flatMap((r) => parseUuidArray(r.userIds)), ...rows.flatMap((r) => (r.createdById ? [r.createdById] : []))])];
  const names = new Map((userIds.length ? await tx.select({ id: users.id, name: displayName }).from(users).where(inArray(users.id, userIds)) : []).map((u) => [u.id, u.name]));
  const sims = await tx
    .select({ assignmentId: assignmentSimulations.assignmentId, id: simulations.id, name: simulations.name })
    .from(assignmentSimulations)
    .innerJoin(simulations, eq(simulations.id, assignmentSimulations.simulationId))
    .where(inArray(assignmentSimulations.assignmentId, ids))
    .orderBy(simulations.name);
  const members = stats.flatMap((r) => parseUuidArray(r.userIds).map((id) => ({ assignmentId: r.assignmentId, id, name: names.get(id) ?? '' })));
  members.sort((a, b) => a.name.localeCompare(b.name));
  const group = (list: { assignmentId: string; id: string; name: string }[]) => {
    const m = new Map<string, { id: string; name: string }[]>();
    for (const r of list) {
      const arr = m.get(r.assignmentId) ?? [];
      arr.push({ id: r.id, name: r.name });
      m.set(r.assignmentId, arr);
    }
    return m;
  };
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
  const where = input.status === 'completed' ? eq(assignments.status, 'completed') : ne(assignments.status, 'completed');
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

async function exerciseViews(tx: Executor, where: SQL): Promise<ExerciseView[]> {
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
    })
    .from(exercises)
    .innerJoin(users, eq(users.id, exercises.userId))
    .innerJoin(simulations, eq(simulations.id, exercises.simulationId))
    .leftJoin(reports, eq(reports.id, exercises.reportId))
    .where(where)
    .orderBy(displayName, simulations.name);
  return rows.map(({ evaluator, originalScore, ...r }) => ({
    ...r,
    score: r.score === null ? null : Number(r.score),
    ...scoreLabel(evaluator, originalScore),
    startedAt: iso(r.startedAt),
    completedAt: iso(r.completedAt),
  }));
}

export async function getAssignment(tx: Executor, actor: Actor, assignmentId: string, timeZone?: string): Promise<AssignmentDetail> {
  const [summary] = await summaries(tx, actor, eq(assignments.id, assignmentId), timeZone);
  if (!summary) throw new AppError('NOT_FOUND', 'Assignment not found');
  return { ...summary, exercises: await exerciseViews(tx, eq(exercises.assignmentId, assignmentId)) };
}

async function checkSimulations(tx: Executor, actor: Actor, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await tx.select({ id: simulations.id, name: simulations.name }).from(simulations).where(and(eq(simulations.tenantId, actor.tenantId), inArray(simulations.id, unique)));
  if (found.length !== unique.length) throw new AppError('VALIDATION', 'Unknown simulation', { field: 'simulationIds' });
  return found;
}

async function checkMembers(tx: Executor, actor: Actor, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await assignableMembers(tx, actor, unique);
  if (found.length !== unique.length) throw new AppError('VALIDATION', 'Unknown team member', { field: 'userIds' });
  return found;
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
  const status: AssignmentStatus = total > 0 && Number(c.completed) === total ? 'completed' : Number(c?.started ?? 0) > 0 ? 'in_progress' : 'pending';
  await tx.update(assignments).set({ status, updatedAt: new Date() }).where(and(eq(assignments.id, assignmentId), ne(assignments.status, status)));
  return status;
}

function formatDue(dueAt: Date | null, lng: string): string | null {
  if (!dueAt) return null;
  return new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(dueAt) + ' UTC';
}

async function mailMembers(
  tx: Executor,
  actor: Actor,
  mail: MailContext,
  a: { id: string; name: string; dueAt: Date | null },
  kind: 'assigned' | 'reminder',
  counts: Map<string, number>,
  dedupeSuffix: string,
): Promise<number> {
  const recipients = await recipientLanguages(tx, [...counts.keys()]);
  const [manager] = await tx.select({ name: displayName }).from(users).where(eq(users.id, actor.userId));
  const link = `${mail.publicUrl}/assignments/sr`;
  let n = 0;
  for (const [userId, count] of counts) {
    const r = recipients.get(userId);
    if (!r) continue;
    const vars = { name: r.name, manager: manager?.name ?? 'Spar', assignment: a.name, count };
    const due = formatDue(a.dueAt, r.language);
    const s = mailStrings(r.language)[kind];
    const dueLine = due ? interpolate(s.due, { due }) : s.noDue;
    const m = renderMail(r.language, kind, vars, [dueLine], link);
    await enqueueMail(tx, { tenantId: actor.tenantId, to: r.email, ...m, dedupeKey: `assignment:${a.id}:${kind}:${userId}:${dedupeSuffix}` });
    n++;
  }
  return n;
}

/*
 * Lock order for exercise writes. Triggers on exercises update per-learner rollup rows
 * (user_exercise_stats, user_week_stats, assignment_members; migration 0012), so every path
 * takes its locks in one order — the assignment row, then the learners' rollup rows by user id —
 * and two requests (a rep starting a call, a manager editing the assignment; two assignments for
 * the same reps) cannot deadlock.
 */
async function lockAssignment(tx: Executor, assignmentId: string): Promise<void> {
  await tx.execute(sql`select 1 from assignments where id = ${assignmentId} for no key update`);
}

async function lockLearners(tx: Executor, userIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(userIds)].sort();
  if (!ids.length) return;
  await tx.execute(sql`select 1 from user_exercise_stats where user_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) order by user_id for update`);
}

const byUser = <T extends { userId: string }>(rows: T[]) => [...rows].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));

export async function createAssignment(
  tx: Executor,
  actor: Actor,
  mail: MailContext,
  input: { name: string; simulationIds: string[]; userIds: string[]; dueAt?: string | null },
) {
  const sims = await checkSimulations(tx, actor, input.simulationIds);
  const members = await checkMembers(tx, actor, input.userIds);
  const dueAt = input.dueAt ? new Date(input.dueAt) : null;
  const [a] = await tx
    .insert(assignments)
    .values({ tenantId: actor.tenantId, name: input.name, createdBy: actor.userId, dueAt, status: 'pending', sentAt: new Date() })
    .returning({ id: assignments.id, name: assignments.name, dueAt: assignments.dueAt });
  await tx.insert(assignmentSimulations).values(sims.map((s) => ({ tenantId: actor.tenantId, assignmentId: a.id, simulationId: s.id })));
  const rows = byUser(members.flatMap((m) => sims.map((s) => ({ tenantId: actor.tenantId, assignmentId: a.id, userId: m.id, simulationId: s.id, status: 'pending' as const }))));
  await lockLearners(tx, rows.map((r) => r.userId));
  await tx.insert(exercises).values(rows);
  const mailed = await mailMembers(tx, actor, mail, a, 'assigned', new Map(members.map((m) => [m.id, sims.length])), 'sent');
  return { id: a.id, exercises: rows.length, mailed };
}

async function loadEditable(tx: Executor, actor: Actor, assignmentId: string) {
  const [row] = await tx
    .select({ id: assignments.id, name: assignments.name, dueAt: assignments.dueAt, createdBy: assignments.createdBy })
    .from(assignments)
    .where(and(eq(assignments.id, assignmentId), eq(assignments.tenantId, actor.tenantId), visibleTo(actor)));
  if (!row) throw new AppError('NOT_FOUND', 'Assignment not found');
  return row;
}

/**
 * Renames, re-dates, or changes the reps/simulations of an assignment. Exercises of removed reps or
 * simulations are deleted unless they already have a call (those are kept); new pairs get pending
 * exercises, and newly added reps are mailed.
 */
export async function updateAssignment(
  tx: Executor,
  actor: Actor,
  mail: MailContext,
  input: { assignmentId: string; name?: string; dueAt?: string | null; simulationIds?: string[]; userIds?: string[] },
) {
  const a = await loadEditable(tx, actor, input.assignmentId);
  const patch: Partial<typeof assignments.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) patch.name = input.name;
  if (input.dueAt !== undefined) patch.dueAt = input.dueAt ? new Date(input.dueAt) : null;
  await tx.update(assignments).set(patch).where(eq(assignments.id, a.id));

  if (input.simulationIds || input.userIds) {
    const current = await tx
      .select({ id: exercises.id, userId: exercises.userId, simulationId: exercises.simulationId, callId: exercises.callId, status: exercises.status })
      .from(exercises)
      .where(eq(exercises.assignmentId, a.id));
    const currentSims = (await tx.select({ id: assignmentSimulations.simulationId }).from(assignmentSimulations).where(eq(assignmentSimulations.assignmentId, a.id))).map((r) => r.id);
    const simIds = input.simulationIds ? (await checkSimulations(tx, actor, input.simulationIds)).map((s) => s.id) : currentSims;
    const userIds = input.userIds ? (await checkMembers(tx, actor, input.userIds)).map((m) => m.id) : [...new Set(current.map((e) => e.userId))];
    const wanted = new Set(userIds.flatMap((u) => simIds.map((s) => `${u}|${s}`)));
    const have = new Set(current.map((e) => `${e.userId}|${e.simulationId}`));
    const removable = current.filter((e) => !wanted.has(`${e.userId}|${e.simulationId}`) && !e.callId && e.status === 'pending').map((e) => e.id);
    const added = [...wanted].filter((k) => !have.has(k)).map((k) => k.split('|') as [string, string]);
    await lockLearners(tx, [...current.filter((e) => removable.includes(e.id)).map((e) => e.userId), ...added.map(([userId]) => userId)]);
    if (removable.length) await tx.delete(exercises).where(inArray(exercises.id, removable));
    const inserted = added.length
      ? await tx
          .insert(exercises)
          .values(byUser(added.map(([userId, simulationId]) => ({ tenantId: actor.tenantId, assignmentId: a.id, userId, simulationId, status: 'pending' as const }))))
          .returning({ id: exercises.id })
      : [];
    // assignment_simulations: the wanted ones plus any still referenced by kept exercises
    const keptSims = new Set([...simIds, ...current.filter((e) => !removable.includes(e.id)).map((e) => e.simulationId)]);
    await tx.delete(assignmentSimulations).where(eq(assignmentSimulations.assignmentId, a.id));
    await tx.insert(assignmentSimulations).values([...keptSims].map((simulationId) => ({ tenantId: actor.tenantId, assignmentId: a.id, simulationId })));
    const previousUsers = new Set(current.map((e) => e.userId));
    const newUsers = userIds.filter((u) => !previousUsers.has(u));
    if (newUsers.length) {
      const name = input.name ?? a.name;
      const dueAt = input.dueAt !== undefined ? (input.dueAt ? new Date(input.dueAt) : null) : a.dueAt;
      // one mail per rep and adding: a rep removed and added again is told again (the new exercises name the event)
      const event = inserted.map((e) => e.id).sort()[0] ?? 'sent';
      await mailMembers(tx, actor, mail, { id: a.id, name, dueAt }, 'assigned', new Map(newUsers.map((u) => [u, simIds.length])), `added:${event}`);
    }
    await refreshAssignmentStatus(tx, a.id);
  }
  return { id: a.id };
}

export async function deleteAssignment(tx: Executor, actor: Actor, assignmentId: string) {
  const a = await loadEditable(tx, actor, assignmentId);
  await lockAssignment(tx, a.id);
  const members = await tx.selectDistinct({ userId: exercises.userId }).from(exercises).where(eq(exercises.assignmentId, a.id));
  await lockLearners(tx, members.map((m) => m.userId));
  await tx.delete(assignments).where(eq(assignments.id, a.id));
  return { id: a.id };
}

/** Mails every rep with unfinished exercises and records lastReminderAt. */
export async function remindAssignment(tx: Executor, actor: Actor, mail: MailContext, assignmentId: string, now = new Date()) {
  const a = await loadEditable(tx, actor, assignmentId);
  const open = await tx
    .select({ userId: exercises.userId, count: sql<number>`count(*)::int` })
    .from(exercises)
    .where(and(eq(exercises.assignmentId, a.id), ne(exercises.status, 'completed')))
    .groupBy(exercises.userId);
  const mailed = await mailMembers(tx, actor, mail, a, 'reminder', new Map(open.map((o) => [o.userId, Number(o.count)])), String(now.getTime()));
  await tx.update(assignments).set({ lastReminderAt: now }).where(eq(assignments.id, a.id));
  return { mailed, lastReminderAt: now.toISOString() };
}

/** The rep's own assignments with their exercises, newest first. */
export async function myAssignments(tx: Executor, actor: Actor, timeZone?: string, now = new Date()): Promise<MyAssignment[]> {
  const rows = await tx
    .select({ id: assignments.id, name: assignments.name, status: assignments.status, dueAt: assignments.dueAt, sentAt: assignments.sentAt })
    .from(assignments)
    .where(and(eq(assignments.tenantId, actor.tenantId), sql`exists (select 1 from ${exercises} e where e.assignment_id = ${aId} and e.user_id = ${actor.userId})`))
    .orderBy(desc(assignments.sentAt))
    .limit(500);
  if (!rows.length) return [];
  const ex = await exerciseViews(tx, and(eq(exercises.userId, actor.userId), inArray(exercises.assignmentId, rows.map((r) => r.id)))!);
  const byAssignment = new Map<string, ExerciseView[]>();
  const exAssignment = await tx.select({ id: exercises.id, assignmentId: exercises.assignmentId }).from(exercises).where(eq(exercises.userId, actor.userId));
  const idToAssignment = new Map(exAssignment.map((e) => [e.id, e.assignmentId]));
  for (const e of ex) {
    const aid = idToAssignment.get(e.id)!;
    const arr = byAssignment.get(aid) ?? [];
    arr.push(e);
    byAssignment.set(aid, arr);
  }
  const tz = safeTimeZone(timeZone);
  return rows.map((r) => {
    const mine = byAssignment.get(r.id) ?? [];
    const allDone = mine.length > 0 && mine.every((e) => e.status === 'completed');
    return {
      id: r.id,
      name: r.name,
      status: r.status,
      dueAt: iso(r.dueAt),
      sentAt: r.sentAt.toISOString(),
      dueLabel: allDone || r.status === 'completed' ? { kind: 'none' as const } : dueLabel(r.dueAt, now, tz),
      exercises: mine.map(({ userId: _u, userName: _n, ...e }) => e),
    };
  });
}

// ---- hooks from calls and evaluation -------------------------------------------------------

/**
 * calls.start with an exerciseId: the exercise must be the caller's, for that simulation, and not
 * completed. It becomes in_progress (and its assignment too). Returns the exercise id to store on
 * the call row.
 */
export async function startExercise(tx: Executor, actor: { tenantId: string; userId: string }, exerciseId: string, simulationId: string): Promise<string> {
  const [e] = await tx
    .select({ id: exercises.id, status: exercises.status, assignmentId: exercises.assignmentId })
    .from(exercises)
    .where(and(eq(exercises.id, exerciseId), eq(exercises.tenantId, actor.tenantId), eq(exercises.userId, actor.userId), eq(exercises.simulationId, simulationId)));
  if (!e) throw new AppError('NOT_FOUND', 'Exercise not found');
  if (e.status === 'completed') throw new AppError('CONFLICT', 'This exercise is already completed');
  if (e.status === 'pending') {
    await lockAssignment(tx, e.assignmentId);
    await tx.update(exercises).set({ status: 'in_progress', startedAt: new Date() }).where(eq(exercises.id, e.id));
    await refreshAssignmentStatus(tx, e.assignmentId);
  }
  return e.id;
}

/**
 * The report of `callId` is ready: when the call answers an exercise, the exercise is completed with
 * the report's score, and its assignment completed once all of its exercises are. Idempotent.
 */
export async function completeExerciseForCall(tx: Executor, callId: string, report: { score: number | null }): Promise<void> {
  const [row] = await tx
    .select({ exerciseId: calls.exerciseId, reportId: reports.id })
    .from(calls)
    .leftJoin(reports, eq(reports.callId, calls.id))
    .where(eq(calls.id, callId));
  const exerciseId = row?.exerciseId;
  if (!exerciseId) return;
  const [ex] = await tx.select({ assignmentId: exercises.assignmentId }).from(exercises).where(eq(exercises.id, exerciseId));
  if (ex) await lockAssignment(tx, ex.assignmentId);
  const [e] = await tx
    .update(exercises)
    .set({ status: 'completed', score: report.score, reportId: row.reportId, callId, completedAt: new Date() })
    .where(and(eq(exercises.id, exerciseId), or(ne(exercises.status, 'completed'), eq(exercises.callId, callId))))
    .returning({ assignmentId: exercises.assignmentId });
  if (e) await refreshAssignmentStatus(tx, e.assignmentId);
}

/** A manager's review changed a report's score: the exercise it completed shows the new score. */
export async function syncExerciseScore(tx: Executor, reportId: string, score: number | null): Promise<void> {
  await tx.update(exercises).set({ score }).where(and(eq(exercises.reportId, reportId), eq(exercises.status, 'completed')));
}
