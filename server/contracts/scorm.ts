import { z } from 'zod';
import { LMS_TARGET_KINDS, LMS_UNKNOWN_LEARNERS, SCORM_VERSIONS } from './enums';
import { normaliseLine, requiredText, hasUnstorableText } from './text';

// Messages are i18n keys of locales/<lng>/scorm.json; the client translates.
const V = (key: string) => `scorm.validation.${key}`;

/** A package title at most this long (the LMS shows it as the course's name). */
export const SCORM_TITLE_MAX = 200;

/** "Create and download" on a simulation's or a certification's page. */
export const createScormPackageInput = z.object({
  title: requiredText(V('titleRequired'), SCORM_TITLE_MAX, V('titleTooLong')),
  version: z.enum(SCORM_VERSIONS, V('versionInvalid')),
  targetKind: z.enum(LMS_TARGET_KINDS, V('targetInvalid')),
  targetId: z.uuid(V('targetInvalid')),
  unknownLearners: z.enum(LMS_UNKNOWN_LEARNERS, V('policyInvalid')),
  passingScore: z
    .number(V('passingScoreInvalid'))
    .int(V('passingScoreInvalid'))
    .min(0, V('passingScoreInvalid'))
    .max(100, V('passingScoreInvalid')),
});
export type CreateScormPackageInput = z.infer<typeof createScormPackageInput>;

export const scormPackageIdInput = z.object({ packageId: z.uuid() });

/** The packages list: all of the tenant's, or those of one simulation or certification. */
export const listScormPackagesInput = z
  .object({ targetKind: z.enum(LMS_TARGET_KINDS), targetId: z.uuid() })
  .partial()
  .optional();

/** A package as the lists show it: never its key. */
export const scormPackageOutput = z.object({
  id: z.uuid(),
  title: z.string(),
  version: z.enum(SCORM_VERSIONS),
  targetKind: z.enum(LMS_TARGET_KINDS),
  targetId: z.string().nullable(),
  /** The simulation's or certification's name; null when it was deleted. */
  targetName: z.string().nullable(),
  unknownLearners: z.enum(LMS_UNKNOWN_LEARNERS),
  passingScore: z.number().int(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ScormPackageView = z.infer<typeof scormPackageOutput>;

/**
 * What a package's launch page posts (from the LMS's site): the package and its key as written
 * into the package, and the learner as the LMS's runtime names them. Field names are the wire's.
 */
export const scormLaunchInput = z.object({
  package_id: z.uuid('scorm.launch.malformed'),
  key: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'scorm.launch.malformed'),
  learner_id: z
    .string('scorm.launch.learnerMissing')
    .trim()
    .min(1, 'scorm.launch.learnerMissing')
    .max(255, 'scorm.launch.malformed')
    .refine((s) => !hasUnstorableText(s), 'scorm.launch.malformed'),
  /** Display text from the LMS: repaired to one storable line, never refused. */
  learner_name: z
    .string()
    .max(255, 'scorm.launch.malformed')
    .nullish()
    .transform((s) => (s ? normaliseLine(s) || null : null)),
});
export type ScormLaunchInput = z.infer<typeof scormLaunchInput>;

/** The launch's answer: where the learner's exercise is, and the token its status is read with. */
export const scormLaunchOutput = z.object({ launch_id: z.string(), url: z.string(), token: z.string() });
