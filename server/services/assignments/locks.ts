import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';

/*
 * Lock order for exercise and report writes. Triggers on exercises and reports update per-learner
 * rollup rows (user_exercise_stats, user_week_stats, assignment_members, user_week_criteria;
 * migrations 0012 and 0015), so every path takes its locks in one order — the assignment row, then
 * the learners' stats rows by user id, then their criterion rows (the reports trigger takes the
 * same three itself) — and two requests (a rep starting a call, a manager editing the assignment,
 * a report becoming ready) cannot deadlock.
 */
export async function lockAssignment(tx: Executor, assignmentId: string): Promise<void> {
  await tx.execute(sql`select 1 from assignments where id = ${assignmentId} for no key update`);
}

export async function lockLearners(tx: Executor, userIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(userIds)].sort();
  if (!ids.length) return;
  await tx.execute(
    sql`select 1 from user_exercise_stats where user_id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) order by user_id for update`,
  );
}

/** Rows in learner order, so a multi-row insert or delete locks their rollup rows in key order. */
export const byUser = <T extends { userId: string }>(rows: T[]) =>
  [...rows].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
