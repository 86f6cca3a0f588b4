/**
 * Telemetry overhead: the manager dashboard served by one process with OpenTelemetry
 * on (spans exported to a loopback OTLP sink) and one with it off, in the same run, alternating
 * (off, on, off, on) so both see the same machine. autocannon, 8 connections, 8 s per round.
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/telemetry-overhead.ts [--no-write]
 *
 * Writes docs/benchmarks.md "## Telemetry overhead (dashboard route)".
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import autocannon from 'autocannon';
import { openDatabase } from '../../db/client';
import { startApp, type RunningApp } from '../../server/app';
import { loadEnv } from '../../server/env';
import { signIn } from '../../tests/helpers/app';
import { createTenant, createTenantUser } from '../../tests/helpers/factories';
import { machine, runBench, writeBenchSection } from '../lib/bench-doc';
import { scratchDatabase } from '../lib/open-db';

const WRITE = !process.argv.includes('--no-write');
const SECONDS = 8;

async function round(app: RunningApp, token: string) {
  const times: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const i = autocannon(
      {
        url: `${app.url}/trpc/dashboard.get?input=%7B%7D`,
        connections: 8,
        duration: SECONDS,
        headers: { authorization: `Bearer ${token}` },
      },
      (e, res) => (e ? reject(e) : resolve(res)),
    );
    i.on('response', (_c, _s, _b, ms) => times.push(ms));
  });
  times.sort((a, b) => a - b);
  return { rps: times.length / SECONDS, p95: times[Math.ceil(times.length * 0.95) - 1], errors: r.non2xx + r.errors };
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL (PostgreSQL).');
  const loadBefore = os.loadavg()[0];
  let spans = 0;
  const sink = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      spans += (body.match(/"spanId"/g) ?? []).length;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', () => r()));
  const { database, drop, url } = await scratchDatabase(process.env.DATABASE_URL);
  const tenantId = (await createTenant(database.db, { name: 'Bench' })).id;
  const manager = await createTenantUser(database.db, tenantId, { userType: 'manager' });
  await database.close();
  // the dashboard computed each time (cache off), so the route's own work is what is traced
  const base = { NODE_ENV: 'production', SEED_DEMO: 'false', LOG_LEVEL: 'silent', READ_CACHE_TTL_MS: '0' };
  const rows: string[] = [];
  const results: Record<'off' | 'on', { rps: number; p95: number }[]> = { off: [], on: [] };
  try {
    for (const mode of ['off', 'on', 'off', 'on'] as const) {
      const db = await openDatabase({ databaseUrl: url, poolSize: 10 });
      const env = loadEnv({
        ...base,
        ...(mode === 'on'
          ? { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(sink.address() as AddressInfo).port}` }
          : {}),
      });
      const app = await startApp({ env, database: db, port: 0, host: '127.0.0.1', deps: { jobs: { disabled: true } } });
      try {
        const { token } = await signIn(app.deps, manager);
        await round(app, token); // warm-up
        const r = await round(app, token);
        results[mode].push(r);
        rows.push(
          `| ${rows.length + 1} | telemetry ${mode} | ${os.loadavg()[0].toFixed(2)} | ${r.rps.toFixed(0)} | ${r.p95.toFixed(1)} ms | ${r.errors} |`,
        );
        console.log(rows.at(-1));
      } finally {
        await app.stop();
        await db.close();
      }
    }
  } finally {
    await drop();
    sink.close();
  }
  const avg = (xs: { rps: number }[]) => xs.reduce((n, x) => n + x.rps, 0) / xs.length;
  const change = ((avg(results.on) / avg(results.off) - 1) * 100).toFixed(1);
  // how far rounds of the same mode are apart: a change smaller than that is noise
  const spreadOf = (xs: { rps: number }[]) =>
    xs.length > 1
      ? ((Math.max(...xs.map((x) => x.rps)) / Math.min(...xs.map((x) => x.rps)) - 1) * 100).toFixed(1)
      : '0';
  const body = [
    `\`DATABASE_URL=… npx tsx scripts/bench/telemetry-overhead.ts\` — ${machine()}, PostgreSQL on this machine; 1-min load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after.`,
    '',
    `A manager's dashboard (read cache off, so each request does the route's work: the HTTP instrumentation's span for the request, one per database transaction and one per SQL statement) on one process, telemetry off and on alternately in the same run, autocannon with 8 connections for ${SECONDS} s after a warm-up round. ${spans.toLocaleString('en')} spans reached the loopback OTLP sink in the "on" rounds. Average throughput with telemetry on, against off: ${Number(change) >= 0 ? '+' : ''}${change} %; rounds of the same mode differ by ${spreadOf(results.off)} % (off) and ${spreadOf(results.on)} % (on) among themselves on this shared machine:`,
    '',
    '| round | mode | 1-min load | req/s | p95 | errors |',
    '|---|---|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
  console.log(body);
  if (WRITE) writeBenchSection('Telemetry overhead (dashboard route)', body);
}

runBench(main);
