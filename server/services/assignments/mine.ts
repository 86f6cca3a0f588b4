import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { assignments, exercises } from '../../../db/schema';
import type { MyAssignment } from '../../contracts/assignments';
import { exerciseViews } from './assignments';
import { dueLabel, safeTimeZone } from './due';
import { noticesFor } from './reminders';
import { aId, assignmentListColumns, type Actor } from './scope';

/** The rep's own assignments, newest first: their exercises with attempts, due labels and the reminders not yet dismissed. */
export async function myAssignments({
  tx,
  actor,
  timeZone,
  now = new Date(),
}: {
  tx: Executor;
  actor: Actor;
  timeZone?: string;
  now?: Date;
}): Promise<MyAssignment[]> {
  const rows = await tx
    .select(assignmentListColumns)
    .from(assignments)
    .where(
      and(
        eq(assignments.tenantId, actor.tenantId),
        sql`exists (select 1 from ${exercises} e where e.assignment_id = ${aId} and e.user_id = ${actor.userId})`,
      ),
    )
    .orderBy(desc(assignments.sentAt))
    .limit(500);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const views = await exerciseViews(tx, and(eq(exercises.userId, actor.userId), inArray(exercises.assignmentId, ids))!);
  const byAssignment = new Map<string, typeof views>();
  for (const e of views) byAssignment.set(e.assignmentId, [...(byAssignment.get(e.assignmentId) ?? []), e]);
  const notices = await noticesFor(tx, actor, ids);
  const tz = safeTimeZone(timeZone);
  return rows.map((r) => {
    const mine = byAssignment.get(r.id) ?? [];
    const allDone = mine.length > 0 && mine.every((e) => e.status === 'completed');
    return {
      id: r.id,
      name: r.name,
      // the rep's own card: done once their exercises are, whatever the rest of the team has left
      status: allDone ? ('completed' as const) : r.status,
      dueAt: r.dueAt ? r.dueAt.toISOString() : null,
      sentAt: r.sentAt.toISOString(),
      scorePolicy: r.scorePolicy,
      dueLabel: allDone || r.status === 'completed' ? { kind: 'none' as const } : dueLabel(r.dueAt, now, tz),
      exercises: mine.map(({ userId: _u, userName: _n, assignmentId: _a, ...e }) => e),
      reminders: notices.get(r.id) ?? [],
    };
  });
}
