/**
 * Dashboard and assignments benchmark: one tenant with 2,000 sales reps (20 managers × 100),
 * 2,000 assignments, 200,000 exercises (2 in 3 completed with a score over the last 60 days) and
 * 20,000 calls with ready reports (criteria levels), generated in bulk with generate_series. Then
 * the dashboard (dashboard.get) and the pending assignment list (assignments.list) run through the
 * same services as the routers, each in a tenant transaction (RLS on), 100 requests at a time.
 *
 *   npx tsx scripts/bench/dashboard.ts [--requests 500] [--concurrency 100] [--no-write]
 *
 * Runs on a fresh in-memory PGlite and, with DATABASE_URL, on a fresh database on that server.
 * Writes docs/benchmarks.md "## Dashboard and assignments" (its own section only). Target on
 * Postgres: p95 ≤ 100 ms.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scratchDatabase } from '../lib/open-db';
import { personas, scorecards, simulations } from '../../db/schema';
import { createClient, createUser } from '../../seed/factories';
import { asSystem, withTenant } from '../../db/tenant';
import { ReadCache } from '../../server/cache/read-cache';
import { listAssignments } from '../../server/services/assignments/assignments';
import { getDashboard } from '../../server/services/dashboard/dashboard';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const REQUESTS = Number(arg('--requests') ?? 500);
/** PGlite has one connection: every request waits for all before it, so fewer requests there. */
const PGLITE_REQUESTS = Number(arg('--pglite-requests') ?? 100);
const SKIP_PGLITE = process.argv.includes('--skip-pglite');
const PROFILE = process.argv.includes('--profile');
const CONCURRENCY = Number(arg('--concurrency') ?? 100);
const WRITE = !process.argv.includes('--no-write');
/** Keep the Postgres database afterwards (for EXPLAIN), and only seed it. */
const KEEP = process.argv.includes('--keep');
const DOC = 'docs/benchmarks.md';
const REPS = 2000;
const MANAGERS = 20;
const ASSIGNMENTS = 2000;
const EXERCISES = 200_000;
const CALLS = 20_000;

interface Result {
  target: string;
  seedS: number;
  rows: { query: string; inFlight: number; p50: number; p95: number; max: number; rps: number }[];
}

