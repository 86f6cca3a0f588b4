import { z } from 'zod';

export const clientAnalyticsOutput = z.object({
  users: z.object({ total: z.number().int(), active30d: z.number().int() }),
  totals: z.object({
    calls: z.number().int(),
    minutes: z.number(),
    averageScore: z.number().nullable(),
    callCostUsd: z.number(),
    textTokens: z.number().int(),
    textCostUsd: z.number(),
    estimatedCostUsd: z.number(),
  }),
  /** The last 8 weeks (Monday-based, UTC), oldest first. */
  weeks: z.array(
    z.object({
      weekStart: z.string(),
      calls: z.number().int(),
      minutes: z.number(),
      averageScore: z.number().nullable(),
    }),
  ),
});
export type ClientAnalytics = z.infer<typeof clientAnalyticsOutput>;
