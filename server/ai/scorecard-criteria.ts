import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { scorecardCriteria } from '../../db/schema';

// A scorecard's criteria as the scenario generation (./context.ts) and the scorecard service read them.

/** A criterion's content (what a copy carries over), without its identity and scorecard. */
export const criterionContent = {
  position: scorecardCriteria.position,
  name: scorecardCriteria.name,
  description: scorecardCriteria.description,
  includeInScenario: scorecardCriteria.includeInScenario,
  levelZero: scorecardCriteria.levelZero,
  levelLow: scorecardCriteria.levelLow,
  levelHigh: scorecardCriteria.levelHigh,
};

/** A scorecard's criteria in order. */
export async function criteriaOf(tx: Executor, scorecardId: string) {
  return tx
    .select({ id: scorecardCriteria.id, ...criterionContent })
    .from(scorecardCriteria)
    .where(eq(scorecardCriteria.scorecardId, scorecardId))
    .orderBy(asc(scorecardCriteria.position));
}
