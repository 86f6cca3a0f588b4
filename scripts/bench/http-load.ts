/**
 * Load: requests per second each route sustains with p95 ≤ 100 ms, on one server
 * process and on two on one PostgreSQL (started by npm run cluster's code). Routes: sign-in
 * (argon2 by design), the manager dashboard, the assignment list, a report page. Each route is
 * driven by autocannon with rising numbers of concurrent connections (8 s each), shared evenly
 * between the processes (as a load balancer outside this machine would; the local proxy of
 * `npm run cluster` runs on the same two cores and would measure itself); the p95 is computed from
 * every response's time; the highest rate with p95 ≤ 100 ms and no error answer is the figure.
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/http-load.ts [--no-write] [--seconds 8]
 *
 * Writes docs/benchmarks.md "## Load: requests per second at p95 ≤ 100 ms (one vs two processes)".
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { startCluster, type Cluster } from '../lib/cluster';
import { machine, runBench, writeBenchSection } from '../lib/bench-doc';
import { scratchDatabase } from '../lib/open-db';
import { numberArg } from '../lib/bench-args';
import { demoServerEnv, signIn as signInOverHttp, trpcCall } from '../lib/http-session';

const SECONDS = numberArg('seconds', 8);
const WRITE = !process.argv.includes('--no-write');
const CONNECTIONS = [1, 2, 4, 8, 16, 32, 64];
const PASSWORD = 'bench-demo-password';

interface Session {
  cookie: string;
}

const signIn = async (base: string, email: string): Promise<Session> => ({
  cookie: await signInOverHttp(base, email, PASSWORD),
});

const trpc = <T>(base: string, s: Session, proc: string, input: unknown, method: 'GET' | 'POST' = 'GET') =>
  trpcCall<T>(base, s.cookie, proc, input, method);

interface Route {
  name: string;
  request: autocannon.Request;
  headers: Record<string, string>;
}

async function routes(base: string): Promise<Route[]> {
  const manager = await signIn(base, 'manager@demo.test');
  const rep = await signIn(base, 'rep@demo.test');
  // a report to read: a real call scored from its transcript (offline evaluator)
  const { scorecards } = await trpc<{ scorecards: { id: string }[] }>(base, rep, 'meetings.options', {});
  const vtt =
    'WEBVTT\n\n00:00:01.000 --> 00:00:05.000\n<v Riley Rep>How do you forecast your pipeline today, and what does it cost you each week?</v>\n\n00:00:05.500 --> 00:00:09.000\n<v Buyer>Spreadsheets, about ten hours a week.</v>\n\n00:00:09.500 --> 00:00:12.000\n<v Riley Rep>Could we book a pilot kickoff next Tuesday at 10am?</v>\n';
  const { callId } = await trpc<{ callId: string }>(
    base,
    rep,
    'meetings.scoreTranscript',
    { content: vtt, title: 'Load bench', scorecardId: scorecards[0].id, repSpeaker: 'Riley Rep' },
    'POST',
  );
  for (let i = 0; ; i++) {
    const st = await trpc<{ status: string }>(base, rep, 'reports.status', { callId });
    if (st.status === 'ready') break;
    if (i > 600) throw new Error('the report was not made');
    await new Promise((r) => setTimeout(r, 100));
  }
  const get = (proc: string, input: unknown) => `/trpc/${proc}?input=${encodeURIComponent(JSON.stringify(input))}`;
  return [
    {
      name: 'sign-in',
      request: {
        method: 'POST',
        path: '/trpc/auth.login',
        body: JSON.stringify({ email: 'rep2@demo.test', password: PASSWORD }),
      },
      headers: { 'content-type': 'application/json', origin: base },
    },
    {
      name: 'dashboard',
      request: { method: 'GET', path: get('dashboard.get', {}) },
      headers: { cookie: manager.cookie },
    },
    {
      name: 'assignment list',
      request: { method: 'GET', path: get('assignments.list', {}) },
      headers: { cookie: manager.cookie },
    },
    {
      name: 'report page',
      request: { method: 'GET', path: get('reports.get', { callId }) },
      headers: { cookie: rep.cookie },
    },
  ];
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(0.95 * xs.length) - 1)] ?? Infinity;

/** One run with `connections` concurrent clients spread over the processes: requests/s, p95 of response times, error answers. */
async function run(backends: string[], route: Route, connections: number) {
  const times: number[] = [];
  let errors = 0;
  const share = backends
    .map((b, i) => ({
      url: b,
      connections: Math.floor(connections / backends.length) + (i < connections % backends.length ? 1 : 0),
    }))
    .filter((x) => x.connections > 0);
  const results = await Promise.all(
    share.map(
      (b) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          const instance = autocannon(
            {
              url: b.url,
              connections: b.connections,
              duration: SECONDS,
              headers: { ...route.headers, origin: b.url },
              requests: [route.request],
            },
            (err, r) => (err ? reject(err) : resolve(r)),
          );
          instance.on('response', (_client, status, _bytes, ms) => {
            times.push(ms);
            if (status < 200 || status >= 300) errors++;
          });
        }),
    ),
  );
  return {
    rps: times.length / SECONDS,
    p95: p95(times),
    errors: errors + results.reduce((n, r) => n + r.errors + r.timeouts, 0),
  };
}

