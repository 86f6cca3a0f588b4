import type { Executor } from '../db/client';
import { createScorecard } from './factories';
import { DEMO_SCORECARDS } from '../server/evaluation/offline/demo-scorecards';

// the methodology scorecards live beside the offline evaluator, which recognises their criteria
export { DEMO_SCORECARDS } from '../server/evaluation/offline/demo-scorecards';

/** Writes the demo scorecards for `tenantId` (the seed runs as the table owner, so the tenant id is explicit). */
export async function seedDemoScorecards(db: Executor, tenantId: string): Promise<void> {
  for (const { criteria, ...card } of DEMO_SCORECARDS)
    await createScorecard(db, { tenantId, version: 1, isCurrent: true, ...card, criteria });
}
