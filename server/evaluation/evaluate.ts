import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { callInstructions, callTurns, calls, clientOverviews, prompts, reports, simulations, type AiUsage, type Difficulty } from '../../db/schema';
import { asSystem, withTenant } from '../../db/tenant';
import { DIFFICULTY_BEHAVIOUR, describeDifficulty } from '../ai/difficulty';
import { AiError } from '../ai/errors';
import type { GenerationContext } from '../ai/context';
import type { GenerationRecord } from '../ai/generation-record';
import { languageName, learnerRoleLabel } from '../ai/labels';
import { renderTemplate } from '../ai/prompt-assembly';
import type { TextProvider } from '../ai/provider';
import { recordGeneration } from '../ai/scenario';
import { AppError } from '../errors';
import { enqueue, getJob, rawRows, resetJob, type JobRow } from '../jobs/queue';
import { PermanentJobError, type JobContext, type JobHandler } from '../jobs/worker';
import { completeExerciseForCall } from '../services/assignments/assignments';
import { scenarioText, type StoredScenario } from '../services/simulations/instructions';
import { SYSTEM_PROMPTS } from '../services/prompts/system-prompt-texts';
import { computeAnalytics, type CallAnalytics } from './analytics';
import { evaluateWithModel, evaluationUserMessage, formatCriteriaWithIds, formatTranscript } from './model';
import { OFFLINE_EVALUATOR_VERSION, evaluateOffline } from './offline';
import { computeScore } from './score';
import type { Criterion, EvaluationOutput, Turn } from './types';

export const MODEL_EVALUATOR_VERSION = 'spar-model-eval-v1';
export const EVALUATION_MAX_ATTEMPTS = 3;
export const evaluationDedupeKey = (callId: string) => `evaluation:${callId}`;

const NOT_SPECIFIED = 'Not specified.';

/** Everything one evaluation needs, loaded in one tenant transaction; plain data. */
export interface EvaluationInput {
  tenantId: string;
  callId: string;
  simulationId: string | null;
  language: string;
  durationMs: number | null;
  turns: Turn[];
  criteria: Criterion[];
  scorecardName: string;
  /** The evaluation prompt (instructions) of the simulation, or the system default. */
  promptTemplate: string;
  values: Record<string, string>;
}

function str(v: unknown, fallback = ''): string {
  return typeof v === 'string' ? v : fallback;
}

/** The scorecard snapshot frozen at call start ({ name, criteria: [{ id, name, description, levelZero, levelLow, levelHigh }] }). */
export function criteriaFromSnapshot(snapshot: Record<string, unknown> | null): { name: string; criteria: Criterion[] } {
  const s = (snapshot ?? {}) as { name?: unknown; criteria?: unknown };
  const list = Array.isArray(s.criteria) ? (s.criteria as Record<string, unknown>[]) : [];
  const criteria = list.map((c, i) => ({
    id: str(c.id, `criterion-${i + 1}`),
    name: str(c.name, `Criterion ${i + 1}`),
    description: str(c.description),
    levelZero: str(c.levelZero),
    levelLow: str(c.levelLow),
    levelHigh: str(c.levelHigh),
  }));
  return { name: str(s.name), criteria };
}

function personaOf(snap: Record<string, unknown>) {
  const p = (snap.persona ?? {}) as Record<string, unknown>;
  const sim = (snap.simulation ?? {}) as Record<string, unknown>;
  const difficulty = (str(sim.difficulty, 'medium') in DIFFICULTY_BEHAVIOUR ? str(sim.difficulty, 'medium') : 'medium') as Difficulty;
  const notes = (p.behaviourNotes ?? {}) as Record<string, unknown>;
  const behaviour = str(notes[difficulty]).trim();
  const b = DIFFICULTY_BEHAVIOUR[difficulty];
  return {
    name: str(p.name, 'the prospect'),
    description: [str(p.shortDescription).trim(), str(p.longDescription).trim()].filter(Boolean).join('\n\n') || NOT_SPECIFIED,
    behaviour: behaviour || `${b.patience} ${b.objections} ${b.commitment}`,
    difficulty,
    learnerRole: str(sim.learnerRole, 'sales_representative'),
    useCase: str(sim.useCase).trim() || NOT_SPECIFIED,
  };
}

const named = (x: unknown) => {
  const o = x as { name?: unknown; details?: unknown } | null;
  return o && typeof o.name === 'string' ? [o.name, str(o.details).trim()].filter(Boolean).join('\n') : NOT_SPECIFIED;
};