async function measure(cluster: Cluster) {
  const backends = cluster.backends.map((b) => b.url);
  const list = await routes(backends[0]);
  const out: { name: string; rps: number; p95: number; connections: number }[] = [];
  for (const route of list) {
    let best = { rps: 0, p95: NaN, connections: 0 };
    for (const c of CONNECTIONS) {
      const r = await run(backends, route, c);
      console.log(
        `  ${route.name}, ${c} connection(s): ${r.rps.toFixed(0)} req/s, p95 ${r.p95.toFixed(1)} ms, errors ${r.errors}`,
      );
      if (r.p95 > 100 || r.errors > 0) break;
      if (r.rps > best.rps) best = { rps: r.rps, p95: r.p95, connections: c };
    }
    out.push({ name: route.name, ...best });
  }
  return out;
}

async function main() {
  if (!process.env.DATABASE_URL)
    throw new Error('Set DATABASE_URL: the benchmark compares one and two processes on PostgreSQL.');
  if (!existsSync('dist/server/index.mjs')) execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  const loadBefore = os.loadavg()[0];
  const { database, drop, url } = await scratchDatabase(process.env.DATABASE_URL);
  await database.close();
  const env = { ...demoServerEnv(url!, PASSWORD), LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000' };
  const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  try {
    for (const processes of [1, 2]) {
      console.log(`${processes} process(es):`);
      const cluster = await startCluster({ processes, port: 0, env });
      try {
        results[processes] = await measure(cluster);
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    await drop();
  }
  const rows = results[1].map((one, i) => {
    const two = results[2][i];
    return `| ${one.name} | ${one.rps.toFixed(0)} (p95 ${one.p95.toFixed(0)} ms) | ${two.rps.toFixed(0)} (p95 ${two.p95.toFixed(0)} ms) | ${one.rps ? (two.rps / one.rps).toFixed(2) : '—'} |`;
  });
  const body = [
    `\`DATABASE_URL=… npx tsx scripts/bench/http-load.ts\` — ${machine()}, PostgreSQL on this machine; 1-min load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after (the machine is shared; the load generator runs on it too).`,
    '',
    `The built server (NODE_ENV=production) on a fresh database with the demo tenant. Each route driven by autocannon with ${CONNECTIONS.join(', ')} concurrent connections for ${SECONDS} s each, spread evenly over the processes (a load balancer's job; the load generator shares the same two cores); the figure is the highest throughput with p95 ≤ 100 ms and no error answer. Sign-in hashes the password with argon2 by design (about 50 ms of CPU each). The dashboard and assignment list are one manager's, served from the per-viewer read cache between writes (READ_CACHE_TTL_MS); the report page is a real call's report.`,
    '',
    '| route | one process: req/s | two processes: req/s | two / one |',
    '|---|---:|---:|---:|',
    ...rows,
  ].join('\n');
  console.log(body);
  if (WRITE) writeBenchSection('Load: requests per second at p95 ≤ 100 ms (one vs two processes)', body);
}

runBench(main);