async function seed(database: Database) {
  const db = database.db;
  return asSystem(db, { action: 'bench.seed' }, async (tx) => {
    const client = await createClient(tx, { name: 'Bench Co' });
    const tenantId = client.id;
    const admin = await createUser(tx, { tenantId, userType: 'admin', email: `admin-${randomUUID()}@bench.test` });
    const managers = [];
    for (let m = 0; m < MANAGERS; m++)
      managers.push(await createUser(tx, { tenantId, userType: 'manager', email: `m${m}-${randomUUID()}@bench.test` }));
    const managerArray = sql.raw(`array[${managers.map((m) => `'${m.id}'::uuid`).join(',')}]`);
    await tx.execute(sql`
      insert into users (tenant_id, email, username, display_name, user_type, manager_id, last_active_at)
      select ${tenantId}, 'rep' || i || '-' || ${tenantId} || '@bench.test', 'rep' || i, 'Rep ' || i, 'sales_rep',
             (${managerArray})[1 + (i % ${MANAGERS})], now() - (i % 60) * interval '1 day'
      from generate_series(1, ${REPS}) i`);
    const [persona] = await tx
      .insert(personas)
      .values({ tenantId, name: 'P', shortDescription: 's', longDescription: 'l', voice: 'marin' })
      .returning();
    const [card] = await tx
      .insert(scorecards)
      .values({ tenantId, lineageId: randomUUID(), name: 'Card', shortDescription: 's' })
      .returning();
    for (let s = 0; s < 10; s++)
      await tx
        .insert(simulations)
        .values({ tenantId, personaId: persona.id, scorecardId: card.id, name: `Sim ${s}`, language: 'en' });
    await tx.execute(sql`
      insert into assignments (tenant_id, name, created_by, sent_at, status)
      select ${tenantId}, 'Assignment ' || i, (${managerArray})[1 + (i % ${MANAGERS})], now() - (i % 90) * interval '1 day',
             case when i % 4 = 0 then 'completed' when i % 4 = 1 then 'pending' else 'in_progress' end
      from generate_series(1, ${ASSIGNMENTS}) i`);
    // each exercise: a rep of the assignment's manager (rep index ≡ assignment index mod MANAGERS)
    await tx.execute(sql`
      with a as (select array_agg(id order by name) ids from assignments where tenant_id = ${tenantId}),
           r as (select array_agg(id order by (substring(username from 4))::int) ids from users where tenant_id = ${tenantId} and user_type = 'sales_rep'),
           s as (select array_agg(id) ids from simulations where tenant_id = ${tenantId})
      insert into exercises (tenant_id, assignment_id, user_id, simulation_id, status, score, started_at, completed_at)
      select ${tenantId}, a.ids[1 + (i % ${ASSIGNMENTS})], r.ids[1 + (i % ${REPS})], s.ids[1 + (i % 10)],
             case when i % 3 = 0 then 'pending' else 'completed' end,
             case when i % 3 = 0 then null else (i * 37 % 101)::numeric end,
             case when i % 3 = 0 then null else now() - (i % 60) * interval '1 day' - interval '1 hour' end,
             case when i % 3 = 0 then null else now() - (i % 60) * interval '1 day' end
      from generate_series(1, ${EXERCISES}) i, a, r, s`);
    await tx.execute(sql`
      with r as (select array_agg(id order by (substring(username from 4))::int) ids from users where tenant_id = ${tenantId} and user_type = 'sales_rep')
      insert into calls (tenant_id, user_id, provider, language, state, time_limit_seconds, duration_ms, created_at)
      select ${tenantId}, r.ids[1 + (i % ${REPS})], 'offline', 'en', 'ended', 600, 120000, now() - (i % 80) * interval '1 day'
      from generate_series(1, ${CALLS}) i, r`);
    await tx.execute(sql`
      insert into reports (tenant_id, call_id, status, score, criteria, completed_at)
      select c.tenant_id, c.id, 'ready', 50,
             jsonb_build_array(
               jsonb_build_object('criterionId', 'a', 'name', 'Open questions', 'level', (abs(hashtext(c.id::text)) % 3)),
               jsonb_build_object('criterionId', 'b', 'name', 'Next step', 'level', (abs(hashtext(c.id::text || 'b')) % 3)),
               jsonb_build_object('criterionId', 'c', 'name', 'Value', 'level', (abs(hashtext(c.id::text || 'c')) % 3))),
             c.created_at
      from calls c where c.tenant_id = ${tenantId}`);
    await tx.execute(sql`analyze`);
    return { tenantId, admin, managers };
  });
}

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(name: string, fn: () => Promise<unknown>, requests = REQUESTS, concurrency = CONCURRENCY) {
  await fn(); // warm-up
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < requests) {
      next++;
      const t0 = performance.now();
      await fn();
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wall = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const row = {
    query: name,
    inFlight: concurrency,
    p50: pct(times, 50),
    p95: pct(times, 95),
    max: times[times.length - 1],
    rps: requests / wall,
  };
  console.log(
    `  ${name} (${concurrency} in flight): p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, max ${row.max.toFixed(1)} ms, ${row.rps.toFixed(0)} req/s`,
  );
  return row;
}

