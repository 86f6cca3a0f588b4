import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { callInstructions, callTurns, calls, clientOverviews, prompts, simulations } from '../../db/schema';
import { type Difficulty } from '../contracts/enums';
import { DIFFICULTY_BEHAVIOUR, describeDifficulty } from '../ai/difficulty';
import type { GenerationContext } from '../ai/context';
import { languageName, learnerRoleLabel } from '../ai/labels';
import { renderTemplate } from '../ai/prompt-assembly';
import { scenarioText, type StoredScenario } from '../ai/scenario-text';
import { SYSTEM_PROMPTS } from '../ai/system-prompt-texts';
import { evaluationUserMessage, formatCriteriaWithIds, TRANSCRIPT_POINTER } from './model-prompt';
import type { Criterion, Turn } from './types';

/** Loading what one evaluation needs, and assembling the messages a model evaluation sends. */

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
export function criteriaFromSnapshot(snapshot: Record<string, unknown> | null): {
  name: string;
  criteria: Criterion[];
} {
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
  const difficulty = (
    str(sim.difficulty, 'medium') in DIFFICULTY_BEHAVIOUR ? str(sim.difficulty, 'medium') : 'medium'
  ) as Difficulty;
  const notes = (p.behaviourNotes ?? {}) as Record<string, unknown>;
  const behaviour = str(notes[difficulty]).trim();
  const b = DIFFICULTY_BEHAVIOUR[difficulty];
  return {
    name: str(p.name, 'the prospect'),
    description:
      [str(p.shortDescription).trim(), str(p.longDescription).trim()].filter(Boolean).join('\n\n') || NOT_SPECIFIED,
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
  const {
    template,
    clientOverview,
    callInstructions: instructionsText,
  } = frozen ?? (await loadEvaluationContext(tx, call.tenantId, call.simulationId));

  const persona = personaOf(snap);
  const scenario =
    scenarioText(snap.scenario as StoredScenario | null) ||
    str(snap.scenarioSummary).trim() ||
    str((snap.simulation as Record<string, unknown> | undefined)?.instructions).trim() ||
    NOT_SPECIFIED;
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
    // the transcript is data in the user message, never part of the instructions
    transcript: TRANSCRIPT_POINTER,
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
  const rendered = renderTemplate(input.promptTemplate, { ...input.values, transcript: TRANSCRIPT_POINTER });
  return { system: rendered.text, user: evaluationUserMessage(input.criteria, input.turns, input.values.language) };
}

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
export function evaluationContextOf(
  ctx: Pick<GenerationContext, 'prompts' | 'clientOverview' | 'callInstructions'>,
): EvaluationContext {
  const own = ctx.prompts.evaluation?.instructions;
  return {
    template: own?.trim() ? own : DEFAULT_EVALUATION_PROMPT,
    clientOverview: ctx.clientOverview,
    callInstructions: ctx.callInstructions?.instructions ?? '',
  };
}

function frozenEvaluationContext(v: unknown): EvaluationContext | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (typeof o.template !== 'string' || !o.template.trim()) return null;
  return {
    template: o.template,
    clientOverview: typeof o.clientOverview === 'string' ? o.clientOverview : '',
    callInstructions: typeof o.callInstructions === 'string' ? o.callInstructions : '',
  };
}

/**
 * The evaluation context as configured now: the simulation's evaluation prompt (or the system
 * default), the tenant's client overview and the simulation's call instructions. Only for calls
 * that did not freeze one at their start (`simulationSnapshot.evaluation`, evaluationContextOf).
 */
export async function loadEvaluationContext(
  tx: Executor,
  tenantId: string,
  simulationId: string | null,
): Promise<EvaluationContext> {
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
      .where(
        and(
          eq(prompts.id, reportPromptId),
          eq(prompts.kind, 'evaluation'),
          or(eq(prompts.tenantId, tenantId), isNull(prompts.tenantId)),
        ),
      )
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
  const [overview] = await tx
    .select({ details: clientOverviews.details })
    .from(clientOverviews)
    .where(eq(clientOverviews.tenantId, tenantId))
    .limit(1);
  let instructionsText = '';
  if (callInstructionsId) {
    const [ci] = await tx
      .select({ instructions: callInstructions.instructions })
      .from(callInstructions)
      .where(and(eq(callInstructions.id, callInstructionsId), eq(callInstructions.tenantId, tenantId)))
      .limit(1);
    instructionsText = ci?.instructions ?? '';
  }

  return { template, clientOverview: overview?.details ?? '', callInstructions: instructionsText };
}
