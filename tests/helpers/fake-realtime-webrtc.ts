import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import alawmulaw from 'alawmulaw';
import { RTCPeerConnection, RTCRtpCodecParameters, RtpHeader, RtpPacket, type RTCRtpTransceiver } from 'werift';
import { Agent as UndiciAgent, fetch as undiciFetch } from 'undici';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  hasSpeech,
  makeSelfSignedCert,
  scriptedResponse,
  startFakeRealtime,
  type FakeRealtime,
  transcribeRepTurn,
  type FakeRealtimeOptions,
} from './fake-realtime';

/** A peer on loopback IPv4 speaking G.711 µ-law, the one codec both ends of the tests' calls offer. */
const pcmuPeer = () =>
  new RTCPeerConnection({
    codecs: {
      audio: [new RTCRtpCodecParameters({ mimeType: 'audio/PCMU', clockRate: 8000, channels: 1, payloadType: 0 })],
    },
    iceAdditionalHostAddresses: ['127.0.0.1'],
    iceUseIpv6: false,
  });

/**
 * A wire-level fake of the OpenAI Realtime GA **WebRTC** path on loopback (TLS, self-signed):
 *
 * - `POST /v1/realtime/client_secrets` (server's API key): `{ expires_after, session }` →
 *   `{ value: "ek_…", expires_at, session }`; the secret is what the browser may use, once.
 * - `POST /v1/realtime/calls` (the browser, `Authorization: Bearer ek_…`, `Content-Type:
 *   application/sdp`): a real WebRTC peer (werift) answers the SDP offer → 201, the answer as the
 *   body and `Location: /v1/realtime/calls/rtc_…` (exposed to the page by CORS).
 * - `wss://…/v1/realtime?call_id=rtc_…` (server's API key): the **sideband**: every event of the
 *   call goes here; `session.update`, `response.create`, `conversation.item.create` are obeyed.
 * - `POST /v1/realtime/calls/{id}/hangup` (server's API key): ends the call (media and sideband).
 *
 * Media: the answer negotiates PCMU (G.711 µ-law, which every browser offers), so the fake needs
 * no Opus codec. The microphone's packets are decoded and judged by energy (per 20 ms packet):
 * speech_started, then speech_stopped after `silenceMs` of quiet, the scripted transcription, and a
 * response whose audio (a tone, 20 ms RTP packets paced in real time) starts `answerDelayMs` after
 * the rep's last loud packet arrived — a fixed, known delay the latency benchmark subtracts.
 * Speech over a playing answer cancels it (server VAD with interrupt_response).
 */
export interface FakeWebRtcOptions {
  transcripts?: string[];
  replies?: string[];
  /** Ms of prospect audio per response (default 800). */
  responseAudioMs?: number;
  /** Quiet after speech that ends the rep's turn (default 400 ms). */
  silenceMs?: number;
  /** The answer's first audio goes out this long after the rep's last loud packet (default: when the turn ends). */
  answerDelayMs?: number;
  /** RMS (16-bit) above which a packet is speech (default 600). */
  rmsThreshold?: number;
  /** Scripted failures: the client secret is refused; the SDP offer is refused; no media can flow (ICE fails). */
  refuseSecrets?: boolean;
  refuseCalls?: boolean;
  unreachable?: boolean;
  /** The relay protocol's fake (`wss://…/v1/realtime?model=…`) served at the same base URL. */
  relay?: FakeRealtimeOptions;
}

interface FakeCall {
  id: string;
  secret: string;
  session: Record<string, unknown>;
  pc: RTCPeerConnection;
  transceiver: RTCRtpTransceiver;
  sideband: WebSocket | null;
  /** Sideband connections ever attached to this call. */
  sidebands: number;
  /** Microphone packets received (RTP). */
  packetsIn: number;
  /** Answer packets sent (RTP). */
  packetsOut: number;
  hungUp: boolean;
  ended: boolean;
  speaking: boolean;
  silentMs: number;
  lastLoudAt: number;
  repItem: string | null;
  turn: number;
  streaming: { itemId: string; responseId: string; cancel: () => void } | null;
  seq: number;
  /** The RTP timestamp at `clockStart` (performance.now() when the call was answered). */
  timestamp: number;
  clockStart: number;
}

