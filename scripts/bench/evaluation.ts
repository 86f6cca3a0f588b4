/**
 * Evaluation benchmarks:
 *  1. Offline evaluation (analytics + rules) of a 20-minute, ~200-turn transcript: time and memory.
 *  2. Job pickup latency: time from an enqueue's commit to the worker starting the job, over 50
 *     jobs, for the default poll interval (1000 ms) and a shorter one (250 ms); on PGlite and, with
 *     DATABASE_URL, on PostgreSQL (a scratch database, dropped afterwards).
 *
 *   npx tsx --expose-gc scripts/bench/evaluation.ts [--jobs 50] [--no-write]
 *
 * Writes the figures to docs/benchmarks.md under "## Evaluation and jobs".
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateDatabase, openDatabase, type Database } from '../../db/client';
import { DEMO_SCORECARDS } from '../../seed/scorecards';
import { computeAnalytics } from '../../server/evaluation/analytics';
import { evaluateOffline, OFFLINE_EVALUATOR_VERSION } from '../../server/evaluation/offline/index';
import type { Criterion, Turn } from '../../server/evaluation/types';
import { enqueue } from '../../server/jobs/queue';
import { createWorker } from '../../server/jobs/worker';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const DOC = path.join(root, 'docs', 'benchmarks.md');
const WRITE = !process.argv.includes('--no-write');
const JOBS = Number(process.argv[process.argv.indexOf('--jobs') + 1]) || 50;
const HEADING = '## Evaluation and jobs';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pctl = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const mb = (b: number) => Math.round((b / 1024 / 1024) * 10) / 10;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** ~200 turns over 20 minutes, built from the fixture calls' sentences (rep and prospect alternate). */
function longTranscript(): Turn[] {
  const load = (id: string) =>
    (
      JSON.parse(readFileSync(path.join(root, 'tests', 'fixtures', 'transcripts', `${id}.json`), 'utf8')) as {
        turns: Turn[];
      }
    ).turns;
  const pool = [
    ...load('discovery-strong'),
    ...load('discovery-average'),
    ...load('objection-strong'),
    ...load('closing-strong'),
  ];
  const rep = pool.filter((t) => t.speaker === 'rep').map((t) => t.text);
  const prospect = pool.filter((t) => t.speaker === 'prospect').map((t) => t.text);
  const turns: Turn[] = [];
  const total = 200;
  const slot = (20 * 60_000) / total;
  for (let i = 0; i < total; i++) {
    const speaker = i % 2 === 0 ? 'rep' : 'prospect';
    const text = speaker === 'rep' ? rep[i % rep.length] : prospect[i % prospect.length];
    const startMs = Math.round(i * slot);
    turns.push({
      seq: i,
      speaker,
      text,
      startMs,
      endMs: startMs + Math.round(slot * 0.85),
      responseLatencyMs: speaker === 'prospect' ? 400 + ((i * 37) % 900) : null,
    });
  }
  return turns;
}

function offlineBench() {
  const turns = longTranscript();
  const card = DEMO_SCORECARDS.find((s) => s.name === 'Discovery (SPIN)')!;
  const criteria: Criterion[] = card.criteria.map((c, i) => ({
    id: `c${i}`,
    name: c.name,
    description: c.description,
    levelZero: c.levelZero,
    levelLow: c.levelLow,
    levelHigh: c.levelHigh,
  }));
  const words = turns.reduce((a, t) => a + t.text.split(/\s+/).length, 0);
  const run = () => {
    const t0 = performance.now();
    computeAnalytics(turns, { language: 'en' });
    const t1 = performance.now();
    const r = evaluateOffline({ turns, criteria, language: 'en' });
    const t2 = performance.now();
    return { analyticsMs: t1 - t0, rulesMs: t2 - t1, totalMs: t2 - t0, score: r.score };
  };
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const first = run(); // cold (JIT, regex compilation)
  const heapAfterFirst = process.memoryUsage().heapUsed;
  const runs = Array.from({ length: 30 }, run);
  gc();
  return {
    turns: turns.length,
    words,
    criteria: criteria.length,
    coldMs: first.totalMs,
    p50Ms: pctl(
      runs.map((r) => r.totalMs),
      50,
    ),
    p95Ms: pctl(
      runs.map((r) => r.totalMs),
      95,
    ),
    analyticsP50Ms: pctl(
      runs.map((r) => r.analyticsMs),
      50,
    ),
    heapDeltaMb: mb(Math.max(0, heapAfterFirst - heapBefore)),
    rssMb: mb(process.memoryUsage().rss),
    score: first.score,
  };
}

