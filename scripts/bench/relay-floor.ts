/**
 * What a relay costs in Node before any of Spar's code: the CPU per relayed frame of the smallest
 * relays that move the same traffic as the call relay (scripts/bench/relay.ts), measured the same
 * way (the relay process's utime+stime ÷ frames, both directions counted, steady window).
 *
 *   npx tsx scripts/bench/relay-floor.ts [--calls 200] [--seconds 12] [--runs 1] [--only ws+tls+wire]
 *     [--relay-node-args "--cpu-prof --cpu-prof-dir=DIR"] (node flags for the relay child: profiling)
 *
 * Each variant runs three processes on loopback, as the call-relay bench does: the relay (a child,
 * so /proc gives its own CPU), an echo upstream (a child), and the clients (this process) sending
 * one 40 ms frame per call every 40 ms (1 924 bytes: a sequence number and PCM16 at 24 kHz).
 *
 * - `tcp`: raw TCP both sides; the relay writes each chunk it reads to the other socket (no framing).
 * - `tcp+tls`: the same with TLS to the upstream (as to the model).
 * - `ws`: WebSocket (`ws`, the relay's library) both sides, binary pass-through, no TLS.
 * - `ws+tls`: the same with wss: upstream.
 * - `ws+tls+wire`: the Realtime GA wire as the call relay speaks it (server/realtime/realtime-wire.ts):
 *   each frame goes up as an `input_audio_buffer.append` (JSON + base64), comes back as a
 *   `response.output_audio.delta` and goes down as a binary frame.
 */
import { fork } from 'node:child_process';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import net from 'node:net';
import { loadavg } from 'node:os';
import tls from 'node:tls';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { procStat } from '../lib/proc-stat';
import { makeSelfSignedCert } from '../../tests/helpers/fake-realtime';
import { appendAudioMessage, parseOutputAudioDelta } from '../../server/realtime/realtime-wire';

const VARIANTS = ['tcp', 'tcp+tls', 'ws', 'ws+tls', 'ws+tls+wire'] as const;
type Variant = (typeof VARIANTS)[number];
const FRAME_BYTES = 4 + 40 * 48;
const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
};
const hasTls = (v: Variant) => v.includes('tls');
const isWs = (v: Variant) => v.startsWith('ws');

/** The echo upstream: sends back what it gets (as an audio delta on the Realtime wire, without parsing it). */
function echoMain(v: Variant, cert: { key: string; cert: string }) {
  const HEAD = '{"type":"input_audio_buffer.append","audio":"';
  if (!isWs(v)) {
    const onConn = (s: net.Socket) => {
      s.setNoDelay(true);
      s.on('data', (d) => s.write(d));
    };
    const srv = hasTls(v) ? tls.createServer(cert, onConn) : net.createServer(onConn);
    srv.listen(0, '127.0.0.1', () => process.send!((srv.address() as net.AddressInfo).port));
    return;
  }
  const srv = hasTls(v) ? createHttpsServer(cert) : createHttpServer();
  const wss = new WebSocketServer({ server: srv, perMessageDeflate: false });
  wss.on('connection', (s) =>
    s.on('message', (d: Buffer, binary) => {
      if (v !== 'ws+tls+wire') return s.send(d, { binary });
      const msg = d.toString('latin1');
      s.send(
        `{"event_id":"event_1","type":"response.output_audio.delta","response_id":"resp_1","item_id":"item_1","content_index":0,"delta":"${msg.slice(HEAD.length, -2)}"}`,
      );
    }),
  );
  srv.listen(0, '127.0.0.1', () => process.send!((srv.address() as net.AddressInfo).port));
}

/** The relay: one upstream connection per client connection, every message forwarded as it comes. */
function relayMain(v: Variant, upstreamPort: number) {
  if (!isWs(v)) {
    const srv = net.createServer((c) => {
      c.setNoDelay(true);
      const u = hasTls(v)
        ? tls.connect({ port: upstreamPort, host: '127.0.0.1', rejectUnauthorized: false })
        : net.connect(upstreamPort, '127.0.0.1');
      u.setNoDelay(true);
      c.on('data', (d) => u.write(d));
      u.on('data', (d) => c.write(d));
    });
    srv.listen(0, '127.0.0.1', () => process.send!((srv.address() as net.AddressInfo).port));
    return;
  }
  const wss: WebSocketServer = new WebSocketServer(
    { port: 0, host: '127.0.0.1', perMessageDeflate: false },
    (): void => void process.send!((wss.address() as net.AddressInfo).port),
  );
  wss.on('connection', (c) => {
    const u = new WebSocket(`${hasTls(v) ? 'wss' : 'ws'}://127.0.0.1:${upstreamPort}/`, {
      rejectUnauthorized: false,
      perMessageDeflate: false,
    });
    let seq = 0;
    c.on('message', (d: Buffer, binary) => {
      if (u.readyState !== 1) return;
      if (v === 'ws+tls+wire') u.send(appendAudioMessage(d.subarray(4)), { binary: false });
      else u.send(d, { binary });
    });
    u.on('message', (d: Buffer, binary) => {
      if (v !== 'ws+tls+wire') return c.send(d, { binary });
      const audio = parseOutputAudioDelta(d);
      if (!audio) return;
      const out = Buffer.allocUnsafe(4 + audio.pcm.length);
      out.writeUInt32LE(seq++, 0);
      audio.pcm.copy(out, 4);
      c.send(out, { binary: true });
    });
  });
}

