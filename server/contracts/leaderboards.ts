import { z } from 'zod';

export const LEADERBOARD_BOARDS = ['best', 'improvement', 'streak'] as const;
export type LeaderboardBoard = (typeof LEADERBOARD_BOARDS)[number];

export const leaderboardInput = z.object({
  board: z.enum(LEADERBOARD_BOARDS, 'dashboard.leaderboard.validation.boardInvalid').default('best'),
  /** One simulation's board; absent: every counted attempt of the team. */
  simulationId: z.uuid('dashboard.leaderboard.validation.simulationInvalid').optional(),
});

const leaderboardRow = z.object({
  rank: z.number().int().min(1),
  /** Null for another rep when the tenant shows reps ranks only. */
  userId: z.uuid().nullable(),
  name: z.string().nullable(),
  /** Best score (0–100), points of improvement, or days in a row. */
  value: z.number(),
  attempts: z.number().int(),
  me: z.boolean(),
});

export const leaderboardOutput = z.object({
  board: z.enum(LEADERBOARD_BOARDS),
  simulationId: z.uuid().nullable(),
  /** 'ranks_only': reps see other reps' ranks, not their names. */
  names: z.enum(['shown', 'ranks_only']),
  rows: z.array(leaderboardRow),
  /** The caller's own position, also when it is below the rows shown (null: no counted attempt). */
  me: leaderboardRow.nullable(),
  /** The simulations the team has counted attempts on, for the picker. */
  simulations: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type LeaderboardView = z.infer<typeof leaderboardOutput>;

export const coachingSettingsOutput = z.object({ leaderboardNames: z.enum(['shown', 'ranks_only']) });
export const updateCoachingSettingsInput = z.object({
  leaderboardNames: z.enum(['shown', 'ranks_only'], 'dashboard.leaderboard.validation.namesInvalid'),
});
