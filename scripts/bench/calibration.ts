/**
 * Evaluation calibration (docs/benchmarks.md, "## Evaluation: calibration"):
 *  1. The offline evaluator against the intended levels of the calibration calls
 *     (tests/fixtures/transcripts): exact and within-one agreement, strong > average > weak per
 *     seeded scorecard, traps, and the held-out calls written after the rules.
 *  2. The model path's evidence check on the same calls, through the real OpenAI SDK against the
 *     wire-level fake on loopback (tests/helpers/fake-openai.ts) playing three kinds of model: one
 *     that quotes exactly, one that only varies the typography (case, curly quotes, "[n] Rep:"),
 *     and one that paraphrases one quote in four and misnumbers one in seven. For each: verified
 *     levels against the intended ones, and the extra requests per call caused by re-asks.
 *
 *   npx tsx scripts/bench/calibration.ts [--no-write]
 */
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTextProvider } from '../../server/ai/create-provider';
import { runEvaluation } from '../../server/evaluation/evaluate';
import { evaluateOffline } from '../../server/evaluation/offline/index';
import { forgedFrom } from '../../server/evaluation/guards';
import { sentences } from '../../server/evaluation/text';
import type { Level } from '../../server/evaluation/types';
import {
  criteriaOf,
  evaluationInputFor,
  intendedLevels,
  loadCalibration,
  turnsOf,
  type CalibrationCall,
} from '../../tests/helpers/calibration';
import { startFakeOpenAI, type ChatRequestBody } from '../../tests/helpers/fake-openai';

const here = path.dirname(fileURLToPath(import.meta.url));
const DOC = path.join(here, '..', '..', 'docs', 'benchmarks.md');
const HEADING = '## Evaluation: calibration';
const WRITE = !process.argv.includes('--no-write');
const pct = (a: number, b: number) => (b ? `${Math.round((a / b) * 1000) / 10} %` : '—');

const calls = loadCalibration();
const isHeldOut = (c: CalibrationCall) => c.id.startsWith('held-out');
const main = calls.filter((c) => !isHeldOut(c));

function agreement(set: CalibrationCall[], levelsOf: (c: CalibrationCall) => Record<string, Level | null>) {
  let exact = 0;
  let within = 0;
  let n = 0;
  for (const c of set) {
    const want = intendedLevels(c);
    const got = levelsOf(c);
    for (const [id, level] of Object.entries(want)) {
      n++;
      if (got[id] === level) exact++;
      if (got[id] !== null && got[id] !== undefined && Math.abs(got[id]! - level) <= 1) within++;
    }
  }
  return { exact, within, n };
}

const offlineLevels = (c: CalibrationCall) =>
  Object.fromEntries(
    evaluateOffline({ turns: turnsOf(c), criteria: criteriaOf(c.scorecard), language: c.language }).criteria.map(
      (x) => [x.criterionId, x.level],
    ),
  );
const offlineScore = (c: CalibrationCall) =>
  evaluateOffline({ turns: turnsOf(c), criteria: criteriaOf(c.scorecard), language: c.language }).score ?? 0;

function ranking() {
  const cards = [...new Set(main.map((c) => c.scorecard))];
  const rows = cards.map((card) => {
    const langs = [...new Set(main.filter((c) => c.scorecard === card && c.quality !== 'trap').map((c) => c.language))];
    let holds = true;
    const detail = langs.map((lng) => {
      const s = (q: string) =>
        main.filter((c) => c.scorecard === card && c.quality === q && c.language === lng).map(offlineScore);
      const [strong, average, weak] = [s('strong'), s('average'), s('weak')];
      for (const a of strong) for (const b of average) if (!(a > b)) holds = false;
      for (const a of average) for (const b of weak) if (!(a > b)) holds = false;
      const show = (xs: number[]) => (xs.length ? xs.join('/') : '—');
      return `${lng}: ${show(strong)} > ${show(average)} > ${show(weak)}`;
    });
    return { card, holds, detail: detail.join('; ') };
  });
  return { rows, holds: rows.filter((r) => r.holds).length, total: rows.length };
}

type Style = 'exact' | 'typography' | 'formatting' | 'drifting';
const STYLE_NAMES: Record<Style, string> = {
  exact: 'quotes exactly',
  typography: 'varies case, curly quotes, dashes, adds "[n] Rep:"',
  formatting:
    'puts a speaker name, "(n)", "Turn n — Rep:" or a time in front, changes the final mark, drops commas or a thousands separator, adds a leading ellipsis',
  drifting: 'paraphrases 1 quote in 4, misnumbers 1 in 7',
};

