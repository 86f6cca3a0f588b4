import { inSpan } from '../telemetry/tracing';
import { evaluationDuration } from '../metrics/metrics';
import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { calls, reports, type AiUsage } from '../../db/schema';
import { asSystem, type TenantRunner, rawRows } from '../../db/tenant';
import { AiError } from '../ai/errors';
import type { GenerationRecord } from '../ai/generation-record';
import type { TextProvider } from '../ai/provider';
import { recordGeneration } from '../ai/scenario';
import { AppError } from '../errors';
import { enqueue, resetJob, type JobRow } from '../jobs/queue';
import { PermanentJobError, type JobContext, type JobHandler } from '../jobs/handler';
import { emit } from '../events';
import { computeAnalytics, type CallAnalytics } from './analytics';
import { assembleEvaluationPrompt, loadEvaluationInput, type EvaluationInput } from './input';
import { evaluateOffline, OFFLINE_EVALUATOR_VERSION } from './offline/index';
import { evaluateWithSamples } from './samples';
import { computeScore } from './score';
import type { EvaluationOutput } from './types';
import { caught } from '../metrics/caught';

export { evaluationContextOf, loadEvaluationInput, type EvaluationInput } from './input';

export const MODEL_EVALUATOR_VERSION = 'spar-model-eval-v2';
const EVALUATION_MAX_ATTEMPTS = 3;
export const evaluationDedupeKey = (callId: string) => `evaluation:${callId}`;

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

export interface EvaluationResult {
  evaluator: 'model' | 'offline';
  evaluatorVersion: string;
  model: string | null;
  prompt: { system: string | null; user: string };
  usage: AiUsage | null;
  output: EvaluationOutput;
  /** Null when no criterion could be assessed (offline, custom scorecard without detectors). */
  score: number | null;
  analytics: CallAnalytics;
  records: GenerationRecord[];
  /** Model requests made: samples × (1 + a re-ask when evidence was missing). */
  requests: number;
}

export interface RunOptions {
  signal?: AbortSignal;
  onPhase?: (phase: string) => Promise<void>;
  /** EVALUATION_SAMPLES: model evaluations per call; each criterion keeps the median level. */
  samples?: number;
}

/** Runs the evaluation (no database access): the model with the evidence check, or the offline rules. */
export async function runEvaluation(
  input: EvaluationInput,
  provider: TextProvider | null,
  opts: RunOptions = {},
): Promise<EvaluationResult> {
  // one computation of the talk share and the rest: the report's panel, summary and rules read it
  const analytics = computeAnalytics(input.turns, { language: input.language, durationMs: input.durationMs });
  if (!provider) {
    await opts.onPhase?.('evaluating');
    const out = evaluateOffline({ turns: input.turns, criteria: input.criteria, language: input.language, analytics });
    return {
      evaluator: 'offline',
      evaluatorVersion: OFFLINE_EVALUATOR_VERSION,
      model: null,
      prompt: {
        system: null,
        user: `Offline evaluator ${OFFLINE_EVALUATOR_VERSION}: behaviour detectors (open and closed questions, follow-ups on the prospect's answers, quantities the prospect confirms, dated next steps, summaries, objection handling, talk share, interruptions) over the rep's turns of ${input.turns.length} turns, for the ${input.criteria.length} criteria of "${input.scorecardName}". No model was called.`,
      },
      usage: null,
      output: {
        criteria: out.criteria,
        summary: out.summary,
        strengths: out.strengths,
        improvements: out.improvements,
      },
      score: out.score,
      analytics,
      records: [],
      requests: 0,
    };
  }
  const prompt = assembleEvaluationPrompt(input);
  const r = await evaluateWithSamples(
    {
      provider,
      system: prompt.system,
      user: prompt.user,
      criteria: input.criteria,
      turns: input.turns,
      language: input.language,
      signal: opts.signal,
      onPhase: opts.onPhase,
    },
    opts.samples ?? 1,
  );
  return {
    evaluator: 'model',
    evaluatorVersion: MODEL_EVALUATOR_VERSION,
    model: r.model,
    prompt,
    usage: r.usage,
    output: r.output,
    score: computeScore(r.output.criteria.map((c) => c.level)),
    analytics,
    records: r.records,
    requests: r.records.length,
  };
}

const PHASES = ['loading', 'evaluating', 'verifying', 'reasking', 'saving'] as const;

