import { and, asc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import type { TenantRunner } from '../../../db/tenant';
import { callRecordings, callTurns } from '../../../db/schema/calls';
import { simulations } from '../../../db/schema/simulations';
import { reportOverrides, reports, type CriterionResult } from '../../../db/schema/reports';
import { users } from '../../../db/schema/auth';
import { assessments } from '../../../db/schema/assessments';
import { magicLinks } from '../../../db/schema/campaigns';
import { AppError } from '../../errors';
import { ACCESS } from '../../access/roles';
import { hasRole } from '../../contracts/roles';
import type { CriterionReport, OverrideEntry, OverrideInput, ReportStatus, ReportView } from '../../contracts/reports';
import { summaryBlocks, weakestCriteria } from '../../contracts/report-format';
import { callForViewer, canSeeAllReports, type ReportCall, type ReportViewer } from './access';
import { computeScore, evaluationJobStatus, retryEvaluation } from '../../evaluation';
import { snapshotCriteria, snapshotSimulation } from './snapshot';
import { syncExerciseScore } from '../assignments/assignments';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

async function reportRow(tx: Executor, callId: string, forUpdate = false) {
  const q = tx.select().from(reports).where(eq(reports.callId, callId)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

const lvl = (v: unknown): 0 | 1 | 2 | null => (v === 0 || v === 1 || v === 2 ? v : null);

/** Joins each evaluated criterion with its level descriptions from the scorecard frozen on the call. */
function criteriaView(call: ReportCall, results: CriterionResult[] | null): CriterionReport[] {
  const frozen = snapshotCriteria(call.scorecardSnapshot);
  return (results ?? []).map((c) => {
    const f = frozen.find((x) => x.id === c.criterionId) ?? frozen.find((x) => x.name === c.name);
    return {
      criterionId: c.criterionId,
      name: c.name || f?.name || '',
      description: f?.description ?? '',
      level: lvl(c.level),
      originalLevel: lvl(c.originalLevel ?? c.level),
      proposedLevel: lvl(c.proposedLevel),
      note: c.note ?? null,
      rationale: c.rationale ?? '',
      evidence: (c.evidence ?? []).map((e) => ({
        quote: e.quote,
        turnSeq: e.turnSeq,
        startMs: e.startMs,
        start: e.start ?? null,
        end: e.end ?? null,
      })),
      rejected: (c.rejected ?? []).map((r) => ({ quote: r.quote, turnSeq: r.turnSeq ?? null, reason: r.reason })),
      agreement: c.agreement ?? null,
      unverified: !!c.unverified,
      levelDescriptions: f?.levelDescriptions ?? ['', '', ''],
    };
  });
}

/**
 * The call's evidence integrity for a model report: quotes verified / quotes proposed, over the
 * criteria shown. Null for the offline evaluator (its quotes are the transcript's sentences) and
 * for reports from before the check kept the refused quotes.
 */
function integrityOf(
  evaluator: string | null,
  criteria: CriterionReport[],
): { verified: number; proposed: number } | null {
  if (evaluator !== 'model' || !criteria.some((c) => c.proposedLevel !== null)) return null;
  const verified = criteria.reduce((a, c) => a + c.evidence.length, 0);
  return { verified, proposed: verified + criteria.reduce((a, c) => a + c.rejected.length, 0) };
}

async function overridesOf(tx: Executor, reportId: string, criteria: CriterionReport[]): Promise<OverrideEntry[]> {
  const rows = await tx
    .select({
      id: reportOverrides.id,
      criterionId: reportOverrides.criterionId,
      fromLevel: reportOverrides.fromLevel,
      toLevel: reportOverrides.toLevel,
      note: reportOverrides.note,
      scoreAfter: reportOverrides.scoreAfter,
      createdAt: reportOverrides.createdAt,
      displayName: users.displayName,
      username: users.username,
    })
    .from(reportOverrides)
    .leftJoin(users, eq(users.id, reportOverrides.userId))
    .where(eq(reportOverrides.reportId, reportId))
    .orderBy(asc(reportOverrides.createdAt), asc(reportOverrides.id));
  return rows.map((r) => ({
    id: r.id,
    criterionId: r.criterionId,
    criterionName: criteria.find((c) => c.criterionId === r.criterionId)?.name ?? r.criterionId,
    fromLevel: r.fromLevel,
    toLevel: r.toLevel,
    note: r.note,
    userName: r.displayName?.trim() || r.username || null,
    scoreAfter: r.scoreAfter,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Everything the report page and the HTML download show. */
/** A hiring assessment's or a campaign guest's call has no user: the candidate's or guest's name stands for the rep's. */
async function candidateOf(tx: Executor, callId: string) {
  const [a] = await tx
    .select({ candidate: assessments.candidate })
    .from(assessments)
    .where(eq(assessments.callId, callId))
    .limit(1);
  if (a)
    return [
      {
        displayName: `${a.candidate.firstName} ${a.candidate.lastName}`.trim(),
        username: null,
        email: a.candidate.email,
      },
    ];
  const [g] = await tx
    .select({ firstName: magicLinks.firstName, email: magicLinks.email })
    .from(magicLinks)
    .where(eq(magicLinks.callId, callId))
    .limit(1);
  return g ? [{ displayName: g.firstName, username: null, email: g.email }] : [];
}

export async function getReport(tx: Executor, viewer: ReportViewer, callId: string): Promise<ReportView> {
  const call = await callForViewer(tx, viewer, callId);
  const row = await reportRow(tx, callId);
  const sim = snapshotSimulation(call.simulationSnapshot);
  const [rep] = call.userId
    ? await tx
        .select({ displayName: users.displayName, username: users.username, email: users.email })
        .from(users)
        .where(eq(users.id, call.userId))
        .limit(1)
    : await candidateOf(tx, callId);
  const turns = await tx
    .select({
      seq: callTurns.seq,
      speaker: callTurns.speaker,
      speakerName: callTurns.speakerName,
      text: callTurns.text,
      startMs: callTurns.startMs,
      endMs: callTurns.endMs,
    })
    .from(callTurns)
    .where(eq(callTurns.callId, callId))
    .orderBy(asc(callTurns.seq));
  const [recording] = await tx
    .select({ callId: callRecordings.callId })
    .from(callRecordings)
    .where(eq(callRecordings.callId, callId))
    .limit(1);
  const criteria = row ? criteriaView(call, row.criteria) : [];
  return {
    status: row?.status ?? 'pending',
    call: {
      callId: call.id,
      simulationName: sim.name,
      personaName: sim.personaName,
      difficulty: sim.difficulty,
      repName: rep ? rep.displayName?.trim() || rep.username || rep.email : null,
      durationMs: call.durationMs,
      date: (call.startedAt ?? call.createdAt).toISOString(),
      provider: call.provider,
      language: call.language,
      state: call.state,
      demo: Boolean(call.demo),
      realCall: call.mode === 'meeting',
    },
    report: row
      ? {
          id: row.id,
          evaluator: row.evaluator ?? null,
          evaluatorVersion: row.evaluatorVersion,
          model: row.model,
          score: row.score,
          originalScore: row.originalScore,
          integrity: integrityOf(row.evaluator ?? null, criteria),
          samples:
            row.evaluator === 'model'
              ? criteria.reduce<number | null>(
                  (n, c) => (c.agreement ? Math.max(n ?? 0, c.agreement.samples) : n),
                  null,
                )
              : null,
          summary: row.summary,
          // a review changes what counts as a strength or a suggestion, as it changes the score
          ...summaryBlocks(
            criteria,
            row.strengths ?? [],
            (row.improvements ?? []).map((i) => ({ what: i.what ?? '', why: i.why ?? '', example: i.example ?? '' })),
          ),
          criteria,
          analytics: row.analytics ?? null,
          language: row.language,
          error: row.error,
          completedAt: iso(row.completedAt),
        }
      : null,
    turns,
    hasRecording: !!recording,
    overrides: row ? await overridesOf(tx, row.id, criteria) : [],
    canReview: canSeeAllReports(viewer.role),
    audience: 'staff',
    drill: await drillOf(tx, call.simulationId, criteria),
    canPractise:
      row?.status === 'ready' && hasRole(viewer.role, ACCESS.callers) && weakestCriteria(criteria).length > 0,
    drills: await tx
      .select({ simulationId: simulations.id, name: simulations.name })
      .from(simulations)
      .where(and(eq(simulations.sourceCallId, callId), eq(simulations.kind, 'drill')))
      .orderBy(asc(simulations.createdAt)),
  };
}

/**
 * When the call is a drill attempt: the moment of the source call the drill trains, and each
 * trained criterion's level and quote in the source call and in this one (matched by name, as the
 * scorecard may have a new version since).
 */
async function drillOf(
  tx: Executor,
  simulationId: string | null,
  now: CriterionReport[],
): Promise<ReportView['drill']> {
  if (!simulationId) return null;
  const [sim] = await tx
    .select({
      kind: simulations.kind,
      sourceCallId: simulations.sourceCallId,
      moment: simulations.sourceMoment,
      trained: simulations.drillCriteria,
    })
    .from(simulations)
    .where(eq(simulations.id, simulationId));
  if (!sim || sim.kind !== 'drill' || !sim.moment) return null;
  const [source] = sim.sourceCallId
    ? await tx.select({ criteria: reports.criteria }).from(reports).where(eq(reports.callId, sim.sourceCallId))
    : [];
  const before = source?.criteria ?? [];
  const trained = before.filter((c) => (sim.trained ?? []).includes(c.criterionId));
  const levelQuote = (c: { level: number | null; evidence: { quote: string }[] } | undefined) =>
    c ? { level: c.level, quote: c.level && c.level > 0 ? (c.evidence[0]?.quote ?? null) : null } : null;
  return {
    sourceCallId: sim.sourceCallId,
    moment: {
      turnSeq: sim.moment.turnSeq,
      quote: sim.moment.quote,
      speaker: sim.moment.speaker,
      criterionName: sim.moment.criterionName,
    },
    progress: trained.map((c) => ({
      criterionId: c.criterionId,
      name: c.name,
      before: levelQuote(c),
      now: levelQuote(now.find((x) => x.name === c.name)),
    })),
  };
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export async function getReportStatus(tx: Executor, viewer: ReportViewer, callId: string): Promise<ReportStatus> {
  const call = await callForViewer(tx, viewer, callId);
  const row = await reportRow(tx, callId);
  const job = await evaluationJobStatus(tx, callId);
  const p = (job?.progress ?? null) as Record<string, unknown> | null;
  const callEnded = call.state === 'ended' || call.state === 'failed';
  const spoke = await repSpoke(tx, callId);
  return {
    status: row?.status ?? 'pending',
    callEnded,
    canRetry: retryable(row?.status ?? null, callEnded, !!job, spoke),
    nothingToScore: callEnded && !row && !job && !spoke,
    job: job
      ? {
          status: job.status,
          attempts: job.attempts,
          maxAttempts: job.maxAttempts,
          progress: p
            ? { phase: typeof p.phase === 'string' ? p.phase : null, done: num(p.done), total: num(p.total) }
            : null,
          lastError: job.lastError,
          runAt: job.nextRunAt,
        }
      : null,
    error: row?.error ?? null,
  };
}

/**
 * Manager review: sets one criterion's level, recomputes the score from all levels, and records
 * the change with its note. The evaluator's levels (`originalLevel`) and score (`originalScore`)
 * stay as they were. Runs in the request transaction, the report row locked.
 */
export async function overrideCriterion(tx: Executor, viewer: ReportViewer, input: OverrideInput) {
  if (!canSeeAllReports(viewer.role)) throw new AppError('FORBIDDEN', 'Only managers and admins can review a report');
  await callForViewer(tx, viewer, input.callId);
  const row = await reportRow(tx, input.callId, true);
  if (!row || row.status !== 'ready' || !row.criteria) throw new AppError('CONFLICT', 'The report is not ready');
  const current = row.criteria.find((c) => c.criterionId === input.criterionId);
  if (!current) throw new AppError('NOT_FOUND', 'Criterion not found');
  if (input.fromLevel !== undefined && current.level !== input.fromLevel) {
    throw new AppError('CONFLICT', 'The level was changed by someone else meanwhile', {
      fieldErrors: { level: ['reports.review.changedMeanwhile'] },
      currentLevel: current.level,
    });
  }
  if (current.level === input.level) {
    throw new AppError('VALIDATION', 'The level is unchanged', {
      fieldErrors: { level: ['reports.review.levelUnchanged'] },
    });
  }
  const level = input.level as 0 | 1 | 2;
  const criteria = row.criteria.map((c) =>
    c.criterionId === input.criterionId
      ? { ...c, level, originalLevel: c.originalLevel === undefined ? c.level : c.originalLevel }
      : c,
  );
  // at least the criterion just reviewed has a level, so there is a score
  const score = computeScore(criteria.map((c) => c.level))!;
  await tx.update(reports).set({ criteria, score }).where(eq(reports.id, row.id));
  await syncExerciseScore(tx, row.id, score); // assignments: the exercise shows the reviewed score
  await tx.insert(reportOverrides).values({
    tenantId: row.tenantId,
    reportId: row.id,
    criterionId: input.criterionId,
    fromLevel: current.level,
    toLevel: level,
    note: input.note,
    userId: viewer.userId,
    scoreAfter: score,
  });
  return {
    score,
    criterionId: input.criterionId,
    level,
    originalLevel: current.originalLevel === undefined ? current.level : current.originalLevel,
  };
}

/**
 * Retry of a failed report (or the first start of a never-queued one): checks access and state
 * under the tenant's RLS, then asks the evaluation engine to requeue the job (its own system
 * transaction, so after ours).
 */
/**
 * Failed, or ended with no evaluation job at all although the rep spoke (e.g. a call that ended
 * before evaluation existed). A call without a rep turn is never evaluated (as at the call's end).
 */
function retryable(status: string | null, callEnded: boolean, hasJob: boolean, repSpoke: boolean): boolean {
  return status === 'failed' || (callEnded && !hasJob && repSpoke && status !== 'ready');
}

async function repSpoke(tx: Executor, callId: string): Promise<boolean> {
  const [turn] = await tx
    .select({ seq: callTurns.seq })
    .from(callTurns)
    .where(and(eq(callTurns.callId, callId), eq(callTurns.speaker, 'rep')))
    .limit(1);
  return !!turn;
}

export async function retryReport({
  db,
  tenant,
  tenantId,
  viewer,
  callId,
}: {
  /** For the evaluation job's requeue (system path: the jobs table). */
  db: Db;
  /** The request's tenant transactions, on `tenantId`. */
  tenant: TenantRunner;
  tenantId: string;
  viewer: ReportViewer;
  callId: string;
}): Promise<{ status: 'pending' | 'running' | 'ready' | 'failed' }> {
  const ok = await tenant(async (tx) => {
    const call = await callForViewer(tx, viewer, callId);
    const status = (await reportRow(tx, callId))?.status ?? null;
    return retryable(
      status,
      call.state === 'ended' || call.state === 'failed',
      !!(await evaluationJobStatus(tx, callId)),
      await repSpoke(tx, callId),
    );
  });
  if (!ok) throw new AppError('CONFLICT', 'Only a failed report can be retried');
  await retryEvaluation(db, callId, { tenantId });
  return { status: 'pending' };
}
