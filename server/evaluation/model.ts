import type { AiUsage } from '../../db/schema';
import { normaliseText } from '../contracts/text';
import type { GenerationRecord } from '../ai/generation-record';
import { AiError } from '../ai/errors';
import { addUsage, answeredRecord, failedRecord, recordedGeneration } from '../ai/recorded-generation';
import type { TextProvider } from '../ai/provider';
import { checkQuotes, EvidenceLedger, turnIndex } from './evidence';
import { evaluationSchema, reaskSchema, reaskUserMessage, type CriterionOut } from './model-prompt';
import type { Criterion, CriterionResult, EvaluationOutput, Level, Turn } from './types';

/** Model text is machine text: repaired and trimmed before it is stored (server/contracts/text.ts). */
const clean = (s: string) => normaliseText(s).trim();

const NO_EVIDENCE_NOTE: Record<string, (names: string[]) => string> = {
  en: (n) =>
    `No evidence in the transcript for ${n.join(', ')}: the rep's words do not back the level the model proposed, so these criteria score 0.`,
  es: (n) =>
    `Sin evidencia en la transcripción para ${n.join(', ')}: las palabras del vendedor no respaldan el nivel que propuso el modelo, así que estos criterios puntúan 0.`,
  it: (n) =>
    `Nessuna evidenza nella trascrizione per ${n.join(', ')}: le parole del venditore non sostengono il livello proposto dal modello, quindi questi criteri valgono 0.`,
  'pt-BR': (n) =>
    `Sem evidência na transcrição para ${n.join(', ')}: as falas do vendedor não sustentam o nível que o modelo propôs, então esses critérios valem 0.`,
};
export const noEvidenceNote = (language: string, names: string[]) =>
  (NO_EVIDENCE_NOTE[language] ?? NO_EVIDENCE_NOTE[language.split('-')[0]] ?? NO_EVIDENCE_NOTE.en)(names);

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
  /** The criteria that were re-asked (0 or 1 extra request for all of them). */
  reasked: string[];
}

/** The model's quotes as machine text (repaired) before they are checked and stored. */
const proposals = (out: CriterionOut) => out.evidence.map((q) => ({ turn: q.turn, quote: normaliseText(q.quote) }));

function byId(list: CriterionOut[]) {
  const m = new Map<string, CriterionOut>();
  for (const c of list) if (!m.has(c.criterionId)) m.set(c.criterionId, c);
  return m;
}

/** An evaluation request's failure as stored: its message. */
const errorText = (e: AiError) => e.message;

/**
 * One model evaluation with the evidence check (evidence.ts). A criterion above 0 left without a
 * verified rep quote is re-asked once, in one request for all such criteria; the re-ask can keep
 * or lower its level, never raise it. What still has no verified quote scores 0 with the note
 * `no_evidence`, and a failed re-ask (HTTP error, timeout, invalid output) leaves those criteria
 * at 0 with `reask_failed`. The level the model first proposed stays in `proposedLevel` for audit.
 * A failure of the first request is thrown (the job retries).
 */
