import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A wire-level fake of the OpenAI Realtime GA protocol on loopback.
 *
 * The SDK (`openai/realtime/ws`) always connects with `wss:`, so the fake serves TLS with a
 * self-signed certificate made at start with the `openssl` CLI (node:crypto cannot issue X.509
 * certificates). Point the app at it with OPENAI_REALTIME_URL=`fake.baseURL` and give the relay
 * the CA through `deps.calls.upstreamWsOptions = { ca: fake.ca }`.
 *
 * Behaviour: accepts session.update; detects speech in the appended PCM by energy (RMS over
 * 100 ms windows) → speech_started, then speech_stopped after `silenceMs` of quiet; then the
 * input transcription (scripted) and a response: response.created, output_audio deltas (a tone,
 * real-time paced or all at once), output transcript deltas/done, response.done with usage.
 * response.create answers with the next reply (the greeting). Records conversation.item.truncate.
 * Scripted failures: drop every connection, send an error event. `echo` mode sends every appended
 * chunk straight back as output audio (the relay benchmark).
 */
export interface FakeRealtimeOptions {
  transcripts?: string[];
  replies?: string[];
  /** Ms of prospect audio per response (default 600). */
  responseAudioMs?: number;
  pace?: 'realtime' | 'fast';
  echo?: boolean;
  rmsThreshold?: number;
  silenceMs?: number;
  /** Drop each connection this many ms after session.update (scripted failure). */
  dropAfterMs?: number;
  /** This many ms after session.update, fall silent without closing: no event, no pong (a stalled model). */
  stallAfterMs?: number;
  /** The answer's first audio goes out this long after the last loud audio chunk arrived (default: when the turn ends). */
  answerDelayMs?: number;
}

const FAKE_USAGE = {
  total_tokens: 120,
  input_tokens: 50,
  output_tokens: 70,
  input_token_details: { text_tokens: 10, audio_tokens: 40, cached_tokens: 5 },
  output_token_details: { text_tokens: 20, audio_tokens: 50 },
};

interface Conn {
  ws: WebSocket;
  stalled?: boolean;
  pending: Int16Array[];
  pendingSamples: number;
  speaking: boolean;
  silentMs: number;
  audioMs: number;
  repItem: string | null;
  turn: number;
  streaming: { itemId: string; cancel: () => void } | null;
  lastLoudAt: number;
}

/**
 * The events of one scripted answer, as both fakes (relay and WebRTC) send them: its start, its
 * transcript word by word, its audio chunks, and its end with the usage.
 */
function responseEvents(responseId: string, itemId: string, text: string) {
  const part = { response_id: responseId, item_id: itemId, content_index: 0 };
  return {
    responseId,
    itemId,
    start: [
      { type: 'response.created', response: { id: responseId, status: 'in_progress' } },
      {
        type: 'response.output_item.added',
        response_id: responseId,
        item: { id: itemId, type: 'message', role: 'assistant' },
      },
    ],
    transcript: text
      .split(' ')
      .map((w) => ({ type: 'response.output_audio_transcript.delta', ...part, delta: `${w} ` })),
    audio: (delta: string) => ({ type: 'response.output_audio.delta', ...part, delta }),
    end: (status: string) => [
      { type: 'response.output_audio_transcript.done', ...part, transcript: text },
      { type: 'response.output_audio.done', response_id: responseId, item_id: itemId },
      { type: 'response.done', response: { id: responseId, status, usage: FAKE_USAGE } },
    ],
  };
}

/** The answer a scripted prospect gives on its `turn`-th turn (the last reply repeats), with fresh ids. */
export function scriptedResponse(replies: readonly string[] | undefined, turn: number) {
  const lines = replies ?? ['Hello, this is the prospect.'];
  return responseEvents(id('resp'), id('item'), lines[Math.min(turn, lines.length - 1)]);
}