/** The job handler for queue 'evaluation' (payload { callId }), its duration observed for /metrics. */
export function evaluationHandler(deps: { provider: TextProvider | null; samples?: number }): JobHandler {
  const inner = evaluationJob(deps);
  return {
    ...inner,
    async run(ctx: JobContext) {
      const done = evaluationDuration.startTimer();
      try {
        const out = await inSpan('evaluation', { 'call.id': String(ctx.job.payload.callId ?? '') }, () =>
          inner.run(ctx),
        );
        done({ outcome: 'ready' });
        return out;
      } catch (e) {
        done({ outcome: 'error' });
        throw e;
      }
    },
  };
}

function evaluationJob(deps: { provider: TextProvider | null; samples?: number }): JobHandler {
  return {
    async run(ctx: JobContext) {
      const { job, tenant } = ctx;
      const callId = str(job.payload.callId);
      const tenantId = job.tenantId;
      if (!callId || !tenantId || !tenant) throw new PermanentJobError('evaluation job without callId or tenantId');
      const progress = (phase: string) =>
        ctx.setProgress({
          phase,
          done: Math.max(0, PHASES.indexOf(phase as (typeof PHASES)[number])),
          total: PHASES.length,
        });
      await progress('loading');
      const input = await tenant(async (tx) => {
        const loaded = await loadEvaluationInput(tx, callId);
        if (!loaded) return null;
        await tx
          .insert(reports)
          .values({ tenantId, callId, status: 'running', language: loaded.language })
          .onConflictDoUpdate({ target: reports.callId, set: { status: 'running', error: null } });
        return loaded;
      });
      if (!input) throw new PermanentJobError(`call ${callId} not found`);
      if (input.criteria.length === 0)
        throw new PermanentJobError('the call has no scorecard criteria to evaluate against');

      let result: EvaluationResult;
      try {
        result = await runEvaluation(input, deps.provider, {
          signal: ctx.signal,
          onPhase: progress,
          samples: deps.samples,
        });
      } catch (e) {
        if (e instanceof AiError && e.records.length) {
          await tenant((tx) =>
            recordGeneration(tx, { tenantId, simulationId: input.simulationId, records: e.records }),
          ).catch((err: unknown) => {
            // the evaluation's own failure is what the job records; the lost usage is said here
            caught('usage_record', 'model usage of a failed evaluation could not be saved', {
              err,
              callId: input.callId,
            });
          });
        }
        throw e;
      }
      await progress('saving');
      await tenant(async (tx) => {
        await tx
          .update(reports)
          .set({
            status: 'ready',
            evaluator: result.evaluator,
            evaluatorVersion: result.evaluatorVersion,
            model: result.model,
            promptSystem: result.prompt.system,
            promptUser: result.prompt.user,
            usage: result.usage ? { ...result.usage } : null,
            score: result.score,
            originalScore: result.score,
            summary: result.output.summary,
            strengths: result.output.strengths,
            improvements: result.output.improvements,
            criteria: result.output.criteria,
            analytics: result.analytics as unknown as Record<string, unknown>,
            language: input.language,
            error: null,
            completedAt: new Date(),
          })
          .where(eq(reports.callId, callId));
        // assignments, hiring assessments and real calls follow their report in this transaction (server/wiring.ts)
        await emit('report.ready', { tx, tenantId, callId, score: result.score });
        if (result.records.length)
          await recordGeneration(tx, { tenantId, simulationId: input.simulationId, records: result.records });
      });
      return {
        callId,
        score: result.score,
        evaluator: result.evaluator,
        requests: result.requests,
        noEvidence: result.output.criteria.filter((c) => c.note === 'no_evidence' || c.note === 'reask_failed').length,
      };
    },
    async onRetry(job: JobRow, error: string, _db: Db, _next: Date, tenant: TenantRunner | null) {
      await markReport(tenant, job, 'pending', error);
    },
    async onDead(job: JobRow, error: string, _db: Db, tenant: TenantRunner | null) {
      await markReport(tenant, job, 'failed', error);
    },
  };
}