/** Loads the call, its turns, the frozen scorecard and persona, and the evaluation prompt (tenant transaction). */
export async function loadEvaluationInput(tx: Executor, callId: string): Promise<EvaluationInput | null> {
  const [call] = await tx.select().from(calls).where(eq(calls.id, callId)).limit(1);
  if (!call) return null;
  const turnRows = await tx.select().from(callTurns).where(eq(callTurns.callId, callId)).orderBy(asc(callTurns.seq));
  const turns: Turn[] = turnRows.map((t) => ({
    seq: t.seq,
    speaker: t.speaker,
    text: t.text,
    startMs: t.startMs,
    endMs: t.endMs,
    interrupted: t.interrupted,
    playedMs: t.playedMs,
    responseLatencyMs: t.responseLatencyMs,
  }));
  const { name: scorecardName, criteria } = criteriaFromSnapshot(call.scorecardSnapshot);
  const snap = (call.simulationSnapshot ?? {}) as Record<string, unknown>;

  // what the call froze at its start (calls since the snapshot carried it), else today's configuration
  const frozen = frozenEvaluationContext(snap.evaluation);
  const { template, clientOverview, callInstructions: instructionsText } = frozen ?? (await loadEvaluationContext(tx, call.tenantId, call.simulationId));

  const persona = personaOf(snap);
  const scenario =
    scenarioText(snap.scenario as StoredScenario | null) || str(snap.scenarioSummary).trim() || str((snap.simulation as Record<string, unknown> | undefined)?.instructions).trim() || NOT_SPECIFIED;
  const values: Record<string, string> = {
    'persona.name': persona.name,
    'persona.description': persona.description,
    'persona.behaviour': persona.behaviour,
    difficulty: describeDifficulty(persona.difficulty),
    icp: named(snap.icp),
    product: named(snap.product),
    client_overview: clientOverview.trim() || NOT_SPECIFIED,
    call_instructions: instructionsText.trim() || NOT_SPECIFIED,
    scenario,
    criteria: formatCriteriaWithIds(criteria),
    knowledge_base: '(not used for evaluation)',
    language: languageName(call.language),
    learner_role: learnerRoleLabel(persona.learnerRole),
    use_case: persona.useCase,
    transcript: formatTranscript(turns),
  };
  return {
    tenantId: call.tenantId,
    callId,
    simulationId: call.simulationId,
    language: call.language,
    durationMs: call.durationMs,
    turns,
    criteria,
    scorecardName,
    promptTemplate: template,
    values,
  };
}

/** The system and user messages exactly as they will be sent. */
export function assembleEvaluationPrompt(input: EvaluationInput): { system: string; user: string } {
  const rendered = renderTemplate(input.promptTemplate, input.values);
  const hasTranscript = /\{\{\s*transcript\s*\}\}/.test(input.promptTemplate);
  return { system: rendered.text, user: evaluationUserMessage(input.criteria, hasTranscript ? null : input.values.transcript, input.values.language) };
}

export interface EvaluationResult {
  evaluator: 'model' | 'offline';
  evaluatorVersion: string;
  model: string | null;
  prompt: { system: string | null; user: string };
  usage: AiUsage | null;
  output: EvaluationOutput;
  score: number;
  analytics: CallAnalytics;
  records: GenerationRecord[];
}

/** Runs the evaluation (no database access): the model with the evidence check, or the offline rules. */
export async function runEvaluation(
  input: EvaluationInput,
  provider: TextProvider | null,
  opts: { signal?: AbortSignal; onPhase?: (phase: string) => Promise<void> } = {},
): Promise<EvaluationResult> {
  const analytics = computeAnalytics(input.turns, { language: input.language, durationMs: input.durationMs });
  if (!provider) {
    await opts.onPhase?.('evaluating');
    const out = evaluateOffline({ turns: input.turns, criteria: input.criteria, language: input.language });
    return {
      evaluator: 'offline',
      evaluatorVersion: OFFLINE_EVALUATOR_VERSION,
      model: null,
      prompt: {
        system: null,
        user: `Offline evaluator ${OFFLINE_EVALUATOR_VERSION}: rules over ${input.turns.length} turns and ${input.criteria.length} criteria of "${input.scorecardName}" (keyword overlap with the criterion texts, open/closed questions, numbers, dated next steps, paraphrases, talk share). No model was called.`,
      },
      usage: null,
      output: { criteria: out.criteria, summary: out.summary, strengths: out.strengths, improvements: out.improvements },
      score: out.score,
      analytics,
      records: [],
    };
  }
  const prompt = assembleEvaluationPrompt(input);
  const r = await evaluateWithModel({
    provider,
    system: prompt.system,
    user: prompt.user,
    criteria: input.criteria,
    turns: input.turns,
    language: input.language,
    signal: opts.signal,
    onPhase: opts.onPhase,
  });
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
  };
}

