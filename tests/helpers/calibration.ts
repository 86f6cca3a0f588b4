import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_SCORECARDS } from '../../seed/scorecards';
import { describeDifficulty } from '../../server/ai/difficulty';
import { languageName } from '../../server/ai/labels';
import type { EvaluationInput } from '../../server/evaluation/input';
import { formatCriteriaWithIds, TRANSCRIPT_POINTER } from '../../server/evaluation/model-prompt';
import type { Criterion, Level, Turn } from '../../server/evaluation/types';
import { SYSTEM_PROMPTS } from '../../server/ai/system-prompt-texts';

/** The calibration calls of tests/fixtures/transcripts (format: its README.md). */
export interface CalibrationCall {
  id: string;
  scorecard: string;
  quality: 'strong' | 'average' | 'weak' | 'trap';
  trap?: string;
  language: string;
  pair?: string;
  base?: string;
  description: string;
  intended: { criterion: string; level: Level; turns: number[]; why: string }[];
  turns: Omit<Turn, 'seq'>[];
}

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'transcripts');

export function loadCalibration(): CalibrationCall[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as CalibrationCall);
}

/** The seeded scorecard's criteria, with stable ids c1…cN. */
export function criteriaOf(scorecard: string): Criterion[] {
  const card = DEMO_SCORECARDS.find((s) => s.name === scorecard);
  if (!card) throw new Error(`no seeded scorecard named ${scorecard}`);
  return card.criteria.map((c, i) => ({
    id: `c${i + 1}`,
    name: c.name,
    description: c.description,
    levelZero: c.levelZero,
    levelLow: c.levelLow,
    levelHigh: c.levelHigh,
  }));
}

/**
 * The call's turns as stored: `seq` is the position. A typed call has no speech timing: its turns
 * get a start a few seconds apart and no end, so talk share is counted in words.
 */
export function turnsOf(call: CalibrationCall): Turn[] {
  return call.turns.map((t, seq) => ({ ...t, seq, startMs: t.startMs ?? seq * 5000, endMs: t.endMs ?? null }));
}

/** The intended level of each criterion, by criterion id. */
export function intendedLevels(call: CalibrationCall): Record<string, Level> {
  const criteria = criteriaOf(call.scorecard);
  return Object.fromEntries(
    call.intended.map((i) => {
      const c = criteria.find((x) => x.name === i.criterion);
      if (!c) throw new Error(`${call.id}: ${i.criterion} is not a criterion of ${call.scorecard}`);
      return [c.id, i.level];
    }),
  );
}

/** An evaluation input for a calibration call, with the system default evaluation prompt (no database). */
export function evaluationInputFor(call: CalibrationCall): EvaluationInput {
  const criteria = criteriaOf(call.scorecard);
  const template = SYSTEM_PROMPTS.find((p) => p.systemKey === 'evaluation.default')?.instructions ?? '{{criteria}}';
  return {
    tenantId: '00000000-0000-0000-0000-000000000000',
    callId: call.id,
    simulationId: null,
    language: call.language,
    durationMs: null,
    turns: turnsOf(call),
    criteria,
    scorecardName: call.scorecard,
    promptTemplate: template,
    values: {
      'persona.name': 'the prospect',
      'persona.description': 'Not specified.',
      'persona.behaviour': 'Not specified.',
      difficulty: describeDifficulty('medium'),
      icp: 'Not specified.',
      product: 'Not specified.',
      client_overview: 'Not specified.',
      call_instructions: 'Not specified.',
      scenario: call.description,
      criteria: formatCriteriaWithIds(criteria),
      knowledge_base: '(not used for evaluation)',
      language: languageName(call.language),
      learner_role: 'Sales Representative',
      use_case: call.scorecard,
      transcript: TRANSCRIPT_POINTER,
    },
  };
}
