import { z } from 'zod';
import { requiredText, text } from './text';

// Messages are i18n keys in locales/<lng>/reports.json (namespace "reports"); the client translates.

export const REPORT_STATUSES = ['pending', 'running', 'ready', 'failed'] as const;
/** A report's status where a screen or a guest page shows it: 'none' while there is no report yet. */
export const reportStatusOutput = z.enum(['none', ...REPORT_STATUSES]);
export const MAX_REVIEW_NOTE = 2000;

export const reportCallInput = z.object({ callId: z.uuid('reports.validation.callIdInvalid') });

export const overrideInput = z.object({
  callId: z.uuid('reports.validation.callIdInvalid'),
  criterionId: text('reports.validation.criterionRequired').min(1, 'reports.validation.criterionRequired').max(200),
  level: z
    .number('reports.validation.levelInvalid')
    .int('reports.validation.levelInvalid')
    .min(0, 'reports.validation.levelInvalid')
    .max(2, 'reports.validation.levelInvalid'),
  note: requiredText('reports.review.noteRequired', MAX_REVIEW_NOTE, 'reports.review.noteTooLong'),
  /**
   * The level the reviewer saw (null: the criterion had no level, e.g. not assessable offline); when
   * given and no longer current, the change is refused (someone else reviewed meanwhile).
   */
  fromLevel: z
    .number('reports.validation.levelInvalid')
    .int('reports.validation.levelInvalid')
    .min(0, 'reports.validation.levelInvalid')
    .max(2, 'reports.validation.levelInvalid')
    .nullable()
    .optional(),
});
export type OverrideInput = z.infer<typeof overrideInput>;

const level = z.number().int().min(0).max(2);

/** A quote kept as evidence: the transcript's own words, with where they are (characters in the turn) when known. */
const evidenceOutput = z.object({
  quote: z.string(),
  turnSeq: z.number().int(),
  startMs: z.number(),
  start: z.number().int().nullable(),
  end: z.number().int().nullable(),
});

const QUOTE_REJECTIONS = [
  'empty',
  'too_short',
  'generic',
  'ellipsis',
  'no_turn',
  'prospect_turn',
  'turn_mismatch',
  'wrong_turn',
  'not_found',
  'forged',
  'instruction',
  'reused',
  'self_label',
] as const;
const LEVEL_NOTES = ['no_evidence', 'reask_failed', 'not_assessed', 'not_assessable'] as const;

const criterionReportOutput = z.object({
  criterionId: z.string(),
  name: z.string(),
  description: z.string(),
  /** The level the score uses (after any review); null: not assessed, left out of the score. */
  level: level.nullable(),
  /** The evaluator's verified level, before review. */
  originalLevel: level.nullable(),
  /** The level the model first proposed (audit only, never scored); null for the offline evaluator. */
  proposedLevel: level.nullable(),
  /** Why the level is not the evaluator's own: no evidence, failed re-check, no answer, not assessable offline. */
  note: z.enum(LEVEL_NOTES).nullable(),
  rationale: z.string(),
  evidence: z.array(evidenceOutput),
  /** Quotes the evaluator proposed that the check refused, and why. */
  rejected: z.array(
    z.object({ quote: z.string(), turnSeq: z.number().int().nullable(), reason: z.enum(QUOTE_REJECTIONS) }),
  ),
  /** With several samples: how many gave the level kept. */
  agreement: z.object({ samples: z.number().int(), agreeing: z.number().int() }).nullable(),
  /** Reports from before the evidence rule: a level above 0 kept without evidence. */
  unverified: z.boolean(),
  /** The level descriptions of the frozen scorecard: index 0, 1, 2. Empty strings when unknown. */
  levelDescriptions: z.tuple([z.string(), z.string(), z.string()]),
});
export type CriterionReport = z.infer<typeof criterionReportOutput>;

const overrideOutput = z.object({
  id: z.uuid(),
  criterionId: z.string(),
  criterionName: z.string(),
  /** null: the criterion had no level before (not assessable offline). */
  fromLevel: z.number().int().nullable(),
  toLevel: z.number().int(),
  note: z.string(),
  userName: z.string().nullable(),
  scoreAfter: z.number(),
  createdAt: z.string(),
});
export type OverrideEntry = z.infer<typeof overrideOutput>;

const turnOutput = z.object({
  seq: z.number().int(),
  speaker: z.enum(['rep', 'prospect']),
  /** A real call's speaker as the transcript names them (several people may be the customer side). */
  speakerName: z.string().nullable(),
  text: z.string(),
  startMs: z.number().int(),
  endMs: z.number().int().nullable(),
});