const PHASES = ['loading', 'evaluating', 'verifying', 'reasking', 'saving'] as const;

/** The job handler for queue 'evaluation' (payload { callId }). */
export function evaluationHandler(deps: { provider: TextProvider | null }): JobHandler {
  return {
    async run(ctx: JobContext) {
      const { job, db } = ctx;
      const callId = str(job.payload.callId);
      const tenantId = job.tenantId;
      if (!callId || !tenantId) throw new PermanentJobError('evaluation job without callId or tenantId');
      const progress = (phase: string) => ctx.setProgress({ phase, done: Math.max(0, PHASES.indexOf(phase as (typeof PHASES)[number])), total: PHASES.length });
      await progress('loading');
      const input = await withTenant(db, tenantId, async (tx) => {
        const loaded = await loadEvaluationInput(tx, callId);
        if (!loaded) return null;
        await tx
          .insert(reports)
          .values({ tenantId, callId, status: 'running', language: loaded.language })
          .onConflictDoUpdate({ target: reports.callId, set: { status: 'running', error: null } });
        return loaded;
      });
      if (!input) throw new PermanentJobError(`call ${callId} not found`);
      if (input.criteria.length === 0) throw new PermanentJobError('the call has no scorecard criteria to evaluate against');

      let result: EvaluationResult;
      try {
        result = await runEvaluation(input, deps.provider, { signal: ctx.signal, onPhase: progress });
      } catch (e) {
        if (e instanceof AiError && e.records.length) {
          await withTenant(db, tenantId, (tx) => recordGeneration(tx, { tenantId, simulationId: input.simulationId, records: e.records })).catch(() => {});
        }
        throw e;
      }
      await progress('saving');
      await withTenant(db, tenantId, async (tx) => {
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
        await completeExerciseForCall(tx, callId, { score: result.score }); // assignments (issue 7)
        if (result.records.length) await recordGeneration(tx, { tenantId, simulationId: input.simulationId, records: result.records });
      });
      return { callId, score: result.score, evaluator: result.evaluator, unverified: result.output.criteria.filter((c) => c.unverified).length };
    },
    async onRetry(job: JobRow, error: string, db: Db) {
      await markReport(db, job, 'pending', error);
    },
    async onDead(job: JobRow, error: string, db: Db) {
      await markReport(db, job, 'failed', error);
    },
  };
}

async function markReport(db: Db, job: JobRow, status: 'pending' | 'failed', error: string) {
  const callId = str(job.payload.callId);
  if (!job.tenantId || !callId) return;
  await withTenant(db, job.tenantId, (tx) =>
    tx
      .update(reports)
      .set({ status, error: error.slice(0, 2000) })
      .where(eq(reports.callId, callId)),
  );
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
    await tx.insert(reports).values({ tenantId: input.tenantId, callId: input.callId, status: 'pending' }).onConflictDoNothing({ target: reports.callId });
    return enqueue(tx, { queue: 'evaluation', tenantId: input.tenantId, payload: { callId: input.callId }, dedupeKey: evaluationDedupeKey(input.callId), maxAttempts: EVALUATION_MAX_ATTEMPTS });
  };
  if (isTransaction(exec)) return work(exec);
  return asSystem(exec as Db, { action: 'evaluation.enqueue', tenantId: input.tenantId }, work);
}

/**
 * "Retry" on a failed report: the call's evaluation job is reset (fresh attempts) or created, and
 * the report goes back to 'pending'. A job still queued or running is left alone. With `tenantId`
 * the call must belong to that tenant (NOT_FOUND otherwise).
 */
export async function retryEvaluation(db: Db, callId: string, opts: { tenantId?: string } = {}): Promise<{ jobId: string; status: 'requeued' | 'already_pending' }> {
  return asSystem(db, { action: 'evaluation.retry', tenantId: opts.tenantId ?? null }, async (tx) => {
    const [call] = await tx.select({ tenantId: calls.tenantId }).from(calls).where(eq(calls.id, callId)).limit(1);
    if (!call || (opts.tenantId && call.tenantId !== opts.tenantId)) throw new AppError('NOT_FOUND', 'Call not found');
    const [job] = await rawRows<{ id: string; status: string }>(tx, sql`select id, status from jobs where queue = 'evaluation' and dedupe_key = ${evaluationDedupeKey(callId)} for update`);
    if (job && (job.status === 'queued' || job.status === 'running')) return { jobId: job.id, status: 'already_pending' as const };
    await tx
      .insert(reports)
      .values({ tenantId: call.tenantId, callId, status: 'pending' })
      .onConflictDoUpdate({ target: reports.callId, set: { status: 'pending', error: null } });
    if (job) {
      await resetJob(tx, job.id);
      return { jobId: job.id, status: 'requeued' as const };
    }
    const jobId = await enqueue(tx, { queue: 'evaluation', tenantId: call.tenantId, payload: { callId }, dedupeKey: evaluationDedupeKey(callId), maxAttempts: EVALUATION_MAX_ATTEMPTS });
    return { jobId, status: 'requeued' as const };
  });
}

