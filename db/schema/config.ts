import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { stamps, tenantId, tenantTable } from './columns';
import type { Language } from '../../server/contracts/languages';
import type { RealtimeVoice, Difficulty } from '../../server/contracts/enums';

/** One overview text per client, fed to scenario generation and calls. */
export const clientOverviews = pgTable('client_overviews', {
  tenantId: tenantId().primaryKey(),
  details: text().notNull().default(''),
  ...stamps(),
});

/** A named text the tenant keeps for scenario generation (an ideal customer profile, a product grouping). */
const namedDetails = <TName extends string>(name: TName) =>
  tenantTable(
    name,
    {
      name: text().notNull(),
      details: text().notNull().default(''),
      ...stamps(),
    },
    (t) => [index(`${name}_tenant_idx`).on(t.tenantId)],
  );

export const icps = namedDetails('icps');

export const productGroupings = namedDetails('product_groupings');

export const callInstructions = tenantTable(
  'call_instructions',
  { instructions: text().notNull(), ...stamps() },
  (t) => [index('call_instructions_tenant_idx').on(t.tenantId)],
);

/** The voices the realtime model offers; a persona speaks with one. */

export type DifficultyNotes = Partial<Record<Difficulty, string>>;

export const personas = tenantTable(
  'personas',
  {
    name: text().notNull(),
    shortDescription: text().notNull(),
    longDescription: text().notNull(),
    voice: text().$type<RealtimeVoice>().notNull().default('alloy'),
    language: text().$type<Language>().notNull().default('en'),
    /** How the prospect behaves at each difficulty (patience, objections, willingness to commit). */
    behaviourNotes: jsonb().$type<DifficultyNotes>().notNull().default({}),
    ...stamps(),
  },
  (t) => [index('personas_tenant_idx').on(t.tenantId)],
);
