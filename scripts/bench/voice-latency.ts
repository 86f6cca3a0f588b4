/**
 * Mouth-to-ear latency in a real browser (loopback only): Chromium's fake microphone plays a spoken
 * sentence followed by silence, over and over; the fake model (tests/helpers/fake-realtime-webrtc.ts,
 * which also serves the relay protocol) answers each turn with audio that starts a fixed, known
 * delay after the rep's last loud audio reached it. The page measures each turn itself — the end of
 * the rep's speech on the microphone to the onset of the answer as it is played, on the call's
 * audio clock (client/features/calls/turn-latency.ts) — and reports it in its metrics samples,
 * which this script reads off the call's socket. Reported: p50/p95 over `--turns` turns for the
 * WebRTC path and the relay, and the same minus the fake's delay: what the platform adds.
 *
 *   npm run -s build && npx tsx scripts/bench/voice-latency.ts [--turns 20] [--delay 500] [--write]
 *
 * The built server runs as a child process (PGlite in a temporary folder, demo seed).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { startFakeRealtimeWebRTC } from '../../tests/helpers/fake-realtime-webrtc';
import { writeBenchSection } from '../lib/bench-doc';
import { loopbackServer, waitHealthy } from '../lib/built-server';
import { chromiumWithMicrophone } from '../lib/chromium';
import { signIn, trpcCall } from '../lib/http-session';

const { values } = parseArgs({
  options: {
    turns: { type: 'string', default: '20' },
    delay: { type: 'string', default: '700' },
    write: { type: 'boolean', default: false },
  },
});
const TURNS = Number(values.turns);
const DELAY_MS = Number(values.delay);
const PASSWORD = 'bench-demo-password-1';
const SIMULATION = 'Discovery call with a busy VP of Sales';

if (!existsSync('dist/server/index.mjs')) throw new Error('Build first: npm run -s build');
const tmp = mkdtempSync(path.join(tmpdir(), 'spar-voice-latency-'));

/** The rep's line, then 2.5 s of silence (16-bit PCM WAV; Chromium plays it in a loop). */
function makeWav(): string {
  const speech = path.join(tmp, 'speech.wav');
  const wav = path.join(tmp, 'rep.wav');
  execFileSync('espeak-ng', [
    '-v',
    'en-us',
    '-s',
    '165',
    '-w',
    speech,
    'Hello, do you have a minute to talk about your delivery plan',
  ]);
  execFileSync('sox', [speech, '-r', '48000', '-b', '16', '-c', '1', wav, 'pad', '0.3', '2.5']);
  return wav;
}

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const { url, env: base } = await loopbackServer({ dataDir: path.join(tmp, 'data'), demoPassword: PASSWORD });
  const full: NodeJS.ProcessEnv = {
    ...base,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'error',
    ...env,
  };
  delete full.DATABASE_URL;
  const child = spawn(process.execPath, ['dist/server/index.mjs'], {
    env: full,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitHealthy(url, child, 60_000);
  return { url, child };
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** One call: the page's own measurements of `TURNS` turns, read from its metrics messages. */
async function measure(
  browser: Browser,
  url: string,
  cookie: string,
  simulationId: string,
  expect: 'webrtc' | 'relay',
): Promise<number[]> {
  const context = await browser.newContext({ baseURL: url, permissions: ['microphone'], ignoreHTTPSErrors: true });
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url }]);
  const page = await context.newPage();
  const latencies: number[] = [];
  page.on('websocket', (ws) =>
    ws.on('framesent', (f) => {
      if (typeof f.payload !== 'string' || !f.payload.startsWith('{"type":"metrics"')) return;
      const msg = JSON.parse(f.payload) as { samples: { turnLatencyMs?: number[] }[] };
      for (const s of msg.samples) latencies.push(...(s.turnLatencyMs ?? []));
    }),
  );
  try {
    await page.goto(`/exercise/${simulationId}`);
    await page.getByRole('button', { name: 'Start call' }).click();
    await page.getByTestId('call-panel').waitFor();
    const transport = await page.getByTestId('call-panel').getAttribute('data-transport', { timeout: 30_000 });
    if (transport !== expect) throw new Error(`the call went over ${transport}, not ${expect}`);
    // the page sends its samples every 10 s: wait for the turns, then end (which flushes the rest)
    const deadline = Date.now() + TURNS * 8000 + 60_000;
    // (a sample goes every 10 s; the end of the call sends the rest)
    while (latencies.length < TURNS && Date.now() < deadline) await page.waitForTimeout(1000);
    await page.getByRole('button', { name: 'End call' }).click();
    await page.waitForTimeout(1500);
    return latencies.slice(0, TURNS);
  } finally {
    await context.close();
  }
}

