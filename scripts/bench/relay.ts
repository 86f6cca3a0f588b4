/**
 * Call relay benchmark (loopback only): simulated browsers stream real-time audio (40 ms PCM16
 * frames, paced) through the relay to the fake Realtime upstream in echo mode and back, compared
 * in the same run with the same number of clients talking to the fake directly (baseline).
 * Headline: the relay process's CPU time per relayed frame (both directions counted), which is
 * stable where wall-clock percentiles on a shared box are not. Also the added latency per frame
 * (p50, p99), dropped frames and RSS per call, at 50/100/200 concurrent calls, then steps up
 * (bounded) to find where p99 passes 50 ms.
 *
 *   npx tsx scripts/bench/relay.ts [--seconds 20] [--levels 50,100,200] [--step 100 --max 500]
 *     [--server-node-args "--cpu-prof --cpu-prof-dir=/tmp/relay-prof"] [--no-direct (CPU only: no baseline, no added latency)]
 *
 * The relay server and the fake upstream run as child processes (the relay on in-memory PGlite),
 * so /proc gives each its own CPU and RSS; the simulated browsers run in this process.
 * `--server-node-args` passes node flags to the relay child (profiling).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { procStat } from '../lib/proc-stat';
import { runBench } from '../lib/bench-doc';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
};
const FRAME_MS = 40;
const FRAME_BYTES = FRAME_MS * 48;
const WARMUP_FRAMES = 25;
/** CPU is measured from this long after the streams start until they stop sending. */
const CPU_WARMUP_MS = 4000;

async function serverMain() {
  const { openDatabase } = await import('../../db/client');
  const { startApp } = await import('../../server/app');
  const { loadEnv } = await import('../../server/env');
  const { createTenant, createTenantUser } = await import('../../tests/helpers/factories');
  const { createSession } = await import('../../server/auth/session');
  const { withTenant } = await import('../../db/tenant');
  const { personas, scorecards, scorecardCriteria, simulations } = await import('../../db/schema');
  const env = loadEnv({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_REALTIME_URL: process.env.FAKE_BASE_URL,
    CALLS_MAX_PER_TENANT: '5000',
    DATABASE_POOL_SIZE: '20',
  });
  // BENCH_DATABASE_URL: a fresh database on that Postgres server (dropped on exit); otherwise in-memory PGlite
  let database: Awaited<ReturnType<typeof openDatabase>>;
  if (process.env.BENCH_DATABASE_URL) {
    const { createPostgresDatabase } = await import('../../tests/helpers/postgres');
    const pg = await createPostgresDatabase(process.env.BENCH_DATABASE_URL);
    database = pg.database;
    process.on(
      'SIGTERM',
      () =>
        void database
          .close()
          .then(() => pg.drop())
          .finally(() => process.exit(0)),
    );
  } else {
    database = await openDatabase({});
    // exit (not die) on SIGTERM so that --cpu-prof writes its profile
    process.on('SIGTERM', () => process.exit(0));
  }
  const app = await startApp({
    env,
    database,
    port: 0,
    host: '127.0.0.1',
    deps: { calls: { upstreamWsOptions: { ca: readFileSync(process.env.FAKE_CA_FILE!, 'utf8') }, ringMs: 10 } },
  });
  const tenant = await createTenant(database.db, { name: 'Bench' });
  const user = await createTenantUser(database.db, tenant.id, {
    email: 'bench@bench.test',
    username: 'bench',
    userType: 'sales_rep',
  });
  const simId = await withTenant(database.db, tenant.id, async (tx) => {
    const [p] = await tx
      .insert(personas)
      .values({ tenantId: tenant.id, name: 'Bench Prospect', shortDescription: 'x', longDescription: 'x' })
      .returning();
    const [c] = await tx
      .insert(scorecards)
      .values({ tenantId: tenant.id, lineageId: crypto.randomUUID(), name: 'B', shortDescription: 'b' })
      .returning();
    await tx.insert(scorecardCriteria).values({
      tenantId: tenant.id,
      scorecardId: c.id,
      position: 0,
      name: 'c',
      description: 'c',
      includeInScenario: true,
      levelZero: 'a',
      levelLow: 'b',
      levelHigh: 'c',
    });
    const [s] = await tx
      .insert(simulations)
      .values({ tenantId: tenant.id, name: 'Bench', personaId: p.id, scorecardId: c.id, timeLimitMinutes: 30 })
      .returning();
    return s.id;
  });
  const { token } = await createSession(database.db, user.id);
  process.stdout.write(`${JSON.stringify({ url: app.url, token, simId })}\n`);
}

