import { pgTable, text } from 'drizzle-orm/pg-core';
import { defaultNow, tenantId } from './columns';
import type { CallTransportSetting } from '../../server/contracts/enums';

/** The tenant's choices for its voice calls (admins, /admin); no row: every default. */
export const callSettings = pgTable('call_settings', {
  tenantId: tenantId().primaryKey(),
  /** How a call's audio reaches the model (server/contracts/enums.ts CALL_TRANSPORT_SETTINGS). */
  transport: text().$type<CallTransportSetting>().notNull().default('auto'),
  updatedAt: defaultNow(),
});