export interface FakeRealtime {
  baseURL: string;
  ca: string;
  url: string;
  connections: number;
  events: { type: string; [k: string]: unknown }[];
  truncates: { item_id: string; audio_end_ms: number }[];
  sessionUpdates: Record<string, unknown>[];
  dropAll(): void;
  sendError(fatal: boolean): void;
  options: FakeRealtimeOptions;
  /** Takes a WebSocket upgrade of the server it is attached to (tests/helpers/fake-realtime-webrtc.ts). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

const APPEND_HEAD = '{"type":"input_audio_buffer.append","audio":"';
let n = 0;
const id = (p: string) => `${p}_${Date.now().toString(36)}${(n++).toString(36)}`;

export function makeSelfSignedCert(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-rt-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'k.pem'),
        '-out',
        path.join(dir, 'c.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'k.pem'), 'utf8'), cert: readFileSync(path.join(dir, 'c.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The page's measure of speech (client/public/worklets/capture-processor.js): some block of about
 * 5 ms with an RMS above 0.02 of full scale. The fakes time their answers from the last chunk that
 * has speech by it, so the delay they add is counted from the moment the page takes as the end of
 * the rep's speech.
 */
/**
 * The rep stopped talking: the model commits the turn and transcribes it (a first piece, then the
 * whole line: the rep's line for this turn, the last one once they run out).
 */
export function transcribeRepTurn(
  send: (ev: Record<string, unknown>) => void,
  itemId: string,
  transcripts: readonly string[] = ['Hi, this is the rep.'],
  turn: number,
  audioEndMs: number,
) {
  send({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: audioEndMs, item_id: itemId });
  send({ type: 'input_audio_buffer.committed', item_id: itemId });
  const text = transcripts[Math.min(Math.max(0, turn - 1), transcripts.length - 1)];
  const base = { item_id: itemId, content_index: 0 };
  send({ type: 'conversation.item.input_audio_transcription.delta', ...base, delta: text.slice(0, 5) });
  send({ type: 'conversation.item.input_audio_transcription.completed', ...base, transcript: text });
}

export function hasSpeech(samples: Int16Array, blockSamples: number, level = 0.02 * 32768): boolean {
  for (let start = 0; start < samples.length; start += blockSamples) {
    const end = Math.min(samples.length, start + blockSamples);
    let sum = 0;
    for (let i = start; i < end; i++) sum += samples[i] * samples[i];
    if (Math.sqrt(sum / (end - start)) > level) return true;
  }
  return false;
}

/** A tone (speech-like loudness) of `ms` at 24 kHz. */
export function tone(ms: number, amplitude = 8000, hz = 220): Buffer {
  const samples = Math.round(ms * 24);
  const b = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    b.writeInt16LE(Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / 24000)), i * 2);
  return b;
}

/**
 * Starts the fake on its own TLS server, or (`attach`) on a server the caller runs and routes
 * upgrades from (the WebRTC fake serves both protocols at one base URL, as the Realtime API does).
 */
