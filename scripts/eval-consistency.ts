/**
 * Evaluation consistency: evaluates every calibration call (tests/fixtures/transcripts) N times
 * with the configured model and prints, per call, the agreement of each criterion (share of runs
 * that gave the most common level), the spread of the score (min / max / standard deviation), the
 * agreement with the call's intended levels, and the extra requests the evidence re-asks cost, so
 * a tenant can check how stable its model is before trusting the scores.
 *
 *   OPENAI_API_KEY=… [OPENAI_BASE_URL=…] [OPENAI_MODEL_EVALUATION=…] [EVALUATION_SAMPLES=3] npx tsx scripts/eval-consistency.ts [--runs 5] [--only discovery]
 *
 * Each run is one report as the product makes it (with EVALUATION_SAMPLES samples and the median).
 * Without OPENAI_API_KEY it runs the offline evaluator instead (and says so): that one is
 * deterministic, so agreement is 100 % by construction. Nothing is written to a database.
 */
import { createTextProvider } from '../server/ai/create-provider';
import { loadEnv } from '../server/env';
import { runEvaluation } from '../server/evaluation/evaluate';
import { evaluationInputFor, intendedLevels, loadCalibration } from '../tests/helpers/calibration';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Math.max(1, Number(arg('--runs')) || 5);
const ONLY = arg('--only');

const pct = (n: number) => `${Math.round(n * 100)}%`;
function stats(xs: number[]) {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
  return { min: Math.min(...xs), max: Math.max(...xs), mean: Math.round(mean * 10) / 10, sd: Math.round(sd * 10) / 10 };
}

async function main() {
  const env = loadEnv({ ...process.env, LOG_LEVEL: 'silent' });
  const provider = createTextProvider(env);
  const samples = env.EVALUATION_SAMPLES;
  if (!provider)
    console.log(
      'OPENAI_API_KEY is not set: running the OFFLINE evaluator (deterministic rules), so agreement is 100 % by construction.\n',
    );
  else
    console.log(
      `Model: ${provider.modelFor('evaluation')}${env.OPENAI_BASE_URL ? ` at ${env.OPENAI_BASE_URL}` : ''}; ${RUNS} run(s) per call, ${samples} sample(s) per run.\n`,
    );

  let agree = 0;
  let verdicts = 0;
  let exact = 0;
  let withinOne = 0;
  let judged = 0;
  let requests = 0;
  let evaluations = 0;
  for (const call of loadCalibration().filter((c) => !ONLY || c.id.includes(ONLY))) {
    const input = evaluationInputFor(call);
    const intended = intendedLevels(call);
    const levels = new Map<string, number[]>(input.criteria.map((c) => [c.id, []]));
    const scores: number[] = [];
    let failures = 0;
    for (let i = 0; i < RUNS; i++) {
      try {
        const r = await runEvaluation(input, provider, { samples });
        scores.push(r.score ?? 0);
        requests += r.requests;
        evaluations += samples;
        for (const c of r.output.criteria) levels.get(c.criterionId)?.push(c.level ?? -1);
      } catch (e) {
        failures++;
        console.error(`  ${call.id} run ${i + 1} failed: ${e instanceof Error ? e.message : String(e)}`);
      }
      if (!provider) break; // deterministic: one run says it all
    }
    if (!scores.length) continue;
    const s = stats(scores);
    console.log(
      `${call.id} (${call.scorecard}, ${call.quality}, ${call.language}) — score min ${s.min} / max ${s.max} / mean ${s.mean} / sd ${s.sd}${failures ? `, ${failures} failed run(s)` : ''}`,
    );
    for (const c of input.criteria) {
      const ls = levels.get(c.id)!;
      const counts = [0, 1, 2].map((l) => ls.filter((x) => x === l).length);
      const modal = counts.indexOf(Math.max(...counts));
      agree += counts[modal];
      verdicts += ls.length;
      for (const l of ls) {
        judged++;
        if (l === intended[c.id]) exact++;
        if (l >= 0 && Math.abs(l - intended[c.id]) <= 1) withinOne++;
      }
      const share = ls.length ? counts[modal] / ls.length : 0;
      console.log(
        `   ${c.name.padEnd(28)} modal ${modal} (intended ${intended[c.id]})  agreement ${pct(share).padStart(4)}  levels [0:${counts[0]} 1:${counts[1]} 2:${counts[2]}]`,
      );
    }
  }
  if (verdicts) console.log(`\nRun-to-run agreement: ${pct(agree / verdicts)} over ${verdicts} criterion verdicts.`);
  if (judged)
    console.log(
      `Agreement with the intended levels: exact ${pct(exact / judged)}, within one ${pct(withinOne / judged)}.`,
    );
  if (provider && evaluations)
    console.log(
      `Model requests: ${requests} for ${evaluations} evaluations — ${(requests / evaluations - 1).toFixed(2)} extra request(s) per evaluation from evidence re-asks.`,
    );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
