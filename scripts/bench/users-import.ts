/**
 * Users CSV import benchmark: 1,000 valid rows (generated passwords, argon2id hashing included)
 * imported through the same service as the UI and the CLI (importUsers), into a fresh in-memory
 * PGlite and, when DATABASE_URL is set, into a fresh database on that Postgres server.
 *
 *   npx tsx scripts/bench/users-import.ts [--rows 1000] [--no-write]
 *
 * Writes the figures to docs/benchmarks.md under "## Users import" (its own section only). Target: ≤ 30 s for 1,000
 * rows on the 2-core box.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

// The hashes run on the libuv threadpool, which is sized once, when first used: set the size
// before anything starts (re-exec with it in the environment) rather than hoping import order allows it.
if (!process.env.UV_THREADPOOL_SIZE) {
  const r = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, UV_THREADPOOL_SIZE: String(os.availableParallelism()) },
  });
  process.exit(r.status ?? 1);
}

const { scratchDatabase } = await import('../lib/open-db');
const { asSystem, withTenant } = await import('../../db/tenant');
const { createClient, createUser } = await import('../../seed/factories');
const { passwordPolicySchema } = await import('../../server/contracts/password-policy');
const { importUsers } = await import('../../server/services/users/import');
const { toCsv } = await import('../../server/contracts/csv');
const { USERS_CSV_COLUMNS } = await import('../../server/contracts/user-fields');

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ROWS = Number(arg('--rows') ?? 1000);
const WRITE = !process.argv.includes('--no-write');
const DOC = 'docs/benchmarks.md';
const TARGET_S = 30;

function csvOf(n: number): string {
  const rows: string[][] = [[...USERS_CSV_COLUMNS]];
  rows.push(['bench.manager@bench.test', 'Bench Manager', 'Manager', 'bench.manager', '', '']);
  for (let i = 1; i < n; i++) {
    // a mix: most get a generated password, some bring their own; all report to the manager in the file
    rows.push([
      `user${i}@bench.test`,
      `User ${i}`,
      i % 10 === 0 ? 'Facilitator' : 'Sales Rep',
      '',
      i % 4 === 0 ? `Given-Pass-${i}` : '',
      'bench.manager@bench.test',
    ]);
  }
  return toCsv(rows);
}

interface Figures {
  target: string;
  rows: number;
  totalS: number;
  validateS: number;
  hashS: number;
  insertS: number;
  rowsPerS: number;
}

async function runOn(label: string, databaseUrl?: string): Promise<Figures> {
  const { database, drop: dropDb } = await scratchDatabase(databaseUrl, { poolSize: 4 });
  try {
    const tenant = await asSystem(database.db, { action: 'bench.setup' }, async (tx) => {
      const c = await createClient(tx, { name: 'Bench', schemaName: `bench-${Date.now()}` });
      await createUser(tx, { tenantId: c.id, email: 'bench.admin@bench.test', userType: 'admin' });
      return c;
    });
    const policy = passwordPolicySchema.parse({ schemaVersion: 1 });
    const text = csvOf(ROWS);
    let lastShown = 0;
    const t0 = performance.now();
    const result = await importUsers({
      db: database.db,
      tenant: (fn) => withTenant(database.db, tenant.id, fn),
      tenantId: tenant.id,
      text,
      policy,
      onProgress: (p) => {
        if (p.phase === 'hashing' && p.processed - lastShown >= 200) {
          lastShown = p.processed;
          process.stderr.write(`  [${label}] hashing ${p.processed}/${p.total}\n`);
        }
      },
    });
    const totalMs = performance.now() - t0;
    if (!result.ok) throw new Error(`import rejected rows: ${JSON.stringify(result.errors.slice(0, 3))}`);
    if (result.created.length !== ROWS) throw new Error(`created ${result.created.length}, expected ${ROWS}`);
    const t = result.timings;
    return {
      target: label,
      rows: ROWS,
      totalS: totalMs / 1000,
      validateS: t.validateMs / 1000,
      hashS: t.hashMs / 1000,
      insertS: t.insertMs / 1000,
      rowsPerS: ROWS / (totalMs / 1000),
    };
  } finally {
    await database.close();
    await dropDb();
  }
}

const loadBefore = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');
// baseline: one argon2id hash at a time, to tell a slow machine from a busy one
const { hashPassword } = await import('../../server/auth/password');
const tb = performance.now();
for (let i = 0; i < 10; i++) await hashPassword(`baseline-${i}`);
const serialHashMs = (performance.now() - tb) / 10;
const results: Figures[] = [await runOn('PGlite (in memory)')];
if (process.env.DATABASE_URL) results.push(await runOn('PostgreSQL (DATABASE_URL)', process.env.DATABASE_URL));

const cores = os.availableParallelism();
const f = (n: number) => n.toFixed(2);
const table = [
  '| Database | Rows | Total (s) | Validate (s) | Hash (s) | Insert (s) | Rows/s | Target ≤ 30 s |',
  '|---|---:|---:|---:|---:|---:|---:|---|',
  ...results.map(
    (r) =>
      `| ${r.target} | ${r.rows} | ${f(r.totalS)} | ${f(r.validateS)} | ${f(r.hashS)} | ${f(r.insertS)} | ${r.rowsPerS.toFixed(0)} | ${r.totalS <= TARGET_S ? 'met' : 'MISSED'} |`,
  ),
];
console.log(table.join('\n'));
console.log(`serial baseline: ${serialHashMs.toFixed(1)} ms per hash; load average before: ${loadBefore}`);

if (WRITE) {
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const section = [
    '',
    '## Users import',
    '',
    `\`npx tsx scripts/bench/users-import.ts\` — ${new Date().toISOString().slice(0, 10)}, ${cores} cores (${cpu}), Node ${process.version},`,
    `UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE}, load average before the run ${loadBefore}. ${ROWS} valid CSV rows (one manager defined in the file, every other row`,
    `reporting to it; 3 in 4 with a generated password), imported all-or-nothing through \`importUsers\` (the service the`,
    'UI job and `scripts/users.ts` use): validation in one tenant transaction, argon2id (m=19 MiB, t=2, p=1) hashing',
    'outside any transaction, 16 hashes in flight at a time on the libuv threadpool, then one insert transaction.',
    '',
    ...table,
    '',
    `One hash alone (serial baseline in the same run): ${serialHashMs.toFixed(1)} ms, i.e. ${((serialHashMs * ROWS) / 1000).toFixed(1)} s for ${ROWS} hashes on one thread.`,
    'Hashing dominates; it scales with the threadpool size up to the number of cores. The box is shared: a load',
    'average above the core count means other processes took CPU from the hashing (figures are then pessimistic).',
    '',
  ].join('\n');
  const existing = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '# Benchmarks\n';
  // rewrite only our own section (other benchmarks own the rest); the first time, add it at the end
  const own = /\n## Users import\n[\s\S]*?(?=\n## |$)/;
  writeFileSync(
    DOC,
    own.test(existing) ? existing.replace(own, section.trimEnd() + '\n') : existing.trimEnd() + '\n' + section,
  );
  console.log(`Wrote the "Users import" section of ${DOC}.`);
}
process.exit(0);
