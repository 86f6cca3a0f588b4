import { checkQuotes, EvidenceLedger, turnIndex } from './evidence';
import { addUsage } from '../ai/recorded-generation';
import { evaluateWithModel, noEvidenceNote, type ModelEvaluationInput, type ModelEvaluationResult } from './model';
import type { CriterionResult, Level, Turn } from './types';

/** The lower median: with an even count the smaller middle value, so a tie never raises a level. */
export function medianLevel(levels: readonly Level[]): Level {
  const sorted = [...levels].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * EVALUATION_SAMPLES: the evaluation (with its evidence check and re-ask) runs `samples` times,
 * one after the other; each criterion keeps the median of the verified levels, with the rationale
 * and evidence of the first sample that gave it, and records how many samples agreed. The summary
 * and suggestions come from the sample closest to the median levels.
 */
export async function evaluateWithSamples(
  input: ModelEvaluationInput,
  samples: number,
): Promise<ModelEvaluationResult> {
  const runs: ModelEvaluationResult[] = [];
  for (let i = 0; i < Math.max(1, samples); i++) runs.push(await evaluateWithModel(input));
  return combineSamples(runs, input.turns, input.language);
}

function combineSamples(
  runs: readonly ModelEvaluationResult[],
  turns: readonly Turn[],
  language: string,
): ModelEvaluationResult {
  const n = runs.length;
  const ids = runs[0].output.criteria.map((c) => c.criterionId);
  const index = turnIndex(turns);
  const ledger = new EvidenceLedger();
  const medians: Level[] = [];
  const criteria: CriterionResult[] = ids.map((id, i) => {
    const levels = runs.map((r) => (r.output.criteria[i]?.level ?? 0) as Level);
    const median = medianLevel(levels);
    medians.push(median);
    const chosen = runs.find((r) => (r.output.criteria[i]?.level ?? 0) === median)!.output.criteria[i];
    const agreement = { samples: n, agreeing: levels.filter((l) => l === median).length };
    if (n === 1 || median === 0) return { ...chosen, agreement };
    // evidence picked from different samples must still respect the sentence rules (EvidenceLedger)
    const again = checkQuotes({
      criterionId: id,
      quotes: chosen.evidence.map((e) => ({ turn: e.turnSeq, quote: e.quote })),
      turns: index,
      ledger,
      level: median,
    });
    const rejected = [...(chosen.rejected ?? []), ...again.rejected];
    if (again.evidence.length === 0)
      return { ...chosen, level: 0, originalLevel: 0, note: 'no_evidence', evidence: [], rejected, agreement };
    const level = Math.min(median, again.backs) as Level;
    return { ...chosen, level, originalLevel: level, evidence: again.evidence, rejected, agreement };
  });

  // the sample whose levels agree most with the medians speaks for the call
  const closeness = (r: ModelEvaluationResult) => r.output.criteria.filter((c, i) => c.level === medians[i]).length;
  const voice = runs.reduce((best, r) => (closeness(r) > closeness(best) ? r : best), runs[0]);
  const unbacked = criteria.filter((c) => c.note === 'no_evidence' || c.note === 'reask_failed').map((c) => c.name);
  const voiceUnbacked = voice.output.criteria
    .filter((c) => c.note === 'no_evidence' || c.note === 'reask_failed')
    .map((c) => c.name);
  // the voice's own no-evidence note may name other criteria than the combined result: rewrite it
  const summaryBody = voiceUnbacked.length
    ? voice.output.summary.split('\n\n').slice(0, -1).join('\n\n')
    : voice.output.summary;
  const summary = [summaryBody, unbacked.length ? noEvidenceNote(language, unbacked) : ''].filter(Boolean).join('\n\n');

  return {
    output: { criteria, summary, strengths: voice.output.strengths, improvements: voice.output.improvements },
    model: voice.model,
    usage: runs.reduce((u, r) => addUsage(u, r.usage), null as ModelEvaluationResult['usage']),
    records: runs.flatMap((r) => r.records),
    reasked: runs.flatMap((r) => r.reasked),
  };
}
