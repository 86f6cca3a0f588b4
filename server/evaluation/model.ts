import { z } from 'zod';
import type { AiUsage } from '../../db/schema';
import type { GenerationRecord } from '../ai/generation-record';
import { AiError } from '../ai/errors';
import type { TextProvider } from '../ai/provider';
import { checkQuotes } from './evidence';
import type { Criterion, CriterionResult, EvaluationOutput, Level, Turn } from './types';

// A plain number in the JSON schema (the strictest common subset of structured outputs across
// OpenAI-compatible servers has no const/numeric constraints); 0, 1 or 2 is enforced here.
const level = z
  .number()
  .refine((n) => n === 0 || n === 1 || n === 2, { message: 'level must be 0, 1 or 2' })
  .describe('The level: 0, 1 or 2, using only the level descriptions of the criterion.');
const criterionOut = z.object({
  criterionId: z.string().describe('The criterion id exactly as listed.'),
  level,
  rationale: z.string().describe('One or two sentences linking the evidence to the level, in the call language.'),
  evidence: z.array(z.string()).describe('Verbatim quotes copied exactly from the Rep turns (never the prospect), no ellipses.'),
});

/** What the model returns: levels, verbatim rep quotes and coaching text. No score: it is computed in code. */
export const evaluationSchema = z.object({
  criteria: z.array(criterionOut),
  summary: z.string().describe('At most three sentences.'),
  strengths: z.array(z.string()),
  improvements: z.array(
    z.object({
      what: z.string().describe('What to do differently, naming the moment in the call.'),
      why: z.string().describe('Why it matters.'),
      example: z.string().describe('An exact sentence the rep could have said instead.'),
    }),
  ),
});
export type ModelEvaluation = z.infer<typeof evaluationSchema>;

/** The re-ask: only the criteria whose evidence was not found. */
export const reaskSchema = z.object({ criteria: z.array(criterionOut) });

const speakerLabel = (s: Turn['speaker']) => (s === 'rep' ? 'Rep' : 'Prospect');

/** Numbered turns with the speaker, as the evaluation prompt's {{transcript}}. */
export function formatTranscript(turns: readonly Turn[]): string {
  if (turns.length === 0) return '(empty transcript)';
  return turns.map((t) => `[${t.seq}] ${speakerLabel(t.speaker)}: ${t.text.trim()}`).join('\n');
}

/** Criteria with their ids and the three level descriptions, as {{criteria}}. */
export function formatCriteriaWithIds(criteria: readonly Criterion[]): string {
  if (criteria.length === 0) return '(no criteria)';
  return criteria
    .map((c, i) =>
      [
        `${i + 1}. ${c.name} (criterionId: ${c.id}): ${c.description}`,
        `   - Level 0 (0 points): ${c.levelZero}`,
        `   - Level 1 (1 point): ${c.levelLow}`,
        `   - Level 2 (2 points): ${c.levelHigh}`,
      ].join('\n'),
    )
    .join('\n');
}

export function evaluationUserMessage(criteria: readonly Criterion[], transcript: string | null, languageName: string): string {
  return [
    'Evaluate the rep in the call above against every criterion and answer with the JSON schema.',
    `Use exactly these criterionId values, one entry each: ${criteria.map((c) => `${c.id} (${c.name})`).join('; ')}.`,
    'Evidence: copy quotes verbatim from the Rep turns only — the quotes are checked against the transcript and anything not found is discarded. Do not join separate passages with an ellipsis.',
    'A level above 0 needs at least one such quote. Do not give a total score.',
    `Write rationales, summary, strengths and improvements in ${languageName}.`,
    ...(transcript ? ['', 'Transcript (numbered turns):', transcript] : []),
  ].join('\n');
}

const UNVERIFIED_NOTE: Record<string, (names: string[]) => string> = {
  en: (n) => `Note: the evidence for ${n.join(', ')} could not be found in the rep's words; these levels are marked unverified.`,
  es: (n) => `Nota: no se encontró en las palabras del vendedor la evidencia de ${n.join(', ')}; esos niveles se marcan como no verificados.`,
  it: (n) => `Nota: l'evidenza per ${n.join(', ')} non è stata trovata nelle parole del venditore; questi livelli sono segnati come non verificati.`,
  'pt-BR': (n) => `Observação: a evidência de ${n.join(', ')} não foi encontrada nas falas do vendedor; esses níveis estão marcados como não verificados.`,
};
export const unverifiedNote = (language: string, names: string[]) => (UNVERIFIED_NOTE[language] ?? UNVERIFIED_NOTE.en)(names);

const NOT_ASSESSED = 'The evaluator gave no assessment for this criterion; scored 0.';

export function addUsage(a: AiUsage | null, b: AiUsage | null): AiUsage | null {
  if (!a) return b;
  if (!b) return a;
  return { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens, totalTokens: a.totalTokens + b.totalTokens };
}

export interface ModelEvaluationInput {
  provider: TextProvider;
  system: string | null;
  user: string;
  criteria: readonly Criterion[];
  turns: readonly Turn[];
  language: string;
  signal?: AbortSignal;
  onPhase?: (phase: 'evaluating' | 'verifying' | 'reasking') => Promise<void>;
}

export interface ModelEvaluationResult {
  output: EvaluationOutput;
  model: string;
  usage: AiUsage | null;
  records: GenerationRecord[];
  /** Quotes dropped by the evidence check, for the log and tests. */
  dropped: { criterionId: string; quote: string; reason: string }[];
  reasked: string[];
}

type Checked = { result: CriterionResult; missing: string[] };

