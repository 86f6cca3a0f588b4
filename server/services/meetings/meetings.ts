import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { callTurns, calls, meetings, reports, scorecards, simulations } from '../../../db/schema';
import type { TenantRunner } from '../../../db/tenant';
import type { MeetingRow, ScoreTranscriptInput, TranscriptPreview } from '../../contracts/meetings';
import type { Language } from '../../contracts/languages';
import { AppError } from '../../errors';
import { loadGenerationContext, simulationInputFromRow } from '../../ai/context';
import { enqueueEvaluation, evaluationContextOf } from '../../evaluation/evaluate';
import { loadEvaluationContext } from '../../evaluation/input';
import { getScorecardVersion, markScorecardUsed } from '../scorecards/scorecards';
import { findSimulationRow } from '../simulations/simulations';
import { readCallTranscript, type ParsedTranscript } from './transcript';

const invalid = (field: string, key: string, message: string) =>
  new AppError('VALIDATION', message, { fieldErrors: { [field]: [key] } });

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** Which speaker is the rep, by the user's name: the full name, else a speaker who is the first name alone. */
export function suggestRep(speakers: string[], userName: string): string | null {
  const name = fold(userName);
  if (!name) return null;
  const exact = speakers.find((s) => fold(s) === name);
  if (exact) return exact;
  const first = name.split(/\s+/)[0];
  const byFirst = speakers.filter((s) => fold(s).split(/\s+/)[0] === first);
  return byFirst.length === 1 ? byFirst[0] : null;
}

/** What a transcript file holds, before it is scored: the format, the speakers and how much each said. */
export function previewTranscript(content: string, userName: string): TranscriptPreview {
  const t = readCallTranscript(content);
  return {
    format: t.format,
    turns: t.segments.length,
    durationMs: t.durationMs,
    speakers: t.speakers.map((name) => {
      const own = t.segments.filter((s) => s.speaker === name);
      return { name, turns: own.length, words: own.reduce((n, s) => n + words(s.text), 0) };
    }),
    suggestedRep: suggestRep(t.speakers, userName),
  };
}

export interface RealCallActor {
  tenantId: string;
  userId: string;
  /** The language the report is written in when no simulation says it. */
  language: Language;
}

/** A user's request about their own real calls: their tenant's runner, who they are, what they sent (and the time, for tests). */
export interface RealCallRequest<Input> {
  tenant: TenantRunner;
  actor: RealCallActor;
  input: Input;
  now?: Date;
}

/** What a real call is scored with: its title, scorecard, optional simulation context and the rep's speaker. */
export interface RealCallChoice {
  title: string;
  scorecardId: string;
  simulationId?: string | null;
  repSpeaker: string;
}

/**
 * Stores a real call to be scored, as practice calls are: the call (mode 'meeting', the customer
 * side played by people) with the scorecard frozen now and the evaluation context of the chosen
 * simulation (else the tenant's default), its turns as spoken (the rep's speaker is 'rep', everyone
 * else the customer side, each keeping their name), and its evaluation job — in the caller's
 * tenant transaction. The report follows from the job.
 */
export async function recordRealCall({
  tx,
  actor,
  transcript: t,
  choice,
  now = new Date(),
}: {
  tx: Executor;
  actor: RealCallActor;
  transcript: ParsedTranscript;
  choice: RealCallChoice;
  now?: Date;
}): Promise<{ callId: string; scorecardId: string; durationMs: number }> {
  if (!t.speakers.includes(choice.repSpeaker))
    throw invalid('repSpeaker', 'meetings.validation.repUnknown', 'That speaker is not in the transcript');
  const customers = t.speakers.filter((s) => s !== choice.repSpeaker);
  const scorecard = await getScorecardVersion(tx, choice.scorecardId).catch(() => {
    throw invalid('scorecardId', 'meetings.validation.scorecardRequired', 'Scorecard not found');
  });
  let simulation: Record<string, unknown> = { name: choice.title };
  let extra: Record<string, unknown> = {};
  let evaluation;
  let language: string = actor.language;
  if (choice.simulationId) {
    const row = await findSimulationRow(tx, actor.tenantId, choice.simulationId);
    if (!row) throw invalid('simulationId', 'meetings.validation.simulationUnknown', 'Simulation not found');
    const ctx = await loadGenerationContext(tx, simulationInputFromRow(row));
    evaluation = evaluationContextOf(ctx);
    language = row.language;
    simulation = {
      id: row.id,
      name: choice.title,
      context: row.name,
      difficulty: row.difficulty,
      learnerRole: row.learnerRole,
      useCase: row.useCase,
      instructions: row.instructions,
    };
    extra = {
      icp: ctx.icp,
      product: ctx.product,
      scenario: row.scenarioDetails ?? null,
      scenarioSummary: row.scenarioSummary,
    };
  } else {
    evaluation = await loadEvaluationContext(tx, actor.tenantId, null);
    extra = { scenarioSummary: `A real sales call: ${choice.title}` };
  }
  const durationMs = t.durationMs ?? 0;
  const [call] = await tx
    .insert(calls)
    .values({
      tenantId: actor.tenantId,
      simulationId: choice.simulationId ?? null,
      userId: actor.userId,
      mode: 'meeting',
      provider: 'human',
      language,
      state: 'ended',
      endReason: 'completed',
      scorecardId: scorecard.id,
      scorecardSnapshot: JSON.parse(JSON.stringify(scorecard)) as Record<string, unknown>,
      simulationSnapshot: {
        realCall: true,
        simulation,
        persona: { name: customers.join(', ') || 'the customer' },
        evaluation,
        ...extra,
      } as Record<string, unknown>,
      timeLimitSeconds: Math.max(1, Math.ceil(durationMs / 1000)),
      startedAt: new Date(now.getTime() - durationMs),
      connectedAt: new Date(now.getTime() - durationMs),
      endedAt: now,
      durationMs,
    })
    .returning({ id: calls.id });
  const rows = t.segments.map((s, i) => ({
    tenantId: actor.tenantId,
    callId: call.id,
    seq: i + 1,
    itemId: `transcript-${i + 1}`,
    speaker: s.speaker === choice.repSpeaker ? ('rep' as const) : ('prospect' as const),
    speakerName: s.speaker,
    text: s.text,
    startMs: s.startMs,
    endMs: s.endMs,
  }));
  for (let i = 0; i < rows.length; i += 500) await tx.insert(callTurns).values(rows.slice(i, i + 500));
  await markScorecardUsed(tx, scorecard.id);
  await enqueueEvaluation(tx, { tenantId: actor.tenantId, callId: call.id });
  return { callId: call.id, scorecardId: scorecard.id, durationMs };
}

