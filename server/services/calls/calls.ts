import { isAppError } from '../../errors';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { personas, simulations } from '../../../db/schema';
import {
  callMetrics,
  callTickets,
  callTurns,
  calls,
  type CallMode,
  type CallProvider,
  type CallUsage,
} from '../../../db/schema/calls';
import { type CallEndReason, type CallTransportSetting } from '../../contracts/enums';
import { getCallTransport } from './call-settings';
import { asSystem, type TenantRunner } from '../../../db/tenant';
import { loadGenerationContext, simulationInputFromRow } from '../../ai/context';
import type { Role } from '../../contracts/roles';
import { hasRole } from '../../contracts/roles';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { buildSimulationInstructions, type StoredScenario } from '../simulations/instructions';
import { startCertificationAttempt } from '../certifications/certifications';
import { findSimulationRow } from '../simulations/simulations';
import { getScorecardVersion, markScorecardUsed } from '../scorecards/scorecards';
import { enqueueEvaluation, evaluationContextOf } from '../../evaluation/evaluate';
import { REALTIME_SESSION_CAP_MS } from './session-cap';
import { startExercise } from '../assignments/assignments';
import { markGuestLinkCallEnded, markGuestLinkCallLive } from '../guest-links/call-status';

/** States in which a call holds a slot of the tenant's concurrent-call limit. */
/** Who answers a live call (a real call's 'human' side is never started here). */
type LiveCallProvider = Exclude<CallProvider, 'human'>;

export const ACTIVE_CALL_STATES = ['connecting', 'dialing', 'ringing', 'connected'] as const;
/** Calls longer than the realtime session cap cannot be live: older "active" rows (a crashed process) are not counted. */
/** Time limits are clamped below the realtime session cap. */
const MAX_CALL_SECONDS = Math.floor(REALTIME_SESSION_CAP_MS / 1000) - 60;

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** Where `ticket` is the call's own socket ticket, neither used nor expired. */
export const unusedTicket = (callId: string, ticket: string) =>
  and(
    eq(callTickets.id, hashTicket(ticket)),
    eq(callTickets.callId, callId),
    isNull(callTickets.usedAt),
    gt(callTickets.expiresAt, new Date()),
  );

export interface StartCallInput {
  simulationId: string;
  /**
   * 'assessment': a candidate's call from an assessment link (no user; server/services/assessments/candidate.ts);
   * 'magic_link': a guest's demo call from a campaign link (no user; server/services/campaigns/guest.ts); both start through server/services/guest-links/.
   * 'lms': a learning system's learner without an account (server/services/lms/launches.ts).
   */
  mode: 'practice' | 'test' | 'dry_run' | 'assessment' | 'magic_link' | 'lms';
  simulationPromptId?: string;
  /** Assignments: the exercise this call answers. */
  exerciseId?: string;
  /** Certifications: the step this call attempts. */
  certificationStepId?: string;
}

export interface StartCallResult {
  callId: string;
  ticket: string;
  wsPath: '/ws/call';
  provider: LiveCallProvider;
  transport: CallTransportSetting;
  timeLimitSeconds: number;
  learnerInstructions: string;
  persona: { name: string; voice: string };
  language: string;
  simulationName: string;
  recordingNotice: true;
}

/**
 * Creates the call row (state 'created'), freezing the scorecard version, the simulation, persona
 * and scenario and the session instructions as they will be sent, plus a single-use ticket
 * (stored as its SHA-256) for the socket upgrade.
 */
