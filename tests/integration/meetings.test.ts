import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z, ZodError } from 'zod';
import { calls, meetings } from '../../db/schema';
import type { RunningApp } from '../../server/app';
import { OFFLINE_SIMULATION, seedSimulation } from '../helpers/assignments';
import { describeTrpcError, rejection, signIn, signedInCaller, startTestApp, type UserRow } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { callTurnRows, useTestDatabase, systemRunner } from '../helpers/db';
import { createMeetingCast } from '../helpers/meeting-cast';

const database = useTestDatabase();
let app: RunningApp;
let rep: UserRow;
let admin: UserRow;
let otherRep: UserRow;
let scorecardId: string;
let foreignScorecardId: string;
let simId: string;

const sys = systemRunner(database);

// a three-person call as Microsoft Teams exports it (the speaker in a voice span)
const TEAMS_VTT = `WEBVTT

00:00:01.000 --> 00:00:04.000
<v Ana Ruiz>Hi Dana, thanks for making the time today.</v>

00:00:04.000 --> 00:00:09.000
<v Ana Ruiz>How do you plan your delivery routes today, and how many hours does it take each week?</v>

00:00:09.500 --> 00:00:14.000
<v Dana Lee>Mostly spreadsheets. It takes my team about ten hours a week.</v>

00:00:14.200 --> 00:00:16.000
<v Sam Ortiz>And the drivers complain about the routes.</v>

00:00:16.500 --> 00:00:21.000
<v Ana Ruiz>Could we book a pilot kickoff next Tuesday at 10am with both of you?</v>

00:00:21.500 --> 00:00:23.000
<v Dana Lee>Tuesday at 10 works.</v>
`;

function fieldErrors(e: unknown) {
  expect(describeTrpcError(e)).toMatchObject({ trpcCode: 'BAD_REQUEST', httpStatus: 400 });
  const cause = (e as TRPCError).cause;
  if (cause instanceof ZodError) return z.flattenError(cause).fieldErrors as Record<string, string[] | undefined>;
  return (describeTrpcError(e).details as { fieldErrors: Record<string, string[]> }).fieldErrors;
}

beforeAll(async () => {
  const cast = await createMeetingCast(database.db, { email: 'admin@acme.test', username: 'admin', userType: 'admin' });
  ({ rep, admin, otherRep, simId, scorecardId } = cast);
  ({ scorecardId: foreignScorecardId } = await seedSimulation(database.db, cast.tenantB, {
    ...OFFLINE_SIMULATION,
    name: 'Beta',
  }));
  app = await startTestApp(database, {}, { jobs: { pollIntervalMs: 50, initialDelayMs: 0 } });
}, 60_000);

afterAll(() => closeAll(app));