/** Scores a real call from an uploaded transcript file: the call, its meeting row and its evaluation job, in one transaction. */
export async function scoreTranscript({
  tenant,
  actor,
  input,
  now = new Date(),
}: RealCallRequest<ScoreTranscriptInput>): Promise<{ meetingId: string; callId: string }> {
  const t = readCallTranscript(input.content);
  if (!t.speakers.includes(input.repSpeaker))
    throw invalid('repSpeaker', 'meetings.validation.repUnknown', 'That speaker is not in the transcript');
  return tenant(async (tx) => {
    const { callId, scorecardId, durationMs } = await recordRealCall({ tx, actor, transcript: t, choice: input, now });
    const [meeting] = await tx
      .insert(meetings)
      .values({
        tenantId: actor.tenantId,
        userId: actor.userId,
        source: 'upload',
        title: input.title,
        status: 'processing',
        scorecardId,
        simulationId: input.simulationId ?? null,
        callId,
        fileName: input.fileName || null,
        speakers: t.speakers,
        repSpeaker: input.repSpeaker,
        durationMs,
      })
      .returning({ id: meetings.id });
    return { meetingId: meeting.id, callId };
  });
}

/** The report of a real call is final: the meeting is done (or failed). Runs in the transaction that saves the report. */
export async function onMeetingReport({
  tx,
  callId,
  status,
  error = null,
}: {
  tx: Executor;
  callId: string;
  status: 'ready' | 'failed';
  error?: string | null;
}) {
  await tx
    .update(meetings)
    .set({
      status: status === 'ready' ? 'done' : 'failed',
      failure: status === 'ready' ? null : 'report_failed',
      error,
      updatedAt: new Date(),
    })
    .where(and(eq(meetings.callId, callId), inArray(meetings.status, ['processing'])));
}

/** When a real call was held: the moment its report shows (the call's start), else when the row was made. */
const HELD_AT = sql<Date>`coalesce(${calls.startedAt}, ${calls.createdAt}, ${meetings.createdAt})`.mapWith(
  calls.startedAt,
);

/** The user's real calls, newest first, with their report's state and score. */
export async function listMeetings(tx: Executor, userId: string): Promise<MeetingRow[]> {
  const rows = await tx
    .select({ m: meetings, reportStatus: reports.status, score: reports.score, heldAt: HELD_AT })
    .from(meetings)
    .leftJoin(reports, eq(reports.callId, meetings.callId))
    .leftJoin(calls, eq(calls.id, meetings.callId))
    .where(eq(meetings.userId, userId))
    .orderBy(desc(meetings.createdAt), desc(meetings.id))
    .limit(200);
  return rows.map(({ m, reportStatus, score, heldAt }) => ({
    id: m.id,
    title: m.title,
    source: m.source,
    status: m.status,
    failure: m.failure ?? null,
    detail: m.status === 'failed' ? (m.error ?? m.botDetail) : m.botDetail,
    meetingUrl: m.meetingUrl,
    botName: m.botName,
    joinAt: m.joinAt?.toISOString() ?? null,
    callId: m.callId,
    durationMs: m.durationMs,
    speakers: m.speakers,
    repSpeaker: m.repSpeaker,
    reportStatus: reportStatus ?? 'none',
    score: reportStatus === 'ready' && score !== null ? Number(score) : null,
    createdAt: m.createdAt.toISOString(),
    heldAt: heldAt.toISOString(),
  }));
}

/** What a real call can be scored with: the tenant's current scorecards, and the simulations whose context may apply. */
export async function realCallOptions(tx: Executor) {
  const cards = await tx
    .select({ id: scorecards.id, name: scorecards.name })
    .from(scorecards)
    .where(and(eq(scorecards.isCurrent, true), isNull(scorecards.deletedAt)))
    .orderBy(asc(sql`lower(${scorecards.name})`), asc(scorecards.id));
  const sims = await tx
    .select({ id: simulations.id, name: simulations.name, scorecardId: simulations.scorecardId })
    .from(simulations)
    .orderBy(asc(sql`lower(${simulations.name})`), asc(simulations.id));
  return { scorecards: cards, simulations: sims };
}