export interface FakeRealtimeWebRTC {
  baseURL: string;
  ca: string;
  options: FakeWebRtcOptions;
  secrets: { value: string; session: Record<string, unknown>; expiresAt: number; used: boolean }[];
  calls: Map<string, FakeCall>;
  /** Client events received on sidebands (in order). */
  events: { callId: string; type: string; [k: string]: unknown }[];
  /** Server events sent on sidebands (in order). */
  sent: { callId: string; type: string; [k: string]: unknown }[];
  hangups: string[];
  /** Requests refused, with the reason (auth, unknown secret…). */
  refused: string[];
  /** The relay protocol at the same base URL (a call that falls back from WebRTC). */
  relay: FakeRealtime;
  close(): Promise<void>;
}

// alawmulaw is a CommonJS bundle: its codecs hang off the default export
const { mulaw } = alawmulaw;
let n = 0;
const id = (p: string) => `${p}_${Date.now().toString(36)}${(n++).toString(36)}`;
const PACKET_MS = 20;
const PACKET_SAMPLES = 160; // 8 kHz

function readBody(req: IncomingMessage, limit = 1 << 20): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) reject(new Error('too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A tone as µ-law 8 kHz packets of 20 ms. */
function tonePackets(ms: number, amplitude = 6000, hz = 330): Uint8Array[] {
  const out: Uint8Array[] = [];
  const packets = Math.ceil(ms / PACKET_MS);
  for (let p = 0; p < packets; p++) {
    const pcm = new Int16Array(PACKET_SAMPLES);
    for (let i = 0; i < PACKET_SAMPLES; i++)
      pcm[i] = Math.round(amplitude * Math.sin((2 * Math.PI * hz * (p * PACKET_SAMPLES + i)) / 8000));
    out.push(mulaw.encode(pcm));
  }
  return out;
}

export async function startFakeRealtimeWebRTC(options: FakeWebRtcOptions = {}): Promise<FakeRealtimeWebRTC> {
  const { key, cert } = makeSelfSignedCert();
  const server: Server = createServer({ key, cert });
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const fake: FakeRealtimeWebRTC = {
    baseURL: '',
    ca: cert,
    options,
    secrets: [],
    calls: new Map(),
    events: [],
    sent: [],
    hangups: [],
    refused: [],
    relay: await startFakeRealtime(options.relay ?? { pace: 'realtime' }, { server, ca: cert }),
    close: async () => {
      for (const c of fake.calls.values()) endCall(c);
      await fake.relay.close();
      await new Promise<void>((r) => wss.close(() => r()));
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };

  const send = (c: FakeCall, ev: Record<string, unknown>) => {
    if (c.sideband?.readyState !== 1) return;
    fake.sent.push({ callId: c.id, type: String(ev.type), ...ev });
    c.sideband.send(JSON.stringify({ event_id: id('event'), ...ev }));
  };

  const endCall = (c: FakeCall) => {
    if (c.ended) return;
    c.ended = true;
    c.streaming?.cancel();
    void c.pc.close().catch(() => undefined);
    c.sideband?.close(1000, 'call ended');
  };

  /**
   * One 20 ms packet. The RTP clock runs with the wall clock across the silences between answers
   * (as a real sender's does; a clock that paused would make the browser's jitter buffer grow),
   * and the first packet of an answer carries the marker bit (RFC 3551, start of a talkspurt).
   */
  const sendPacket = (c: FakeCall, payload: Uint8Array, at: number, first: boolean) => {
    if (c.ended) return;
    const pt = c.transceiver.codecs[0]?.payloadType ?? 0;
    c.seq = (c.seq + 1) & 0xffff;
    const timestamp = (c.timestamp + Math.round(((at - c.clockStart) * 8) / PACKET_SAMPLES) * PACKET_SAMPLES) >>> 0;
    const rtp = new RtpPacket(
      new RtpHeader({ payloadType: pt, sequenceNumber: c.seq, timestamp, marker: first }),
      Buffer.from(payload),
    );
    try {
      c.transceiver.sender.sendRtp(rtp);
      c.packetsOut++;
    } catch {
      /* transport closed */
    }
  };

  const respond = (c: FakeCall, startAt = performance.now()) => {
    const o = fake.options;
    const events = scriptedResponse(o.replies, c.turn);
    const { itemId, responseId } = events;
    c.turn++;
    const packets = tonePackets(o.responseAudioMs ?? 800);
    let timer: NodeJS.Timeout | null = null;
    let sent = 0;
    let done = false;
    // The model generates faster than real time: the response is done (transcript, usage) as its
    // audio starts to play; the output buffer says when that audio is drained (WebRTC only), or
    // cleared when the rep interrupts. An interruption before the response is done cancels it.
    let generated = false;
    const generationDone = (status: 'completed' | 'cancelled') => {
      if (generated) return;
      generated = true;
      for (const ev of events.end(status)) send(c, ev);
    };
    const finish = (status: 'completed' | 'cancelled') => {
      if (done) return;
      done = true;
      if (timer) clearTimeout(timer);
      c.streaming = null;
      if (status === 'cancelled') {
        send(c, { type: 'output_audio_buffer.cleared', response_id: responseId });
        send(c, {
          type: 'conversation.item.truncated',
          item_id: itemId,
          content_index: 0,
          audio_end_ms: sent * PACKET_MS,
        });
      }
      generationDone(status);
      if (status === 'completed') send(c, { type: 'output_audio_buffer.stopped', response_id: responseId });
    };
    c.streaming = { itemId, responseId, cancel: () => finish('cancelled') };
    for (const ev of [...events.start, ...events.transcript]) send(c, ev);
    // paced against the clock (a timer per packet drifts): every tick sends what is due by now
    const tick = () => {
      if (done || c.ended) return;
      const due = Math.min(packets.length, Math.floor((performance.now() - startAt) / PACKET_MS) + 1);
      if (sent === 0 && due > 0) {
        send(c, { type: 'output_audio_buffer.started', response_id: responseId });
        generationDone('completed');
      }
      while (sent < due) {
        sendPacket(c, packets[sent], startAt + sent * PACKET_MS, sent === 0);
        sent++;
      }
      if (sent >= packets.length) return finish('completed');
      timer = setTimeout(tick, Math.max(1, startAt + sent * PACKET_MS - performance.now()));
    };
    timer = setTimeout(tick, Math.max(0, startAt - performance.now()));
  };

  const onMicPacket = (c: FakeCall, payload: Buffer) => {
    c.packetsIn++;
    if (!payload.length) return;
    const pcm = mulaw.decode(new Uint8Array(payload.buffer, payload.byteOffset, payload.length));
    let sum = 0;
    for (let i = 0; i < pcm.length; i++) sum += pcm[i] * pcm[i];
    const loud = Math.sqrt(sum / pcm.length) > (fake.options.rmsThreshold ?? 600);
    const ms = (pcm.length / 8000) * 1000;
    if (hasSpeech(pcm, 40)) c.lastLoudAt = performance.now();
    if (loud && !c.speaking) {
      c.speaking = true;
      c.silentMs = 0;
      c.repItem = id('item');
      c.streaming?.cancel(); // server VAD, interrupt_response
      send(c, { type: 'input_audio_buffer.speech_started', audio_start_ms: 0, item_id: c.repItem });
    } else if (c.speaking && !loud) {
      c.silentMs += ms;
      if (c.silentMs >= (fake.options.silenceMs ?? 400)) {
        c.speaking = false;
        transcribeRepTurn((ev) => send(c, ev), c.repItem!, fake.options.transcripts, c.turn, 0);
        const delay = fake.options.answerDelayMs;
        respond(c, delay === undefined ? performance.now() : c.lastLoudAt + delay);
      }
    } else if (loud) c.silentMs = 0;
  };

  const bearer = (req: IncomingMessage) => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
  const serverKey = (req: IncomingMessage) => {
    const k = bearer(req);
    return k !== '' && !k.startsWith('ek_');
  };
  const cors = (res: ServerResponse) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type');
    res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
    res.setHeader('Access-Control-Expose-Headers', 'Location');
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, why: string) => {
    fake.refused.push(why);
    json(res, status, { error: { type: 'invalid_request_error', code: why, message: why } });
  };

  const answerOffer = async (
    secret: (typeof fake.secrets)[number],
    offer: string,
  ): Promise<{ callId: string; answer: string }> => {
    const pc = pcmuPeer();
    const transceiver = pc.addTransceiver('audio', { direction: 'sendrecv' });
    const callId = `rtc_${randomBytes(12).toString('hex')}`;
    const c: FakeCall = {
      id: callId,
      secret: secret.value,
      session: secret.session,
      pc,
      transceiver,
      sideband: null,
      sidebands: 0,
      packetsIn: 0,
      packetsOut: 0,
      hungUp: false,
      ended: false,
      speaking: false,
      silentMs: 0,
      lastLoudAt: 0,
      repItem: null,
      turn: 0,
      streaming: null,
      seq: Math.floor(Math.random() * 60000),
      timestamp: Math.floor(Math.random() * 1e9),
      clockStart: performance.now(),
    };
    fake.calls.set(callId, c);
    transceiver.onTrack.subscribe((track) => track.onReceiveRtp.subscribe((rtp) => onMicPacket(c, rtp.payload)));
    pc.connectionStateChange.subscribe((s) => {
      if (s === 'closed' || s === 'failed') endCall(c);
    });
    await pc.setRemoteDescription({ type: 'offer', sdp: offer });
    await pc.setLocalDescription(await pc.createAnswer());
    let answer = pc.localDescription!.sdp;
    if (fake.options.unreachable) {
      // a network that lets no media through: the answer names a port nobody listens on, and the
      // peer behind it is gone (it would otherwise find the browser by its own checks)
      answer = answer
        .replace(/^a=candidate:.*\r?\n/gm, '')
        .replace(/^(a=ice-pwd:.*\r?\n)/m, '$1a=candidate:1 1 udp 2130706431 127.0.0.1 9 typ host\r\n');
      endCall(c);
      await pc.close().catch(() => undefined);
    }
    return { callId, answer };
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'https://fake');
      if (url.pathname === '/v1/realtime/calls') {
        cors(res);
        if (req.method === 'OPTIONS') return void res.writeHead(204).end();
        const secret = fake.secrets.find((s) => s.value === bearer(req));
        if (!secret || secret.expiresAt < Date.now() / 1000) return refuse(res, 401, 'invalid_client_secret');
        if (fake.options.refuseCalls) return refuse(res, 500, 'server_error');
        if (!(req.headers['content-type'] ?? '').startsWith('application/sdp'))
          return refuse(res, 400, 'unsupported_content_type');
        const offer = await readBody(req);
        if (!offer.startsWith('v=0')) return refuse(res, 400, 'invalid_sdp');
        secret.used = true;
        const { callId, answer } = await answerOffer(secret, offer);
        res.writeHead(201, { 'Content-Type': 'application/sdp', Location: `/v1/realtime/calls/${callId}` });
        return void res.end(answer);
      }
      if (url.pathname === '/v1/realtime/client_secrets' && req.method === 'POST') {
        if (!serverKey(req)) return refuse(res, 401, 'invalid_api_key');
        if (fake.options.refuseSecrets) return refuse(res, 500, 'server_error');
        const body = JSON.parse((await readBody(req)) || '{}') as {
          expires_after?: { seconds?: number };
          session?: Record<string, unknown>;
        };
        const value = `ek_${randomBytes(16).toString('hex')}`;
        const expiresAt = Math.floor(Date.now() / 1000) + (body.expires_after?.seconds ?? 600);
        const session = { ...(body.session ?? {}), id: id('sess'), object: 'realtime.session' };
        fake.secrets.push({ value, session, expiresAt, used: false });
        return json(res, 200, { value, expires_at: expiresAt, session });
      }
      const hangup = /^\/v1\/realtime\/calls\/(rtc_[0-9a-f]+)\/hangup$/.exec(url.pathname);
      if (hangup && req.method === 'POST') {
        if (!serverKey(req)) return refuse(res, 401, 'invalid_api_key');
        const c = fake.calls.get(hangup[1]);
        if (!c) return refuse(res, 404, 'call_not_found');
        fake.hangups.push(c.id);
        c.hungUp = true;
        endCall(c);
        return void res.writeHead(200).end();
      }
      refuse(res, 404, 'not_found');
    })().catch((err: Error) => {
      if (!res.headersSent) refuse(res, 500, `fake error: ${err.message}`);
    });
  });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'https://fake');
    if (url.pathname === '/v1/realtime' && url.searchParams.has('model')) return fake.relay.upgrade(req, socket, head);
    const c = fake.calls.get(url.searchParams.get('call_id') ?? '');
    if (url.pathname !== '/v1/realtime' || !serverKey(req) || !c || c.ended) {
      fake.refused.push(!c ? 'sideband_call_not_found' : 'sideband_refused');
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      c.sideband = ws;
      c.sidebands++;
      send(c, { type: 'session.created', session: c.session });
      ws.on('message', (data) => {
        let ev: { type: string; [k: string]: unknown };
        try {
          ev = JSON.parse(data.toString()) as typeof ev;
        } catch {
          return send(c, {
            type: 'error',
            error: { type: 'invalid_request_error', code: 'invalid_json', message: 'bad json' },
          });
        }
        fake.events.push({ callId: c.id, ...ev });
        switch (ev.type) {
          case 'session.update':
            c.session = { ...c.session, ...(ev.session as Record<string, unknown>) };
            return send(c, { type: 'session.updated', session: c.session });
          case 'response.create':
            return respond(c);
          case 'conversation.item.create':
            return send(c, { type: 'conversation.item.added', item: ev.item });
          default:
            return;
        }
      });
      ws.on('close', () => {
        if (c.sideband === ws) c.sideband = null;
      });
    });
  });

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  fake.baseURL = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}