export async function startCall({
  tx,
  env,
  actor,
  input,
}: {
  tx: Executor;
  env: Env;
  actor:
    | { tenantId: string; userId: string; role: Role | null }
    | { tenantId: string; userId: null; role: null; candidate: true };
  input: StartCallInput;
}): Promise<StartCallResult> {
  // a candidate or guest (no account) reaches this only through a validated link, in its link's mode
  const candidate = 'candidate' in actor;
  if (candidate !== (input.mode === 'assessment' || input.mode === 'magic_link' || input.mode === 'lms'))
    throw new AppError('FORBIDDEN', 'Assessment, demo and course calls are started from their links');
  if (!candidate && !actor.role) throw new AppError('NO_ROLE', 'You do not have a role yet');
  if (!candidate && input.mode !== 'practice' && !hasRole(actor.role, ['admin', 'sales_manager']))
    throw new AppError('FORBIDDEN', 'Only admins and managers can test a simulation');
  const row = await findSimulationRow(tx, actor.tenantId, input.simulationId);
  if (!row) throw new AppError('NOT_FOUND', 'Simulation not found');
  const simInput = {
    ...simulationInputFromRow(row),
    ...(input.simulationPromptId ? { simulationPromptId: input.simulationPromptId } : {}),
  };
  const ctx = await loadGenerationContext(tx, simInput);
  const instructions = buildSimulationInstructions(ctx, row.scenarioDetails as StoredScenario | null);
  const scorecard = await getScorecardVersion(tx, ctx.scorecard.id);

  const provider: LiveCallProvider =
    env.OPENAI_API_KEY && input.mode !== 'dry_run' && row.callProvider !== 'offline' ? 'openai-realtime' : 'offline';
  const timeLimitSeconds = Math.max(1, Math.min(MAX_CALL_SECONDS, Math.round(Number(row.timeLimitMinutes) * 60)));
  const simulationSnapshot = {
    simulation: {
      id: row.id,
      name: row.name,
      difficulty: row.difficulty,
      language: row.language,
      timeLimitMinutes: Number(row.timeLimitMinutes),
      useCase: row.useCase,
      learnerRole: row.learnerRole,
      instructions: row.instructions,
    },
    persona: ctx.persona,
    scenario: row.scenarioDetails ?? null,
    scenarioSummary: row.scenarioSummary,
    icp: ctx.icp,
    product: ctx.product,
    prompt: instructions.prompt,
    knowledge: ctx.knowledge.map((k) => ({ ...k })),
    // how the call will be scored, frozen now: a prompt edited later does not change this call's report
    evaluation: evaluationContextOf(ctx),
  } as Record<string, unknown>;

  // Assignments: a call for an exercise marks it in_progress and is linked to it.
  const exerciseId =
    input.exerciseId && !('candidate' in actor)
      ? await startExercise({ tx, actor, exerciseId: input.exerciseId, simulationId: row.id })
      : null;

  // Certifications: a call for a step is checked (attempts left, not held yet) and linked to it.
  const certificationStepId =
    input.certificationStepId && !('candidate' in actor) && !exerciseId
      ? await startCertificationAttempt({ tx, actor, stepId: input.certificationStepId, simulationId: row.id })
      : null;

  const [call] = await tx
    .insert(calls)
    .values({
      tenantId: actor.tenantId,
      simulationId: row.id,
      userId: actor.userId,
      exerciseId,
      certificationStepId,
      mode: (exerciseId ? 'exercise' : certificationStepId ? 'certification' : input.mode) as CallMode,
      provider,
      model: provider === 'openai-realtime' ? env.OPENAI_REALTIME_MODEL : 'offline-prospect-v1',
      voice: ctx.persona.voice,
      language: row.language,
      scorecardId: scorecard.id,
      scorecardSnapshot: JSON.parse(JSON.stringify(scorecard)) as Record<string, unknown>,
      simulationSnapshot,
      instructions: instructions.text,
      timeLimitSeconds,
    })
    .returning({ id: calls.id });

  return {
    callId: call.id,
    ticket: '',
    wsPath: '/ws/call',
    provider,
    transport: provider === 'openai-realtime' ? await getCallTransport(tx, actor.tenantId) : 'relay',
    timeLimitSeconds,
    learnerInstructions: row.instructions,
    persona: { name: ctx.persona.name, voice: ctx.persona.voice },
    language: row.language,
    simulationName: row.name,
    recordingNotice: true,
  };
}

/** Issues the call's single-use socket ticket (system path: call_tickets has no tenant policy for the app role). */
export async function issueTicket(
  db: Db,
  env: Env,
  t: { tenantId: string; callId: string; userId: string | null },
): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await asSystem(db, { action: 'calls.ticket.issue', actorUserId: t.userId, tenantId: t.tenantId }, (tx) =>
    tx.insert(callTickets).values({
      id: hashTicket(ticket),
      tenantId: t.tenantId,
      callId: t.callId,
      userId: t.userId,
      expiresAt: new Date(Date.now() + env.CALL_TICKET_TTL_SECONDS * 1000),
    }),
  );
  return ticket;
}