/** The model's quote for an intended rep turn: its longest sentence (of what the rep said, not of lines typed to look like another turn). */
const quoteOf = (c: CalibrationCall, turn: number) => {
  const said = c.turns[turn].text.slice(0, forgedFrom(c.turns[turn].text));
  return [...sentences(said)].sort((a, b) => b.length - a.length)[0] ?? said;
};

function styled(style: Style, quote: string, turn: number, k: number): { turn: number; quote: string } {
  if (style === 'typography')
    return {
      turn,
      quote: `[${turn}] Rep: ${quote
        .toLowerCase()
        .replace(/'/g, '’')
        .replace(/ - /g, ' – ')
        .replace(/[.?!]$/, '')}`,
    };
  if (style === 'formatting') {
    // what models put around a true quote: a speaker name, a turn number, a time, changed final
    // punctuation, a leading ellipsis, an amount without its thousands separator
    const formats = [
      (q: string) => `Daniel: ${q}`,
      (q: string) => `(${turn}) ${q.replace(/[.?!]$/, '')}`,
      (q: string) => `Turn ${turn} — Rep: "${q.replace(/[.?!]$/, '!')}"`,
      (q: string) => `…${q.replace(/(\d)[,.](\d{3})/g, '$1$2')}`,
      (q: string) => `[00:42] Sales rep: ${q.replace(/, /g, ' ')}`,
    ];
    return { turn, quote: formats[k % formats.length](quote) };
  }
  if (style === 'drifting' && k % 4 === 3)
    return {
      turn,
      quote: quote
        .split(' ')
        .filter((_, i) => i !== 1)
        .join(' '),
    }; // a word dropped: paraphrase
  if (style === 'drifting' && k % 7 === 6) return { turn: turn + 1, quote }; // the neighbouring (prospect) turn
  return { turn, quote };
}

async function modelPath(style: Style) {
  const fake = await startFakeOpenAI();
  const provider = createTextProvider({
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: fake.baseURL,
    OPENAI_MODEL_SCENARIO: 'm',
    OPENAI_MODEL_EVALUATION: 'fake-model',
    OPENAI_TIMEOUT_MS: 10_000,
  })!;
  let k = 0;
  let extra = 0;
  let evaluated = 0;
  const verified: Record<string, Record<string, Level | null>> = {};
  try {
    for (const c of calls) {
      const criteria = criteriaOf(c.scorecard);
      const exactQuotes = (name: string) =>
        (c.intended.find((i) => i.criterion === name)?.turns ?? []).map((t) => ({ turn: t, quote: quoteOf(c, t) }));
      fake.reset();
      fake.setDefault((body: ChatRequestBody) => {
        const recheck = body.response_format.json_schema.name === 'evidence_recheck';
        const asked = recheck
          ? criteria.filter((x) => body.messages.at(-1)!.content.includes(`"criterionId":"${x.id}"`))
          : criteria;
        return {
          data: {
            criteria: asked.map((x) => {
              const want = c.intended.find((i) => i.criterion === x.name)!;
              // the re-ask is answered with exact quotes: a model that corrects itself when told
              const evidence =
                want.level > 0
                  ? exactQuotes(x.name).map((q) => (recheck ? q : styled(style, q.quote, q.turn, k++)))
                  : [];
              return { criterionId: x.id, level: want.level, rationale: 'Fake rationale.', evidence };
            }),
            ...(recheck ? {} : { summary: 'Fake summary.', strengths: [], improvements: [] }),
          },
        };
      });
      const r = await runEvaluation(evaluationInputFor(c), provider);
      extra += r.requests - 1;
      evaluated++;
      verified[c.id] = Object.fromEntries(r.output.criteria.map((x) => [x.criterionId, x.level]));
    }
  } finally {
    await fake.close();
  }
  const agree = agreement(calls, (c) => verified[c.id]);
  return { style, extraPerCall: extra / evaluated, calls: evaluated, ...agree };
}

