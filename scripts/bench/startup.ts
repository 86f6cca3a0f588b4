/**
 * Startup benchmark: time from spawning the server to its first 200 on /api/v1/health, with an
 * empty data dir (migrations + demo seed) and with an existing one (warm), for `npm start` and
 * for `node dist/server/index.mjs`; plus the server's RSS once healthy.
 *
 *   npm run build && npx tsx scripts/bench/startup.ts [--runs 5] [--no-write] [--no-wait]
 *
 * Writes the results to docs/benchmarks.md under "## Startup".
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../lib/free-port';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBench } from '../lib/bench-doc';

const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const WRITE = !process.argv.includes('--no-write');
const WAIT_IDLE = !process.argv.includes('--no-wait');
const DOC = 'docs/benchmarks.md';
const TARGET = { warmMs: 2000, emptyMs: 8000, rssMb: 300 };

type Launcher = 'npm start' | 'node dist/server/index.mjs';
type DataCase = 'empty' | 'warm';
interface Sample {
  ms: number;
  /** VmRSS as soon as healthy */
  rssMb: number;
  /** VmRSS after SETTLE_MS idle */
  rssSettledMb: number;
}
const SETTLE_MS = 2000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const alive = (pid: number) =>
  existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');

/** Children of pid, from /proc/<p>/stat (field 4 is the parent). */
function descendants(pid: number): number[] {
  const byParent = new Map<number, number[]>();
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      byParent.set(ppid, [...(byParent.get(ppid) ?? []), Number(e)]);
    } catch {
      /* exited meanwhile */
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of byParent.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

/** The node process running the server: the spawned process itself or one of its descendants. */
function serverPid(root: number): number {
  for (const pid of [root, ...descendants(root)]) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (path.basename(cmd[0]) === 'node' && cmd.some((a) => a.endsWith('dist/server/index.mjs'))) return pid;
    } catch {
      /* gone */
    }
  }
  throw new Error(`no server node process under pid ${root}`);
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for ${pid}`);
  return Number(m[1]) / 1024;
}

async function stop(child: ChildProcess, server: number) {
  const pids = [child.pid!, ...descendants(child.pid!)];
  process.kill(server, 'SIGTERM');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && pids.some(alive)) await sleep(20);
  const left = pids.filter(alive);
  if (left.length) {
    for (const p of left) process.kill(p, 'SIGKILL');
    throw new Error(`processes ${left.join(', ')} did not exit within 15 s of SIGTERM`);
  }
  if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
}

/**
 * A first start makes the demo tenant's history in the background (server/demo-history): waits
 * until the dashboard no longer says it is being made, so a warm start measures a settled data dir.
 */
async function waitForDemoHistory(port: number, out: () => string) {
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'manager@demo.test', password: 'bench-Demo-pass-1' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    const res = await fetch(`${base}/trpc/dashboard.get?input=${encodeURIComponent('{}')}`, { headers: { cookie } });
    const body = (await res.json()) as { result?: { data?: { demo?: { generating: unknown } } } };
    if (body.result?.data?.demo && body.result.data.demo.generating === null) return;
    if (Date.now() > deadline) throw new Error(`the demo history was not done after 5 minutes:\n${out()}`);
    await sleep(1000);
  }
}

async function startOnce(launcher: Launcher, dataDir: string, opts: { settleHistory?: boolean } = {}): Promise<Sample> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_PASSWORD: 'bench-Demo-pass-1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  };
  delete env.DATABASE_URL;
  const [cmd, args] =
    launcher === 'npm start' ? ['npm', ['start', '--silent']] : [process.execPath, ['dist/server/index.mjs']];
  let out = '';
  const t0 = performance.now();
  const child = spawn(cmd, args as string[], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (b: Buffer) => (out += b));
  child.stderr!.on('data', (b: Buffer) => (out += b));
  const url = `http://127.0.0.1:${port}/api/v1/health`;
  const fail = (why: string) => {
    for (const p of [...descendants(child.pid!), child.pid!]) if (alive(p)) process.kill(p, 'SIGKILL');
    return new Error(`${launcher} ${why}:\n${out}`);
  };
  for (;;) {
    if (child.exitCode !== null) throw fail(`exited with ${child.exitCode}`);
    if (performance.now() - t0 > 60_000) throw fail('not healthy after 60 s');
    try {
      const res = await fetch(url);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    await sleep(10);
  }
  const ms = performance.now() - t0;
  if (opts.settleHistory) await waitForDemoHistory(port, () => out);
  const pid = serverPid(child.pid!);
  const rss = rssMb(pid);
  await sleep(SETTLE_MS);
  const rssSettled = rssMb(pid);
  await stop(child, pid);
  return { ms, rssMb: rss, rssSettledMb: rssSettled };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

interface Row {
  launcher: Launcher;
  data: DataCase;
  samples: Sample[];
}

async function main() {
  if (!existsSync('dist/server/index.mjs') || !existsSync('dist/client/index.html')) {
    console.error('dist/ is missing: run `npm run build` first.');
    process.exit(1);
  }
  // other work on the box skews every figure: wait (up to 10 min) for a quiet machine
  for (let waited = 0; WAIT_IDLE && os.loadavg()[0] > os.cpus().length * 0.5 && waited < 600_000; waited += 10_000) {
    if (waited === 0) console.error(`waiting for a quieter machine (load ${os.loadavg()[0].toFixed(2)})…`);
    await sleep(10_000);
  }
  const loadBefore = os.loadavg()[0];
  // `npm start` rebuilds when sources are newer than the build; settle that before timing it
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  const rows: Row[] = [];
  for (const launcher of ['node dist/server/index.mjs', 'npm start'] as Launcher[]) {
    const empty: Sample[] = [];
    const warm: Sample[] = [];
    const warmDir = mkdtempSync(path.join(os.tmpdir(), 'spar-bench-warm-'));
    try {
      await startOnce(launcher, warmDir, { settleHistory: true }); // creates, migrates and seeds the warm dir, and lets its demo history finish (not counted)
      for (let i = 0; i < RUNS; i++) {
        const dir = mkdtempSync(path.join(os.tmpdir(), 'spar-bench-empty-'));
        try {
          empty.push(await startOnce(launcher, dir));
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
        warm.push(await startOnce(launcher, warmDir));
        process.stderr.write('.');
      }
    } finally {
      rmSync(warmDir, { recursive: true, force: true });
    }
    rows.push({ launcher, data: 'empty', samples: empty }, { launcher, data: 'warm', samples: warm });
  }
  process.stderr.write('\n');

  const fmtS = (ms: number) => (ms / 1000).toFixed(2);
  const mark = (ok: boolean) => (ok ? '✅' : '❌');
  const lines = [
    `| Command | Data dir | Runs | Min (s) | Median (s) | Max (s) | Time target | RSS when healthy, median / max (MB) | RSS after ${SETTLE_MS / 1000} s idle, max (MB) | RSS target |`,
    `|---|---|---|---|---|---|---|---|---|---|`,
  ];
  let ok = true;
  for (const r of rows) {
    const ms = r.samples.map((s) => s.ms);
    const rss = r.samples.map((s) => s.rssMb);
    const settled = r.samples.map((s) => s.rssSettledMb);
    const target = r.data === 'warm' ? TARGET.warmMs : TARGET.emptyMs;
    const timeOk = median(ms) <= target;
    const rssOk = Math.max(...rss, ...settled) <= TARGET.rssMb;
    ok &&= timeOk && rssOk;
    lines.push(
      `| \`${r.launcher}\` | ${r.data === 'empty' ? 'empty (migrate + seed)' : 'existing (warm)'} | ${r.samples.length} | ${fmtS(Math.min(...ms))} | ${fmtS(median(ms))} | ${fmtS(Math.max(...ms))} | ≤ ${fmtS(target)} ${mark(timeOk)} | ${median(rss).toFixed(0)} / ${Math.max(...rss).toFixed(0)} | ${Math.max(...settled).toFixed(0)} | ≤ ${TARGET.rssMb} ${mark(rssOk)} |`,
    );
  }
  const table = lines.join('\n');
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const load = `1-min load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after`;
  const meta = `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, Node ${process.versions.node}, PGlite data dir on local disk; ${load}.`;
  console.log(`\n${meta}\n\n${table}\n`);
  console.log(ok ? 'All startup targets met.' : 'Some startup targets were missed.');
  if (WRITE) writeSection(meta, table);
  process.exitCode = ok ? 0 : 1;
}

const INTRO = `# Benchmarks

Speed and memory targets are measured by the scripts in \`scripts/bench/\`, never asserted in tests.
Each script prints a markdown table and rewrites its own section of this file.

| Bench | How to run | Targets |
|---|---|---|
| Startup | \`npm run build && npx tsx scripts/bench/startup.ts\` (or \`npm run bench:startup\`) | ≤ 2 s warm, ≤ 8 s empty data dir, RSS ≤ 300 MB |

Reference machine: 2 cores, Node 20.20, PGlite (no \`DATABASE_URL\`).
`;

function writeSection(meta: string, table: string) {
  const section = `## Startup

Time from spawning the process to the first \`200\` from \`GET /api/v1/health\`; \`empty\` starts on a new
\`DATA_DIR\` (migrations + demo seed), \`warm\` on an existing one. RSS is \`VmRSS\` of the server's
node process (for \`npm start\`, the child node process, not npm), read as soon as it is healthy and again after
${SETTLE_MS / 1000} s idle.
Every server is stopped with SIGTERM and checked to have exited.

${meta}

${table}
`;
  let doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : INTRO;
  const re = /## Startup\n[\s\S]*?(?=\n## |$)/;
  doc = re.test(doc) ? doc.replace(re, section) : `${doc.trimEnd()}\n\n${section}`;
  writeFileSync(DOC, doc.trimEnd() + '\n');
  console.log(`wrote ${DOC}`);
}

runBench(main);