async function scratchDatabase(
  kind: 'pglite' | 'postgres',
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: null });
    await migrateDatabase(database);
    return { database, drop: () => database.close() };
  }
  const { createPostgresDatabase } = await import('../../tests/helpers/postgres');
  const { database, drop } = await createPostgresDatabase(process.env.DATABASE_URL!);
  return {
    database,
    drop: async () => {
      await database.close();
      await drop();
    },
  };
}

async function pickupBench(kind: 'pglite' | 'postgres', pollIntervalMs: number) {
  const { database, drop } = await scratchDatabase(kind);
  const started = new Map<string, number>();
  const worker = createWorker({
    db: database.db,
    workerId: `bench:${process.pid}:${pollIntervalMs}`,
    pollIntervalMs,
    orphans: 'none',
    handlers: { mail: { run: async (ctx) => void started.set(ctx.job.id, performance.now()) } },
  });
  await worker.start();
  const latencies: number[] = [];
  try {
    for (let i = 0; i < JOBS; i++) {
      // enqueue at a random phase of the poll cycle, as a call end would
      await sleep(Math.floor((((i * 7919) % 1000) / 1000) * pollIntervalMs));
      const id = await enqueue(database.db, { queue: 'mail', tenantId: null, payload: { i }, dedupeKey: `bench-${i}` });
      const committed = performance.now();
      while (!started.has(id)) await sleep(2);
      latencies.push(started.get(id)! - committed);
    }
  } finally {
    await worker.stop();
    await drop();
  }
  return {
    kind,
    pollIntervalMs,
    jobs: latencies.length,
    p50: pctl(latencies, 50),
    p95: pctl(latencies, 95),
    max: Math.max(...latencies),
  };
}

const f1 = (n: number) => n.toFixed(1);

async function main() {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  const offline = offlineBench();
  console.log('offline', offline);
  const kinds: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const pickups = [];
  for (const kind of kinds)
    for (const poll of [1000, 250]) {
      const r = await pickupBench(kind, poll);
      console.log('pickup', r);
      pickups.push(r);
    }

  const section = [
    HEADING,
    '',
    `\`npx tsx --expose-gc scripts/bench/evaluation.ts\` — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, load average before the run ${load}.`,
    '',
    `**Offline evaluation of a 20-minute transcript** (${offline.turns} turns, ${offline.words} words, the ${offline.criteria} criteria of Discovery (SPIN); conversation analytics + the rules of ${OFFLINE_EVALUATOR_VERSION}, in process, no database; 30 runs after one cold run):`,
    '',
    '| Cold run (ms) | p50 (ms) | p95 (ms) | Analytics alone p50 (ms) | Heap allocated by the cold run (MB) | Process RSS (MB) |',
    '|---:|---:|---:|---:|---:|---:|',
    `| ${f1(offline.coldMs)} | ${f1(offline.p50Ms)} | ${f1(offline.p95Ms)} | ${f1(offline.analyticsP50Ms)} | ${offline.heapDeltaMb} | ${offline.rssMb} |`,
    '',
    `**Job pickup latency**: from the commit of \`enqueue()\` to the worker's handler starting, ${JOBS} jobs one at a time, each enqueued at a different phase of the poll cycle. An idle worker polls every \`pollIntervalMs\` (app default 1000 ms); after a job it claims the next one at once, so under load pickup is immediate.`,
    '',
    '| Database | Poll interval (ms) | Jobs | p50 (ms) | p95 (ms) | max (ms) |',
    '|---|---:|---:|---:|---:|---:|',
    ...pickups.map(
      (p) =>
        `| ${p.kind === 'pglite' ? 'PGlite (in memory)' : 'PostgreSQL (DATABASE_URL)'} | ${p.pollIntervalMs} | ${p.jobs} | ${f1(p.p50)} | ${f1(p.p95)} | ${f1(p.max)} |`,
    ),
    '',
    'Pickup is bounded by the poll interval (expected p50 ≈ half of it, max ≈ all of it, plus one claim query). With a model,',
    'the evaluation itself is dominated by the model call(s) (one request per sample, plus one when evidence has to be re-asked; EVALUATION_SAMPLES samples); the offline',
    'path adds the rule time above plus two short transactions (load, save). The box is shared: with a load average above',
    'the core count (see above) the CPU-bound figures are pessimistic; pickup latency is dominated by the poll interval.',
    '',
  ].join('\n');

  if (WRITE) {
    const doc = readFileSync(DOC, 'utf8');
    const start = doc.indexOf(`\n${HEADING}\n`);
    let next: string;
    if (start < 0) next = `${doc.replace(/\s*$/, '')}\n\n${section}`;
    else {
      const after = doc.indexOf('\n## ', start + HEADING.length + 1);
      next = doc.slice(0, start + 1) + section + (after >= 0 ? doc.slice(after) : '');
    }
    writeFileSync(DOC, next);
    console.log(`written to ${path.relative(root, DOC)}`);
  } else console.log(section);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
