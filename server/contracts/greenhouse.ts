import { z } from 'zod';
import { IDEMPOTENCY_KEY_MAX } from './assessments';
import { rawText, storableJson, storableUrl, text, TEXT_MESSAGES } from './text';

/**
 * Greenhouse's Assessment Partner API, partner side (docs/greenhouse.md): Greenhouse calls these
 * with HTTP Basic (the tenant's Spar API key as the username, an empty password). Shapes and field
 * names are Greenhouse's.
 */

const greenhouseTestOutput = z.object({ partner_test_id: z.string(), partner_test_name: z.string() });
export const listTestsOutput = z.array(greenhouseTestOutput);

const optionalText = (max: number) => text().max(max).nullish();
const optionalUrl = storableUrl(2000)
  .nullish()
  .or(z.literal('').transform(() => null));

/**
 * `POST send_test`: the test chosen for the stage, the candidate, and the URL to PATCH when done
 * (also checked against the outbound policy before anything is created). Unknown fields are
 * ignored. An `Idempotency-Key` header arrives as `idempotency_key`.
 */
export const sendTestInput = z.object({
  partner_test_id: z.uuid('assessments.validation.simulationRequired'),
  candidate: z.object({
    first_name: text()
      .min(1, 'assessments.validation.firstNameRequired')
      .max(100, 'assessments.validation.nameTooLong'),
    last_name: text().min(1, 'assessments.validation.lastNameRequired').max(100, 'assessments.validation.nameTooLong'),
    preferred_name: optionalText(100),
    email: z.email('assessments.validation.emailInvalid').max(254, 'assessments.validation.emailInvalid'),
    phone_number: optionalText(60),
    resume_url: optionalUrl,
    profile_url: optionalUrl,
  }),
  url: storableUrl(2000),
  sent_by: optionalText(254),
  idempotency_key: rawText().min(1).max(IDEMPOTENCY_KEY_MAX, 'assessments.validation.idempotencyKeyTooLong').optional(),
});
export type SendTestInput = z.infer<typeof sendTestInput>;
export const sendTestOutput = z.object({ partner_interview_id: z.string() });

/** Any id is looked up: one that is not ours (malformed included) is 404, as Greenhouse expects of an unknown test. */
export const testStatusInput = z.object({
  partner_interview_id: z.string({ error: 'assessments.validation.assessmentNotFound' }),
});

/**
 * The values of `partner_status`. Greenhouse gives meaning to one, "complete" (results available:
 * it stops polling and shows the score); the others tell a Greenhouse user where the candidate is.
 */
export const GREENHOUSE_STATUSES = [
  'sent',
  'opened',
  'in_progress',
  'scoring',
  'scoring_failed',
  'expired',
  'complete',
] as const;
export type GreenhouseStatus = (typeof GREENHOUSE_STATUSES)[number];

export const testStatusOutput = z.object({
  /** "complete" once the report is ready with a score; before that where the candidate is (docs/greenhouse.md). */
  partner_status: z.enum(GREENHOUSE_STATUSES),
  partner_profile_url: z.string().nullable(),
  /** 0–100. */
  partner_score: z.number().nullable(),
  /** Flat: strings, numbers and booleans only. */
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});

/** `POST response_error`: Greenhouse tells the partner an answer of ours could not be used. Kept as sent. */
export const responseErrorInput = z
  .looseObject({ partner_interview_id: z.string().max(200).optional() })
  .refine(storableJson, { error: TEXT_MESSAGES.unstorable });
export const responseErrorOutput = z.object({ received: z.literal(true) });
