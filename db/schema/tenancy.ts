import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid, uniqueIndex } from 'drizzle-orm/pg-core';

import type { Language } from '../../server/contracts/languages';
import type { ClientType } from '../../server/contracts/enums';

/** A client is a tenant. `schemaName` is its immutable unique slug (the "schema name" the screens show). */
export const clients = pgTable(
  'clients',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    domain: text(),
    type: text().$type<ClientType>().notNull().default('customer'),
    tier: text(),
    schemaName: text().notNull(),
    defaultLanguage: text().$type<Language>().notNull().default('en'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clients_schema_name_uq').on(sql`lower(${t.schemaName})`)],
);
