import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { defaultNow, linkId, parentId, stamps, tenantId, tenantTable, timestamptz } from './columns';
import { users } from './auth';
import { simulations } from './simulations';
import type { AssignmentStatus, ScorePolicy } from '../../server/contracts/enums';

/** Which attempt of a rep's exercise counts when they practise it again: the best score or the latest. */

/** A task a manager sends to reps: one or more simulations, each rep gets one exercise per simulation. */
export const assignments = tenantTable(
  'assignments',
  {
    name: text().notNull(),
    createdBy: linkId(() => users.id),
    dueAt: timestamptz(),
    sentAt: defaultNow(),
    status: text().$type<AssignmentStatus>().notNull().default('pending'),
    lastReminderAt: timestamptz(),
    scorePolicy: text().$type<ScorePolicy>().notNull().default('best'),
    ...stamps(),
  },
  (t) => [
    index('assignments_tenant_idx').on(t.tenantId, t.status, t.sentAt),
    index('assignments_creator_idx').on(t.createdBy),
  ],
);

export const assignmentSimulations = pgTable(
  'assignment_simulations',
  {
    tenantId: tenantId(),
    assignmentId: parentId(() => assignments.id),
    simulationId: parentId(() => simulations.id),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.simulationId] })],
);

/** One rep's work on one simulation of an assignment. */
export const exercises = tenantTable(
  'exercises',
  {
    assignmentId: parentId(() => assignments.id),
    userId: parentId(() => users.id),
    simulationId: parentId(() => simulations.id),
    status: text().$type<AssignmentStatus>().notNull().default('pending'),
    /**
     * The attempt that counts (the assignment's scorePolicy over every call for this exercise with a
     * ready report): its call, report, score and the time its report was ready.
     */
    callId: uuid(),
    reportId: uuid(),
    score: numeric({ precision: 5, scale: 1, mode: 'number' }),
    startedAt: timestamptz(),
    completedAt: timestamptz(),
    createdAt: defaultNow(),
  },
  (t) => [
    index('exercises_tenant_user_idx').on(t.tenantId, t.userId, t.status),
    index('exercises_assignment_idx').on(t.assignmentId),
    index('exercises_tenant_completed_idx').on(t.tenantId, t.completedAt),
    // is this report an exercise's counted attempt (the reports rollup trigger, migration 0015)
    index('exercises_report_idx').on(t.reportId),
    // a learner's latest completed exercises (recent activity of a manager's team)
    index('exercises_user_completed_idx')
      .on(t.tenantId, t.userId, t.completedAt.desc())
      .where(sql`status = 'completed'`),
  ],
);

/**
 * A manager's reminder as the rep sees it in the app: one row per reminder and rep, shown on the
 * rep's assignments page until they dismiss it (the mail is a separate outbox row).
 */
export const reminderNotices = tenantTable(
  'reminder_notices',
  {
    assignmentId: parentId(() => assignments.id),
    userId: parentId(() => users.id),
    sentBy: linkId(() => users.id),
    createdAt: defaultNow(),
    dismissedAt: timestamptz(),
  },
  (t) => [
    index('reminder_notices_user_idx')
      .on(t.tenantId, t.userId, t.createdAt.desc())
      .where(sql`dismissed_at is null`),
    index('reminder_notices_assignment_idx').on(t.assignmentId),
  ],
);
