import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { simulations } from './simulations';
import { tenantId } from './columns';

export const ASSIGNMENT_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];


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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assignments_tenant_idx').on(t.tenantId, t.status, t.sentAt), index('assignments_creator_idx').on(t.createdBy)],
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
    /** The call whose report completed this exercise. */
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
    // a learner's latest completed exercises (recent activity of a manager's team)
    index('exercises_user_completed_idx').on(t.tenantId, t.userId, t.completedAt.desc()).where(sql`status = 'completed'`),
  ],
);