async function run() {
  const load = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
  const uptime = execSync('uptime').toString().trim();
  const all = agreement(main, offlineLevels);
  const traps = main.filter((c) => c.quality === 'trap');
  const trapAgree = agreement(traps, offlineLevels);
  const graded = agreement(
    main.filter((c) => c.quality !== 'trap'),
    offlineLevels,
  );
  const held = agreement(calls.filter(isHeldOut), offlineLevels);
  const rank = ranking();
  const styles: Style[] = ['exact', 'typography', 'formatting', 'drifting'];
  const model = [];
  for (const s of styles) model.push(await modelPath(s));

  const section = [
    HEADING,
    '',
    `\`npx tsx scripts/bench/calibration.ts\` — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}; \`uptime\` before the run: ${uptime.replace(/^.*load average:/, 'load average').trim()} (os.loadavg ${load}).`,
    '',
    `The calibration set is ${calls.length} hand-written calls (tests/fixtures/transcripts, README there). ${main.length} were written by the rules' author: strong, average and weak calls for the five seeded scorecards in English, Spanish, Portuguese and Italian, with translated pairs, and ${traps.length} trap calls. The other ${calls.length - main.length} are held out: written after the rules by someone who had not read them. Each call records the level every criterion deserves, decided from the scorecard's level texts alone.`,
    '',
    '**Offline evaluator against the intended levels** (spar-offline-eval-v2):',
    '',
    '| Calls | Criterion verdicts | Exact | Within one |',
    '|---|---:|---:|---:|',
    `| All ${main.length} calls | ${all.n} | ${pct(all.exact, all.n)} | ${pct(all.within, all.n)} |`,
    `| Strong / average / weak (${main.length - traps.length}) | ${graded.n} | ${pct(graded.exact, graded.n)} | ${pct(graded.within, graded.n)} |`,
    `| Traps (${traps.length}) | ${trapAgree.n} | ${pct(trapAgree.exact, trapAgree.n)} | ${pct(trapAgree.within, trapAgree.n)} |`,
    `| Held-out calls (${calls.filter(isHeldOut).length}), today | ${held.n} | ${pct(held.exact, held.n)} | ${pct(held.within, held.n)} |`,
    '',
    `**Ranking strong > average > weak holds on ${rank.holds} of ${rank.total} seeded scorecards** (offline scores, per language):`,
    '',
    '| Scorecard | Holds | Scores strong > average > weak |',
    '|---|---|---|',
    ...rank.rows.map((r) => `| ${r.card} | ${r.holds ? 'yes' : 'no'} | ${r.detail} |`),
    '',
    'Held-out calls measure how the rules generalise to text they were not built on. Two batches were written after the rules, committed, and only then run: the first (6 calls, 30 verdicts) agreed **53.3 % exactly, 93.3 % within one** on its first run (commit fc25a49); the second (4 calls, 20 verdicts), written after the fixes the first batch prompted, agreed **60 % exactly, 95 % within one** on its first run (commit 88ce6f4). Both batches then prompted general fixes (missing phrasings in the four lexicons, a hypothetical in the sentence before the question, a played-back summary checked with "have I got that right?"). The third batch (22 calls in four languages, 110 verdicts: plain and indirect objections of every family, amounts in every currency style, generic offers, self-labelling, conditional value questions) was written by a reviewer session that never read the rules or ran an evaluator, and agreed **73.6 % exactly, 97.3 % within one** on its first run (commit 8531460). Where the "today" row is above a batch’s first run, the difference is fixes that batch prompted: expect roughly the first-run figures on calls nobody has read.',
    '',
    '**Model path on the same calls** (the evidence check and the one re-ask, through the OpenAI SDK against the wire-level fake; the fake answers with the intended levels and, as evidence, the longest sentence of each intended rep turn, and answers a re-ask with exact quotes):',
    '',
    '| Fake model | Calls | Verified levels = intended (exact) | Within one | Extra requests per call (re-asks) |',
    '|---|---:|---:|---:|---:|',
    ...model.map(
      (m) =>
        `| ${STYLE_NAMES[m.style]} | ${m.calls} | ${pct(m.exact, m.n)} | ${pct(m.within, m.n)} | ${m.extraPerCall.toFixed(2)} |`,
    ),
    '',
    "A model that quotes exactly costs no re-ask; typography and formatting never do either (the check compares words: labels in front, punctuation, case, spacing, quote and dash styles and thousands separators may differ); each criterion left without a verified quote costs one extra request per call (one request re-asks all of them). These are the check's own costs with a scripted model. To measure a real model's re-ask rate and run-to-run agreement, run `scripts/eval-consistency.ts` with `OPENAI_API_KEY` (and `EVALUATION_SAMPLES=3`): it prints both. Where the exact-quoting row is below 100 %, an intended level above 0 rests on a turn whose longest sentence the rules refuse (fewer than four words, courtesy only, or a sentence already backing two criteria or another at level 2).",
    '',
  ].join('\n');

  console.log(section);
  if (WRITE) {
    const doc = readFileSync(DOC, 'utf8');
    const start = doc.indexOf(`\n${HEADING}\n`);
    let next: string;
    if (start < 0) {
      const anchor = doc.indexOf('\n## Call relay');
      next =
        anchor < 0
          ? `${doc.replace(/\s*$/, '')}\n\n${section}`
          : `${doc.slice(0, anchor)}\n${section}${doc.slice(anchor)}`;
    } else {
      const after = doc.indexOf('\n## ', start + HEADING.length + 1);
      next = doc.slice(0, start) + '\n' + section + (after < 0 ? '' : doc.slice(after));
    }
    writeFileSync(DOC, next);
  }
}

run().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