const callSummaryOutput = z.object({
  callId: z.uuid(),
  simulationName: z.string(),
  personaName: z.string().nullable(),
  difficulty: z.string().nullable(),
  repName: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  date: z.string(),
  provider: z.string(),
  language: z.string(),
  state: z.string(),
  /** Made by the demo history (a scripted rep), not by a person: labelled as demo data. */
  demo: z.boolean(),
  /** A real call (a transcript or recording of a meeting with real customers), not practice. */
  realCall: z.boolean(),
});

const reportBodyOutput = z.object({
  id: z.uuid(),
  evaluator: z.enum(['model', 'offline']).nullable(),
  evaluatorVersion: z.string().nullable(),
  model: z.string().nullable(),
  /** The reviewed score (what every list and export shows); null when no criterion has a level. */
  score: z.number().nullable(),
  /** The evaluator's score before any manager review. */
  originalScore: z.number().nullable(),
  /** Model reports: quotes verified / quotes proposed over the criteria shown. Null for the offline evaluator. */
  integrity: z.object({ verified: z.number().int(), proposed: z.number().int() }).nullable(),
  /** Model evaluations per call (EVALUATION_SAMPLES) behind this report; null offline or before samples existed. */
  samples: z.number().int().nullable(),
  summary: z.string().nullable(),
  strengths: z.array(z.string()),
  improvements: z.array(z.object({ what: z.string(), why: z.string(), example: z.string() })),
  criteria: z.array(criterionReportOutput),
  analytics: z.record(z.string(), z.unknown()).nullable(),
  language: z.string().nullable(),
  error: z.string().nullable(),
  completedAt: z.string().nullable(),
});

/** A criterion's level in one call and the first verified quote behind it (none at level 0). */
const levelQuoteOutput = z.object({
  level: z.number().int().min(0).max(2).nullable(),
  quote: z.string().nullable(),
});

export const reportOutput = z.object({
  status: z.enum(REPORT_STATUSES),
  call: callSummaryOutput,
  /** Null until the evaluation job created the report row. */
  report: reportBodyOutput.nullable(),
  turns: z.array(turnOutput),
  hasRecording: z.boolean(),
  overrides: z.array(overrideOutput),
  /** The viewer may change criterion levels (admin, sales_manager). */
  canReview: z.boolean(),
  /** Who reads it: the tenant's staff, or a campaign's guest reading their own call (addressed as "you"). */
  audience: z.enum(['staff', 'guest']),
  /** A drill attempt: the moment of the source call it trains, and each trained criterion then and now. */
  drill: z
    .object({
      /** Null when the source call is gone. */
      sourceCallId: z.uuid().nullable(),
      moment: z.object({
        turnSeq: z.number().int(),
        quote: z.string(),
        speaker: z.enum(['rep', 'prospect']),
        criterionName: z.string(),
      }),
      progress: z.array(
        z.object({
          criterionId: z.string(),
          name: z.string(),
          before: levelQuoteOutput.nullable(),
          now: levelQuoteOutput.nullable(),
        }),
      ),
    })
    .nullable(),
  /** The viewer may build a drill from this call: a ready report with a criterion below level 2. */
  canPractise: z.boolean(),
  /** Drills already built from this call. */
  drills: z.array(z.object({ simulationId: z.uuid(), name: z.string() })),
});
export type ReportView = z.infer<typeof reportOutput>;

const jobOutput = z.object({
  status: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  progress: z
    .object({ phase: z.string().nullable(), done: z.number().nullable(), total: z.number().nullable() })
    .nullable(),
  lastError: z.string().nullable(),
  runAt: z.string().nullable(),
});

export const statusOutput = z.object({
  status: z.enum(REPORT_STATUSES),
  /** False while the call is still live (no evaluation yet). */
  callEnded: z.boolean(),
  /** A failed report, or an ended call whose evaluation was never queued: the viewer may (re)start it. */
  canRetry: z.boolean(),
  /** An ended call in which the rep said nothing: it is not evaluated, there will be no report. */
  nothingToScore: z.boolean(),
  job: jobOutput.nullable(),
  error: z.string().nullable(),
});
export type ReportStatus = z.infer<typeof statusOutput>;

export const overrideResultOutput = z.object({
  score: z.number(),
  criterionId: z.string(),
  level,
  originalLevel: level.nullable(),
});
export const retryOutput = z.object({ status: z.enum(REPORT_STATUSES) });