/** Consumes a ticket atomically (system path: the socket has no tenant yet). Null when missing, expired, used or for another call. */
export async function consumeTicket(
  db: Db,
  callId: string,
  ticket: string,
): Promise<{ tenantId: string; userId: string | null } | null> {
  const [row] = await asSystem(db, { action: 'calls.ticket' }, (tx) =>
    tx
      .update(callTickets)
      .set({ usedAt: new Date() })
      .where(unusedTicket(callId, ticket))
      .returning({ tenantId: callTickets.tenantId, userId: callTickets.userId }),
  );
  return row ?? null;
}

/** The call's owner and state, for the upgrade (system path). */
/**
 * The tenant of a call whose ticket this is, issued within `windowMs`, used or not (the recording
 * upload after the socket consumed it): a userless call (a candidate's, a guest's), or a call of
 * the user the ticket was issued to (a learner's from a learning system, who has no session).
 * Null otherwise.
 */
export async function ticketHolder({
  db,
  callId,
  ticket,
  windowMs,
}: {
  db: Db;
  callId: string;
  ticket: string;
  windowMs: number;
}): Promise<{ tenantId: string } | null> {
  const [row] = await asSystem(db, { action: 'calls.ticket.holder' }, (tx) =>
    tx
      .select({ tenantId: callTickets.tenantId })
      .from(callTickets)
      .innerJoin(calls, eq(calls.id, callTickets.callId))
      .where(
        and(
          eq(callTickets.id, hashTicket(ticket)),
          eq(callTickets.callId, callId),
          or(isNull(calls.userId), eq(callTickets.userId, calls.userId)),
          gt(callTickets.createdAt, new Date(Date.now() - windowMs)),
        ),
      )
      .limit(1),
  );
  return row ?? null;
}

export async function findCallForUpgrade(db: Db, callId: string) {
  const [row] = await asSystem(db, { action: 'calls.upgrade' }, (tx) =>
    tx.select().from(calls).where(eq(calls.id, callId)).limit(1),
  );
  return row ?? null;
}

/**
 * A link's call that never connected (its page is gone before the socket opened) is marked failed,
 * so the link can be used again; `olderThan` limits it to calls made before then (their ticket has
 * expired unused). Says whether the call was released — a call that connected never is.
 */
export async function failUnconnectedCall({
  tx,
  callId,
  now,
  olderThan,
}: {
  tx: Executor;
  callId: string;
  now: Date;
  olderThan: Date | null;
}): Promise<boolean> {
  const released = await tx
    .update(calls)
    .set({ state: 'failed', endReason: 'client_dropped', endDetail: 'the call was never connected', endedAt: now })
    .where(
      and(eq(calls.id, callId), eq(calls.state, 'created'), ...(olderThan ? [lt(calls.createdAt, olderThan)] : [])),
    )
    .returning({ id: calls.id });
  return released.length === 1;
}

/*
 * The live call's writes below take the call's TenantRunner: the call's start (its socket, after
 * the ticket or the owner's session was checked) opened it, and the call's session passes it down.
 */

export async function setCallState({
  tenant,
  callId,
  state,
  connectedAt,
}: {
  tenant: TenantRunner;
  callId: string;
  state: 'dialing' | 'ringing' | 'connected';
  connectedAt?: Date;
}) {
  await tenant(async (tx) => {
    const [row] = await tx
      .update(calls)
      .set({ state, ...(connectedAt ? { connectedAt } : {}) })
      .where(eq(calls.id, callId))
      .returning({ mode: calls.mode });
    if (row && state === 'connected') await markGuestLinkCallLive(tx, row.mode, callId);
  });
}

export interface TurnRecord {
  seq: number;
  itemId: string;
  speaker: 'rep' | 'prospect';
  text: string;
  startMs: number;
  endMs: number | null;
  interrupted: boolean;
  playedMs: number | null;
  responseLatencyMs: number | null;
}

