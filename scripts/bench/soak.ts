/**
 * Soak: one server process (the build, on PostgreSQL) under steady load for a long
 * time — reads of the dashboard, the assignment list and a report page at a fixed rate (about half
 * of what one process serves at p95 ≤ 100 ms, docs/benchmarks.md "Load") and 50 offline practice
 * calls cycling (start, the prospect's greeting, a typed line and its answer, hang up, again) —
 * sampling the process's resident memory and open file handles every minute. Says whether they
 * stay flat and counts every error answer and failed call.
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/soak.ts [--minutes 30] [--rate 150] [--calls 50] [--no-write]
 *
 * Writes docs/benchmarks.md "## Soak: memory and handles over time".
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { connectCall, sayAfterSpokenGreeting, type CallClient } from '../../tests/helpers/call-client';
import { startCluster } from '../lib/cluster';
import { machine, runBench, writeBenchSection } from '../lib/bench-doc';
import { scratchDatabase } from '../lib/open-db';
import { numberArg } from '../lib/bench-args';
import { demoServerEnv, signIn as signInOverHttp, trpcCall } from '../lib/http-session';

const MINUTES = numberArg('minutes', 30);
const RATE = numberArg('rate', 150);
const CALLS = numberArg('calls', 50);
const WRITE = !process.argv.includes('--no-write');
const PASSWORD = 'soak-demo-password';

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const handles = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

const signIn = (base: string, email: string) => signInOverHttp(base, email, PASSWORD);

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL (PostgreSQL).');
  if (!existsSync('dist/server/index.mjs')) execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  const loadBefore = os.loadavg()[0];
  const { database, drop, url } = await scratchDatabase(process.env.DATABASE_URL);
  await database.close();
  const cluster = await startCluster({
    processes: 1,
    port: 0,
    env: { ...demoServerEnv(url!, PASSWORD), CALLS_MAX_PER_TENANT: String(CALLS * 2) },
  });
  const base = cluster.backends[0].url;
  const pid = cluster.backends[0].pid!;
  let stopAt = 0;
  const counts = { requests: 0, errors: 0, callsDone: 0, callsFailed: 0 };
  const samples: { min: number; rss: number; handles: number; load: number }[] = [];
  try {
    const manager = await signIn(base, 'manager@demo.test');
    const reps = await Promise.all(['rep@demo.test', 'rep2@demo.test', 'rep3@demo.test'].map((e) => signIn(base, e)));
    const sims = await trpcCall<{ id: string }[]>(base, manager, 'simulations.list', {});
    const { scorecards } = await trpcCall<{ scorecards: { id: string }[] }>(base, reps[0], 'meetings.options', {});
    const vtt =
      'WEBVTT\n\n00:00:01.000 --> 00:00:05.000\n<v Riley Rep>How do you forecast your pipeline today?</v>\n\n00:00:05.500 --> 00:00:09.000\n<v Buyer>Spreadsheets.</v>\n';
    const { callId } = await trpcCall<{ callId: string }>(
      base,
      reps[0],
      'meetings.scoreTranscript',
      { content: vtt, title: 'Soak', scorecardId: scorecards[0].id, repSpeaker: 'Riley Rep' },
      'POST',
    );
    const get = (proc: string, input: unknown) => `/trpc/${proc}?input=${encodeURIComponent(JSON.stringify(input))}`;
    stopAt = Date.now() + MINUTES * 60_000;

    // the read load: a fixed overall rate over three routes
    const reads = new Promise<void>((resolve, reject) => {
      const instance = autocannon(
        {
          url: base,
          connections: 16,
          overallRate: RATE,
          duration: MINUTES * 60,
          requests: [
            { method: 'GET', path: get('dashboard.get', {}), headers: { cookie: manager } },
            { method: 'GET', path: get('assignments.list', {}), headers: { cookie: manager } },
            { method: 'GET', path: get('reports.get', { callId }), headers: { cookie: reps[0] } },
          ],
        },
        (err) => (err ? reject(err) : resolve()),
      );
      instance.on('response', (_c, status) => {
        counts.requests++;
        if (status < 200 || status >= 300) counts.errors++;
      });
    });

    // the calls: CALLS loops, each holding one offline call after another
    const loop = async (i: number) => {
      const cookie = reps[i % reps.length];
      while (Date.now() < stopAt) {
        try {
          const started = await trpcCall<{ callId: string; ticket: string }>(
            base,
            cookie,
            'calls.start',
            { simulationId: sims[i % sims.length].id, mode: 'practice' },
            'POST',
          );
          const c = (await connectCall(base, started.callId, started.ticket)) as CallClient;
          if (typeof c !== 'object') throw new Error(`upgrade refused: ${String(c)}`);
          await sayAfterSpokenGreeting(
            c,
            'How do you plan your pipeline reviews today, and how long do they take each week?',
            60_000,
          );
          c.send({ type: 'hangup' });
          await c.closed;
          counts.callsDone++;
        } catch (e) {
          counts.callsFailed++;
          console.error(`call loop ${i}: ${(e as Error).message}`);
          await new Promise((r) => setTimeout(r, 2000));
        }
      }
    };
    const calls = Promise.all(Array.from({ length: CALLS }, (_, i) => loop(i)));

    const started = Date.now();
    const sample = () => {
      const s = {
        min: Math.round((Date.now() - started) / 60_000),
        rss: rssMb(pid),
        handles: handles(pid),
        load: os.loadavg()[0],
      };
      samples.push(s);
      console.log(
        `  ${s.min} min: RSS ${s.rss.toFixed(0)} MB, ${s.handles} handles, ${counts.requests} requests (${counts.errors} errors), ${counts.callsDone} calls (${counts.callsFailed} failed), load ${s.load.toFixed(2)}`,
      );
    };
    sample();
    const timer = setInterval(sample, 60_000);
    await Promise.all([reads, calls]);
    clearInterval(timer);
    sample();
  } finally {
    await cluster.stop();
    await drop();
  }
  // start = after two minutes (warm caches, the JIT, the voice worker); end = the last sample
  const first = samples.find((s) => s.min >= 2) ?? samples[0];
  const last = samples[samples.length - 2] ?? samples[samples.length - 1]; // the last one under load
  const after = samples[samples.length - 1];
  const body = [
    `\`DATABASE_URL=… npx tsx scripts/bench/soak.ts\` — ${machine()}, PostgreSQL on this machine; 1-min load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after (the load generator and the 50 call clients run on the same two cores).`,
    '',
    `${MINUTES} minutes on one server process (the build, NODE_ENV=production): ${RATE} reads/s over the dashboard, the assignment list and a report page (autocannon, fixed rate), and ${CALLS} offline practice calls cycling (each: start, the prospect's spoken greeting, a typed line and its spoken answer, hang up). Resident memory and open file handles of the server process, sampled every minute:`,
    '',
    '| | minute | RSS | open handles |',
    '|---|---:|---:|---:|',
    `| start (after warm-up) | ${first.min} | ${first.rss.toFixed(0)} MB | ${first.handles} |`,
    `| end (last sample under load) | ${last.min} | ${last.rss.toFixed(0)} MB | ${last.handles} |`,
    `| after the load stopped | ${after.min} | ${after.rss.toFixed(0)} MB | ${after.handles} |`,
    `| highest | — | ${Math.max(...samples.map((s) => s.rss)).toFixed(0)} MB | ${Math.max(...samples.map((s) => s.handles))} |`,
    '',
    `${counts.requests.toLocaleString('en')} read requests, ${counts.errors} error answers; ${counts.callsDone.toLocaleString('en')} calls completed, ${counts.callsFailed} failed.`,
    '',
    `Every sample: ${samples.map((s) => `${s.min}′ ${s.rss.toFixed(0)} MB/${s.handles}`).join(', ')}.`,
  ].join('\n');
  console.log(body);
  if (WRITE) writeBenchSection('Soak: memory and handles over time', body);
}

runBench(main);
