/**
 * Bytes over the wire for a first visit to /login: the page, its JavaScript and CSS and anything
 * else the browser fetched until the sign-in button shows, as the system Chromium received them
 * (compressed bodies plus response headers), beside the bytes after decoding. Starts the built
 * server of a checkout (fresh data dir, demo seed, no demo history) and loads the page once in a
 * fresh browser profile, three times.
 *
 *   npm run build && npx tsx scripts/bench/login-wire.ts [--dir CHECKOUT]
 *
 * `--dir` measures another checkout's build (its dist/), e.g. an older commit for a before/after.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../lib/chromium';
import { freePort } from '../lib/free-port';

const dirArg = process.argv.indexOf('--dir');
const dir = path.resolve(dirArg > 0 ? process.argv[dirArg + 1] : '.');
const entry = path.join(dir, 'dist/server/index.mjs');
if (!existsSync(entry)) {
  console.error(`login-wire: ${entry} is missing: build that checkout first (npm run build)`);
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'spar-wire-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [entry], {
  cwd: dir,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_PASSWORD: 'Bench-Password-1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SEED_DEMO_HISTORY: 'false',
  },
  stdio: 'ignore',
});

const healthy = () =>
  fetch(`${base}/api/v1/health`).then(
    (r) => r.ok,
    () => false,
  );

interface Row {
  kind: string;
  files: number;
  wire: number;
  decoded: number;
}

try {
  let up = false;
  for (let i = 0; i < 1200 && !up; i++) {
    up = await healthy();
    if (!up) await new Promise((r) => setTimeout(r, 100));
  }
  if (!up) throw new Error('server not healthy after 120 s');
  const browser = await chromium.launch(CHROMIUM);
  console.log(
    `login-wire: ${dir} — load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (let run = 1; run <= 3; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const done: Promise<{ kind: string; wire: number; decoded: number }>[] = [];
    page.on('requestfinished', (req) => {
      done.push(
        (async () => {
          const sizes = await req.sizes();
          const body = await (await req.response())?.body().catch(() => null);
          const kind = req.resourceType();
          return { kind, wire: sizes.responseBodySize + sizes.responseHeadersSize, decoded: body?.length ?? 0 };
        })(),
      );
    });
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const all = await Promise.all(done);
    const rows = new Map<string, Row>();
    for (const r of all) {
      const kind = ['document', 'script', 'stylesheet'].includes(r.kind) ? r.kind : 'other';
      const row = rows.get(kind) ?? { kind, files: 0, wire: 0, decoded: 0 };
      row.files++;
      row.wire += r.wire;
      row.decoded += r.decoded;
      rows.set(kind, row);
    }
    const total = [...rows.values()].reduce(
      (t, r) => ({ ...t, files: t.files + r.files, wire: t.wire + r.wire, decoded: t.decoded + r.decoded }),
      {
        kind: 'total',
        files: 0,
        wire: 0,
        decoded: 0,
      },
    );
    const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
    console.log(`run ${run}`);
    for (const r of [...rows.values(), total])
      console.log(
        `  ${r.kind.padEnd(10)} ${String(r.files).padStart(3)} files  wire ${kb(r.wire).padStart(9)}  decoded ${kb(r.decoded).padStart(9)}`,
      );
    await context.close();
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