export async function insertTurn({
  tenant,
  tenantId,
  callId,
  turn: t,
}: {
  tenant: TenantRunner;
  tenantId: string;
  callId: string;
  turn: TurnRecord;
}) {
  await tenant((tx) => tx.insert(callTurns).values({ tenantId, callId, ...t }));
}

export async function markTurnInterrupted({
  tenant,
  callId,
  itemId,
  playedMs,
}: {
  tenant: TenantRunner;
  callId: string;
  itemId: string;
  playedMs: number;
}) {
  await tenant((tx) =>
    tx
      .update(callTurns)
      .set({ interrupted: true, playedMs })
      .where(and(eq(callTurns.callId, callId), eq(callTurns.itemId, itemId))),
  );
}

/** When a stored turn's audio stopped playing (WebRTC: the model's output buffer says so after the text is final). */
export async function setTurnEnd({
  tenant,
  callId,
  itemId,
  endMs,
}: {
  tenant: TenantRunner;
  callId: string;
  itemId: string;
  endMs: number;
}) {
  await tenant((tx) =>
    tx
      .update(callTurns)
      .set({ endMs })
      .where(and(eq(callTurns.callId, callId), eq(callTurns.itemId, itemId))),
  );
}

export async function insertMetrics(
  tenant: TenantRunner,
  m: { tenantId: string; callId: string; source: 'browser' | 'server'; samples: Record<string, unknown>[] },
) {
  await tenant((tx) => tx.insert(callMetrics).values(m));
}

export interface CallOutcome {
  reason: CallEndReason;
  detail: string | null;
  durationMs: number;
  usage: CallUsage | null;
  costEstimateUsd: number | null;
  serverMetrics: Record<string, unknown>;
  repTurns: number;
}

/**
 * Ends the call once (only a call not yet ended is updated) and marks the frozen scorecard
 * version used when the rep said something. Returns false when the call was already ended.
 */
export async function finishCall({
  tenant,
  tenantId,
  callId,
  outcome: o,
}: {
  tenant: TenantRunner;
  tenantId: string;
  callId: string;
  outcome: CallOutcome;
}): Promise<boolean> {
  return tenant(async (tx) => {
    const r = await tx
      .update(calls)
      .set({
        state: 'ended',
        endReason: o.reason,
        endDetail: o.detail,
        endedAt: new Date(),
        durationMs: Math.round(o.durationMs),
        usage: o.usage,
        costEstimateUsd: o.costEstimateUsd,
        serverMetrics: o.serverMetrics,
      })
      .where(and(eq(calls.id, callId), sql`${calls.state} <> 'ended'`))
      .returning({ scorecardId: calls.scorecardId, mode: calls.mode });
    if (r.length && r[0].scorecardId && o.repTurns > 0) {
      await markScorecardUsed(tx, r[0].scorecardId).catch(unlessScorecardGone);
    }
    if (r.length) await markGuestLinkCallEnded({ tx, mode: r[0].mode, callId, repTurns: o.repTurns });
    // a call the rep spoke in gets its evaluation; job and pending report commit with the end
    if (r.length && o.repTurns > 0) await enqueueEvaluation(tx, { tenantId, callId });
    return r.length === 1;
  });
}

