import { z } from 'zod';
import { scoreLabelFields } from './score';

export const dashboardOutput = z.object({
  /** A demo tenant's activity is demo data, said so on screen; its history may still be being made. */
  demo: z.object({
    isDemo: z.boolean(),
    /** The demo history being made in the background (server/demo-history); null when done or none. */
    generating: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  }),
  counts: z.object({
    teamMembers: z.number().int(),
    /** Active in the last 30 days. */
    activeMembers: z.number().int(),
    averageScore: z.number().nullable(),
    /** Assignment calls still to do: exercises not completed. */
    pendingExercises: z.number().int(),
    /** Completed assignment calls: exercises completed (each once, by its counted attempt). */
    completedExercises: z.number().int(),
    /** The team's practice calls with a ready report. */
    practiceCalls: z.number().int(),
  }),
  /** The last 4 weeks (Monday-based, UTC), oldest first. */
  trend: z.array(z.object({ weekStart: z.string(), averageScore: z.number().nullable(), completed: z.number().int() })),
  /** The latest completed assignment calls and practice calls, newest first. */
  recent: z.array(
    z.object({
      kind: z.enum(['assignment', 'practice', 'real']),
      /** The exercise (assignment) or the call (practice). */
      id: z.uuid(),
      userName: z.string(),
      simulationName: z.string(),
      assignmentName: z.string().nullable(),
      score: z.number().nullable(),
      ...scoreLabelFields,
      completedAt: z.string(),
      callId: z.uuid().nullable(),
      /** Scored attempts of the exercise (1 for a practice call). */
      attempts: z.number().int(),
    }),
  ),
  /**
   * Lowest average level per criterion name over the last 90 days' reports of the same calls:
   * completed assignment calls (their counted attempt) and practice calls.
   */
  weakSpots: z.array(
    z.object({ criterion: z.string(), averageLevel: z.number(), percent: z.number().int(), reports: z.number().int() }),
  ),
});
export type DashboardOutput = z.infer<typeof dashboardOutput>;