function checkCriterion(c: Criterion, out: z.infer<typeof criterionOut> | undefined, turns: readonly Turn[]): Checked {
  if (!out) return { result: { criterionId: c.id, name: c.name, level: 0, originalLevel: 0, rationale: NOT_ASSESSED, evidence: [], unverified: false }, missing: [] };
  const { kept, rejected } = checkQuotes(out.evidence, turns);
  const lvl = out.level as Level;
  return {
    result: { criterionId: c.id, name: c.name, level: lvl, originalLevel: lvl, rationale: out.rationale.trim(), evidence: kept, unverified: false },
    missing: rejected.map((r) => r.quote),
  };
}

function byId(list: z.infer<typeof criterionOut>[]) {
  const m = new Map<string, z.infer<typeof criterionOut>>();
  for (const c of list) if (!m.has(c.criterionId)) m.set(c.criterionId, c);
  return m;
}

/**
 * Model evaluation with the evidence check: quotes not found in the rep's turns are dropped; the
 * criteria left with a level above 0 and no evidence are re-asked ONCE (the second request names
 * the quotes that were not found); what still has no evidence keeps its level, marked unverified.
 */
export async function evaluateWithModel(input: ModelEvaluationInput): Promise<ModelEvaluationResult> {
  const { provider, criteria, turns } = input;
  const records: GenerationRecord[] = [];
  const dropped: ModelEvaluationResult['dropped'] = [];
  const sent = { system: input.system, user: input.user };
  const failed = (e: AiError, prompt: { system: string | null; user: string }): GenerationRecord => ({
    task: 'evaluation',
    provider: 'openai',
    model: e.model,
    prompt,
    output: null,
    usage: null,
    status: 'failed',
    error: e.message,
    durationMs: e.durationMs,
  });

  await input.onPhase?.('evaluating');
  let first;
  try {
    first = await provider.generateStructured({ task: 'evaluation', system: input.system, user: input.user, schema: evaluationSchema, schemaName: 'call_evaluation', signal: input.signal });
  } catch (e) {
    if (e instanceof AiError) throw e.withRecords([failed(e, sent)]);
    throw e;
  }
  records.push({ task: 'evaluation', provider: 'openai', model: first.model, prompt: sent, output: first.data, usage: first.usage, status: 'succeeded', error: null, durationMs: first.durationMs });
  let usage = first.usage;

  await input.onPhase?.('verifying');
  const outs = byId(first.data.criteria);
  const checked = new Map<string, Checked>(criteria.map((c) => [c.id, checkCriterion(c, outs.get(c.id), turns)]));
  for (const [id, ch] of checked) for (const q of ch.missing) dropped.push({ criterionId: id, quote: q, reason: 'not found in the rep turns' });

  const toReask = criteria.filter((c) => {
    const ch = checked.get(c.id)!;
    return ch.result.level > 0 && ch.result.evidence.length === 0;
  });
  if (toReask.length > 0) {
    await input.onPhase?.('reasking');
    const lines = toReask.map((c) => {
      const ch = checked.get(c.id)!;
      const missing = ch.missing.length ? ch.missing.map((q) => `  - not found: "${q}"`).join('\n') : '  - (no quote was given)';
      return `- ${c.name} (criterionId: ${c.id}), you gave level ${ch.result.level}:\n${missing}`;
    });
    const user = [
      input.user,
      '',
      'Your previous answer was checked against the transcript. For these criteria none of the evidence quotes appears verbatim in the Rep turns:',
      ...lines,
      '',
      'For each of these criteria only, answer again: give quotes copied exactly, word for word, from the Rep turns that support the level, or lower the level if the rep did not do it. Quotes from the prospect do not count.',
    ].join('\n');
    const reSent = { system: input.system, user };
    try {
      const second = await provider.generateStructured({ task: 'evaluation', system: input.system, user, schema: reaskSchema, schemaName: 'evidence_recheck', signal: input.signal });
      records.push({ task: 'evaluation', provider: 'openai', model: second.model, prompt: reSent, output: second.data, usage: second.usage, status: 'succeeded', error: null, durationMs: second.durationMs });
      usage = addUsage(usage, second.usage);
      const again = byId(second.data.criteria);
      for (const c of toReask) {
        const out = again.get(c.id);
        if (!out) continue; // no new answer: keep the first, it is marked unverified below
        const ch = checkCriterion(c, out, turns);
        for (const q of ch.missing) dropped.push({ criterionId: c.id, quote: q, reason: 'not found in the rep turns (re-ask)' });
        // the level the evaluator gave is the original one for manager review
        checked.set(c.id, ch);
      }
    } catch (e) {
      if (!(e instanceof AiError)) throw e;
      // the re-ask is a best effort: a failure leaves the criteria unverified
      records.push(failed(e, reSent));
    }
  }

  const results = criteria.map((c) => {
    const r = checked.get(c.id)!.result;
    return r.level > 0 && r.evidence.length === 0 ? { ...r, unverified: true } : r;
  });
  const unverified = results.filter((r) => r.unverified).map((r) => r.name);
  const summary = [first.data.summary.trim(), unverified.length ? unverifiedNote(input.language, unverified) : ''].filter(Boolean).join('\n\n');
  return {
    output: {
      criteria: results,
      summary,
      strengths: first.data.strengths.map((s) => s.trim()).filter(Boolean),
      improvements: first.data.improvements.map((i) => ({ what: i.what.trim(), why: i.why.trim(), example: i.example.trim() })),
    },
    model: records[records.length - 1]?.model ?? first.model,
    usage,
    records,
    dropped,
    reasked: toReask.map((c) => c.id),
  };
}