async function runOn(label: string, databaseUrl?: string): Promise<Result> {
  const { database, drop: dropDb } = await scratchDatabase(databaseUrl, { keep: KEEP });
  try {
    console.log(`${label}: seeding ${REPS} reps, ${EXERCISES} exercises, ${CALLS} calls + reports…`);
    const t0 = performance.now();
    const { tenantId, admin, managers } = await seed(database);
    const manager = managers[0];
    // what autovacuum does after a bulk load: the triggers updated each rollup row ~100 times in one transaction
    await database.db.execute(sql`vacuum analyze`);
    const seedS = (performance.now() - t0) / 1000;
    console.log(`  seeded in ${seedS.toFixed(1)} s`);
    const db = database.db;
    const asManager = { userId: manager.id, role: 'sales_manager' as const, tenantId };
    const asAdmin = { userId: admin.id, role: 'admin' as const, tenantId };
    const n = databaseUrl ? REQUESTS : PGLITE_REQUESTS;
    if (KEEP) {
      console.log(`  tenant ${tenantId}, manager ${manager.id}, admin ${admin.id}`);
      return { target: label, seedS, rows: [] };
    }
    if (PROFILE) {
      // one request of each, with the time of every statement
      const timed = <T>(tx: T): T =>
        new Proxy(tx as object, {
          get(target, key) {
            const v = (target as Record<string | symbol, unknown>)[key];
            if (key !== 'execute' || typeof v !== 'function')
              return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
            return async (q: { queryChunks?: unknown[] }) => {
              const t = performance.now();
              const r = await (v as (q: unknown) => Promise<unknown>).call(target, q);
              console.log(
                `    ${(performance.now() - t).toFixed(1)} ms  ${(database.db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect.sqlToQuery(q).sql.replace(/\s+/g, ' ').slice(0, 110)}`,
              );
              return r;
            };
          },
        }) as T;
      for (const [who, actor] of [
        ['manager', asManager],
        ['admin', asAdmin],
      ] as const) {
        console.log(`  profile dashboard.get as ${who}:`);
        await withTenant(db, tenantId, (tx) => getDashboard(timed(tx), actor));
      }
    }
    // 100 requests in flight from the 20 managers in turn (each manager: 100 reps, 10,000 exercises)
    let turn = 0;
    const nextManager = () => {
      const m = managers[turn++ % managers.length];
      return { userId: m.id, role: 'sales_manager' as const, tenantId };
    };
    const dashboardQuery = (v: { userId: string; role: 'sales_manager' | 'admin'; tenantId: string }) =>
      withTenant(db, tenantId, (tx) => getDashboard(tx, v));
    const listQuery = (v: { userId: string; role: 'sales_manager' | 'admin'; tenantId: string }) =>
      withTenant(db, tenantId, (tx) => listAssignments(tx, v, { status: 'pending', timeZone: 'Europe/Madrid' }));
    // the router's path: the per-viewer read cache (default TTL), a miss runs the query above
    const cache = new ReadCache(10_000);
    const served = <T>(kind: string, v: { userId: string; role: string }, q: () => Promise<T>) =>
      cache.get(tenantId, `${kind}:${v.userId}:${v.role}`, q);
    const rows = [
      await measure('dashboard query — 20 managers in turn', () => dashboardQuery(nextManager()), n),
      await measure('dashboard query — admin (all 2,000 reps, 200,000 exercises)', () => dashboardQuery(asAdmin), n),
      await measure(
        'assignment list query (pending, first page) — 20 managers in turn',
        () => listQuery(nextManager()),
        n,
      ),
      await measure('assignment list query (pending, first page) — admin', () => listQuery(asAdmin), n),
      await measure(
        'dashboard served (read cache) — 20 managers in turn',
        () => {
          const v = nextManager();
          return served('dashboard', v, () => dashboardQuery(v));
        },
        n,
      ),
      await measure(
        'dashboard served (read cache) — admin',
        () => served('dashboard', asAdmin, () => dashboardQuery(asAdmin)),
        n,
      ),
      await measure(
        'assignment list served (read cache) — 20 managers in turn',
        () => {
          const v = nextManager();
          return served('assignments', v, () => listQuery(v));
        },
        n,
      ),
    ];
    console.log(`  read cache: ${cache.stats.hits} hits, ${cache.stats.misses} misses`);
    // the same queries one at a time: the cost of one request without queueing
    if (databaseUrl) {
      rows.push(
        await measure('dashboard query — manager', () => dashboardQuery(asManager), 50, 1),
        await measure('dashboard query — admin', () => dashboardQuery(asAdmin), 50, 1),
        await measure('assignment list query — manager', () => listQuery(asManager), 50, 1),
        await measure('assignment list query — admin', () => listQuery(asAdmin), 50, 1),
      );
    }
    return { target: label, seedS, rows };
  } finally {
    await database.close();
    await dropDb();
  }
}