interface Stream {
  sent: number;
  received: number;
  rtts: number[];
  stop(): void;
}

/** One simulated browser: 40 ms frames carrying [frame no][send time], paced in real time. */
function stream(send: (pcm: Buffer) => void, seconds: number): Stream {
  const s: Stream = { sent: 0, received: 0, rtts: [], stop: () => {} };
  const startDelay = Math.random() * FRAME_MS;
  let timer: NodeJS.Timeout | null = null;
  const start = setTimeout(() => {
    const t0 = performance.now();
    const tick = () => {
      const pcm = Buffer.alloc(FRAME_BYTES);
      pcm.writeUInt32LE(s.sent, 0);
      pcm.writeDoubleLE(performance.now(), 4);
      send(pcm);
      s.sent++;
      if (performance.now() - t0 < seconds * 1000)
        timer = setTimeout(tick, Math.max(0, t0 + s.sent * FRAME_MS - performance.now()));
    };
    tick();
  }, startDelay);
  s.stop = () => {
    clearTimeout(start);
    if (timer) clearTimeout(timer);
  };
  return s;
}
const onEcho = (s: Stream, pcm: Buffer) => {
  if (pcm.length < 12) return;
  s.received++;
  // the first second of each stream is warm-up (JIT, TLS, socket buffers): counted, not timed
  if (pcm.readUInt32LE(0) >= WARMUP_FRAMES) s.rtts.push(performance.now() - pcm.readDoubleLE(4));
};

function pct(xs: number[], p: number) {
  if (!xs.length) return NaN;
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

async function direct(n: number, seconds: number, fakeUrl: string, ca: string) {
  const streams: Stream[] = [];
  const sockets: WebSocket[] = [];
  await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`${fakeUrl}?model=gpt-realtime`, {
            ca,
            perMessageDeflate: false,
            headers: { Authorization: 'Bearer x' },
          });
          sockets.push(ws);
          ws.on('open', () => {
            ws.send(JSON.stringify({ type: 'session.update', session: { type: 'realtime' } }));
            resolve();
          });
          ws.on('error', reject);
        }),
    ),
  );
  sockets.forEach((ws) => {
    const s = stream(
      (pcm) => ws.send(JSON.stringify({ type: 'input_audio_buffer.append', audio: pcm.toString('base64') })),
      seconds,
    );
    streams.push(s);
    ws.on('message', (d) => {
      const ev = JSON.parse(d.toString()) as { type: string; delta?: string };
      if (ev.type === 'response.output_audio.delta' && ev.delta) onEcho(s, Buffer.from(ev.delta, 'base64'));
    });
  });
  await new Promise((r) => setTimeout(r, seconds * 1000 + 1500));
  streams.forEach((s) => s.stop());
  sockets.forEach((ws) => {
    ws.on('error', () => undefined);
    ws.terminate();
  });
  return streams;
}

