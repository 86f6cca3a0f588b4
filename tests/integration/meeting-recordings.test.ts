import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetings } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import type { RunningApp } from '../../server/app';
import { OFFLINE_SIMULATION, seedSimulation } from '../helpers/assignments';
import { OPEN_QUESTIONS } from '../helpers/criteria';
import { signIn, signedInCaller, startTestApp, type UserRow } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { callTurnRows, useTestDatabase } from '../helpers/db';
import { ANA, createTenant, createTenantUser } from '../helpers/factories';
import { startFakeTranscription, type FakeTranscription } from '../helpers/fake-transcription';
import { silentWav } from '../helpers/wav';

/**
 * A real call's recording (audio or video) transcribed through the configured OpenAI-compatible
 * model (a loopback stand-in here), then scored as an uploaded transcript; without a model the
 * upload says so before reading the file.
 */

const database = useTestDatabase();
let app: RunningApp;
let offline: RunningApp;
let fake: FakeTranscription;
let rep: UserRow;
let scorecardId: string;

/** A short 16-bit PCM WAV (silence): what the fake model is handed. */
const wav = (seconds: number) => silentWav(seconds, 16000);

async function upload(target: RunningApp, token: string, body: Buffer, name = 'Acme call.wav') {
  const r = await fetch(`${target.url}/api/v1/meetings/recordings/transcribe`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'audio/wav', 'x-file-name': encodeURIComponent(name) },
    body: new Uint8Array(body),
  });
  return {
    status: r.status,
    json: (await r.json()) as {
      content: string;
      fileName: string;
      preview: unknown;
      error: { code: string; details: { reason: string } };
    },
  };
}

beforeAll(async () => {
  fake = await startFakeTranscription();
  const tenant = (await createTenant(database.db, { name: 'Acme' })).id;
  rep = await createTenantUser(database.db, tenant, ANA);
  ({ scorecardId } = await seedSimulation(
    database.db,
    tenant,
    { ...OFFLINE_SIMULATION, name: 'Discovery' },
    { criteria: [OPEN_QUESTIONS] },
  ));
  app = await startTestApp(
    database,
    { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL, CALL_RECORDING_MAX_MB: '1' },
    { jobs: { pollIntervalMs: 50, initialDelayMs: 0 } },
  );
  offline = await startTestApp(database, {}, { jobs: { disabled: true } });
}, 60_000);

afterAll(() => closeAll(app, offline, fake));

describe('scoring a call recording', () => {
  it('is transcribed by the diarizing model, speakers told apart, and scored as a transcript', async () => {
    const { token } = await signIn(app.deps, rep);
    fake.reply({
      segments: [
        { speaker: 'A', start: 0.5, end: 4.2, text: 'Hi Dana, how do you plan your delivery routes today?' },
        { speaker: 'B', start: 4.6, end: 8.1, text: 'Mostly spreadsheets, about ten hours a week.' },
        { speaker: 'A', start: 8.5, end: 11.0, text: 'Could we book a pilot kickoff next Tuesday at 10am?' },
      ],
    });
    const r = await upload(app, token, wav(2));
    expect(r.status).toBe(200);
    expect(fake.requests.at(-1)).toMatchObject({
      authorization: 'Bearer sk-test',
      model: 'gpt-4o-transcribe-diarize',
      responseFormat: 'diarized_json',
      chunkingStrategy: 'auto',
      fileName: 'Acme call.wav',
      fileBytes: wav(2).length,
    });
    expect(r.json.content).toBe(
      '[00:00:00] Speaker A: Hi Dana, how do you plan your delivery routes today?\n[00:00:04] Speaker B: Mostly spreadsheets, about ten hours a week.\n[00:00:08] Speaker A: Could we book a pilot kickoff next Tuesday at 10am?',
    );
    expect(r.json.preview).toMatchObject({
      format: 'text',
      turns: 3,
      speakers: [
        { name: 'Speaker A', turns: 2 },
        { name: 'Speaker B', turns: 1 },
      ],
      suggestedRep: null,
    });
    const caller = signedInCaller(app.deps, rep);
    const { meetingId, callId } = await caller.meetings.scoreTranscript({
      fileName: r.json.fileName,
      content: r.json.content,
      title: 'Acme call',
      scorecardId,
      repSpeaker: 'Speaker A',
    });
    const turns = await callTurnRows(database.db, callId);
    expect(turns.map((t) => t.speaker)).toEqual(['rep', 'prospect', 'rep']);
    const [m] = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select().from(meetings).where(eq(meetings.id, meetingId)),
    );
    expect(m).toMatchObject({ fileName: 'Acme call.wav', source: 'upload' });
  });

  it('passes on the model’s refusal in its words, and refuses a file over the recording limit or not a recording', async () => {
    const { token } = await signIn(app.deps, rep);
    fake.reply({ status: 400, message: 'Audio file might be corrupted or unsupported' });
    const bad = await upload(app, token, wav(1));
    expect([bad.status, bad.json.error.code]).toEqual([502, 'TRANSCRIPTION_FAILED']);
    expect(bad.json.error.details.reason).toMatch(/corrupted or unsupported/);
    const n = fake.requests.length;
    const big = await upload(app, token, wav(40)); // 1.28 MB > 1 MB
    expect([big.status, big.json.error.code]).toEqual([413, 'FILE_TOO_LARGE']);
    const notAudio = await upload(app, token, Buffer.from('WEBVTT'), 'notes.pdf');
    expect([notAudio.status, notAudio.json.error.code]).toEqual([415, 'UNSUPPORTED_FILE_TYPE']);
    expect(fake.requests.length).toBe(n);
  });

  it('without a model the upload says so, before reading the file', async () => {
    const { token } = await signIn(offline.deps, rep);
    const r = await upload(offline, token, wav(1));
    expect([r.status, r.json.error.code]).toEqual([412, 'TRANSCRIPTION_UNAVAILABLE']);
    expect(await signedInCaller(offline.deps, rep).meetings.botSettings()).toMatchObject({
      transcription: false,
      provider: null,
    });
  });

  it('refuses a signed-out caller', async () => {
    const r = await fetch(`${app.url}/api/v1/meetings/recordings/transcribe`, {
      method: 'POST',
      headers: { 'x-file-name': 'a.wav' },
      body: new Uint8Array(wav(1)),
    });
    expect(r.status).toBe(401);
  });
});