export async function evaluateWithModel(input: ModelEvaluationInput): Promise<ModelEvaluationResult> {
  const { provider, criteria } = input;
  const turns = turnIndex(input.turns);
  const records: GenerationRecord[] = [];
  const sent = { system: input.system, user: input.user };

  await input.onPhase?.('evaluating');
  const { result: first, record } = await recordedGeneration(provider, {
    task: 'evaluation',
    schema: evaluationSchema,
    schemaName: 'call_evaluation',
    signal: input.signal,
    prompt: sent,
    errorText,
  });
  records.push(record);
  let usage = first.usage;

  await input.onPhase?.('verifying');
  const ledger = new EvidenceLedger();
  const answers = byId(first.data.criteria);
  const results = new Map<string, CriterionResult>();
  for (const c of criteria) {
    const out = answers.get(c.id);
    if (!out) {
      results.set(c.id, {
        criterionId: c.id,
        name: c.name,
        level: 0,
        originalLevel: 0,
        proposedLevel: null,
        note: 'not_assessed',
        rationale: '',
        evidence: [],
        rejected: [],
        unverified: false,
      });
      continue;
    }
    const proposed = out.level as Level;
    const { evidence, rejected, backs } = checkQuotes({
      criterionId: c.id,
      quotes: proposals(out),
      turns,
      ledger,
      level: proposed,
    });
    // no higher than its evidence may back (a sentence backs one criterion at level 2); without any, re-asked below
    const level = evidence.length > 0 && proposed > 0 ? (Math.min(proposed, backs) as Level) : proposed;
    results.set(c.id, {
      criterionId: c.id,
      name: c.name,
      level,
      originalLevel: level,
      proposedLevel: proposed,
      note: null,
      rationale: clean(out.rationale),
      evidence,
      rejected,
      unverified: false,
    });
  }

  const toReask = criteria.filter((c) => {
    const r = results.get(c.id)!;
    return r.level !== null && r.level > 0 && r.evidence.length === 0;
  });
  if (toReask.length > 0) {
    await input.onPhase?.('reasking');
    const user = reaskUserMessage(
      input.user,
      toReask.map((c) => ({
        criterion: c,
        level: results.get(c.id)!.level as Level,
        rejected: results.get(c.id)!.rejected ?? [],
      })),
    );
    const reSent = { system: input.system, user };
    try {
      const second = await provider.generateStructured({
        task: 'evaluation',
        system: input.system,
        user,
        schema: reaskSchema,
        schemaName: 'evidence_recheck',
        signal: input.signal,
      });
      records.push(answeredRecord('evaluation', reSent, second));
      usage = addUsage(usage, second.usage);
      const again = byId(second.data.criteria);
      for (const c of toReask) {
        const before = results.get(c.id)!;
        const out = again.get(c.id);
        if (!out) {
          results.set(c.id, { ...before, level: 0, originalLevel: 0, note: 'no_evidence' });
          continue;
        }
        // never above the first level: the re-ask can only keep or lower it
        const lvl = Math.min(before.level ?? 0, out.level) as Level;
        const checked = checkQuotes({ criterionId: c.id, quotes: proposals(out), turns, ledger, level: lvl });
        const rejected = [...(before.rejected ?? []), ...checked.rejected];
        const backed = lvl === 0 || checked.evidence.length > 0;
        const kept = lvl === 0 ? 0 : (Math.min(lvl, checked.backs) as Level);
        results.set(c.id, {
          ...before,
          level: kept,
          originalLevel: kept,
          note: backed ? null : 'no_evidence',
          rationale: clean(out.rationale) || before.rationale,
          evidence: checked.evidence,
          rejected,
        });
      }
    } catch (e) {
      if (!(e instanceof AiError)) throw e;
      records.push(failedRecord(e, { task: 'evaluation', prompt: reSent, errorText }));
      for (const c of toReask)
        results.set(c.id, { ...results.get(c.id)!, level: 0, originalLevel: 0, note: 'reask_failed' });
    }
  }

  const list = criteria.map((c) => results.get(c.id)!);
  const unbacked = list.filter((r) => r.note === 'no_evidence' || r.note === 'reask_failed').map((r) => r.name);
  const summary = [clean(first.data.summary), unbacked.length ? noEvidenceNote(input.language, unbacked) : '']
    .filter(Boolean)
    .join('\n\n');
  return {
    output: {
      criteria: list,
      summary,
      strengths: first.data.strengths.map(clean).filter(Boolean),
      improvements: first.data.improvements
        .map((i) => ({ what: clean(i.what), why: clean(i.why), example: clean(i.example) }))
        .filter((i) => i.what),
    },
    model: records[records.length - 1]?.model ?? first.model,
    usage,
    records,
    reasked: toReask.map((c) => c.id),
  };
}