describe('a real call from a transcript file', () => {
  it('previews the speakers and picks the rep by the user’s name', async () => {
    const preview = await signedInCaller(app.deps, rep).meetings.previewTranscript({
      fileName: 'call.vtt',
      content: TEAMS_VTT,
    });
    expect(preview).toMatchObject({ format: 'vtt', turns: 5, durationMs: 23_000, suggestedRep: 'Ana Ruiz' });
    expect(preview.speakers).toEqual([
      { name: 'Ana Ruiz', turns: 2, words: 39 },
      { name: 'Dana Lee', turns: 2, words: 15 },
      { name: 'Sam Ortiz', turns: 1, words: 7 },
    ]);
  });

  it('is scored like practice: frozen scorecard, turns as spoken with every name, the offline report; kept apart as a real call', async () => {
    const caller = signedInCaller(app.deps, rep);
    const made = await caller.meetings.scoreTranscript({
      fileName: 'call.vtt',
      content: TEAMS_VTT,
      title: 'Acme logistics discovery',
      scorecardId,
      simulationId: simId,
      repSpeaker: 'Ana Ruiz',
    });
    const [call] = await sys((tx) => tx.select().from(calls).where(eq(calls.id, made.callId)));
    expect(call).toMatchObject({
      mode: 'meeting',
      provider: 'human',
      state: 'ended',
      userId: rep.id,
      scorecardId,
      durationMs: 23_000,
    });
    expect((call.scorecardSnapshot as { criteria: unknown[] }).criteria).toHaveLength(2);
    const turns = await callTurnRows(database.db, made.callId);
    expect(turns.map((t) => [t.speaker, t.speakerName, t.startMs])).toEqual([
      ['rep', 'Ana Ruiz', 1000],
      ['prospect', 'Dana Lee', 9500],
      ['prospect', 'Sam Ortiz', 14200],
      ['rep', 'Ana Ruiz', 16500],
      ['prospect', 'Dana Lee', 21500],
    ]);

    await expect
      .poll(async () => (await caller.meetings.list()).rows[0]?.reportStatus, { timeout: 30_000, interval: 100 })
      .toBe('ready');
    const [row] = (await caller.meetings.list()).rows;
    expect(row).toMatchObject({
      id: made.meetingId,
      title: 'Acme logistics discovery',
      source: 'upload',
      status: 'done',
      callId: made.callId,
      repSpeaker: 'Ana Ruiz',
      speakers: ['Ana Ruiz', 'Dana Lee', 'Sam Ortiz'],
    });
    expect(row.score).toEqual(expect.any(Number));
    const report = await caller.reports.get({ callId: made.callId });
    expect(report.report?.evaluator).toBe('offline');
    // the list and the report give the call the same time
    expect(row.heldAt).toBe(report.call.date);
    // a level above 0 quotes what the rep said, never the customer side
    const repText = turns
      .filter((t) => t.speaker === 'rep')
      .map((t) => t.text)
      .join(' ');
    for (const c of report.report!.criteria) for (const q of c.evidence ?? []) expect(repText).toContain(q.quote);
    expect(report.report!.criteria.some((c) => (c.level ?? 0) > 0)).toBe(true);

    // the admin's dashboard lists it as a real call, apart from practice
    const dash = await signedInCaller(app.deps, admin).dashboard.get({});
    expect(dash.recent.filter((r) => r.callId === made.callId).map((r) => r.kind)).toEqual(['real']);
    expect(dash.recent.filter((r) => r.kind === 'practice')).toEqual([]);
  });

  it('refuses a file without speech, an unknown rep speaker and another tenant’s scorecard, writing nothing', async () => {
    const caller = signedInCaller(app.deps, rep);
    const before = (await sys((tx) => tx.select().from(meetings))).length;
    const base = { fileName: 'x.vtt', content: TEAMS_VTT, title: 'X', scorecardId, repSpeaker: 'Ana Ruiz' };
    expect(
      fieldErrors(await rejection(caller.meetings.scoreTranscript({ ...base, content: 'WEBVTT\n\n' }))).content,
    ).toEqual(['meetings.validation.transcriptEmpty']);
    expect(
      fieldErrors(await rejection(caller.meetings.scoreTranscript({ ...base, repSpeaker: 'Nobody' }))).repSpeaker,
    ).toEqual(['meetings.validation.repUnknown']);
    expect(
      fieldErrors(await rejection(caller.meetings.scoreTranscript({ ...base, scorecardId: foreignScorecardId })))
        .scorecardId,
    ).toEqual(['meetings.validation.scorecardRequired']);
    expect(fieldErrors(await rejection(caller.meetings.scoreTranscript({ ...base, title: ' ' }))).title).toEqual([
      'meetings.validation.titleRequired',
    ]);
    expect((await sys((tx) => tx.select().from(meetings))).length).toBe(before);
  });

  it('refuses a file it cannot read over HTTP with 400, the reason and the line, storing nothing', async () => {
    const { token } = await signIn(app.deps, rep);
    const count = async () => [
      (await sys((tx) => tx.select().from(meetings))).length,
      (await sys((tx) => tx.select().from(calls))).length,
    ];
    const before = await count();
    // the second cue's end is 61 seconds: its timing line is line 6
    const badTime = TEAMS_VTT.replace('00:00:04.000 --> 00:00:09.000', '00:00:04.000 --> 00:00:61.000');
    const oneVoice = 'Ana Ruiz: Hello?\nAna Ruiz: Is anyone there?';
    const send = (procedure: string, content: string) =>
      fetch(`${app.url}/trpc/meetings.${procedure}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ fileName: 'call.vtt', content, title: 'X', scorecardId, repSpeaker: 'Ana Ruiz' }),
      });
    const cases = [
      ['scoreTranscript', badTime, 'badTime', 6, { time: '00:00:61.000' }],
      ['previewTranscript', badTime, 'badTime', 6, { time: '00:00:61.000' }],
      ['scoreTranscript', oneVoice, 'oneSpeaker', null, { name: 'Ana Ruiz' }],
    ] as const;
    for (const [procedure, content, problem, line, params] of cases) {
      const r = await send(procedure, content);
      expect(r.status).toBe(400);
      const { error } = (await r.json()) as { error: { message: string; data: { appCode: string; details: unknown } } };
      expect(error.data.appCode).toBe('VALIDATION');
      expect(error.data.details).toMatchObject({ problem, line, params });
      if (line) expect(error.message).toBe(`Line ${line}: the time '00:00:61.000' is not valid`);
    }
    expect(await count()).toEqual(before);
  });

  it('belongs to its user: another tenant’s rep sees none', async () => {
    expect((await signedInCaller(app.deps, otherRep).meetings.list()).rows).toEqual([]);
  });
});

describe('recording a meeting without a provider', () => {
  it('says no provider is configured and refuses to send a bot, writing nothing; the upload path still works', async () => {
    const caller = signedInCaller(app.deps, rep);
    expect(await caller.meetings.botSettings()).toMatchObject({
      provider: null,
      botName: 'Spar Notetaker',
      transcription: false,
    });
    const before = (await caller.meetings.list()).rows.length;
    const d = describeTrpcError(
      await rejection(caller.meetings.requestBot({ meetingUrl: 'https://meet.google.com/abc-defg-hij', scorecardId })),
    );
    expect([d.httpStatus, d.appCode]).toEqual([412, 'MEETING_BOT_NOT_CONFIGURED']);
    expect((await caller.meetings.list()).rows.length).toBe(before);
    expect((await caller.meetings.previewTranscript({ content: TEAMS_VTT })).speakers).toHaveLength(3);
  });
});