async function viaRelay(
  n: number,
  seconds: number,
  srv: { url: string; token: string; simId: string },
  pid: number,
  fakePid: number,
) {
  const cookie = `spar_session=${srv.token}`;
  const before = procStat(pid);
  const calls: { callId: string; ticket: string }[] = [];
  for (let i = 0; i < n; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, n - i) }, async () => {
        const res = await fetch(`${srv.url}/trpc/calls.start`, {
          method: 'POST',
          headers: { cookie, origin: srv.url, 'content-type': 'application/json' },
          body: JSON.stringify({ simulationId: srv.simId, mode: 'practice' }),
        });
        const text = await res.text();
        if (!res.ok) throw new Error(`calls.start failed: ${res.status} ${text.slice(0, 300)}`);
        return (JSON.parse(text) as { result: { data: { callId: string; ticket: string } } }).result.data;
      }),
    );
    calls.push(...batch);
  }
  const sockets: WebSocket[] = [];
  await Promise.all(
    calls.map(
      (c) =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`${srv.url.replace('http', 'ws')}/ws/call?callId=${c.callId}&ticket=${c.ticket}`, {
            headers: { origin: srv.url },
            perMessageDeflate: false,
          });
          sockets.push(ws);
          ws.on('message', (d, bin) => {
            if (!bin && JSON.parse(d.toString()).state === 'listening') resolve();
          });
          ws.on('unexpected-response', (_q, r) => reject(new Error(`upgrade ${r.statusCode}`)));
          ws.on('error', reject);
        }),
    ),
  );
  // let the start-up writes (call states) settle before streaming; the last 2 s give the process's CPU with the calls up but silent
  await new Promise((r) => setTimeout(r, 1000));
  const idle0 = { cpu: procStat(pid), at: performance.now() };
  await new Promise((r) => setTimeout(r, 2000));
  const connected = procStat(pid);
  const idleCpuPct = ((connected.cpuMs - idle0.cpu.cpuMs) / (performance.now() - idle0.at)) * 100;
  console.error(`# ${n} calls streaming for ${seconds} s (relay pid ${pid})`);
  const streams = sockets.map((ws) => {
    let seq = 0;
    const s = stream((pcm) => {
      const f = Buffer.allocUnsafe(4 + pcm.length);
      f.writeUInt32LE(seq++, 0);
      pcm.copy(f, 4);
      ws.send(f);
    }, seconds);
    ws.on('message', (d, bin) => {
      if (bin) onEcho(s, (d as Buffer).subarray(4));
    });
    return s;
  });
  let peakRss = connected.rssKb;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, procStat(pid).rssKb)), 1000);
  // the CPU window: steady streaming, after CPU_WARMUP_MS (JIT, socket buffers) until the streams stop sending
  const frames = () => streams.reduce((a, s) => a + s.sent + s.received, 0);
  await new Promise((r) => setTimeout(r, CPU_WARMUP_MS));
  const cpu0 = {
    relay: procStat(pid),
    fake: procStat(fakePid),
    bench: procStat(),
    frames: frames(),
    at: performance.now(),
  };
  await new Promise((r) => setTimeout(r, seconds * 1000 - CPU_WARMUP_MS));
  const cpu1 = {
    relay: procStat(pid),
    fake: procStat(fakePid),
    bench: procStat(),
    frames: frames(),
    at: performance.now(),
  };
  await new Promise((r) => setTimeout(r, 1500));
  clearInterval(sampler);
  const window = {
    cpuMs: cpu1.relay.cpuMs - cpu0.relay.cpuMs,
    sysMs: cpu1.relay.sysMs - cpu0.relay.sysMs,
    fakeCpuMs: cpu1.fake.cpuMs - cpu0.fake.cpuMs,
    benchCpuMs: cpu1.bench.cpuMs - cpu0.bench.cpuMs,
    framesRelayed: cpu1.frames - cpu0.frames,
    wallMs: cpu1.at - cpu0.at,
  };
  streams.forEach((s) => s.stop());
  sockets.forEach((ws) => {
    ws.on('error', () => undefined);
    if (ws.readyState === 1) ws.send(JSON.stringify({ type: 'hangup' }));
  });
  await new Promise((r) => setTimeout(r, 2000));
  return { streams, ...window, idleCpuPct, rssBeforeKb: before.rssKb, rssPeakKb: peakRss };
}

async function fakeMain() {
  const { startFakeRealtime } = await import('../../tests/helpers/fake-realtime');
  const fake = await startFakeRealtime({ echo: true });
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-relay-'));
  writeFileSync(path.join(dir, 'ca.pem'), fake.ca);
  process.stdout.write(
    `${JSON.stringify({ baseURL: fake.baseURL, url: fake.url, caFile: path.join(dir, 'ca.pem') })}\n`,
  );
}

const children: ReturnType<typeof spawn>[] = [];
process.on('exit', () => children.forEach((c) => c.kill('SIGTERM')));

function child<T>(
  flag: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ pid: number; info: T }> {
  const c = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.resolve('scripts/bench/relay.ts'), flag], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(c);
  return new Promise((resolve) => {
    let buf = '';
    c.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const line = buf.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ pid: c.pid!, info: JSON.parse(line) as T });
    });
  });
}

