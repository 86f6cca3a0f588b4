import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { defaultNow, linkId, parentId, stamps, tenantId, tenantTable, timestamptz } from './columns';
import { users } from './auth';
import { calls } from './calls';
import { scorecards } from './scorecards';
import { simulations } from './simulations';
import type { MeetingFailure, MeetingSource, MeetingStatus } from '../../server/contracts/enums';

/**
 * A real call of a rep: its transcript came from a file or a meeting bot; it is scored
 * as the call `callId` (mode 'meeting') with the scorecard chosen for it.
 */
export const meetings = tenantTable(
  'meetings',
  {
    /** The rep whose call it is (who uploaded or recorded it). */
    userId: parentId(() => users.id),
    source: text().$type<MeetingSource>().notNull(),
    title: text().notNull(),
    status: text().$type<MeetingStatus>().notNull(),
    scorecardId: linkId(() => scorecards.id),
    simulationId: linkId(() => simulations.id),
    callId: linkId(() => calls.id),
    fileName: text(),
    /** Everyone the transcript names, in order of first words. */
    speakers: jsonb().$type<string[]>().notNull().default([]),
    /** Which of them is the rep; everyone else is the customer side. */
    repSpeaker: text(),
    durationMs: integer(),
    /** Why it failed (translated on screen) and the provider's or evaluator's own words. */
    failure: text().$type<MeetingFailure>(),
    error: text(),
    /** A meeting bot's: the provider, its bot id, the meeting link, the bot's name and join time. */
    provider: text(),
    botId: text(),
    meetingUrl: text(),
    botName: text(),
    joinAt: timestamptz(),
    /** The provider's last words about the bot (state, event, sub-code), and when a status last changed. */
    botDetail: text(),
    statusAt: timestamptz(),
    /** The bot's transcript, kept until the user says which speaker they are (status choose_rep). */
    transcript: jsonb().$type<{ speaker: string; startMs: number; endMs: number; text: string }[]>(),
    ...stamps(),
  },
  (t) => [
    index('meetings_user_idx').on(t.tenantId, t.userId, t.createdAt),
    index('meetings_call_idx').on(t.callId),
    uniqueIndex('meetings_bot_uq').on(t.provider, t.botId),
  ],
);

/**
 * Every meeting-bot webhook accepted, by the provider's event id (Attendee's idempotency key,
 * Recall's webhook-id): a second delivery of the same event is answered and changes nothing.
 * Not a tenant table: a webhook names a bot, not a tenant.
 */
export const meetingBotEvents = pgTable(
  'meeting_bot_events',
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    botId: text().notNull(),
    receivedAt: defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * A user's connected Google Calendar (read-only scope): the tokens sealed with ENCRYPTION_KEY
 * (server/security/sealed.ts), never stored in clear. One per user.
 */
export const calendarConnections = tenantTable(
  'calendar_connections',
  {
    userId: parentId(() => users.id),
    provider: text().$type<'google'>().notNull().default('google'),
    accountEmail: text(),
    accessTokenSealed: text().notNull(),
    refreshTokenSealed: text(),
    expiresAt: timestamptz().notNull(),
    scopes: text().notNull().default(''),
    ...stamps(),
  },
  (t) => [uniqueIndex('calendar_connections_user_uq').on(t.userId)],
);

/** The name the tenant's meeting bot joins meetings with (Record Meet); no row: MEETING_BOT_NAME. */
export const meetingBotSettings = pgTable('meeting_bot_settings', {
  tenantId: tenantId().primaryKey(),
  botName: text().notNull(),
  updatedAt: defaultNow(),
});
