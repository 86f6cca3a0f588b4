import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, jobs, meetingBotEvents, meetings, reports } from '../../db/schema';
import type { RunningApp } from '../../server/app';
import { describeTrpcError, rejection, signedInCaller, startTestApp, type UserRow } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { callTurnRows, useTestDatabase, systemRunner, rowById } from '../helpers/db';
import { createMeetingCast } from '../helpers/meeting-cast';
import { startFakeAttendee, startFakeRecall, type FakeBotProvider, type Utterance } from '../helpers/fake-meeting-bots';

/**
 * Record Meet against each provider's documented API, on loopback: the bot's life told by signed
 * webhooks (a replay or a forged one changes nothing), the transcript collected when it ends and
 * scored as the user's real call; a bot refused entry, a provider error, a lost webhook recovered
 * by polling, a stopped bot, a scheduled one cancelled.
 */

const MEET = 'https://meet.google.com/abc-defg-hij';
const API_KEY = 'test-provider-key';
const SECRETS = {
  attendee: Buffer.from('attendee-project-secret-0123456789').toString('base64'),
  recall: `whsec_${Buffer.from('recall-workspace-secret-0123456789').toString('base64')}`,
};

const CALL: Utterance[] = [
  { speaker: 'Ana Ruiz', startMs: 1000, endMs: 4000, text: 'Hi Dana, thanks for making the time today.' },
  {
    speaker: 'Ana Ruiz',
    startMs: 4000,
    endMs: 9000,
    text: 'How do you plan your delivery routes today, and how many hours does it take each week?',
  },
  {
    speaker: 'Dana Lee',
    startMs: 9500,
    endMs: 14000,
    text: 'Mostly spreadsheets. It takes my team about ten hours a week.',
  },
  { speaker: 'Ana Ruiz', startMs: 16500, endMs: 21000, text: 'Could we book a pilot kickoff next Tuesday at 10am?' },
  { speaker: 'Dana Lee', startMs: 21500, endMs: 23000, text: 'Tuesday at 10 works.' },
];

/** Each provider's words for the same moments of a bot's life. */
const FLOWS = {
  attendee: {
    start: startFakeAttendee,
    initial: 'joining',
    joining: { state: 'joining', eventType: 'join_requested' },
    lobby: { state: 'waiting_room', eventType: 'bot_put_in_waiting_room' },
    recording: { state: 'joined_recording', eventType: 'bot_joined_meeting' },
    leaving: { state: 'post_processing', eventType: 'meeting_ended' },
    ended: { state: 'ended', eventType: 'post_processing_completed' },
    refused: { state: 'fatal_error', eventType: 'could_not_join_meeting', subType: 'request_to_join_denied' },
    createError: { detail: 'Invalid meeting URL: the meeting does not exist' },
  },
  recall: {
    start: startFakeRecall,
    initial: 'requested',
    joining: { state: 'joining_call' },
    lobby: { state: 'in_waiting_room' },
    recording: { state: 'in_call_recording' },
    leaving: { state: 'call_ended' },
    ended: { state: 'done' },
    refused: { state: 'call_ended', subType: 'bot_kicked_from_waiting_room' },
    createError: { meeting_url: ['Invalid meeting url.'] },
  },
} as const;

const database = useTestDatabase();
let rep: UserRow;
let admin: UserRow;
let outsider: UserRow;
let scorecardId: string;
let simId: string;

const sys = systemRunner(database);
const meetingRow = (id: string) => rowById(database.db, meetings, id);

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  ({
    rep,
    admin,
    otherRep: outsider,
    simId,
    scorecardId,
  } = await createMeetingCast(database.db, {
    email: 'admin@acme.test',
    username: 'admin',
    displayName: 'Avery Admin',
    userType: 'admin',
  }));
}, 60_000);

