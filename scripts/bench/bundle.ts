/**
 * First-load size: the JavaScript and CSS a browser actually loads for /login, /dashboard and the
 * exercise page of the production build, gzipped (level 9, as a server or CDN would send them).
 * Loads each page in the system Chromium against the built server (fresh data dir, demo seed) and
 * sums the files it requested from dist/client.
 *
 *   npm run build && npx tsx scripts/bench/bundle.ts [--files] [--check]
 *
 * `--files` also lists each page's files with their gzipped size (largest first).
 * `--check` (`npm run check:bundle`, a step of scripts/test-all.sh) exits with 1 and says which page
 * is over when a page loads more than its budget. It measures the build on disk: build first.
 *
 * Budgets (scripts/bench/bundle-budget.ts): /login ≤ 172 kB, /dashboard ≤ 282 kB (gzipped JS + CSS).
 */
import { spawn } from 'node:child_process';
import { CHROMIUM } from '../lib/chromium';
import { freePort } from '../lib/free-port';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, request } from '@playwright/test';
import { BUNDLE_BUDGETS_KB, checkBundleBudgets, gzippedSizes, pageLoad, type PageLoad } from './bundle-budget';

const PASSWORD = 'Bench-Password-1';
const LIST_FILES = process.argv.includes('--files');
const CHECK = process.argv.includes('--check');
// generous: the machine that runs the check may be busy
const PAGE_TIMEOUT_MS = 90_000;

for (const built of ['dist/server/index.mjs', 'dist/client/index.html']) {
  if (!existsSync(built)) {
    console.error(`bundle: ${built} is missing; this measures the production build: run \`npm run build\` first`);
    process.exit(1);
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'spar-bundle-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// Without the demo history (made in the background after a first start) the dashboard has no
// trend to draw, so its figure never depends on how far that got: it is the page without the
// trend chart, which loads after the numbers when there is a trend (features/dashboard/trend-chart.tsx).
const server = spawn(process.execPath, ['dist/server/index.mjs'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SEED_DEMO_HISTORY: 'false',
  },
  stdio: 'ignore',
});
try {
  for (let i = 0; i < 1200; i++) {
    const ok = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (
    !(await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    ))
  )
    throw new Error('server not healthy after 120 s');
  // a manager's session (the dashboard) and a rep's (the exercise page)
  const session = async (email: string) => {
    const ctx = await request.newContext({ baseURL: base, extraHTTPHeaders: { Origin: base } });
    const res = await ctx.post('/trpc/auth.login', { data: { email, password: PASSWORD } });
    if (!res.ok()) throw new Error(`login ${email}: ${res.status()}`);
    const state = await ctx.storageState();
    await ctx.dispose();
    return state;
  };
  const manager = await session('manager@demo.test');
  const rep = await session('rep@demo.test');
  const sims = await (
    await fetch(`${base}/trpc/simulations.list?input=%7B%7D`, {
      headers: { cookie: manager.cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
    })
  ).json();
  const simulationId = (sims as { result: { data: { id: string }[] } }).result.data[0].id;

  const browser = await chromium.launch(CHROMIUM);
  const pages: { name: string; url: string; state?: typeof manager; ready: string }[] = [
    { name: '/login', url: '/login', ready: 'button[type="submit"]' },
    { name: '/dashboard', url: '/dashboard', state: manager, ready: 'h1' },
    { name: 'exercise page', url: `/exercise/${simulationId}`, state: rep, ready: 'h1' },
  ];
  const rows: string[] = [];
  const loads: PageLoad[] = [];
  for (const p of pages) {
    const context = await browser.newContext({ storageState: p.state });
    const page = await context.newPage();
    const files = new Set<string>();
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.origin === base && /\.(js|css)$/.test(u.pathname)) files.add(u.pathname);
    });
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    await page.goto(`${base}${p.url}`, { waitUntil: 'networkidle' });
    await page.waitForSelector(p.ready);
    await page.waitForLoadState('networkidle');
    const sizes = gzippedSizes('dist/client', files);
    const { js, css } = pageLoad(p.name, sizes);
    loads.push({ page: p.name, js, css });
    const kb = (n: number) => (n / 1024).toFixed(1);
    if (LIST_FILES) {
      console.log(`\n${p.name}`);
      for (const { file, bytes } of sizes.sort((a, b) => b.bytes - a.bytes))
        console.log(`  ${kb(bytes).padStart(7)} kB  ${file}`);
    }
    const total = (js + css) / 1024;
    const target = BUNDLE_BUDGETS_KB[p.name] as number | undefined;
    rows.push(
      `| ${p.name} | ${files.size} | ${kb(js)} kB | ${kb(css)} kB | **${total.toFixed(1)} kB** | ${target ? `≤ ${target} kB ${total <= target ? '✅' : '❌'}` : '—'} |`,
    );
    await context.close();
  }
  await browser.close();
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}\n`,
  );
  console.log('| page | files | JS (gzip) | CSS (gzip) | total | budget |\n|---|---|---|---|---|---|');
  console.log(rows.join('\n'));
  if (CHECK) {
    const report = checkBundleBudgets(loads);
    console.log(`\nbundle budget: ${report.ok ? 'ok' : 'FAILED'}`);
    for (const line of report.lines) console.log(`  ${line}`);
    if (!report.ok) {
      console.error(
        `\nbundle budget exceeded:\n${report.failures.map((f) => `  ${f}`).join('\n')}\n(see \`npx tsx scripts/bench/bundle.ts --files\` for what each page loads)`,
      );
      process.exitCode = 1;
    }
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
