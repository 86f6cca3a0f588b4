import { z } from 'zod';
import { scoreLabelFields } from './score';
import { ASSIGNMENT_STATUSES, SCORE_POLICIES } from './enums';
import { REPORT_STATUSES } from './reports';
import { isoDateTime, text } from './text';

// Messages are i18n keys of locales/<lng>/assignments.json; the client translates.
const ASSIGNMENT_NAME_MAX = 200;

const timeZone = text().max(100).optional();
const name = text()
  .min(1, 'assignments.validation.nameRequired')
  .max(ASSIGNMENT_NAME_MAX, 'assignments.validation.nameTooLong');
const simulationIds = z.array(z.uuid()).min(1, 'assignments.validation.simulationsRequired').max(50);
const userIds = z.array(z.uuid()).min(1, 'assignments.validation.membersRequired').max(500);
/** ISO date-time with offset, or null for "no due date". */
const dueAt = isoDateTime('assignments.validation.dueInvalid').nullable().optional();

const dueLabelOutput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('overdue') }),
  z.object({ kind: z.literal('today') }),
  z.object({ kind: z.literal('days'), days: z.number().int() }),
]);

const status = z.enum(ASSIGNMENT_STATUSES);
/** Which attempt counts when a rep practises an exercise again (default best). */
const scorePolicy = z.enum(SCORE_POLICIES, { message: 'assignments.validation.scorePolicyInvalid' });

export const ASSIGNMENTS_PAGE_SIZE_DEFAULT = 25;
const ASSIGNMENTS_PAGE_SIZE_MAX = 100;

/** Newest first, `pageSize` rows of 1-based `page`. */
export const listAssignmentsInput = z.object({
  status: z.enum(['pending', 'completed']).default('pending'),
  timeZone,
  page: z
    .number({ message: 'assignments.validation.pageInvalid' })
    .int('assignments.validation.pageInvalid')
    .min(1, 'assignments.validation.pageInvalid')
    .default(1),
  pageSize: z
    .number({ message: 'assignments.validation.pageSizeInvalid' })
    .int('assignments.validation.pageSizeInvalid')
    .min(1, 'assignments.validation.pageSizeInvalid')
    .max(ASSIGNMENTS_PAGE_SIZE_MAX, 'assignments.validation.pageSizeInvalid')
    .default(ASSIGNMENTS_PAGE_SIZE_DEFAULT),
});
export const assignmentIdInput = z.object({ assignmentId: z.uuid() });
export const getAssignmentInput = z.object({ assignmentId: z.uuid(), timeZone });

export const createAssignmentInput = z.object({
  name,
  simulationIds,
  userIds,
  dueAt,
  scorePolicy: scorePolicy.optional(),
});
export const updateAssignmentInput = z.object({
  assignmentId: z.uuid(),
  name: name.optional(),
  dueAt,
  scorePolicy: scorePolicy.optional(),
  simulationIds: simulationIds.optional(),
  userIds: userIds.optional(),
});
export const mineInput = z.object({ timeZone });
export const reminderIdInput = z.object({ reminderId: z.uuid() });

const ref = z.object({ id: z.uuid(), name: z.string() });

const assignmentSummaryOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  status,
  dueAt: z.string().nullable(),
  sentAt: z.string(),
  lastReminderAt: z.string().nullable(),
  scorePolicy,
  createdBy: ref.nullable(),
  simulations: z.array(ref),
  members: z.array(ref),
  exercisesTotal: z.number().int(),
  exercisesCompleted: z.number().int(),
  averageScore: z.number().nullable(),
  dueLabel: dueLabelOutput,
  canEdit: z.boolean(),
});
export type AssignmentSummary = z.infer<typeof assignmentSummaryOutput>;

/** One page of the list; `total` counts every assignment of that status the viewer may see. */
export const assignmentListOutput = z.object({
  items: z.array(assignmentSummaryOutput),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type AssignmentList = z.infer<typeof assignmentListOutput>;

const exerciseOutput = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  userName: z.string(),
  simulationId: z.uuid(),
  simulationName: z.string(),
  status,
  score: z.number().nullable(),
  ...scoreLabelFields,
  callId: z.uuid().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Every call made for this exercise that has a report, oldest first; `counted` marks the one whose score the exercise shows. */
  attempts: z.array(
    z.object({
      callId: z.uuid(),
      startedAt: z.string(),
      reportStatus: z.enum(REPORT_STATUSES),
      score: z.number().nullable(),
      completedAt: z.string().nullable(),
      counted: z.boolean(),
    }),
  ),
  bestScore: z.number().nullable(),
  latestScore: z.number().nullable(),
});
export type ExerciseView = z.infer<typeof exerciseOutput>;

export const assignmentDetailOutput = assignmentSummaryOutput.extend({ exercises: z.array(exerciseOutput) });
export type AssignmentDetail = z.infer<typeof assignmentDetailOutput>;

export const createAssignmentOutput = z.object({ id: z.uuid(), exercises: z.number().int(), mailed: z.number().int() });
export const deleteOutput = z.object({ id: z.uuid() });
/**
 * `reminded`: reps with unfinished exercises, each shown a notice in the app; `mailed`: mails
 * queued to them; `mail`: 'sending' when a mail server is configured, 'stored' when the mail was
 * only kept in the outbox (no SMTP).
 */
export const remindOutput = z.object({
  reminded: z.number().int(),
  mailed: z.number().int(),
  mail: z.enum(['sending', 'stored']),
  lastReminderAt: z.string(),
});
export const dismissReminderOutput = z.object({ id: z.uuid() });
export const exportResultsOutput = z.object({ filename: z.string(), csv: z.string(), rows: z.number().int() });

export const mineOutput = z.array(
  z.object({
    id: z.uuid(),
    name: z.string(),
    status,
    dueAt: z.string().nullable(),
    sentAt: z.string(),
    scorePolicy,
    dueLabel: dueLabelOutput,
    exercises: z.array(exerciseOutput.omit({ userId: true, userName: true })),
    /** The manager's reminders the rep has not dismissed yet, newest first. */
    reminders: z.array(z.object({ id: z.uuid(), sentAt: z.string(), sentBy: z.string().nullable() })),
  }),
);
export type MyAssignment = z.infer<typeof mineOutput>[number];

/** Candidates for the create wizard. */
export const optionsOutput = z.object({
  simulations: z.array(z.object({ id: z.uuid(), name: z.string(), difficulty: z.string(), language: z.string() })),
  members: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string() })),
});