describe.each(['attendee', 'recall'] as const)('meeting bots through %s', (name) => {
  const flow = FLOWS[name];
  let fake: FakeBotProvider;
  let app: RunningApp;
  const caller = () => signedInCaller(app.deps, rep);
  const botOf = async (meetingId: string) => (await meetingRow(meetingId)).botId!;

  beforeAll(async () => {
    fake = await flow.start({ apiKey: API_KEY, secret: SECRETS[name] });
    const prefix = name.toUpperCase();
    // polling an hour apart: a status seen at once came by webhook (the lost-webhook test makes a poll due)
    app = await startTestApp(
      database,
      {
        MEETING_BOT_PROVIDER: name,
        [`${prefix}_BASE_URL`]: fake.url,
        [`${prefix}_API_KEY`]: API_KEY,
        [`${prefix}_WEBHOOK_SECRET`]: SECRETS[name],
        MEETING_BOT_POLL_SECONDS: '3600',
        MEETING_BOT_NAME: 'Acme Notetaker',
      },
      { jobs: { pollIntervalMs: 50, initialDelayMs: 0 } },
    );
    fake.webhookUrl = `${app.url}/api/v1/meeting-bots/${name}/webhook`;
  }, 60_000);

  afterAll(() => closeAll(app, fake));

  it('says which provider sends the bot and its name; the tenant’s admin may rename it', async () => {
    expect(await caller().meetings.botSettings()).toMatchObject({
      provider: name,
      botName: 'Acme Notetaker',
      canRename: false,
    });
    expect(describeTrpcError(await rejection(caller().meetings.setBotName({ botName: 'Sneaky' }))).appCode).toBe(
      'FORBIDDEN',
    );
    const adminCaller = signedInCaller(app.deps, admin);
    expect((await adminCaller.meetings.botSettings()).canRename).toBe(true);
    expect(
      describeTrpcError(await rejection(adminCaller.meetings.setBotName({ botName: 'x'.repeat(61) }))).httpStatus,
    ).toBe(400);
    expect(await adminCaller.meetings.setBotName({ botName: ` Acme ${name} Recorder ` })).toEqual({
      botName: `Acme ${name} Recorder`,
    });
    await caller().meetings.requestBot({
      meetingUrl: MEET,
      scorecardId,
      joinAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(fake.requests.filter((r) => r.method === 'POST' && r.body?.meeting_url).at(-1)?.body?.bot_name).toBe(
      `Acme ${name} Recorder`,
    );
    // an empty name goes back to the server's default
    expect(await adminCaller.meetings.setBotName({ botName: '' })).toEqual({ botName: 'Acme Notetaker' });
  });

  it('a bot joins, waits in the lobby, records and finishes; the transcript is scored as the rep’s real call', async () => {
    const { meetingId } = await caller().meetings.requestBot({
      meetingUrl: MEET,
      scorecardId,
      simulationId: simId,
      title: 'Acme weekly',
    });
    const create = fake.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.body?.metadata &&
        (r.body.metadata as Record<string, string>).spar_meeting_id === meetingId,
    )!;
    expect(create.authorization).toBe(`Token ${API_KEY}`);
    expect(create.body).toMatchObject({ meeting_url: MEET, bot_name: 'Acme Notetaker' });
    if (name === 'recall')
      expect(create.body?.recording_config).toEqual({ transcript: { provider: { meeting_captions: {} } } });
    const botId = await botOf(meetingId);
    expect(await meetingRow(meetingId)).toMatchObject({
      status: flow.initial,
      provider: name,
      meetingUrl: MEET,
      botName: 'Acme Notetaker',
      source: 'bot',
    });

    expect(await fake.advance(botId, flow.joining.state, flow.joining)).toBe(200);
    expect((await meetingRow(meetingId)).status).toBe('joining');
    expect(await fake.advance(botId, flow.lobby.state, flow.lobby)).toBe(200);
    const lobby = (await caller().meetings.list()).rows.find((r) => r.id === meetingId)!;
    expect(lobby).toMatchObject({ status: 'waiting_room', botName: 'Acme Notetaker', meetingUrl: MEET });
    expect(await fake.advance(botId, flow.recording.state, flow.recording)).toBe(200);
    expect((await meetingRow(meetingId)).status).toBe('recording');

    // a replay of the same event is answered and changes nothing; a forged or unsigned one is refused
    const events = async () =>
      (await sys((tx) => tx.select().from(meetingBotEvents).where(eq(meetingBotEvents.botId, botId)))).length;
    const before = await events();
    expect(await fake.replayLast()).toBe(200);
    expect(await events()).toBe(before);
    const forged = JSON.stringify(
      name === 'attendee'
        ? {
            idempotency_key: 'x1',
            bot_id: botId,
            trigger: 'bot.state_change',
            data: { new_state: 'fatal_error', old_state: 'joined_recording' },
          }
        : { event: 'bot.status_change', data: { bot: { id: botId }, status: { code: 'fatal' } } },
    );
    const signed = fake.sign(forged);
    const tampered = Object.fromEntries(
      Object.entries(signed).map(([k, v]) => [k, /signature/i.test(k) ? v.replace(/.{4}=?$/, 'AAAA') : v]),
    );
    expect(await fake.post(tampered, forged)).toBe(401);
    expect(await fake.post({}, forged)).toBe(401);
    if (name === 'recall')
      expect(await fake.post(fake.sign(forged, new Date(Date.now() - 10 * 60_000)), forged)).toBe(401); // outside the five-minute tolerance
    expect((await meetingRow(meetingId)).status).toBe('recording');

    fake.setTranscript(botId, CALL);
    expect(await fake.advance(botId, flow.leaving.state, flow.leaving)).toBe(200);
    expect((await meetingRow(meetingId)).status).toBe('transcribing');
    expect(await fake.advance(botId, flow.ended.state, flow.ended)).toBe(200);
    const done = await until('the report', async () => {
      const m = await meetingRow(meetingId);
      return m.status === 'done' && m;
    });
    expect(done).toMatchObject({ repSpeaker: 'Ana Ruiz', speakers: ['Ana Ruiz', 'Dana Lee'], failure: null });
    const [call] = await sys((tx) => tx.select().from(calls).where(eq(calls.id, done.callId!)));
    expect(call).toMatchObject({ mode: 'meeting', provider: 'human', scorecardId });
    const turns = await callTurnRows(database.db, call.id);
    expect(turns.map((t) => [t.speaker, t.speakerName])).toEqual([
      ['rep', 'Ana Ruiz'],
      ['prospect', 'Dana Lee'],
      ['rep', 'Ana Ruiz'],
      ['prospect', 'Dana Lee'],
    ]);
    expect(turns[0].text).toBe(
      'Hi Dana, thanks for making the time today. How do you plan your delivery routes today, and how many hours does it take each week?',
    );
    const [report] = await sys((tx) => tx.select().from(reports).where(eq(reports.callId, call.id)));
    expect(report.status).toBe('ready');
    const row = (await caller().meetings.list()).rows.find((r) => r.id === meetingId)!;
    expect(row).toMatchObject({ status: 'done', reportStatus: 'ready', source: 'bot', durationMs: 23000 });
    expect(row.score).not.toBeNull();
    // the recording, from the provider, on demand
    expect((await caller().meetings.recording({ meetingId })).url).toMatch(
      new RegExp(`^${fake.url}/media/${botId}/(recording|video)\\.mp4$`),
    );
  });

  it('a bot the host refuses fails with the provider’s reason', async () => {
    const { meetingId } = await caller().meetings.requestBot({ meetingUrl: MEET, scorecardId });
    const botId = await botOf(meetingId);
    await fake.advance(botId, flow.lobby.state, flow.lobby);
    expect(await fake.advance(botId, flow.refused.state, flow.refused)).toBe(200);
    const row = (await caller().meetings.list()).rows.find((r) => r.id === meetingId)!;
    expect(row).toMatchObject({ status: 'failed', failure: 'refused' });
    expect(row.detail).toContain(flow.refused.subType);
    // nothing after: a late "recording" does not bring it back
    await fake.advance(botId, flow.recording.state, flow.recording);
    expect((await meetingRow(meetingId)).status).toBe('failed');
  });

  it('a provider error is the user’s error, in the provider’s words, and the meeting is marked failed', async () => {
    fake.failNextCreate(400, flow.createError);
    const e = await rejection(
      caller().meetings.requestBot({ meetingUrl: 'https://meet.google.com/zzz-zzzz-zzz', scorecardId }),
    );
    const d = describeTrpcError(e);
    expect([d.httpStatus, d.appCode]).toEqual([502, 'MEETING_BOT_FAILED']);
    expect(d.message).toMatch(/Invalid meeting url/i);
    const [m] = await sys((tx) =>
      tx.select().from(meetings).where(eq(meetings.meetingUrl, 'https://meet.google.com/zzz-zzzz-zzz')),
    );
    expect(m).toMatchObject({ status: 'failed', failure: 'provider_error', botId: null });
    expect(m.error).toMatch(/Invalid meeting url/i);
  });

  it('a lost webhook is recovered by polling', async () => {
    const { meetingId } = await caller().meetings.requestBot({ meetingUrl: MEET, scorecardId });
    const botId = await botOf(meetingId);
    fake.setTranscript(botId, CALL);
    await fake.advance(botId, flow.recording.state, { ...flow.recording, deliver: false });
    await fake.advance(botId, flow.ended.state, { ...flow.ended, deliver: false });
    expect((await meetingRow(meetingId)).status).toBe(flow.initial);
    // the next poll comes due (an hour apart in this app)
    await sys((tx) =>
      tx
        .update(jobs)
        .set({ runAt: new Date() })
        .where(and(like(jobs.dedupeKey, `meeting-poll:${meetingId}:%`), eq(jobs.status, 'queued'))),
    );
    const done = await until('the polled meeting scored', async () => {
      const m = await meetingRow(meetingId);
      return m.status === 'done' && m;
    });
    expect(done.repSpeaker).toBe('Ana Ruiz');
  });

  it('the user stops the bot; when no speaker has their name they say which one is them', async () => {
    const { meetingId } = await caller().meetings.requestBot({ meetingUrl: MEET, scorecardId });
    const botId = await botOf(meetingId);
    await fake.advance(botId, flow.recording.state, flow.recording);
    // another tenant's user cannot stop it
    expect(
      describeTrpcError(await rejection(signedInCaller(app.deps, outsider).meetings.stopBot({ meetingId }))).appCode,
    ).toBe('NOT_FOUND');
    await caller().meetings.stopBot({ meetingId });
    expect(fake.requests.some((r) => r.method === 'POST' && r.path.includes(botId) && /leave/.test(r.path))).toBe(true);
    fake.setTranscript(
      botId,
      CALL.map((u) => ({ ...u, speaker: u.speaker === 'Ana Ruiz' ? 'Presenter' : 'Guest 1' })),
    );
    await fake.advance(botId, flow.leaving.state, flow.leaving);
    await fake.advance(botId, flow.ended.state, flow.ended);
    const waiting = await until('the speaker question', async () => {
      const m = await meetingRow(meetingId);
      return m.status === 'choose_rep' && m;
    });
    expect(waiting.speakers).toEqual(['Presenter', 'Guest 1']);
    expect(
      describeTrpcError(await rejection(caller().meetings.chooseRep({ meetingId, repSpeaker: 'Nobody' }))).appCode,
    ).toBe('VALIDATION');
    await caller().meetings.chooseRep({ meetingId, repSpeaker: 'Presenter' });
    const done = await until('the chosen speaker scored', async () => {
      const m = await meetingRow(meetingId);
      return m.status === 'done' && m;
    });
    expect(done).toMatchObject({ repSpeaker: 'Presenter', transcript: null });
  });

  it('a bot scheduled ahead is sent with its join time and can be cancelled before it joins', async () => {
    const joinAt = new Date(Date.now() + 3 * 3600_000).toISOString();
    const { meetingId } = await caller().meetings.requestBot({ meetingUrl: MEET, scorecardId, joinAt });
    const botId = await botOf(meetingId);
    const create = fake.requests.filter((r) => r.method === 'POST' && r.body?.meeting_url).at(-1)!;
    expect(new Date(String(create.body?.join_at)).toISOString()).toBe(joinAt);
    expect((await meetingRow(meetingId)).status).toBe('scheduled');
    await caller().meetings.stopBot({ meetingId });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE' });
    expect(fake.bots.has(botId)).toBe(false);
    expect(await meetingRow(meetingId)).toMatchObject({ status: 'failed', failure: 'cancelled' });
  });

  it('refuses what is not a Google Meet link with the invalid-Meet-URL message key', async () => {
    for (const meetingUrl of [
      'https://zoom.us/j/123456789',
      'meet.google.com/abc-defg-hij',
      'https://meet.google.com/abc',
      'https://meet.google.com.evil.test/abc-defg-hij',
    ]) {
      const d = describeTrpcError(await rejection(caller().meetings.requestBot({ meetingUrl, scorecardId })));
      expect(d.httpStatus).toBe(400);
      expect(JSON.stringify(d)).toContain('meetings.validation.meetUrl');
    }
  });
});
