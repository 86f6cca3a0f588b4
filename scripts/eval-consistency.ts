/**
 * Evaluation consistency: evaluates every fixture transcript (tests/fixtures/transcripts) N times
 * with the configured model and prints, per transcript, the agreement of each criterion (share of
 * runs that gave the modal level) and the spread of the score (min / max / standard deviation),
 * so a tenant can check how stable its model is before trusting the scores.
 *
 *   OPENAI_API_KEY=… [OPENAI_BASE_URL=…] [OPENAI_MODEL_EVALUATION=…] npx tsx scripts/eval-consistency.ts [--runs 5] [--only discovery]
 *
 * Without OPENAI_API_KEY it runs the offline evaluator instead (and says so): that one is
 * deterministic, so agreement is 100 % by construction. Nothing is written to a database.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_SCORECARDS } from '../db/seed/scorecards';
import { createTextProvider } from '../server/ai/provider';
import { loadEnv } from '../server/env';
import { runEvaluation, type EvaluationInput } from '../server/evaluation/evaluate';
import { formatCriteriaWithIds, formatTranscript } from '../server/evaluation/model';
import type { Criterion, Turn } from '../server/evaluation/types';
import { SYSTEM_PROMPTS } from '../server/services/prompts/system-prompt-texts';
import { describeDifficulty } from '../server/ai/difficulty';
import { languageName } from '../server/ai/labels';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Math.max(1, Number(arg('--runs')) || 5);
const ONLY = arg('--only');

interface Fixture {
  id: string;
  scorecard: string;
  quality: string;
  language: string;
  description?: string;
  turns: Omit<Turn, 'seq'>[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.join(here, '..', 'tests', 'fixtures', 'transcripts');
const fixtures: Fixture[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && (!ONLY || f.includes(ONLY)))
  .sort()
  .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Fixture);

const template = SYSTEM_PROMPTS.find((p) => p.systemKey === 'evaluation.default')?.instructions ?? '{{criteria}}\n{{transcript}}';

function inputFor(f: Fixture): EvaluationInput {
  const card = DEMO_SCORECARDS.find((s) => s.name === f.scorecard);
  if (!card) throw new Error(`${f.id}: no demo scorecard named ${f.scorecard}`);
  const criteria: Criterion[] = card.criteria.map((c, i) => ({ id: `c${i + 1}`, name: c.name, description: c.description, levelZero: c.levelZero, levelLow: c.levelLow, levelHigh: c.levelHigh }));
  const turns: Turn[] = f.turns.map((t, seq) => ({ ...t, seq }));
  return {
    tenantId: '00000000-0000-0000-0000-000000000000',
    callId: f.id,
    simulationId: null,
    language: f.language,
    durationMs: null,
    turns,
    criteria,
    scorecardName: card.name,
    promptTemplate: template,
    values: {
      'persona.name': 'the prospect',
      'persona.description': 'Not specified.',
      'persona.behaviour': 'Not specified.',
      difficulty: describeDifficulty('medium'),
      icp: 'Not specified.',
      product: 'RouteWise, route optimisation software for freight companies.',
      client_overview: 'Not specified.',
      call_instructions: 'Not specified.',
      scenario: f.description ?? 'Not specified.',
      criteria: formatCriteriaWithIds(criteria),
      knowledge_base: '',
      language: languageName(f.language),
      learner_role: 'Sales Representative',
      use_case: f.scorecard,
      transcript: formatTranscript(turns),
    },
  };
}

const pct = (n: number) => `${Math.round(n * 100)}%`;
function stats(xs: number[]) {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
  return { min: Math.min(...xs), max: Math.max(...xs), mean: Math.round(mean * 10) / 10, sd: Math.round(sd * 10) / 10 };
}

async function main() {
  const env = loadEnv({ ...process.env, LOG_LEVEL: 'silent' });
  const provider = createTextProvider(env);
  if (!provider) console.log('OPENAI_API_KEY is not set: running the OFFLINE evaluator (deterministic rules), so agreement is 100 % by construction.\n');
  else console.log(`Model: ${provider.modelFor('evaluation')}${env.OPENAI_BASE_URL ? ` at ${env.OPENAI_BASE_URL}` : ''}; ${RUNS} run(s) per transcript.\n`);

  let overallAgree = 0;
  let overallN = 0;
  for (const f of fixtures) {
    const input = inputFor(f);
    const levels = new Map<string, number[]>(input.criteria.map((c) => [c.id, []]));
    const unverified = new Map<string, number>();
    const scores: number[] = [];
    let failures = 0;
    for (let i = 0; i < RUNS; i++) {
      try {
        const r = await runEvaluation(input, provider);
        scores.push(r.score);
        for (const c of r.output.criteria) {
          levels.get(c.criterionId)?.push(c.level);
          if (c.unverified) unverified.set(c.criterionId, (unverified.get(c.criterionId) ?? 0) + 1);
        }
      } catch (e) {
        failures++;
        console.error(`  ${f.id} run ${i + 1} failed: ${e instanceof Error ? e.message : String(e)}`);
      }
      if (!provider) break; // deterministic: one run says it all
    }
    if (!scores.length) continue;
    const s = stats(scores);
    console.log(`${f.id} (${f.scorecard}, expected ${f.quality}) — score min ${s.min} / max ${s.max} / mean ${s.mean} / sd ${s.sd}${failures ? `, ${failures} failed run(s)` : ''}`);
    for (const c of input.criteria) {
      const ls = levels.get(c.id)!;
      const counts = [0, 1, 2].map((l) => ls.filter((x) => x === l).length);
      const modal = counts.indexOf(Math.max(...counts));
      const agree = ls.length ? counts[modal] / ls.length : 0;
      overallAgree += counts[modal];
      overallN += ls.length;
      const unv = unverified.get(c.id) ?? 0;
      console.log(`   ${c.name.padEnd(28)} modal level ${modal}  agreement ${pct(agree).padStart(4)}  levels [0:${counts[0]} 1:${counts[1]} 2:${counts[2]}]${unv ? `  unverified in ${unv} run(s)` : ''}`);
    }
  }
  if (overallN) console.log(`\nOverall criterion agreement: ${pct(overallAgree / overallN)} over ${overallN} criterion verdicts.`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