const wav = makeWav();
const fake = await startFakeRealtimeWebRTC({
  transcripts: ['Hello, do you have a minute?'],
  replies: ['Sure, go ahead.'],
  responseAudioMs: 700,
  silenceMs: 500,
  answerDelayMs: DELAY_MS,
  relay: {
    transcripts: ['Hello, do you have a minute?'],
    replies: ['Sure, go ahead.'],
    responseAudioMs: 700,
    silenceMs: 500,
    answerDelayMs: DELAY_MS,
    pace: 'realtime',
  },
});
const caFile = path.join(tmp, 'ca.pem');
writeFileSync(caFile, fake.ca);
const server = await startServer({
  OPENAI_API_KEY: 'sk-bench',
  OPENAI_REALTIME_URL: fake.baseURL,
  NODE_EXTRA_CA_CERTS: caFile,
});
const browser = await chromium.launch(chromiumWithMicrophone(wav, ['--allow-loopback-in-peer-connection']));
const results: Record<string, number[]> = {};
const loads: Record<string, string> = {};
try {
  const admin = await signIn(server.url, 'admin@demo.test', PASSWORD);
  const rep = await signIn(server.url, 'rep@demo.test', PASSWORD);
  const sims = await trpcCall<{ id: string; name: string }[]>(server.url, admin, 'simulations.list', {});
  const simulationId = sims.find((s) => s.name === SIMULATION)!.id;
  for (const transport of ['webrtc', 'relay'] as const) {
    await trpcCall(server.url, admin, 'callSettings.update', { transport }, 'POST');
    results[transport] = await measure(browser, server.url, rep, simulationId, transport);
    loads[transport] = loadavg()[0].toFixed(2);
    console.log(
      `${transport}: ${results[transport].length} turns: ${results[transport].join(' ')} ms (load ${loads[transport]})`,
    );
  }
  await trpcCall(server.url, admin, 'callSettings.update', { transport: 'auto' }, 'POST');
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  await fake.close();
  rmSync(tmp, { recursive: true, force: true });
}

const row = (t: string) => {
  const xs = results[t];
  if (!xs.length) return `| ${t} | 0 | – | – | – | – | ${loads[t]} |`;
  return `| ${t === 'webrtc' ? 'WebRTC' : 'relay'} | ${xs.length} | ${pct(xs, 50)} | ${pct(xs, 95)} | **${pct(xs, 50) - DELAY_MS}** | **${pct(xs, 95) - DELAY_MS}** | ${loads[t]} |`;
};
const table = [
  '| path | turns | end of speech → first audio played, p50 ms | p95 ms | platform adds, p50 ms | p95 ms | load avg (1 min) |',
  '|---|---|---|---|---|---|---|',
  row('webrtc'),
  row('relay'),
].join('\n');
console.log(table);
if (values.write) {
  writeBenchSection(
    'Voice latency (mouth to ear)',
    `\`npm run -s build && npx tsx scripts/bench/voice-latency.ts --turns ${TURNS} --delay ${DELAY_MS} --write\` — loopback, one run, ${new Date().toISOString().slice(0, 10)}, 2 cores shared.

Chromium (headless, fake microphone) holds one call per path with the built server (PGlite) and the
loopback fake of the Realtime API, which answers each turn with audio starting ${DELAY_MS} ms after the
rep's last loud audio reached it (its turn detection waits for 500 ms of quiet, as the Realtime
API's server VAD does by default). The page measures every turn itself: the end of the rep's speech
on the microphone to the onset of the answer as it is played, both on the call's audio clock
(client/features/calls/turn-latency.ts; the device's own input and output buffers, the same for both
paths, are outside it). "Platform adds" is that minus the fake's ${DELAY_MS} ms: capture, the way up,
the way down, jitter buffer or playback queue. Targets: ≤ 150 ms over WebRTC, ≤ 250 ms over the relay.

${table}
`,
  );
}
process.exit(0);
