/**
 * Database restart: how long requests take to fail while PostgreSQL is gone, and how
 * long after it is back the server answers again — without a restart. PostgreSQL is reached
 * through a loopback TCP proxy (tests/helpers/tcp-proxy.ts) that drops every connection and
 * refuses new ones, as a restarting database does, for 3 s. Then a partition: the proxy keeps
 * every connection open and accepts new ones but passes nothing for 5 s while 50 dashboard requests
 * arrive at once, and delivers what it held when it ends (the statement deadline is the default).
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/db-recovery.ts [--runs 3] [--no-write]
 *
 * Writes docs/benchmarks.md "## Database restart: time to recover".
 * and "## Silent database: time to fail and recover".
 */
import os from 'node:os';
import { openDatabase } from '../../db/client';
import { startApp } from '../../server/app';
import { loadEnv } from '../../server/env';
import { signIn } from '../../tests/helpers/app';
import { createTenant, createTenantUser } from '../../tests/helpers/factories';
import { startTcpProxy } from '../../tests/helpers/tcp-proxy';
import { machine, runBench, writeBenchSection } from '../lib/bench-doc';
import { scratchDatabase } from '../lib/open-db';
import { numberArg } from '../lib/bench-args';

const RUNS = numberArg('runs', 3);
const WRITE = !process.argv.includes('--no-write');
const OUTAGE_MS = 3000;
const SILENT_MS = 5000;
const SILENT_REQUESTS = 50;

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL (PostgreSQL).');
  const loadBefore = os.loadavg()[0];
  const { database, drop, url } = await scratchDatabase(process.env.DATABASE_URL);
  const tenantId = (await createTenant(database.db, { name: 'Bench' })).id;
  const manager = await createTenantUser(database.db, tenantId, { userType: 'manager' });
  await database.close();
  const target = new URL(url!);
  const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  const through = new URL(url!);
  through.hostname = '127.0.0.1';
  through.port = String(proxy.port);
  const env = loadEnv({ NODE_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'silent', READ_CACHE_TTL_MS: '0' });
  const proxied = await openDatabase({
    databaseUrl: through.toString(),
    poolSize: 10,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
  });
  const app = await startApp({
    env,
    database: proxied,
    port: 0,
    host: '127.0.0.1',
    deps: { jobs: { disabled: true } },
  });
  const { token } = await signIn(app.deps, manager);
  const dashboard = async () => {
    const t0 = performance.now();
    const r = await fetch(`${app.url}/trpc/dashboard.get?input=%7B%7D`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await r.arrayBuffer();
    return { status: r.status, ms: performance.now() - t0 };
  };
  const rows: string[] = [];
  const silentRows: string[] = [];
  const waitForRecovery = async (since: number) => {
    for (;;) {
      if ((await dashboard()).status === 200) return performance.now() - since;
      if (performance.now() - since > 60_000) throw new Error('did not recover within a minute');
      await new Promise((res) => setTimeout(res, 10));
    }
  };
  try {
    for (let run = 1; run <= RUNS; run++) {
      const load = os.loadavg()[0];
      if ((await dashboard()).status !== 200) throw new Error('not answering before the outage');
      await proxy.cut();
      const failing: number[] = [];
      const until = Date.now() + OUTAGE_MS;
      while (Date.now() < until) {
        const r = await dashboard();
        if (r.status !== 503) throw new Error(`answered ${r.status} while the database was gone`);
        failing.push(r.ms);
        await new Promise((res) => setTimeout(res, 100));
      }
      await proxy.restore();
      const back = performance.now();
      let first: number | null = null;
      while (first === null) {
        if ((await dashboard()).status === 200) first = performance.now() - back;
        else await new Promise((res) => setTimeout(res, 10));
        if (performance.now() - back > 60_000) throw new Error('did not recover within a minute');
      }
      const sorted = failing.sort((a, b) => a - b);
      rows.push(
        `| ${run} | ${load.toFixed(2)} | ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms | ${sorted[sorted.length - 1].toFixed(1)} ms | ${first.toFixed(0)} ms |`,
      );
      console.log(rows.at(-1));
      await new Promise((res) => setTimeout(res, 1000));
    }
    for (let run = 1; run <= RUNS; run++) {
      const load = os.loadavg()[0];
      if ((await dashboard()).status !== 200) throw new Error('not answering before the partition');
      proxy.silence();
      const started = performance.now();
      const healthAsked = (async () => {
        const t0 = performance.now();
        const r = await fetch(`${app.url}/api/v1/health`);
        return { status: r.status, ms: performance.now() - t0 };
      })();
      const answers = await Promise.all(Array.from({ length: SILENT_REQUESTS }, () => dashboard()));
      const health = await healthAsked;
      const remaining = SILENT_MS - (performance.now() - started);
      if (remaining > 0) await new Promise((res) => setTimeout(res, remaining));
      proxy.resume();
      const back = performance.now();
      const recovered = await waitForRecovery(back);
      const wrong = answers.filter((a) => a.status !== 503).length;
      if (wrong) throw new Error(`${wrong} requests answered other than 503 during the partition`);
      const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
      silentRows.push(
        `| ${run} | ${load.toFixed(2)} | ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms | ${sorted[sorted.length - 1].toFixed(0)} ms | ${health.status} in ${health.ms.toFixed(0)} ms | ${recovered.toFixed(0)} ms |`,
      );
      console.log(silentRows.at(-1));
      await new Promise((res) => setTimeout(res, 1000));
    }
  } finally {
    await app.stop();
    await proxied.close();
    await proxy.close().catch(() => undefined);
    await drop();
  }
  const body = [
    `\`DATABASE_URL=… npx tsx scripts/bench/db-recovery.ts\` — ${machine()}, PostgreSQL on this machine; 1-min load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after (the machine is shared).`,
    '',
    `The server reaches PostgreSQL through a TCP proxy that drops every connection and refuses new ones for ${OUTAGE_MS / 1000} s (a database restarting), while a manager's dashboard is requested every 100 ms (read cache off). Every request during the outage is answered 503 UNAVAILABLE (never a 500, never a hang); "recovered" is the time from the database accepting connections again to the first 200, with no restart of the server:`,
    '',
    '| run | 1-min load | 503 answer, median | 503 answer, slowest | recovered after |',
    '|---|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
  if (WRITE) writeBenchSection('Database restart: time to recover', body);
  const silentBody = [
    `\`DATABASE_URL=… npx tsx scripts/bench/db-recovery.ts\` — ${new Date().toISOString().slice(0, 10)}, same run as the restart above; \`DATABASE_STATEMENT_TIMEOUT_MS\` ${env.DATABASE_STATEMENT_TIMEOUT_MS} (the default).`,
    '',
    `The proxy keeps every connection open and accepts new ones but passes nothing for ${SILENT_MS / 1000} s (a partition, or a hung database), and ${SILENT_REQUESTS} dashboard requests arrive at once, with \`/api/v1/health\` beside them. Every request is answered 503 UNAVAILABLE; when the proxy delivers again, "recovered" is the time to the first 200, with no restart of the server:`,
    '',
    '| run | 1-min load | 503 answer, median | 503 answer, slowest | health | recovered after |',
    '|---|---:|---:|---:|---:|---:|',
    ...silentRows,
  ].join('\n');
  if (WRITE) writeBenchSection('Silent database: time to fail and recover', silentBody);
}

runBench(main);
