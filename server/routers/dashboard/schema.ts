import { z } from 'zod';
import { scoreLabelFields } from '../../contracts/score';

export const dashboardOutput = z.object({
  counts: z.object({
    teamMembers: z.number().int(),
    /** Active in the last 30 days. */
    activeMembers: z.number().int(),
    averageScore: z.number().nullable(),
    pendingExercises: z.number().int(),
    completedExercises: z.number().int(),
  }),
  /** The last 4 weeks (Monday-based, UTC), oldest first. */
  trend: z.array(z.object({ weekStart: z.string(), averageScore: z.number().nullable(), completed: z.number().int() })),
  recent: z.array(
    z.object({
      exerciseId: z.uuid(),
      userName: z.string(),
      simulationName: z.string(),
      assignmentName: z.string(),
      score: z.number().nullable(),
      ...scoreLabelFields,
      completedAt: z.string(),
      callId: z.uuid().nullable(),
    }),
  ),
  /** Lowest average level per criterion name over the team's reports of the last 90 days. */
  weakSpots: z.array(z.object({ criterion: z.string(), averageLevel: z.number(), percent: z.number().int(), reports: z.number().int() })),
});
export type DashboardOutput = z.infer<typeof dashboardOutput>;
