import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import type { RunningApp } from '../../server/app';
import { setCallTransport } from '../../server/services/calls/call-settings';
import { seedSimulationVariants } from '../helpers/assignments';
import { signIn, startTestApp, type UserRow } from '../helpers/app';
import { connectCall, type CallClient, type CallMsg } from '../helpers/call-client';
import { callTurnRows, rowById, useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';
import {
  connectTestPeer,
  fetchTrusting,
  startFakeRealtimeWebRTC,
  type FakeRealtimeWebRTC,
  type TestPeer,
} from '../helpers/fake-realtime-webrtc';

// A model call over WebRTC: the browser's peer (werift, in Node) talks to the loopback fake of the
// Realtime GA WebRTC endpoints with the client secret our server minted; our server follows the
// call over the sideband, stores the transcript and usage, and ends the call (hangup).

const database = useTestDatabase();
let app: RunningApp;
let fake: FakeRealtimeWebRTC;
let rep: UserRow;
let tenantId: string;
const sims: Record<string, string> = {};
const peers: TestPeer[] = [];

const REP_SAID = 'How do you plan your routes today?';
const GREETING = 'TransLog, Laura speaking.';
const ANSWER = 'Mostly by hand, to be honest.';

async function start(simulationId = sims.main) {
  const { caller } = await signIn(app.deps, rep);
  return caller.calls.start({ simulationId, mode: 'practice' });
}
const post = (body: unknown) =>
  fetch(`${app.url}/api/v1/openai/realtime-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify(body),
  });
const callRow = (id: string) => rowById(database.db, calls, id);
const turnRows = (id: string) => callTurnRows(database.db, id);

async function openSocket(callId: string, ticket: string, rtcCallId?: string): Promise<CallClient> {
  const c = await connectCall(app.url, callId, ticket, { origin: app.url }, rtcCallId ? { rtcCallId } : {});
  if (typeof c === 'number') throw new Error(`upgrade refused: ${c}`);
  return c;
}

/** calls.start → realtime-session → the peer connects to the model → the call's socket with its id. */
async function webrtcCall(simulationId = sims.main) {
  const started = await start(simulationId);
  const res = await post({ callId: started.callId, ticket: started.ticket });
  expect(res.status).toBe(200);
  const session = (await res.json()) as { callId: string; clientSecret: string; expiresAt: string; callsUrl: string };
  const peer = await connectTestPeer(session.callsUrl, session.clientSecret, fake.ca);
  peers.push(peer);
  const socket = await openSocket(started.callId, started.ticket, peer.rtcCallId);
  return { started, session, peer, socket };
}

beforeAll(async () => {
  const tenant = await createTenant(database.db, { name: 'Acme' });
  tenantId = tenant.id;
  rep = await createTenantUser(database.db, tenant.id, {
    email: 'rep@acme.test',
    username: 'rep',
    userType: 'sales_rep',
  });
  Object.assign(
    sims,
    await seedSimulationVariants(database.db, tenantId, {
      main: { name: 'Voice', difficulty: 'medium' },
      short: { name: 'Short', difficulty: 'medium', timeLimitMinutes: 0.05 },
      offline: { name: 'Offline', difficulty: 'easy', callProvider: 'offline' },
    }),
  );
  fake = await startFakeRealtimeWebRTC({
    replies: [GREETING, ANSWER],
    transcripts: [REP_SAID],
    responseAudioMs: 400,
    silenceMs: 300,
    relay: { pace: 'fast', replies: [GREETING], responseAudioMs: 200 },
  });
  app = await startTestApp(
    database,
    { OPENAI_API_KEY: 'sk-test', OPENAI_REALTIME_URL: fake.baseURL, CALLS_MAX_PER_TENANT: '5' },
    {
      calls: {
        upstreamWsOptions: { ca: fake.ca },
        openaiFetch: fetchTrusting(fake.ca),
        ringMs: 30,
        offlineThinkMs: 0,
        offlineVoice: null,
      },
    },
  );
}, 60_000);

afterAll(async () => {
  for (const p of peers) await p.close();
  await app?.stop();
  await fake?.close();
});

describe('POST /api/v1/openai/realtime-session', () => {
  it("mints a short-lived client secret bound to the call's session; the answer holds no instructions", async () => {
    const started = await start();
    expect(started.transport).toBe('auto');
    const res = await post({ callId: started.callId, ticket: started.ticket });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(['callId', 'callsUrl', 'clientSecret', 'expiresAt']);
    expect(body.callsUrl).toBe(`${fake.baseURL}/realtime/calls`);
    expect(body.clientSecret).toMatch(/^ek_/);
    expect(JSON.stringify(body)).not.toContain('sk-test');
    const row = await callRow(started.callId);
    expect(JSON.stringify(body)).not.toContain(row.instructions!.slice(0, 40));
    // the session was built on the server, as the relay's: instructions, voice, transcription, turn detection
    const minted = fake.secrets.find((s) => s.value === body.clientSecret)!;
    expect(minted.session).toMatchObject({
      type: 'realtime',
      model: 'gpt-realtime',
      instructions: row.instructions,
      audio: {
        input: {
          turn_detection: { type: 'server_vad', interrupt_response: true },
          transcription: { model: 'gpt-4o-mini-transcribe', language: 'en' },
        },
        output: { voice: row.voice },
      },
    });
    expect(minted.expiresAt - Date.now() / 1000).toBeLessThanOrEqual(60);
    expect(row.transport).toBe('webrtc');
    // once per call
    expect((await post({ callId: started.callId, ticket: started.ticket })).status).toBe(409);
  });

  it('refuses a wrong ticket (404), a malformed body (400), an offline call and a relay-only workspace (409)', async () => {
    const started = await start();
    const wrong = await post({ callId: started.callId, ticket: 'x'.repeat(43) });
    expect(wrong.status).toBe(404);
    expect((await post({ callId: 'nope', ticket: started.ticket })).status).toBe(400);
    expect((await post({ callId: started.callId, ticket: started.ticket, extra: 1 })).status).toBe(400);
    expect((await callRow(started.callId)).transport).toBe('relay');

    const offline = await start(sims.offline);
    expect(offline.transport).toBe('relay');
    const r = await post({ callId: offline.callId, ticket: offline.ticket });
    expect(r.status).toBe(409);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('CALL_TRANSPORT_UNAVAILABLE');

    await withTenant(database.db, tenantId, (tx) => setCallTransport(tx, tenantId, 'relay'));
    try {
      const relayOnly = await start();
      expect(relayOnly.transport).toBe('relay');
      expect((await post({ callId: relayOnly.callId, ticket: relayOnly.ticket })).status).toBe(409);
    } finally {
      await withTenant(database.db, tenantId, (tx) => setCallTransport(tx, tenantId, 'auto'));
    }
  });

  it('says so when the model refuses the session (502), and the call can still go through the relay', async () => {
    const started = await start();
    fake.options.refuseSecrets = true;
    try {
      const res = await post({ callId: started.callId, ticket: started.ticket });
      expect(res.status).toBe(502);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('REALTIME_SESSION_FAILED');
    } finally {
      fake.options.refuseSecrets = false;
    }
    expect((await callRow(started.callId)).transport).toBe('relay');
    const relayConnections = fake.relay.connections;
    const socket = await openSocket(started.callId, started.ticket);
    await socket.waitFor((m) => m.type === 'state' && m.state === 'call_connected');
    expect(fake.relay.connections).toBe(relayConnections + 1);
    socket.send({ type: 'hangup' });
    await socket.closed;
  });
});

describe('a call over WebRTC', () => {
  it('the server follows the call on the sideband: states, both sides of the transcript stored, usage; hangup ends the media', async () => {
    const { started, peer, socket } = await webrtcCall();
    await socket.waitFor((m) => m.type === 'state' && m.state === 'call_connected');
    const call = fake.calls.get(peer.rtcCallId)!;
    expect(call.sidebands).toBe(1);
    // the sideband asserted the server's session (the browser cannot have changed it)
    const update = fake.events.find((e) => e.callId === peer.rtcCallId && e.type === 'session.update') as
      { session: { instructions: string } } | undefined;
    expect(update?.session.instructions).toBe((await callRow(started.callId)).instructions);
    // the greeting: its words come over the call's socket, its audio over the peer connection
    await socket.waitFor(
      (m) => m.type === 'transcript' && m.speaker === 'prospect' && m.final === true && m.text === GREETING,
    );
    await expect.poll(() => peer.received(), { timeout: 5000 }).toBeGreaterThan(10);
    // the rep speaks into the microphone track; the model hears it, the server gets the transcript
    await peer.speak(500, 500);
    await socket.waitFor(
      (m) => m.type === 'transcript' && m.speaker === 'rep' && m.final === true && m.text === REP_SAID,
    );
    await socket.waitFor(
      (m) => m.type === 'transcript' && m.speaker === 'prospect' && m.final === true && m.text === ANSWER,
    );
    expect(call.packetsIn).toBeGreaterThan(40);
    // no audio through our socket: the relay carries nothing on this call
    expect(socket.frames).toHaveLength(0);
    socket.send({ type: 'hangup' });
    await socket.closed;
    await expect.poll(() => fake.hangups.includes(peer.rtcCallId), { timeout: 5000 }).toBe(true);
    expect(call.ended).toBe(true);
    await expect.poll(async () => (await callRow(started.callId)).state, { timeout: 5000 }).toBe('ended');
    const row = await callRow(started.callId);
    expect(row).toMatchObject({ transport: 'webrtc', rtcCallId: peer.rtcCallId, endReason: 'user_hangup' });
    expect(row.usage).toMatchObject({ totalTokens: 240 });
    const turns = await turnRows(started.callId);
    expect(turns.map((t) => [t.speaker, t.text])).toEqual([
      ['prospect', GREETING],
      ['rep', REP_SAID],
      ['prospect', ANSWER],
    ]);
  });

  it('the prospect is speaking until the model has played its answer, not only generated it; the turn ends there', async () => {
    const { started, socket } = await webrtcCall();
    const arrivals: { m: CallMsg; at: number }[] = [];
    socket.ws.on('message', (data, isBinary) => {
      if (!isBinary) arrivals.push({ m: JSON.parse(String(data)) as CallMsg, at: performance.now() });
    });
    await socket.waitFor(
      (m) => m.type === 'transcript' && m.speaker === 'prospect' && m.final === true && m.text === GREETING,
    );
    await expect
      .poll(
        () =>
          arrivals.some(
            (a) =>
              a.m.type === 'state' &&
              a.m.state === 'listening' &&
              arrivals.some((b) => b.m.type === 'transcript' && b.m.final === true && b.at <= a.at),
          ),
        { timeout: 5000 },
      )
      .toBe(true);
    // the greeting's text (and the model's response.done) arrive as its 400 ms of audio start to play
    const final = arrivals.find((a) => a.m.type === 'transcript' && a.m.final === true)!;
    const speaking = arrivals.find((a) => a.m.type === 'state' && a.m.state === 'speaking')!;
    const listening = arrivals.find((a) => a.m.type === 'state' && a.m.state === 'listening' && a.at >= final.at)!;
    expect(speaking.at).toBeLessThanOrEqual(final.at);
    expect(listening.at - final.at).toBeGreaterThan(250);
    // the stored turn lasts as long as its audio played, not as long as the text took to come
    await expect
      .poll(
        async () => (await turnRows(started.callId)).map((t) => [t.speaker, t.text, (t.endMs ?? 0) - t.startMs > 300]),
        { timeout: 5000 },
      )
      .toEqual([['prospect', GREETING, true]]);
    socket.send({ type: 'hangup' });
    await socket.closed;
  });

  it('the rep speaking over the answer: the stored turn is interrupted where the model cut it, as over the relay', async () => {
    // a long greeting, so that the rep can speak over it whatever the box's timing
    fake.options.responseAudioMs = 6000;
    try {
      const { started, peer, socket } = await webrtcCall();
      await socket.waitFor((m) => m.type === 'state' && m.state === 'speaking');
      await socket.waitFor(
        (m) => m.type === 'transcript' && m.speaker === 'prospect' && m.final === true && m.text === GREETING,
      );
      await new Promise((r) => setTimeout(r, 300));
      await peer.speak(400, 500);
      // the model cut the greeting where its buffer had played it (it knows: it plays it)
      const cutEvent = () =>
        fake.sent.find((e) => e.callId === peer.rtcCallId && e.type === 'conversation.item.truncated') as
          { audio_end_ms: number } | undefined;
      await expect.poll(() => cutEvent(), { timeout: 5000 }).toBeTruthy();
      const cut = cutEvent()!;
      await expect
        .poll(
          async () =>
            (await turnRows(started.callId))
              .filter((t) => t.text === GREETING)
              .map((t) => [t.speaker, t.interrupted, t.playedMs]),
          { timeout: 5000 },
        )
        .toEqual([['prospect', true, cut.audio_end_ms]]);
      // what the rep heard: some of the greeting, not all of it
      expect(cut.audio_end_ms).toBeGreaterThan(0);
      expect(cut.audio_end_ms).toBeLessThan(6000);
      socket.send({ type: 'hangup' });
      await socket.closed;
    } finally {
      fake.options.responseAudioMs = 400;
    }
  });

  it('the time limit is enforced by the server: the call ends and the model call is hung up', async () => {
    const { started, peer, socket } = await webrtcCall(sims.short);
    const end = await socket.waitFor((m) => m.type === 'end', 15_000);
    expect(end.reason).toBe('time_limit');
    await expect.poll(() => fake.hangups.includes(peer.rtcCallId), { timeout: 5000 }).toBe(true);
    expect(fake.calls.get(peer.rtcCallId)!.ended).toBe(true);
    await expect.poll(async () => (await callRow(started.callId)).endReason, { timeout: 5000 }).toBe('time_limit');
  });

  it('a model call id is accepted once, for the call whose secret was minted, and must look like one', async () => {
    const { started, peer, socket } = await webrtcCall();
    await socket.waitFor((m) => m.type === 'state' && m.state === 'call_connected');
    // another call cannot attach to this model call
    const other = await start();
    expect((await post({ callId: other.callId, ticket: other.ticket })).status).toBe(200);
    expect(
      await connectCall(app.url, other.callId, other.ticket, { origin: app.url }, { rtcCallId: peer.rtcCallId }),
    ).toBe(409);
    expect(await connectCall(app.url, other.callId, other.ticket, { origin: app.url }, { rtcCallId: 'rtc_../x' })).toBe(
      400,
    );
    // a call that never minted a secret cannot claim a model call id
    const plain = await start();
    expect(await connectCall(app.url, plain.callId, plain.ticket, { origin: app.url }, { rtcCallId: 'rtc_abc' })).toBe(
      409,
    );
    socket.send({ type: 'hangup' });
    await socket.closed;
    expect((await callRow(started.callId)).rtcCallId).toBe(peer.rtcCallId);
  });

  it('falls back to the relay when the browser could not connect; not where the workspace allows only WebRTC', async () => {
    const started = await start();
    expect((await post({ callId: started.callId, ticket: started.ticket })).status).toBe(200);
    const socket = await openSocket(started.callId, started.ticket);
    await socket.waitFor((m) => m.type === 'state' && m.state === 'call_connected');
    await socket.waitFor((m) => m.type === 'transcript' && m.speaker === 'prospect' && m.final === true);
    expect(socket.frames.length).toBeGreaterThan(0); // the greeting's audio came through the relay
    socket.send({ type: 'hangup' });
    await socket.closed;
    expect((await callRow(started.callId)).transport).toBe('relay');

    await withTenant(database.db, tenantId, (tx) => setCallTransport(tx, tenantId, 'webrtc'));
    try {
      const forced = await start();
      expect(forced.transport).toBe('webrtc');
      expect(await connectCall(app.url, forced.callId, forced.ticket)).toBe(409);
    } finally {
      await withTenant(database.db, tenantId, (tx) => setCallTransport(tx, tenantId, 'auto'));
    }
  });
});