async function measure(v: Variant, calls: number, seconds: number) {
  const cert = makeSelfSignedCert();
  const self = process.argv[1];
  const spawnRole = async (role: string, extra: string[]) => {
    const nodeArgs = role === '--relay' ? arg('relay-node-args', '').split(' ').filter(Boolean) : [];
    const child = fork(self, [role, v, ...extra], {
      execArgv: ['--import', 'tsx', ...nodeArgs],
      env: { ...process.env, FLOOR_KEY: cert.key, FLOOR_CERT: cert.cert },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (m) => resolve(Number(m)));
      child.once('exit', (code) => reject(new Error(`${role} exited (${code})`)));
    });
    return { child, port };
  };
  const echo = await spawnRole('--echo', []);
  const relay = await spawnRole('--relay', [String(echo.port)]);
  let received = 0;
  let sent = 0;
  const frame = Buffer.alloc(FRAME_BYTES, 7);
  const clients = await Promise.all(
    Array.from({ length: calls }, () =>
      isWs(v)
        ? new Promise<(b: Buffer) => void>((resolve, reject) => {
            const s = new WebSocket(`ws://127.0.0.1:${relay.port}/`, { perMessageDeflate: false });
            s.on('message', (_d: RawData) => received++);
            s.once('open', () => resolve((b) => s.send(b, { binary: true })));
            s.once('error', reject);
          })
        : new Promise<(b: Buffer) => void>((resolve, reject) => {
            const s = net.connect(relay.port, '127.0.0.1', () => resolve((b) => s.write(b)));
            s.setNoDelay(true);
            // raw TCP has no message boundaries: count bytes
            s.on('data', (d) => (received += d.length / FRAME_BYTES));
            s.once('error', reject);
          }),
    ),
  );
  await new Promise((r) => setTimeout(r, 1500));
  const timers: NodeJS.Timeout[] = [];
  clients.forEach((send, i) =>
    timers.push(
      setTimeout(
        () => {
          timers.push(setInterval(() => (send(frame), sent++), 40));
        },
        (i * 40) / calls,
      ),
    ),
  );
  await new Promise((r) => setTimeout(r, 2000));
  const c0 = procStat(relay.child.pid!);
  const f0 = sent + received;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const c1 = procStat(relay.child.pid!);
  const frames = sent + received - f0;
  const wallS = (performance.now() - t0) / 1000;
  for (const t of timers) clearInterval(t);
  // SIGTERM: the relay exits (so that --cpu-prof writes its profile)
  await new Promise((r) => {
    relay.child.once('exit', r);
    relay.child.kill();
  });
  echo.child.kill();
  return {
    usPerFrame: ((c1.cpuMs - c0.cpuMs) * 1000) / frames,
    cpuPct: (c1.cpuMs - c0.cpuMs) / 10 / wallS,
    sysPct: (c1.sysMs - c0.sysMs) / 10 / wallS,
    framesPerS: frames / wallS,
  };
}

async function main() {
  const [role, v, port] = process.argv.slice(2);
  if (role === '--echo') return echoMain(v as Variant, { key: process.env.FLOOR_KEY!, cert: process.env.FLOOR_CERT! });
  if (role === '--relay') {
    process.on('SIGTERM', () => process.exit(0));
    return relayMain(v as Variant, Number(port));
  }
  const calls = Number(arg('calls', '200'));
  const seconds = Number(arg('seconds', '12'));
  const runs = Number(arg('runs', '1'));
  console.log(
    `# relay floor: ${calls} calls, ${seconds} s per variant, load average (1 min) at start ${loadavg()[0].toFixed(2)}`,
  );
  console.log(
    '| variant | run | relay CPU µs / frame | relay CPU (of one core; sys) | frames / s | load avg (1 min) |',
  );
  console.log('|---|---|---|---|---|---|');
  for (let run = 1; run <= runs; run++) {
    for (const variant of VARIANTS.filter((x) => arg('only', x) === x)) {
      const r = await measure(variant, calls, seconds);
      console.log(
        `| ${variant} | ${run} | **${r.usPerFrame.toFixed(1)}** | ${r.cpuPct.toFixed(1)} % (sys ${r.sysPct.toFixed(1)} %) | ${Math.round(r.framesPerS)} | ${loadavg()[0].toFixed(2)} |`,
      );
    }
  }
  process.exit(0);
}

void main();