export async function startFakeRealtime(
  options: FakeRealtimeOptions = {},
  attach?: { server: Server; ca: string },
): Promise<FakeRealtime> {
  const { key, cert } = attach ? { key: '', cert: attach.ca } : makeSelfSignedCert();
  const server: Server = attach?.server ?? createServer({ key, cert });
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const conns = new Set<Conn>();
  const fake: FakeRealtime = {
    baseURL: '',
    url: '',
    ca: cert,
    connections: 0,
    events: [],
    truncates: [],
    sessionUpdates: [],
    options,
    upgrade: (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req)),
    dropAll: () => {
      for (const c of conns) c.ws.terminate();
    },
    sendError: (fatal) => {
      for (const c of conns)
        send(c, {
          type: 'error',
          error: fatal
            ? {
                type: 'invalid_request_error',
                code: 'session_expired',
                message: 'Your session hit the maximum duration of 60 minutes.',
              }
            : { type: 'invalid_request_error', code: 'invalid_value', message: 'Invalid value for audio_end_ms' },
        });
    },
    close: () =>
      new Promise<void>((r) => {
        for (const c of conns) c.ws.terminate();
        wss.close(() => (attach ? r() : server.close(() => r())));
      }),
  };

  const send = (c: Conn, ev: Record<string, unknown>) => {
    if (c.ws.readyState === 1 && !c.stalled) c.ws.send(JSON.stringify({ event_id: id('event'), ...ev }));
  };

  const respond = (c: Conn, startAt = performance.now()) => {
    const o = fake.options;
    const events = scriptedResponse(o.replies, c.turn);
    const total = o.responseAudioMs ?? 600;
    const chunkMs = 100;
    for (const ev of events.start) send(c, ev);
    let sent = 0;
    let cancelled = false;
    const finish = (status: string) => {
      c.streaming = null;
      for (const ev of events.end(status)) send(c, ev);
    };
    const step = () => {
      if (cancelled || c.ws.readyState !== 1) return;
      if (sent === 0) for (const ev of events.transcript) send(c, ev);
      const ms = Math.min(chunkMs, total - sent);
      send(c, events.audio(tone(ms, 6000, 330).toString('base64')));
      sent += ms;
      if (sent >= total) return finish('completed');
      if (o.pace === 'realtime') setTimeout(step, ms);
      else setImmediate(step);
    };
    c.streaming = {
      itemId: events.itemId,
      cancel: () => {
        cancelled = true;
        finish('cancelled');
      },
    };
    c.turn++;
    const wait = startAt - performance.now();
    if (wait > 1) setTimeout(step, wait);
    else setImmediate(step);
  };

  const onAudio = (c: Conn, pcm: Buffer) => {
    if (fake.options.echo) {
      send(c, responseEvents('echo', 'echo', '').audio(pcm.toString('base64')));
      return;
    }
    const samples = new Int16Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.length - (pcm.length % 2)));
    if (hasSpeech(samples, 120)) c.lastLoudAt = performance.now();
    c.pending.push(samples);
    c.pendingSamples += samples.length;
    const windowSamples = 2400; // 100 ms
    while (c.pendingSamples >= windowSamples) {
      const all = new Int16Array(c.pendingSamples);
      let off = 0;
      for (const p of c.pending) {
        all.set(p, off);
        off += p.length;
      }
      const win = all.subarray(0, windowSamples);
      c.pending = [all.slice(windowSamples)];
      c.pendingSamples = all.length - windowSamples;
      let sum = 0;
      for (const s of win) sum += s * s;
      const rms = Math.sqrt(sum / win.length);
      c.audioMs += 100;
      const loud = rms > (fake.options.rmsThreshold ?? 1000);
      if (loud && !c.speaking) {
        c.speaking = true;
        c.silentMs = 0;
        c.repItem = id('item');
        if (c.streaming) c.streaming.cancel(); // server VAD interrupt_response
        send(c, { type: 'input_audio_buffer.speech_started', audio_start_ms: c.audioMs - 100, item_id: c.repItem });
      } else if (c.speaking && !loud) {
        c.silentMs += 100;
        if (c.silentMs >= (fake.options.silenceMs ?? 400)) {
          c.speaking = false;
          transcribeRepTurn((ev) => send(c, ev), c.repItem!, fake.options.transcripts, c.turn, c.audioMs);
          const delay = fake.options.answerDelayMs;
          respond(c, delay === undefined ? performance.now() : c.lastLoudAt + delay);
        }
      } else if (loud) c.silentMs = 0;
    }
  };

  wss.on('connection', (ws) => {
    fake.connections++;
    const c: Conn = {
      ws,
      pending: [],
      pendingSamples: 0,
      speaking: false,
      silentMs: 0,
      audioMs: 0,
      repItem: null,
      turn: 0,
      streaming: null,
      lastLoudAt: 0,
    };
    conns.add(c);
    ws.on('close', () => conns.delete(c));
    send(c, { type: 'session.created', session: { id: id('sess'), type: 'realtime' } });
    ws.on('message', (data) => {
      // echo mode (the relay bench): an append goes straight back as an audio delta without parsing
      // or decoding it, so that the fake's own CPU leaves the relay a core on a 2-core box
      if (fake.options.echo && !c.stalled && ws.readyState === 1) {
        const msg = (data as Buffer).toString('latin1');
        if (
          msg.startsWith(APPEND_HEAD) &&
          msg.indexOf('"', APPEND_HEAD.length) === msg.length - 2 &&
          msg.endsWith('"}')
        ) {
          ws.send(
            `{"event_id":"${id('event')}","type":"response.output_audio.delta","response_id":"echo","item_id":"echo","content_index":0,"delta":"${msg.slice(APPEND_HEAD.length, -2)}"}`,
          );
          return;
        }
      }
      let ev: { type: string; [k: string]: unknown };
      try {
        ev = JSON.parse(data.toString());
      } catch {
        return send(c, {
          type: 'error',
          error: { type: 'invalid_request_error', code: 'invalid_json', message: 'bad json' },
        });
      }
      if (ev.type !== 'input_audio_buffer.append') fake.events.push(ev);
      switch (ev.type) {
        case 'session.update':
          fake.sessionUpdates.push(ev.session as Record<string, unknown>);
          send(c, { type: 'session.updated', session: ev.session });
          if (fake.options.dropAfterMs !== undefined) setTimeout(() => ws.terminate(), fake.options.dropAfterMs);
          if (fake.options.stallAfterMs !== undefined)
            setTimeout(() => {
              c.stalled = true;
              // stop reading the socket: pings go unanswered, as from a hung server
              (ws as unknown as { _socket: { pause(): void } })._socket.pause();
            }, fake.options.stallAfterMs);
          return;
        case 'input_audio_buffer.append':
          return onAudio(c, Buffer.from(String(ev.audio), 'base64'));
        case 'response.create':
          if (fake.options.echo) return;
          return respond(c);
        case 'conversation.item.create':
          return send(c, { type: 'conversation.item.added', item: ev.item });
        case 'conversation.item.truncate':
          fake.truncates.push({ item_id: String(ev.item_id), audio_end_ms: Number(ev.audio_end_ms) });
          return send(c, {
            type: 'conversation.item.truncated',
            item_id: ev.item_id,
            content_index: 0,
            audio_end_ms: ev.audio_end_ms,
          });
        default:
          return;
      }
    });
  });

  if (attach) return fake; // the caller's server says where it listens
  server.on('upgrade', fake.upgrade);
  // the relay protocol only: any REST call (e.g. a WebRTC client secret) is an unknown path, as the API answers one
  server.on('request', (_req, res) => {
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'not_found', message: 'Not found' } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  fake.baseURL = `https://127.0.0.1:${port}/v1`;
  fake.url = `wss://127.0.0.1:${port}/v1/realtime`;
  return fake;
}
