import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './tenancy';
import type { PromptKind } from '../../server/contracts/enums';

/**
 * Prompts of four kinds. System prompts ship with the product (`tenantId` null, `systemKey` set),
 * are readable by every tenant and never deleted; tenants duplicate them into editable copies.
 * Fields by kind — simulation: generalRules, detailedInstructions, startPrompt, endPrompt;
 * scenario_*: systemPrompt (optional), userPrompt; evaluation: instructions.
 */
export const prompts = pgTable(
  'prompts',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: uuid().references(() => clients.id, { onDelete: 'cascade' }),
    systemKey: text().unique(),
    kind: text().$type<PromptKind>().notNull(),
    name: text().notNull(),
    generalRules: text(),
    detailedInstructions: text(),
    startPrompt: text(),
    endPrompt: text(),
    systemPrompt: text(),
    userPrompt: text(),
    instructions: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prompts_tenant_kind_idx').on(t.tenantId, t.kind)],
);