/** The evaluation job of a call as the wait screen shows it (tenant transaction: tenants may read their jobs). */
export async function evaluationJobStatus(tx: Executor, callId: string) {
  const rows = await rawRows<{ id: string; status: string; attempts: number; max_attempts: number; progress: unknown; last_error: string | null; run_at: string | Date }>(
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

export { getJob };

/** The evaluation prompt template, client overview and call instructions a call is scored with. */
export interface EvaluationContext {
  template: string;
  clientOverview: string;
  callInstructions: string;
}

const DEFAULT_EVALUATION_PROMPT = SYSTEM_PROMPTS.find((x) => x.systemKey === 'evaluation.default')?.instructions ?? '';

/**
 * The evaluation context a call freezes at its start, from the generation context the call start
 * already loaded (the same prompt resolution: the simulation's evaluation prompt, else the system
 * default), so freezing it costs no query.
 */
export function evaluationContextOf(ctx: Pick<GenerationContext, 'prompts' | 'clientOverview' | 'callInstructions'>): EvaluationContext {
  const own = ctx.prompts.evaluation?.instructions;
  return { template: own?.trim() ? own : DEFAULT_EVALUATION_PROMPT, clientOverview: ctx.clientOverview, callInstructions: ctx.callInstructions?.instructions ?? '' };
}

function frozenEvaluationContext(v: unknown): EvaluationContext | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (typeof o.template !== 'string' || !o.template.trim()) return null;
  return { template: o.template, clientOverview: typeof o.clientOverview === 'string' ? o.clientOverview : '', callInstructions: typeof o.callInstructions === 'string' ? o.callInstructions : '' };
}

/**
 * The evaluation context as configured now: the simulation's evaluation prompt (or the system
 * default), the tenant's client overview and the simulation's call instructions. Only for calls
 * that did not freeze one at their start (`simulationSnapshot.evaluation`, evaluationContextOf).
 */
export async function loadEvaluationContext(tx: Executor, tenantId: string, simulationId: string | null): Promise<EvaluationContext> {
  let reportPromptId: string | null = null;
  let callInstructionsId: string | null = null;
  if (simulationId) {
    const [sim] = await tx
      .select({ reportPromptId: simulations.reportPromptId, callInstructionsId: simulations.callInstructionsId })
      .from(simulations)
      .where(and(eq(simulations.id, simulationId), eq(simulations.tenantId, tenantId)))
      .limit(1);
    reportPromptId = sim?.reportPromptId ?? null;
    callInstructionsId = sim?.callInstructionsId ?? null;
  }
  let template: string | null = null;
  if (reportPromptId) {
    const [p] = await tx
      .select({ instructions: prompts.instructions })
      .from(prompts)
      .where(and(eq(prompts.id, reportPromptId), eq(prompts.kind, 'evaluation'), or(eq(prompts.tenantId, tenantId), isNull(prompts.tenantId))))
      .limit(1);
    template = p?.instructions?.trim() ? p.instructions : null;
  }
  if (!template) {
    const [p] = await tx
      .select({ instructions: prompts.instructions })
      .from(prompts)
      .where(and(isNull(prompts.tenantId), eq(prompts.kind, 'evaluation')))
      .orderBy(sql`(${prompts.systemKey} = 'evaluation.default') desc`, asc(prompts.createdAt))
      .limit(1);
    template = p?.instructions?.trim() ? p.instructions : DEFAULT_EVALUATION_PROMPT;
  }
  const [overview] = await tx.select({ details: clientOverviews.details }).from(clientOverviews).where(eq(clientOverviews.tenantId, tenantId)).limit(1);
  let instructionsText = '';
  if (callInstructionsId) {
    const [ci] = await tx.select({ instructions: callInstructions.instructions }).from(callInstructions).where(and(eq(callInstructions.id, callInstructionsId), eq(callInstructions.tenantId, tenantId))).limit(1);
    instructionsText = ci?.instructions ?? '';
  }

  return { template, clientOverview: overview?.details ?? '', callInstructions: instructionsText };
}
