import { z } from 'zod';
import { linkSimulationOutput } from './assessments';
import { startCallOutput } from './calls';
import { LMS_GRADE_STATUSES, LMS_LAUNCH_SOURCES, LMS_LAUNCH_STATUSES, LMS_TARGET_KINDS } from './enums';
import { reportOutput, reportStatusOutput } from './reports';

/*
 * A learner's page opened from a learning system (`/lms/launch/<id>#<token>`): the launch's id
 * and the launch token Spar signed for it are its only credential (no account session).
 */

/** A launch token: a compact JWT (three base64url parts). */
const launchToken = z
  .string()
  .min(20, 'lms.validation.tokenInvalid')
  .max(4000, 'lms.validation.tokenInvalid')
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'lms.validation.tokenInvalid');

export const lmsLaunchInput = z.object({ id: z.uuid('lms.validation.tokenInvalid'), token: launchToken });
export type LmsLaunchCredentials = z.infer<typeof lmsLaunchInput>;

export const lmsStartInput = lmsLaunchInput.extend({
  /** A certification launch: the step to attempt (its next unpassed one). */
  step_id: z.uuid().optional(),
});

const certificationStep = z.object({
  step_id: z.uuid(),
  position: z.number().int(),
  simulation_name: z.string().nullable(),
  /** Whether the step can be attempted now (its simulation exists, attempts left, not passed). */
  available: z.boolean(),
  passed: z.boolean(),
  attempts_left: z.number().int().nullable(),
  best_score: z.number().nullable(),
});

/** What the learner's page shows: the launch, what it opens, and where its call stands. */
export const lmsLaunchOutput = z.object({
  launch_id: z.uuid(),
  source: z.enum(LMS_LAUNCH_SOURCES),
  status: z.enum(LMS_LAUNCH_STATUSES),
  target_kind: z.enum(LMS_TARGET_KINDS),
  learner_name: z.string().nullable(),
  /** Where "return to course" goes (an LTI launch's), else null. */
  return_url: z.string().nullable(),
  simulation: linkSimulationOutput.nullable(),
  certification: z
    .object({
      name: z.string(),
      description: z.string(),
      held: z.boolean(),
      steps: z.array(certificationStep),
    })
    .nullable(),
  /** The launch's call is in flight (started, its report not settled). */
  call_in_flight: z.boolean(),
  report_status: reportStatusOutput,
  score: z.number().nullable(),
});
export type LmsLaunchView = z.infer<typeof lmsLaunchOutput>;

export const lmsStartOutput = startCallOutput;

/** After the call: where the report stands (the call page polls it). */
export const lmsCompleteOutput = z.object({
  report_status: reportStatusOutput,
  score: z.number().nullable(),
});

export const lmsReportOutput = z.object({
  report_status: reportStatusOutput,
  report: reportOutput.nullable(),
});

/** What a learning system's package reads about its launch (SCORM run-time values come from it). */
export const lmsLaunchResultOutput = z.object({
  status: z.enum(LMS_LAUNCH_STATUSES),
  score: z.number().nullable(),
  score_min: z.literal(0),
  score_max: z.literal(100),
  passed: z.boolean().nullable(),
  completed: z.boolean(),
  session_seconds: z.number().nullable(),
});

/** A row of the launch log (Admin → LMS). */
const lmsLaunchLogRow = z.object({
  id: z.uuid(),
  created_at: z.string(),
  source: z.enum(LMS_LAUNCH_SOURCES),
  status: z.enum(LMS_LAUNCH_STATUSES),
  /** A refused launch's reason: an i18n key of the lms namespace. */
  error: z.string().nullable(),
  origin: z.string().nullable(),
  target: z.string().nullable(),
  learner: z.string().nullable(),
  score: z.number().nullable(),
  grade_status: z.enum(LMS_GRADE_STATUSES),
  grade_error: z.string().nullable(),
});

export const lmsLaunchLogInput = z.object({
  status: z.enum(['all', 'refused', 'accepted']).default('all'),
  page: z.number().int().min(1).max(1000).default(1),
});

export const lmsLaunchLogOutput = z.object({
  rows: z.array(lmsLaunchLogRow),
  total: z.number().int(),
  page_size: z.number().int(),
});

export const lmsKeysOutput = z.object({
  configured: z.boolean(),
  keys: z.array(
    z.object({ kid: z.string(), created_at: z.string(), retired_at: z.string().nullable(), current: z.boolean() }),
  ),
});