async function markReport(tenant: TenantRunner | null, job: JobRow, status: 'pending' | 'failed', error: string) {
  const callId = str(job.payload.callId);
  const tenantId = job.tenantId;
  if (!tenantId || !callId || !tenant) return;
  await tenant(async (tx) => {
    await tx
      .update(reports)
      .set({ status, error: error.slice(0, 2000) })
      .where(eq(reports.callId, callId));
    // a report failed for good: an assessment's ATS still hears that it is over, a meeting shows the failure
    if (status === 'failed') await emit('report.failed', { tx, tenantId, callId, error });
  });
}

function isTransaction(exec: Executor): boolean {
  return typeof (exec as { rollback?: unknown }).rollback === 'function';
}

/**
 * Called when a call ends: writes the report row (status 'pending', so the wait screen can show
 * at once) and the evaluation job. Pass the transaction that ends the call so both commit with
 * it (a tenant transaction works: the job insert switches to the system path for that one
 * statement). Idempotent per call. Returns the job id.
 */
export async function enqueueEvaluation(exec: Executor, input: { tenantId: string; callId: string }): Promise<string> {
  const work = async (tx: Executor) => {
    await tx
      .insert(reports)
      .values({ tenantId: input.tenantId, callId: input.callId, status: 'pending' })
      .onConflictDoNothing({ target: reports.callId });
    return enqueue(tx, {
      queue: 'evaluation',
      tenantId: input.tenantId,
      payload: { callId: input.callId },
      dedupeKey: evaluationDedupeKey(input.callId),
      maxAttempts: EVALUATION_MAX_ATTEMPTS,
    });
  };
  if (isTransaction(exec)) return work(exec);
  return asSystem(exec as Db, { action: 'evaluation.enqueue', tenantId: input.tenantId }, work);
}

/**
 * "Retry" on a failed report: the call's evaluation job is reset (fresh attempts) or created, and
 * the report goes back to 'pending'. A job still queued or running is left alone. With `tenantId`
 * the call must belong to that tenant (NOT_FOUND otherwise).
 */
export async function retryEvaluation(
  db: Db,
  callId: string,
  opts: { tenantId?: string } = {},
): Promise<{ jobId: string; status: 'requeued' | 'already_pending' }> {
  return asSystem(db, { action: 'evaluation.retry', tenantId: opts.tenantId ?? null }, async (tx) => {
    const [call] = await tx.select({ tenantId: calls.tenantId }).from(calls).where(eq(calls.id, callId)).limit(1);
    if (!call || (opts.tenantId && call.tenantId !== opts.tenantId)) throw new AppError('NOT_FOUND', 'Call not found');
    const [job] = await rawRows<{ id: string; status: string }>(
      tx,
      sql`select id, status from jobs where queue = 'evaluation' and dedupe_key = ${evaluationDedupeKey(callId)} for update`,
    );
    if (job && (job.status === 'queued' || job.status === 'running'))
      return { jobId: job.id, status: 'already_pending' as const };
    await tx
      .insert(reports)
      .values({ tenantId: call.tenantId, callId, status: 'pending' })
      .onConflictDoUpdate({ target: reports.callId, set: { status: 'pending', error: null } });
    if (job) {
      await resetJob(tx, job.id);
      return { jobId: job.id, status: 'requeued' as const };
    }
    const jobId = await enqueue(tx, {
      queue: 'evaluation',
      tenantId: call.tenantId,
      payload: { callId },
      dedupeKey: evaluationDedupeKey(callId),
      maxAttempts: EVALUATION_MAX_ATTEMPTS,
    });
    return { jobId, status: 'requeued' as const };
  });
}

/** The evaluation job of a call as the wait screen shows it (tenant transaction: tenants may read their jobs). */
export async function evaluationJobStatus(tx: Executor, callId: string) {
  const rows = await rawRows<{
    id: string;
    status: string;
    attempts: number;
    max_attempts: number;
    progress: unknown;
    last_error: string | null;
    run_at: string | Date;
  }>(
    tx,
    sql`select id, status, attempts, max_attempts, progress, last_error, run_at from jobs where queue = 'evaluation' and dedupe_key = ${evaluationDedupeKey(callId)}`,
  );
  const r = rows[0];
  if (!r) return null;
  const progress = typeof r.progress === 'string' ? (JSON.parse(r.progress) as unknown) : r.progress;
  return {
    jobId: r.id,
    status: r.status as JobRow['status'],
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    progress: (progress ?? null) as { phase: string; done: number; total: number } | null,
    lastError: r.last_error,
    nextRunAt: new Date(r.run_at).toISOString(),
  };
}