function callSummarySelect() {
  return {
    id: calls.id,
    simulationId: calls.simulationId,
    mode: calls.mode,
    provider: calls.provider,
    model: calls.model,
    language: calls.language,
    state: calls.state,
    endReason: calls.endReason,
    endDetail: calls.endDetail,
    timeLimitSeconds: calls.timeLimitSeconds,
    startedAt: calls.startedAt,
    connectedAt: calls.connectedAt,
    endedAt: calls.endedAt,
    durationMs: calls.durationMs,
    createdAt: calls.createdAt,
    userId: calls.userId,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A call of the tenant visible to `viewer`: their own, or any when they are an admin/manager. */
export async function getCall(tx: Executor, viewer: { userId: string; role: Role | null }, callId: string) {
  const [row] = await tx.select(callSummarySelect()).from(calls).where(eq(calls.id, callId)).limit(1);
  if (!row || (row.userId !== viewer.userId && !hasRole(viewer.role, ['admin', 'sales_manager'])))
    throw new AppError('NOT_FOUND', 'Call not found');
  const turns = await tx
    .select({
      seq: callTurns.seq,
      itemId: callTurns.itemId,
      speaker: callTurns.speaker,
      text: callTurns.text,
      startMs: callTurns.startMs,
      endMs: callTurns.endMs,
      interrupted: callTurns.interrupted,
    })
    .from(callTurns)
    .where(eq(callTurns.callId, callId))
    .orderBy(asc(callTurns.seq));
  const { userId: _u, ...rest } = row;
  return {
    ...rest,
    startedAt: iso(row.startedAt),
    connectedAt: iso(row.connectedAt),
    endedAt: iso(row.endedAt),
    createdAt: row.createdAt.toISOString(),
    turns,
  };
}

export async function listCalls(tx: Executor, userId: string, limit = 50) {
  const rows = await tx
    .select(callSummarySelect())
    .from(calls)
    .where(eq(calls.userId, userId))
    .orderBy(desc(calls.createdAt))
    .limit(limit);
  return rows.map(({ userId: _u, ...r }) => ({
    ...r,
    startedAt: iso(r.startedAt),
    connectedAt: iso(r.connectedAt),
    endedAt: iso(r.endedAt),
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Ends a call whose socket is gone (HTTP fallback). A live session in this process ends itself;
 * otherwise the row is closed here with what was recorded.
 */
export async function endCallRow(tx: Executor, userId: string, callId: string): Promise<boolean> {
  const [row] = await tx
    .select({
      id: calls.id,
      tenantId: calls.tenantId,
      userId: calls.userId,
      state: calls.state,
      connectedAt: calls.connectedAt,
    })
    .from(calls)
    .where(eq(calls.id, callId))
    .limit(1);
  if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', 'Call not found');
  if (row.state === 'ended') return false;
  const [{ n }] = await tx
    .select({ n: count() })
    .from(callTurns)
    .where(and(eq(callTurns.callId, callId), eq(callTurns.speaker, 'rep')));
  const [card] = await tx.select({ scorecardId: calls.scorecardId }).from(calls).where(eq(calls.id, callId));
  if (Number(n) > 0 && card?.scorecardId) await markScorecardUsed(tx, card.scorecardId).catch(unlessScorecardGone);
  await tx
    .update(calls)
    .set({
      state: 'ended',
      endReason: 'user_hangup',
      endDetail: 'ended over HTTP (no live socket)',
      endedAt: new Date(),
      durationMs: row.connectedAt ? Date.now() - row.connectedAt.getTime() : 0,
    })
    .where(eq(calls.id, callId));
  if (Number(n) > 0) await enqueueEvaluation(tx, { tenantId: row.tenantId, callId });
  return true;
}

/**
 * What the rep may read before starting (the exercise page): no scenario details, nothing the
 * prospect hides. Any signed-in user with a role; RLS keeps it to the user's tenant.
 */
export async function previewSimulation(tx: Executor, env: Env, simulationId: string) {
  const [row] = await tx
    .select({
      id: simulations.id,
      name: simulations.name,
      difficulty: simulations.difficulty,
      timeLimitMinutes: simulations.timeLimitMinutes,
      instructions: simulations.instructions,
      language: simulations.language,
      callProvider: simulations.callProvider,
      personaName: personas.name,
    })
    .from(simulations)
    .leftJoin(personas, eq(personas.id, simulations.personaId))
    .where(eq(simulations.id, simulationId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Simulation not found');
  return {
    simulationId: row.id,
    name: row.name,
    personaName: row.personaName ?? null,
    difficulty: row.difficulty,
    timeLimitSeconds: Math.max(1, Math.min(MAX_CALL_SECONDS, Math.round(Number(row.timeLimitMinutes) * 60))),
    learnerInstructions: row.instructions,
    language: row.language,
    provider: (env.OPENAI_API_KEY && row.callProvider !== 'offline'
      ? 'openai-realtime'
      : 'offline') as LiveCallProvider,
  };
}

/** A scorecard deleted since the call started is the one failure "mark it used" may meet; anything else is thrown. */
function unlessScorecardGone(e: unknown): void {
  if (isAppError(e) && e.code === 'NOT_FOUND') return;
  throw e;
}
