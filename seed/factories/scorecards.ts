import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client';
import { insertRow } from './insert-row';
import { scorecardCriteria, scorecards } from '../../db/schema';

type CriterionFields = Partial<Omit<typeof scorecardCriteria.$inferInsert, 'tenantId' | 'scorecardId'>> & {
  name: string;
};
export type ScorecardFields = Partial<typeof scorecards.$inferInsert> & {
  tenantId: string;
  criteria?: CriterionFields[];
};

/** A scorecard version (a new lineage unless `lineageId` is given) with its criteria in order. */
export async function createScorecard(db: Executor, { criteria = [], ...f }: ScorecardFields) {
  const row = await insertRow(db, scorecards, {
    lineageId: randomUUID(),
    name: 'Discovery',
    shortDescription: 'Basics',
    ...f,
  });
  const rows = criteria.length
    ? await db
        .insert(scorecardCriteria)
        .values(
          criteria.map((c, position) => ({
            position,
            description: c.name,
            levelZero: 'None',
            levelLow: 'Some',
            levelHigh: 'Plenty',
            ...c,
            tenantId: row.tenantId,
            scorecardId: row.id,
          })),
        )
        .returning()
    : [];
  return { ...row, criteria: rows };
}
