import { index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { defaultNow, tenantId, timestamptz } from './columns';
import { users } from './auth';
import { calls } from './calls';

/** What a counted attempt was: an assigned exercise, a drill, or a certification step. */
export type AttemptKind = 'assignment' | 'drill' | 'certification';

/**
 * Every counted attempt with its score, kept by a trigger on reports (migration 0029) so every
 * write path keeps it exact: a ready report of an assigned exercise, a drill or a certification
 * step (not free practice, tests or dry runs, nor a call that ended without a report). The
 * leaderboards read it by (tenant, time) and (tenant, simulation, time). An attempt without
 * verified evidence counts with the score it got.
 */
export const attemptScores = pgTable(
  'attempt_scores',
  {
    callId: uuid()
      .primaryKey()
      .references(() => calls.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    simulationId: uuid(),
    kind: text().$type<AttemptKind>().notNull(),
    score: numeric({ precision: 5, scale: 1, mode: 'number' }).notNull(),
    at: timestamptz().notNull(),
  },
  (t) => [
    index('attempt_scores_tenant_at_idx').on(t.tenantId, t.at),
    index('attempt_scores_simulation_idx').on(t.tenantId, t.simulationId, t.at),
    index('attempt_scores_user_idx').on(t.tenantId, t.userId, t.at),
  ],
);

/** Whether the leaderboards show other reps' names to reps, or their ranks only. */
export type LeaderboardNames = 'shown' | 'ranks_only';

/** The tenant's coaching choices (admins, /admin); no row: every default. */
export const coachingSettings = pgTable('coaching_settings', {
  tenantId: tenantId().primaryKey(),
  leaderboardNames: text().$type<LeaderboardNames>().notNull().default('shown'),
  updatedAt: defaultNow(),
});
