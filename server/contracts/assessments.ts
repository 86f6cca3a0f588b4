import { z } from 'zod';
import { pageOf } from './records';
import { ASSESSMENT_STATUSES, DIFFICULTIES } from './enums';
import { reportStatusOutput } from './reports';
import { rawText, storableKey, text } from './text';

/**
 * Hiring assessments. The partner REST API (`/api/v1/assessments…`, an API key) speaks
 * snake_case like the ATSs that call it; the screens' tRPC procedures use camelCase.
 * Messages are i18n keys of locales/<lng>/assessments.json.
 */

/** Assessment links are valid 48 hours, as the candidate's messages say. */
export const ASSESSMENT_LINK_HOURS = 48;
const EXTERNAL_ID_MAX = 200;
const METADATA_MAX_KEYS = 30;
export const IDEMPOTENCY_KEY_MAX = 200;

const name = (required: string) => text().min(1, required).max(100, 'assessments.validation.nameTooLong');
const email = z.email('assessments.validation.emailInvalid').max(254, 'assessments.validation.emailInvalid');
const metadataValue = z.union([text().max(500), z.number(), z.boolean(), z.null()]);

// ---- Partner API (API key) -------------------------------------------------------------------

/** `GET /api/v1/assessments/simulations`: what can be sent (simulations marked "available as assessment"). */
const partnerSimulationOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  time_limit_minutes: z.number(),
  language: z.string(),
});
export const partnerSimulationsOutput = z.object({ data: z.array(partnerSimulationOutput) });

const candidateInput = z.object({
  email,
  first_name: name('assessments.validation.firstNameRequired'),
  last_name: name('assessments.validation.lastNameRequired'),
});

/** `POST /api/v1/assessments` (the `Idempotency-Key` header arrives as `idempotency_key`). */
export const createAssessmentInput = z.object({
  simulation_id: z.uuid('assessments.validation.simulationRequired'),
  candidate: candidateInput,
  external_id: text().max(EXTERNAL_ID_MAX, 'assessments.validation.externalIdTooLong').optional(),
  metadata: z
    .record(storableKey(100), metadataValue)
    .refine((m) => Object.keys(m).length <= METADATA_MAX_KEYS, 'assessments.validation.metadataTooLarge')
    .optional(),
  send_email: z.boolean().default(false),
  idempotency_key: rawText().min(1).max(IDEMPOTENCY_KEY_MAX, 'assessments.validation.idempotencyKeyTooLong').optional(),
});
export type CreateAssessmentInput = z.infer<typeof createAssessmentInput>;

export const assessmentIdInput = z.object({ id: z.uuid('assessments.validation.assessmentNotFound') });

/** An assessment as the partner sees it. `link` is present only in the answer that created it (the token is not kept). */
export const partnerAssessmentOutput = z.object({
  id: z.uuid(),
  status: z.enum(ASSESSMENT_STATUSES),
  simulation_id: z.uuid().nullable(),
  candidate: z.object({ email: z.string(), first_name: z.string(), last_name: z.string() }),
  external_id: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  link: z.string().optional(),
  expires_at: z.string(),
  created_at: z.string(),
  opened_at: z.string().nullable(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** 0–100, once the report is ready. */
  score: z.number().nullable(),
  /** 'offline_heuristic' when the offline evaluator scored it (no model configured). */
  evaluator: z.string().nullable(),
  report_status: reportStatusOutput,
  report_url: z.string().nullable(),
  report_download_url: z.string().nullable(),
  email_sent: z.boolean(),
});
export type PartnerAssessment = z.infer<typeof partnerAssessmentOutput>;

/** `GET /api/v1/assessments/{id}/report`: the report as data. */
export const partnerReportOutput = z.object({
  assessment_id: z.uuid(),
  status: reportStatusOutput,
  score: z.number().nullable(),
  evaluator: z.string().nullable(),
  heuristic: z.boolean(),
  language: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  completed_at: z.string().nullable(),
  summary: z.string().nullable(),
  strengths: z.array(z.string()),
  improvements: z.array(z.string()),
  criteria: z.array(
    z.object({
      name: z.string(),
      /** 0, 1 or 2; null = not assessed (not in the score). */
      level: z.number().int().nullable(),
      max_level: z.literal(2),
      note: z.string().nullable(),
      rationale: z.string(),
      evidence: z.array(z.object({ quote: z.string(), start_ms: z.number() })),
    }),
  ),
});

/** A link token (assessment and campaign links): 43 base64url characters (32 random bytes). */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const linkTokenInput = z.object({
  assessment_id: z.uuid('assessments.link.malformed'),
  token: z.string().regex(LINK_TOKEN_PATTERN, 'assessments.link.malformed'),
});

/** When a guest link (assessment and campaign links) was made and when it stops opening, as a screen's list shows it. */
export const linkLifetimeOutput = { createdAt: z.string(), expiresAt: z.string() };

/** The simulation a guest link's intro shows (assessment and campaign links). */
export const linkSimulationOutput = z.object({
  name: z.string(),
  /** The learner role (the "type" of the call). */
  type: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  time_limit_minutes: z.number(),
  language: z.string(),
  instructions: z.string(),
});

/** `POST /api/v1/assessments/validate-token`: what the intro shows. */
export const validateTokenOutput = z.object({
  assessment_id: z.uuid(),
  status: z.enum(ASSESSMENT_STATUSES),
  candidate_first_name: z.string(),
  company_name: z.string(),
  expires_at: z.string(),
  simulation: linkSimulationOutput,
  /** Whether the tenant lets candidates see their score. */
  show_score: z.boolean(),
  /** The call already started from this link (a reload after the start): no second call. */
  call_started: z.boolean(),
});

/** `POST /api/v1/assessments/complete`: the thank-you page's facts. */
export const completeOutput = z.object({
  assessment_id: z.uuid(),
  status: z.enum(ASSESSMENT_STATUSES),
  report_status: reportStatusOutput,
  /** Only when the tenant lets candidates see it and the report is ready. */
  score: z.number().nullable(),
});

// ---- The screens (tRPC, signed-in admin / sales_manager) ---------------------------------------

export const ASSESSMENTS_PAGE_SIZE = 25;
export const listAssessmentsInput = z.object({
  page: z.number().int().min(1).default(1),
  status: z.enum(ASSESSMENT_STATUSES).optional(),
  search: text().max(200).optional(),
});
const assessmentRowOutput = z.object({
  id: z.uuid(),
  status: z.enum(ASSESSMENT_STATUSES),
  candidateName: z.string(),
  candidateEmail: z.string(),
  simulationName: z.string().nullable(),
  source: z.string(),
  integration: z.string().nullable(),
  ...linkLifetimeOutput,
  completedAt: z.string().nullable(),
  score: z.number().nullable(),
  evaluator: z.string().nullable(),
  reportStatus: reportStatusOutput,
  /** The call whose report the manager opens (/report/{callId} in the app). */
  callId: z.uuid().nullable(),
});
export const assessmentListOutput = pageOf(assessmentRowOutput);

/** The tenant's assessment settings (/assessments). */
/** The settings as the screen reads them and as it saves them: one shape. */
const assessmentSettings = z.object({ showScoreToCandidates: z.boolean() });
export const assessmentSettingsOutput = assessmentSettings;
export const updateAssessmentSettingsInput = assessmentSettings;