async function main() {
  if (process.argv.includes('--server')) return serverMain();
  if (process.argv.includes('--fake')) return fakeMain();
  const seconds = Number(arg('seconds', '20'));
  const levels = arg('levels', '50,100,200').split(',').map(Number);
  const step = Number(arg('step', '100'));
  const max = Number(arg('max', '500'));
  const fakeProc = await child<{ baseURL: string; url: string; caFile: string }>('--fake', {});
  const fake = { ...fakeProc.info, ca: readFileSync(fakeProc.info.caFile, 'utf8') };
  const serverNodeArgs = arg('server-node-args', '').split(' ').filter(Boolean);
  const server = await child<{ url: string; token: string; simId: string }>(
    '--server',
    { FAKE_BASE_URL: fake.baseURL, FAKE_CA_FILE: fake.caFile },
    serverNodeArgs,
  );
  const srv = server.info;
  const serverPid = server.pid;
  const rows: string[] = [];
  const run = async (n: number) => {
    const base = process.argv.includes('--no-direct') ? [] : await direct(n, seconds, fake.url, fake.ca);
    const relay = await viaRelay(n, seconds, srv, serverPid, fakeProc.pid);
    const bR = base.flatMap((s) => s.rtts);
    const rR = relay.streams.flatMap((s) => s.rtts);
    const dropped = relay.streams.reduce((a, s) => a + s.sent - s.received, 0);
    const baseDropped = base.reduce((a, s) => a + s.sent - s.received, 0);
    const r = {
      calls: n,
      cpuUsPerFrame: (relay.cpuMs * 1000) / relay.framesRelayed,
      framesRelayed: relay.framesRelayed,
      framesPerDirection: rR.length,
      directP50: pct(bR, 50),
      directP99: pct(bR, 99),
      relayP50: pct(rR, 50),
      relayP99: pct(rR, 99),
      addedP50: pct(rR, 50) - pct(bR, 50),
      addedP99: pct(rR, 99) - pct(bR, 99),
      dropped,
      baseDropped,
      cpuPct: (relay.cpuMs / relay.wallMs) * 100,
      sysPct: (relay.sysMs / relay.wallMs) * 100,
      idleCpuPct: relay.idleCpuPct,
      fakeCpuPct: (relay.fakeCpuMs / relay.wallMs) * 100,
      benchCpuPct: (relay.benchCpuMs / relay.wallMs) * 100,
      rssPerCallKb: (relay.rssPeakKb - relay.rssBeforeKb) / n,
    };
    const f = (x: number) => x.toFixed(1);
    const line = `| ${n} | **${f(r.cpuUsPerFrame)}** | ${r.framesRelayed} | ${f(r.directP50)} / ${f(r.directP99)} | ${f(r.relayP50)} / ${f(r.relayP99)} | ${f(r.addedP50)} | ${f(r.addedP99)} | ${dropped} (direct ${baseDropped}) | ${f(r.cpuPct)} % (sys ${f(r.sysPct)} %; silent ${f(r.idleCpuPct)} %) | ${f(r.fakeCpuPct)} % / ${f(r.benchCpuPct)} % | ${f(r.rssPerCallKb)} KB | ${loadavg()[0].toFixed(1)} |`;
    rows.push(line);
    console.log(line);
    return r;
  };
  console.log(
    '| calls | relay CPU µs / frame | frames relayed | direct p50 / p99 ms | relay p50 / p99 ms | added p50 ms | added p99 ms | dropped frames | relay CPU (of one core; silent = calls up, no audio) | fake / bench CPU | RSS per call | load avg (1 min) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  let last = 0;
  let crossed: number | null = null;
  for (const n of levels) {
    const r = await run(n);
    last = n;
    if (r.addedP99 > 50 && crossed === null) crossed = n;
  }
  for (let n = last + step; crossed === null && n <= max; n += step) {
    const r = await run(n);
    if (r.addedP99 > 50) crossed = n;
  }
  console.log(
    crossed === null
      ? `added p99 stayed ≤ 50 ms up to ${Math.max(last, max)} calls (bound)`
      : `added p99 passed 50 ms at ${crossed} calls`,
  );
  process.exit(0);
}

void runBench(main);