/** What the figures mean (kept with the table on every rewrite). */
const NOTE = [
  'How to read it. "query" rows run the service itself in a tenant transaction for every request (the cold path); "served"',
  'rows go the way the routers do: the per-viewer read cache (`server/cache/read-cache.ts`, `READ_CACHE_TTL_MS`, default',
  '10 s, single flight), whose misses run that same query — the 20 managers start cold, so every miss is inside the figures.',
  "A tenant's entries are dropped on any write of that tenant through the API and when one of its background jobs finishes.",
  '',
  'The query work reads rollups kept exact by triggers in the writing transaction (migrations 0011–0012: per learner, per',
  "learner and week, per learner/week/criterion, per assignment member), so a manager's dashboard or list costs the size of",
  'the team, not its history (one request ≈ 8–10 ms on Postgres, from 36 ms and 66 ms before the rollups). With 100 in',
  'flight the query rows stay CPU-bound on 2 cores (≈ 180 requests/s), so their p95 is queueing (≈ 0.4–0.9 s); the target',
  '(p95 ≤ 100 ms with 100 in flight on Postgres) is met by the served path the product uses, not by the bare query.',
  'PGlite has a single connection, so its figures are 100 requests served one after another.',
];

const results: Result[] = [];
if (!SKIP_PGLITE) results.push(await runOn('PGlite (in memory)'));
if (process.env.DATABASE_URL) results.push(await runOn('PostgreSQL (DATABASE_URL)', process.env.DATABASE_URL));

if (WRITE) {
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const table = [
    '| Database | Query | in flight | p50 ms | p95 ms | max ms | req/s |',
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of results)
    for (const q of r.rows)
      table.push(
        `| ${r.target} | ${q.query} | ${q.inFlight} | ${q.p50.toFixed(1)} | ${q.p95.toFixed(1)} | ${q.max.toFixed(1)} | ${q.rps.toFixed(0)} |`,
      );
  const section = [
    '',
    '## Dashboard and assignments',
    '',
    `\`npx tsx scripts/bench/dashboard.ts\` — ${new Date().toISOString().slice(0, 10)}, ${os.availableParallelism()} cores (${cpu}), Node ${process.version}, load average before ${os.loadavg()[0].toFixed(2)}.`,
    `One tenant: ${REPS} sales reps under ${MANAGERS} managers, ${ASSIGNMENTS} assignments, ${EXERCISES.toLocaleString('en')} exercises (2 in 3 completed), ${CALLS.toLocaleString('en')} calls with ready reports;`,
    `seeded with generate_series (${results.map((r) => `${r.target}: ${r.seedS.toFixed(1)} s`).join(', ')}). ${REQUESTS} requests per query on Postgres (${PGLITE_REQUESTS} on PGlite, one connection), ${CONCURRENCY} in flight,`,
    "each through the router's service in a tenant transaction (RLS on), default pool size. Target: p95 ≤ 100 ms on Postgres.",
    '',
    ...table,
    '',
    ...NOTE,
    '',
  ].join('\n');
  const existing = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '# Benchmarks\n';
  const own = /\n## Dashboard and assignments\n[\s\S]*?(?=\n## |$)/;
  writeFileSync(
    DOC,
    own.test(existing) ? existing.replace(own, section.trimEnd() + '\n') : existing.trimEnd() + '\n' + section,
  );
  console.log(`Wrote the "Dashboard and assignments" section of ${DOC}.`);
}
process.exit(0);
