import { date, index, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tenantId } from './columns';

/*
 * Rollups for the manager dashboard, kept by triggers on exercises and reports (migration
 * 0012_rollup_triggers), so every write path — services, jobs, imports, seeds — keeps them exact in
 * the same transaction. No foreign key on user_id: a user's deletion cascades its exercises first,
 * whose triggers then update (never insert) these rows; a trigger on users removes them.
 * Weeks are ISO weeks (Monday) in UTC, as Postgres date_trunc('week') gives them.
 */

/** Completed exercises, the sum of their scores and how many of them have a score (the average's divisor). */
const completedScores = () => ({
  completed: integer().notNull().default(0),
  scoreSum: numeric({ mode: 'number' }).notNull().default(0),
  scored: integer().notNull().default(0),
});

/**
 * Per learner: exercises pending/completed and the score sum of the completed ones (all time), and
 * their practice calls with a ready report.
 */
export const userExerciseStats = pgTable('user_exercise_stats', {
  userId: uuid().primaryKey(),
  tenantId: tenantId(),
  pending: integer().notNull().default(0),
  ...completedScores(),
  practiceCalls: integer().notNull().default(0),
});

/** Per learner and week of completion: completed exercises and their score sum (the 4-week trend). */
export const userWeekStats = pgTable(
  'user_week_stats',
  {
    userId: uuid().notNull(),
    week: date({ mode: 'string' }).notNull(),
    tenantId: tenantId(),
    ...completedScores(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] }), index('user_week_stats_tenant_week_idx').on(t.tenantId, t.week)],
);

/**
 * Per learner, week of the report and criterion (by name): the sum of levels and the count (weak
 * spots), over the reports that count on the dashboard: practice calls, and the counted attempt of
 * each completed exercise (exercises.report_id) — not tests, dry runs or attempts that do not count.
 */
export const userWeekCriteria = pgTable(
  'user_week_criteria',
  {
    userId: uuid().notNull(),
    week: date({ mode: 'string' }).notNull(),
    criterion: text().notNull(),
    tenantId: tenantId(),
    levelSum: integer().notNull().default(0),
    n: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.week, t.criterion] }),
    index('user_week_criteria_tenant_week_idx').on(t.tenantId, t.week),
  ],
);

/**
 * Per assignment and member: their exercises, how many are completed and the score sum — the
 * assignment lists' counts, averages and member names, and which assignments touch a manager's
 * team. A row exists while the member has at least one exercise in the assignment.
 */
export const assignmentMembers = pgTable(
  'assignment_members',
  {
    assignmentId: uuid().notNull(),
    userId: uuid().notNull(),
    tenantId: tenantId(),
    exercises: integer().notNull().default(0),
    ...completedScores(),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.userId] }),
    index('assignment_members_user_idx').on(t.tenantId, t.userId),
  ],
);
