import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { calls } from './calls';
import { scorecards } from './scorecards';
import { simulations } from './simulations';
import { tenantId } from './columns';
import type { MeetingSource, MeetingStatus } from '../../server/contracts/enums';

/**
 * A real call of a rep (issue 16): its transcript came from a file or a meeting bot; it is scored
 * as the call `callId` (mode 'meeting') with the scorecard chosen for it.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    /** The rep whose call it is (who uploaded or recorded it). */
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text().$type<MeetingSource>().notNull(),
    title: text().notNull(),
    status: text().$type<MeetingStatus>().notNull(),
    scorecardId: uuid().references(() => scorecards.id, { onDelete: 'set null' }),
    simulationId: uuid().references(() => simulations.id, { onDelete: 'set null' }),
    callId: uuid().references(() => calls.id, { onDelete: 'set null' }),
    fileName: text(),
    /** Everyone the transcript names, in order of first words. */
    speakers: jsonb().$type<string[]>().notNull().default([]),
    /** Which of them is the rep; everyone else is the customer side. */
    repSpeaker: text(),
    durationMs: integer(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('meetings_user_idx').on(t.tenantId, t.userId, t.createdAt), index('meetings_call_idx').on(t.callId)],
);
