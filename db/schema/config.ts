import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Language } from '../../server/contracts/languages';
import { tenantId } from './columns';
import type { RealtimeVoice, Difficulty } from '../../server/contracts/enums';

const stamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** One overview text per client, fed to scenario generation and calls. */
export const clientOverviews = pgTable('client_overviews', {
  tenantId: tenantId().primaryKey(),
  details: text().notNull().default(''),
  ...stamps,
});

export const icps = pgTable(
  'icps',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text().notNull(),
    details: text().notNull().default(''),
    ...stamps,
  },
  (t) => [index('icps_tenant_idx').on(t.tenantId)],
);

export const productGroupings = pgTable(
  'product_groupings',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text().notNull(),
    details: text().notNull().default(''),
    ...stamps,
  },
  (t) => [index('product_groupings_tenant_idx').on(t.tenantId)],
);

export const callInstructions = pgTable(
  'call_instructions',
  { id: uuid().primaryKey().defaultRandom(), tenantId: tenantId(), instructions: text().notNull(), ...stamps },
  (t) => [index('call_instructions_tenant_idx').on(t.tenantId)],
);

/** The voices the realtime model offers; a persona speaks with one. */

export type DifficultyNotes = Partial<Record<Difficulty, string>>;

export const personas = pgTable(
  'personas',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text().notNull(),
    shortDescription: text().notNull(),
    longDescription: text().notNull(),
    voice: text().$type<RealtimeVoice>().notNull().default('alloy'),
    language: text().$type<Language>().notNull().default('en'),
    /** How the prospect behaves at each difficulty (patience, objections, willingness to commit). */
    behaviourNotes: jsonb().$type<DifficultyNotes>().notNull().default({}),
    ...stamps,
  },
  (t) => [index('personas_tenant_idx').on(t.tenantId)],
);
