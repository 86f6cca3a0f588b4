import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { simulations } from './simulations';
import { tenantId } from './columns';
import type { AssignmentStatus, ScorePolicy } from '../../server/contracts/enums';

/** Which attempt of a rep's exercise counts when they practise it again: the best score or the latest. */

/** A task a manager sends to reps: one or more simulations, each rep gets one exercise per simulation. */
export const assignments = pgTable(
  'assignments',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    dueAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    status: text().$type<AssignmentStatus>().notNull().default('pending'),
    lastReminderAt: timestamp({ withTimezone: true }),
    scorePolicy: text().$type<ScorePolicy>().notNull().default('best'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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
    assignmentId: uuid()
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    simulationId: uuid()
      .notNull()
      .references(() => simulations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.simulationId] })],
);

/** One rep's work on one simulation of an assignment. */
export const exercises = pgTable(
  'exercises',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    assignmentId: uuid()
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    simulationId: uuid()
      .notNull()
      .references(() => simulations.id, { onDelete: 'cascade' }),
    status: text().$type<AssignmentStatus>().notNull().default('pending'),
    /**
     * The attempt that counts (the assignment's scorePolicy over every call for this exercise with a
     * ready report): its call, report, score and the time its report was ready.
     */
    callId: uuid(),
    reportId: uuid(),
    score: numeric({ precision: 5, scale: 1, mode: 'number' }),
    startedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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
export const reminderNotices = pgTable(
  'reminder_notices',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    assignmentId: uuid()
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('reminder_notices_user_idx')
      .on(t.tenantId, t.userId, t.createdAt.desc())
      .where(sql`dismissed_at is null`),
    index('reminder_notices_assignment_idx').on(t.assignmentId),
  ],
);
