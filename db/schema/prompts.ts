import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, stamps } from './columns';
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
    id: id(),
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
    ...stamps(),
  },
  (t) => [index('prompts_tenant_kind_idx').on(t.tenantId, t.kind)],
);
