import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './tenancy';

/**
 * A scorecard version. Versions of one scorecard share `lineageId`; only `isCurrent` rows are
 * listed. Once a finished call used a version (`usedAt` set), editing creates a new version so
 * old reports stay explainable.
 */
export const scorecards = pgTable(
  'scorecards',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    lineageId: uuid().notNull(),
    version: integer().notNull().default(1),
    isCurrent: boolean().notNull().default(true),
    name: text().notNull(),
    icon: text().notNull().default('clipboard-check'),
    shortDescription: text().notNull(),
    longDescription: text().notNull().default(''),
    usedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scorecards_tenant_idx').on(t.tenantId, t.isCurrent),
    index('scorecards_lineage_idx').on(t.lineageId, t.version),
  ],
);

export const scorecardCriteria = pgTable(
  'scorecard_criteria',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    scorecardId: uuid()
      .notNull()
      .references(() => scorecards.id, { onDelete: 'cascade' }),
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
