import { boolean, index, integer, text, uuid } from 'drizzle-orm/pg-core';
import { parentId, stamps, tenantTable, timestamptz } from './columns';

/**
 * A scorecard version. Versions of one scorecard share `lineageId`; only `isCurrent` rows are
 * listed. Once a finished call used a version (`usedAt` set), editing creates a new version so
 * old reports stay explainable.
 */
export const scorecards = tenantTable(
  'scorecards',
  {
    lineageId: uuid().notNull(),
    version: integer().notNull().default(1),
    isCurrent: boolean().notNull().default(true),
    name: text().notNull(),
    icon: text().notNull().default('clipboard-check'),
    shortDescription: text().notNull(),
    longDescription: text().notNull().default(''),
    usedAt: timestamptz(),
    deletedAt: timestamptz(),
    ...stamps(),
  },
  (t) => [
    index('scorecards_tenant_idx').on(t.tenantId, t.isCurrent),
    index('scorecards_lineage_idx').on(t.lineageId, t.version),
  ],
);

export const scorecardCriteria = tenantTable(
  'scorecard_criteria',
  {
    scorecardId: parentId(() => scorecards.id),
    position: integer().notNull(),
    name: text().notNull(),
    description: text().notNull(),
    includeInScenario: boolean().notNull().default(true),
    levelZero: text().notNull(),
    levelLow: text().notNull(),
    levelHigh: text().notNull(),
  },
  (t) => [index('scorecard_criteria_scorecard_idx').on(t.scorecardId, t.position)],
);