/** A `fetch` that trusts the fake's self-signed certificate (the server's REST calls to it: client secrets, hangup). */
export function fetchTrusting(ca: string): typeof fetch {
  const dispatcher = new UndiciAgent({ connect: { ca } });
  return ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as never, { ...(init as object), dispatcher } as never)) as unknown as typeof fetch;
}

export interface TestPeer {
  rtcCallId: string;
  pc: RTCPeerConnection;
  /** Answer packets (RTP) received from the model. */
  received: () => number;
  /** Sends `ms` of a loud tone then `silenceMs` of silence, as 20 ms PCMU packets paced in real time. */
  speak(ms: number, silenceMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The browser's side of a WebRTC call, in Node (werift): a peer with an audio track that posts its
 * SDP offer to the calls endpoint with the client secret, as the page does, and connects.
 */
export async function connectTestPeer(callsUrl: string, clientSecret: string, ca: string): Promise<TestPeer> {
  const pc = pcmuPeer();
  const transceiver = pc.addTransceiver('audio', { direction: 'sendrecv' });
  let received = 0;
  transceiver.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(() => received++));
  await pc.setLocalDescription(await pc.createOffer());
  const res = await fetchTrusting(ca)(callsUrl, {
    method: 'POST',
    body: pc.localDescription!.sdp,
    headers: { Authorization: `Bearer ${clientSecret}`, 'Content-Type': 'application/sdp' },
  });
  if (res.status !== 201) throw new Error(`SDP offer refused: ${res.status} ${await res.text()}`);
  const rtcCallId = (res.headers.get('location') ?? '').split('/').pop() ?? '';
  await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`peer did not connect (${pc.connectionState})`)), 10_000);
    const check = () => {
      if (pc.connectionState === 'connected') {
        clearTimeout(t);
        resolve();
      }
    };
    pc.connectionStateChange.subscribe(check);
    check();
  });
  let seq = 1;
  let timestamp = 1;
  const silence = new Uint8Array(PACKET_SAMPLES).fill(0xff); // µ-law zero
  return {
    rtcCallId,
    pc,
    received: () => received,
    speak: async (ms, silenceMs = 600) => {
      const loud = tonePackets(ms, 8000, 220);
      const quiet = Array.from({ length: Math.ceil(silenceMs / PACKET_MS) }, () => silence);
      const started = performance.now();
      const all = [...loud, ...quiet];
      for (let i = 0; i < all.length; i++) {
        const wait = started + i * PACKET_MS - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        seq = (seq + 1) & 0xffff;
        timestamp = (timestamp + PACKET_SAMPLES) >>> 0;
        try {
          transceiver.sender.sendRtp(
            new RtpPacket(new RtpHeader({ payloadType: 0, sequenceNumber: seq, timestamp }), Buffer.from(all[i])),
          );
        } catch {
          return;
        }
      }
    },
    close: () => pc.close().catch(() => undefined),
  };
}
