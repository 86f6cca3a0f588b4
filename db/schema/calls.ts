import { boolean, index, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, defaultNow, linkId, parentId, tenantId, tenantTable, timestamptz } from './columns';
import { users } from './auth';
import { simulations } from './simulations';
import { scorecards } from './scorecards';
import { certificationSteps } from './certifications';
import type { CallState, CallEndReason } from '../../server/contracts/enums';

/**
 * 'certification': an attempt at a certification step. 'meeting': a real call (a transcript
 * uploaded or recorded by a meeting bot), scored like practice but kept apart from it. 'lms': a
 * guest's call from a learning system's launch (a SCORM learner without an account).
 */
export type CallMode =
  'practice' | 'test' | 'dry_run' | 'exercise' | 'assessment' | 'magic_link' | 'meeting' | 'certification' | 'lms';
/** Who played the customer: the model, the offline prospect, or real people ('human', a real call). */
export type CallProvider = 'openai-realtime' | 'offline' | 'human';

export type CallTransport = 'relay' | 'webrtc';

export interface CallUsage {
  inputTextTokens: number;
  inputAudioTokens: number;
  outputTextTokens: number;
  outputAudioTokens: number;
  cachedTokens: number;
  totalTokens: number;
}

/**
 * One roleplay call. The scorecard and everything the prospect was told are frozen at call start
 * (snapshots), so the report stays explainable after later edits.
 */
export const calls = tenantTable(
  'calls',
  {
    simulationId: linkId(() => simulations.id),
    userId: linkId(() => users.id),
    /** The assignment exercise this call answers (assignments feature); null for practice/tests. */
    exerciseId: uuid(),
    /** The certification step this call attempts (mode 'certification'). */
    certificationStepId: linkId(() => certificationSteps.id),
    mode: text().$type<CallMode>().notNull().default('practice'),
    provider: text().$type<CallProvider>().notNull(),
    model: text(),
    voice: text(),
    language: text().notNull().default('en'),
    state: text().$type<CallState>().notNull().default('created'),
    endReason: text().$type<CallEndReason>(),
    endDetail: text(),
    scorecardId: linkId(() => scorecards.id),
    scorecardSnapshot: jsonb().$type<Record<string, unknown>>(),
    simulationSnapshot: jsonb().$type<Record<string, unknown>>(),
    /** The session instructions exactly as sent to the model (or the offline prospect). */
    instructions: text(),
    timeLimitSeconds: integer().notNull(),
    startedAt: timestamptz(),
    connectedAt: timestamptz(),
    endedAt: timestamptz(),
    durationMs: integer(),
    usage: jsonb().$type<CallUsage>(),
    costEstimateUsd: numeric({ precision: 10, scale: 4, mode: 'number' }),
    /** Server-side per-call figures: latencies, frames relayed/dropped, upstream round trips. */
    serverMetrics: jsonb().$type<Record<string, unknown>>(),
    /**
     * The server process holding a live call, and until when (renewed while it runs): the
     * per-tenant call limit counts only calls whose lease holds, across every process, and a call
     * whose process died is closed ("server stopped") once its lease has run out.
     */
    /**
     * How the call's audio travels: 'relay' (PCM over the server's /ws/call socket) or 'webrtc'
     * (browser ⇄ model directly; the server follows the call over the model's sideband socket).
     * Set when the call's socket opens; 'webrtc' is first claimed by minting the call's client secret.
     */
    transport: text().$type<CallTransport>().notNull().default('relay'),
    /** The model's id of a WebRTC call (its sideband and hangup address); accepted once. */
    rtcCallId: text().unique(),
    leaseOwner: text(),
    leaseUntil: timestamptz(),
    createdAt: defaultNow(),
  },
  (t) => [
    index('calls_tenant_idx').on(t.tenantId, t.createdAt),
    index('calls_user_idx').on(t.userId, t.createdAt),
    index('calls_exercise_idx').on(t.exerciseId),
    index('calls_certification_step_idx').on(t.certificationStepId, t.userId),
    index('calls_live_idx').on(t.state, t.leaseUntil),
  ],
);

/** Transcript turns, ordered by `seq` (the upstream item order). Times are ms from call start. */
export const callTurns = tenantTable(
  'call_turns',
  {
    callId: parentId(() => calls.id),
    seq: integer().notNull(),
    itemId: text().notNull(),
    speaker: text().$type<'rep' | 'prospect'>().notNull(),
    /** A real call's speaker as the transcript names them ('prospect' turns may come from several people). */
    speakerName: text(),
    text: text().notNull(),
    startMs: integer().notNull(),
    endMs: integer(),
    interrupted: boolean().notNull().default(false),
    /** For an interrupted prospect turn: the ms of audio actually played before the barge-in. */
    playedMs: integer(),
    /** Prospect turns: ms from the end of the rep's speech to the first prospect audio. */
    responseLatencyMs: integer(),
  },
  (t) => [index('call_turns_call_idx').on(t.callId, t.seq)],
);

/** Browser samples (every second, sent in batches) and server samples of call quality. */
export const callMetrics = tenantTable(
  'call_metrics',
  {
    callId: parentId(() => calls.id),
    source: text().$type<'browser' | 'server'>().notNull(),
    samples: jsonb().$type<Record<string, unknown>[]>().notNull(),
    createdAt: defaultNow(),
  },
  (t) => [index('call_metrics_call_idx').on(t.callId, t.createdAt)],
);

/** The mixed call audio recorded in the browser (Opus), for playback in the report. */
export const callRecordings = pgTable('call_recordings', {
  callId: uuid()
    .primaryKey()
    .references(() => calls.id, { onDelete: 'cascade' }),
  tenantId: tenantId(),
  mimeType: text().notNull(),
  sizeBytes: integer().notNull(),
  durationMs: integer(),
  content: bytea().notNull(),
  createdAt: defaultNow(),
});

/** Short-lived single-use tickets that open /ws/call without a session (candidates, guests). */
export const callTickets = pgTable(
  'call_tickets',
  {
    id: text().primaryKey(), // SHA-256 of the ticket
    tenantId: tenantId(),
    callId: parentId(() => calls.id),
    userId: uuid(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    createdAt: defaultNow(),
  },
  (t) => [index('call_tickets_call_idx').on(t.callId)],
);
