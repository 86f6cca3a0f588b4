import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { scorecardCriteria, scorecards } from '../../db/schema';

/** A tenant's scorecards (every version) and their criteria, as stored: what a copy or the seed wrote. */
export async function storedScorecards(tx: Executor, tenantId: string) {
  const cards = await tx.select().from(scorecards).where(eq(scorecards.tenantId, tenantId));
  const crit = await tx
    .select()
    .from(scorecardCriteria)
    .where(
      inArray(
        scorecardCriteria.scorecardId,
        cards.map((c) => c.id),
      ),
    );
  return { cards, crit };
}
