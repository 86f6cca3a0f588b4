import { z } from 'zod';
import { text } from './text';

const V = (key: string) => `certifications.validation.${key}`;

/** At most this many steps a certification. */
const MAX_CERTIFICATION_STEPS = 10;

const stepInput = z
  .object({
    simulationId: z.uuid(V('simulationRequired')),
    minScore: z.number(V('scoreInvalid')).min(0, V('scoreInvalid')).max(100, V('scoreInvalid')).nullable(),
    minLevels: z
      .array(
        z.object({
          criterion: text(V('criterionRequired')).min(1, V('criterionRequired')).max(200, V('criterionTooLong')),
          level: z.union([z.literal(1), z.literal(2)], V('levelInvalid')),
        }),
      )
      .max(10, V('tooManyLevels')),
    evidenceRequired: z.boolean(),
  })
  .refine((s) => s.minScore !== null || s.minLevels.length > 0, { message: V('ruleRequired'), path: ['minScore'] });

export const certificationValues = z.object({
  name: text(V('nameRequired')).min(1, V('nameRequired')).max(200, V('nameTooLong')),
  description: text().max(2000, V('descriptionTooLong')).default(''),
  /** Months a certificate stays valid after it is earned; null: it does not expire. */
  expiryMonths: z.number().int(V('expiryInvalid')).min(1, V('expiryInvalid')).max(120, V('expiryInvalid')).nullable(),
  /** Attempts a rep has at each step; null: no limit. */
  maxAttempts: z
    .number()
    .int(V('attemptsInvalid'))
    .min(1, V('attemptsInvalid'))
    .max(100, V('attemptsInvalid'))
    .nullable(),
  steps: z.array(stepInput).min(1, V('stepsRequired')).max(MAX_CERTIFICATION_STEPS, V('tooManySteps')),
});
export type CertificationValues = z.infer<typeof certificationValues>;

export const certificationIdInput = z.object({ id: z.uuid(V('idInvalid')) });
export const updateCertificationInput = certificationIdInput.extend({ values: certificationValues });
export const certificateIdInput = z.object({ certificateId: z.uuid(V('idInvalid')) });
export const verifyCertificateInput = z.object({ token: z.string().trim().min(1).max(200) });

const CERTIFICATE_STATUSES = ['valid', 'expired', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

const stepOutput = z.object({
  id: z.uuid(),
  position: z.number().int(),
  simulationId: z.uuid().nullable(),
  simulationName: z.string().nullable(),
  minScore: z.number().nullable(),
  minLevels: z.array(z.object({ criterion: z.string(), level: z.number().int() })),
  evidenceRequired: z.boolean(),
});

/** The caller's own standing on a step. */
const stepProgress = z.object({
  stepId: z.uuid(),
  passed: z.boolean(),
  attempts: z.number().int(),
  /** Attempts left (null: no limit). */
  attemptsLeft: z.number().int().nullable(),
  bestScore: z.number().nullable(),
  /** The call whose attempt passed the step, or the latest attempt. */
  callId: z.uuid().nullable(),
});

const certificateOutput = z.object({
  id: z.uuid(),
  certificationId: z.uuid(),
  certificationName: z.string(),
  userId: z.uuid(),
  holderName: z.string(),
  earnedAt: z.string(),
  expiresAt: z.string().nullable(),
  status: z.enum(CERTIFICATE_STATUSES),
  /** Expires within 30 days (and still valid). */
  expiringSoon: z.boolean(),
});
export type CertificateView = z.infer<typeof certificateOutput>;

export const certificationListOutput = z.array(
  z.object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    steps: z.number().int(),
    expiryMonths: z.number().int().nullable(),
    /** Holders with a valid certificate (a manager: of their team; an admin: all). */
    holders: z.number().int(),
    /** For the caller: holds it now. */
    held: z.boolean(),
    archived: z.boolean(),
  }),
);

export const certificationDetailOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  expiryMonths: z.number().int().nullable(),
  maxAttempts: z.number().int().nullable(),
  archived: z.boolean(),
  steps: z.array(stepOutput),
  progress: z.array(stepProgress),
  /** The caller's latest certificate of it, if any. */
  mine: certificateOutput.nullable(),
  /** Admins: every holder; managers: their team's; reps: empty. */
  holders: z.array(certificateOutput),
  canManage: z.boolean(),
});
export type CertificationDetail = z.infer<typeof certificationDetailOutput>;

export const myCertificatesOutput = z.array(certificateOutput);

export const verifyCertificateOutput = z.object({
  status: z.enum(CERTIFICATE_STATUSES),
  certificationName: z.string(),
  holderName: z.string(),
  organisation: z.string(),
  earnedAt: z.string(),
  expiresAt: z.string().nullable(),
});

export const exportCertificatesOutput = z.object({ filename: z.string(), csv: z.string(), rows: z.number().int() });
