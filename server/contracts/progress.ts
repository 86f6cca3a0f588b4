import { z } from 'zod';
import { text } from './text';

/** Whose progress: the caller's own when absent; a manager names a member of their team. */
export const progressInput = z.object({ userId: z.uuid('dashboard.progress.validation.userInvalid').optional() });

/** What kind of call a level was measured in. */
const PROGRESS_CALL_KINDS = ['practice', 'assignment', 'drill', 'real', 'assessment'] as const;

const progressPoint = z.object({
  callId: z.uuid(),
  at: z.string(),
  level: z.number().int().min(0).max(2).nullable(),
  /** The first verified quote behind a level above 0; null at level 0 or not assessed. */
  quote: z.string().nullable(),
  kind: z.enum(PROGRESS_CALL_KINDS),
  title: z.string().nullable(),
});

export const progressOutput = z.object({
  user: z.object({ id: z.uuid(), name: z.string() }),
  /** The people whose progress the caller may open (themselves first), for a manager's picker. */
  people: z.array(z.object({ id: z.uuid(), name: z.string() })),
  /** Each criterion (by name) with its levels across calls, oldest first (the latest 20). */
  criteria: z.array(
    z.object({
      name: z.string(),
      latest: z.number().int().min(0).max(2).nullable(),
      points: z.array(progressPoint),
    }),
  ),
});
export type ProgressView = z.infer<typeof progressOutput>;

export const skillMapInput = z.object({
  /** A scorecard lineage (any of its versions' ids); absent: the one the team used most in the last 4 weeks. */
  scorecardId: z.uuid('dashboard.progress.validation.scorecardInvalid').optional(),
  search: text().max(200, 'dashboard.progress.validation.searchTooLong').optional(),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(5).max(100).default(25),
});

const skillCell = z.object({
  criterion: z.string(),
  /** The latest level and when, or null when the rep has none on this criterion. */
  latest: z.object({ level: z.number().int().min(0).max(2), at: z.string(), callId: z.uuid() }).nullable(),
  /** Average level in each of the last 4 weeks, oldest first (null: no call that week). */
  trend: z.array(z.number().nullable()).length(4),
});

export const skillMapOutput = z.object({
  scorecards: z.array(z.object({ id: z.uuid(), name: z.string() })),
  scorecardId: z.uuid().nullable(),
  criteria: z.array(z.string()),
  rows: z.array(z.object({ userId: z.uuid(), name: z.string(), cells: z.array(skillCell) })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SkillMapView = z.infer<typeof skillMapOutput>;
