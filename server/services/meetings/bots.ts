import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { meetingBotEvents, meetingBotSettings, meetings, users } from '../../../db/schema';
import { asSystem, type TenantRunner } from '../../../db/tenant';
import { LIVE_BOT_STATUSES, type MeetingFailure, type MeetingStatus } from '../../contracts/enums';
import { LANGUAGES, type Language } from '../../contracts/languages';
import type { ChooseRepInput, RequestBotInput } from '../../contracts/meetings';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { enqueue } from '../../jobs/queue';
import { PermanentJobError, type JobHandler } from '../../jobs/handler';
import {
  meetingBotProvider,
  providerNamed,
  ProviderError,
  WebhookRefused,
  type BotStatus,
  type MeetingBotProvider,
} from '../../integrations/meeting-bots';
import { getScorecardVersion } from '../scorecards/scorecards';
import { findSimulationRow } from '../simulations/simulations';
import { recordRealCall, suggestRep, type RealCallActor, type RealCallRequest } from './meetings';
import { transcriptFromUtterances } from './transcript';
import { caught } from '../../metrics/caught';

/**
 * Record Meet: a meeting bot sent to a Google Meet by the configured provider, followed
 * through its states by signed webhooks and by polling (a lost webhook only delays it), its
 * transcript scored as the user's real call once it has left.
 */

type MeetingRow = typeof meetings.$inferSelect;

const LIVE = new Set<MeetingStatus>(LIVE_BOT_STATUSES);
const RANK: Record<string, number> = Object.fromEntries(LIVE_BOT_STATUSES.map((s, i) => [s, i]));

/** A bot that has not answered for this long after it should have joined is given up. */
const GIVE_UP_MS = 24 * 3600_000;

const botStatusToMeeting = (s: BotStatus): MeetingStatus =>
  s.state === 'leaving' || s.state === 'ended' ? 'transcribing' : s.state === 'failed' ? 'failed' : s.state;

const pollDedupeKey = (meetingId: string, at: Date) => `meeting-poll:${meetingId}:${at.getTime()}`;
const collectDedupeKey = (meetingId: string) => `meeting-collect:${meetingId}`;

async function schedulePoll(tx: Executor, m: Pick<MeetingRow, 'id' | 'tenantId' | 'joinAt'>, env: Env, now: Date) {
  const every = env.MEETING_BOT_POLL_SECONDS * 1000;
  // a bot scheduled for later is asked about again shortly before it joins
  const at = new Date(Math.max(now.getTime() + every, (m.joinAt?.getTime() ?? 0) - every));
  await enqueue(tx, {
    queue: 'meeting_bot',
    tenantId: m.tenantId,
    payload: { meetingId: m.id, step: 'poll' },
    dedupeKey: pollDedupeKey(m.id, at),
    runAt: at,
    maxAttempts: 3,
  });
}

/**
 * Applies a status the provider reported (by webhook or poll) to a meeting: forward only (a late
 * or replayed "joining" never undoes "recording"), nothing after the bot's part is over. A bot that
 * ended queues the transcript's collection. Returns whether the meeting changed.
 */
async function applyBotStatus(tx: Executor, m: MeetingRow, s: BotStatus, now = new Date()): Promise<boolean> {
  if (!LIVE.has(m.status)) return false;
  const next = botStatusToMeeting(s);
  if (next !== 'failed' && RANK[next] < RANK[m.status]) return false;
  const ended = s.state === 'ended';
  if (next === m.status && !ended && (s.reason ?? null) === m.botDetail) return false;
  await tx
    .update(meetings)
    .set({
      status: next,
      botDetail: s.reason ?? null,
      statusAt: now,
      updatedAt: now,
      ...(next === 'failed'
        ? { failure: (s.failure ?? 'provider_error') as MeetingFailure, error: s.reason ?? null }
        : {}),
    })
    .where(eq(meetings.id, m.id));
  if (ended)
    await enqueue(tx, {
      queue: 'meeting_bot',
      tenantId: m.tenantId,
      payload: { meetingId: m.id, step: 'collect' },
      dedupeKey: collectDedupeKey(m.id),
      maxAttempts: 6,
    });
  return true;
}

/** The name the tenant's bot joins meetings with: the tenant's choice, else MEETING_BOT_NAME. */
async function tenantBotName(tx: Executor, env: Env, tenantId: string): Promise<string> {
  const [row] = await tx
    .select({ name: meetingBotSettings.botName })
    .from(meetingBotSettings)
    .where(eq(meetingBotSettings.tenantId, tenantId));
  return row?.name || env.MEETING_BOT_NAME;
}

/** The tenant chooses its bot's name (admins); an empty name goes back to the server's default. */
export async function setTenantBotName({
  tx,
  env,
  tenantId,
  name,
}: {
  tx: Executor;
  env: Env;
  tenantId: string;
  name: string;
}) {
  const value = name.trim();
  if (!value) await tx.delete(meetingBotSettings).where(eq(meetingBotSettings.tenantId, tenantId));
  else
    await tx
      .insert(meetingBotSettings)
      .values({ tenantId, botName: value })
      .onConflictDoUpdate({ target: meetingBotSettings.tenantId, set: { botName: value, updatedAt: new Date() } });
  return { botName: value || env.MEETING_BOT_NAME };
}

/** What the Meetings screen needs to offer recording: the provider (if any), the tenant's bot name, whether recordings can be transcribed. */
export async function botSettings({
  tx,
  env,
  tenantId,
  canRename,
}: {
  tx: Executor;
  env: Env;
  tenantId: string;
  canRename: boolean;
}) {
  const p = meetingBotProvider(env);
  return {
    provider: p?.name ?? null,
    botName: await tenantBotName(tx, env, tenantId),
    canRename,
    transcription: !!env.OPENAI_API_KEY,
    recordingMaxMb: env.CALL_RECORDING_MAX_MB,
  };
}

/** A user's own bot meeting: their tenant's runner, who they are and which meeting. */
interface OwnBotOptions {
  tenant: TenantRunner;
  env: Env;
  actor: RealCallActor;
  meetingId: string;
  provider?: MeetingBotProvider | null;
}

/**
 * Sends the provider's bot to a Google Meet for the user: the meeting is stored first (so a quick
 * webhook finds it), then the provider is asked; its refusal marks the meeting failed with the
 * provider's words and is the caller's error. Polling starts at once.
 */
export async function requestBot({
  tenant,
  env,
  actor,
  input,
  now = new Date(),
  provider = meetingBotProvider(env),
}: RealCallRequest<RequestBotInput> & { env: Env; provider?: MeetingBotProvider | null }) {
  if (!provider) throw new AppError('MEETING_BOT_NOT_CONFIGURED', 'No meeting-bot provider is configured');
  const joinAt = input.joinAt ? new Date(input.joinAt) : null;
  let botName = env.MEETING_BOT_NAME;
  const meeting = await tenant(async (tx) => {
    botName = await tenantBotName(tx, env, actor.tenantId);
    await getScorecardVersion(tx, input.scorecardId).catch(() => {
      throw new AppError('VALIDATION', 'Scorecard not found', {
        fieldErrors: { scorecardId: ['meetings.validation.scorecardRequired'] },
      });
    });
    if (input.simulationId && !(await findSimulationRow(tx, actor.tenantId, input.simulationId))) {
      throw new AppError('VALIDATION', 'Simulation not found', {
        fieldErrors: { simulationId: ['meetings.validation.simulationUnknown'] },
      });
    }
    const [row] = await tx
      .insert(meetings)
      .values({
        tenantId: actor.tenantId,
        userId: actor.userId,
        source: 'bot',
        title: input.title || `Google Meet ${new URL(input.meetingUrl).pathname.slice(1)}`,
        status: joinAt ? 'scheduled' : 'requested',
        scorecardId: input.scorecardId,
        simulationId: input.simulationId ?? null,
        provider: provider.name,
        meetingUrl: input.meetingUrl,
        botName,
        joinAt,
        statusAt: now,
      })
      .returning();
    return row;
  });
  let created: Awaited<ReturnType<MeetingBotProvider['createBot']>>;
  try {
    created = await provider.createBot({
      meetingUrl: input.meetingUrl,
      botName,
      joinAt,
      metadata: { spar_meeting_id: meeting.id },
    });
  } catch (e) {
    const reason = e instanceof ProviderError ? e.message : 'The meeting-bot provider could not be reached';
    if (!(e instanceof ProviderError)) caught('meeting_bot_request', 'meeting bot request failed', { err: e });
    await tenant((tx) =>
      tx
        .update(meetings)
        .set({
          status: 'failed',
          failure: 'provider_error',
          error: reason,
          botDetail: reason,
          statusAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(meetings.id, meeting.id)),
    );
    throw new AppError('MEETING_BOT_FAILED', reason, { meetingId: meeting.id, reason });
  }
  return tenant(async (tx) => {
    const [row] = await tx
      .update(meetings)
      .set({ botId: created.botId, updatedAt: new Date() })
      .where(eq(meetings.id, meeting.id))
      .returning();
    await applyBotStatus(
      tx,
      row,
      created.status.state === 'requested' && joinAt ? { ...created.status, state: 'scheduled' } : created.status,
      now,
    );
    await schedulePoll(tx, row, env, now);
    return { meetingId: row.id };
  });
}

/** The user's own meeting, or NOT_FOUND (another user's, another tenant's, or none). */
async function ownMeeting(tx: Executor, actor: RealCallActor, id: string, lock = false): Promise<MeetingRow> {
  const q = tx
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, id), eq(meetings.userId, actor.userId)));
  const [m] = lock ? await q.for('update') : await q;
  if (!m) throw new AppError('NOT_FOUND', 'Meeting not found');
  return m;
}

/**
 * Stops the user's bot: a scheduled one is cancelled (it never joins); one in the meeting leaves,
 * and what it recorded is still transcribed and scored.
 */
export async function stopBot({ tenant, env, actor, meetingId, provider = meetingBotProvider(env) }: OwnBotOptions) {
  const m = await tenant((tx) => ownMeeting(tx, actor, meetingId));
  if (!LIVE.has(m.status) || !m.botId || m.status === 'transcribing')
    throw new AppError('CONFLICT', 'The bot is not in the meeting');
  if (!provider || provider.name !== m.provider)
    throw new AppError('MEETING_BOT_NOT_CONFIGURED', 'The provider of this bot is no longer configured');
  const scheduled = m.status === 'scheduled';
  try {
    await provider.stopBot(m.botId, { scheduled });
  } catch (e) {
    const reason = e instanceof ProviderError ? e.message : 'The meeting-bot provider could not be reached';
    throw new AppError('MEETING_BOT_FAILED', reason, { reason });
  }
  const now = new Date();
  await tenant((tx) =>
    tx
      .update(meetings)
      .set(
        scheduled
          ? {
              status: 'failed',
              failure: 'cancelled',
              error: null,
              botDetail: 'cancelled',
              statusAt: now,
              updatedAt: now,
            }
          : { botDetail: 'leave requested', updatedAt: now },
      )
      .where(and(eq(meetings.id, m.id), sql`${meetings.status} = ${m.status}`)),
  );
  return { meetingId: m.id };
}

/** Where the recording of the user's bot meeting can be downloaded now (a short-lived provider URL), or null. */
export async function recordingLink({
  tenant,
  env,
  actor,
  meetingId,
  provider = meetingBotProvider(env),
}: OwnBotOptions) {
  const m = await tenant((tx) => ownMeeting(tx, actor, meetingId));
  if (m.source !== 'bot' || !m.botId || (LIVE.has(m.status) && m.status !== 'transcribing')) return { url: null };
  if (!provider || provider.name !== m.provider)
    throw new AppError('MEETING_BOT_NOT_CONFIGURED', 'The provider of this bot is no longer configured');
  try {
    return { url: await provider.fetchRecording(m.botId) };
  } catch (e) {
    const reason = e instanceof ProviderError ? e.message : 'The meeting-bot provider could not be reached';
    throw new AppError('MEETING_BOT_FAILED', reason, { reason });
  }
}

/** The user says which speaker is them (no name matched): the transcript kept for it is scored. */
export async function chooseRep({ tenant, actor, input, now = new Date() }: RealCallRequest<ChooseRepInput>) {
  return tenant(async (tx) => {
    const m = await ownMeeting(tx, actor, input.meetingId, true);
    if (m.status !== 'choose_rep' || !m.transcript || !m.scorecardId)
      throw new AppError('CONFLICT', 'This meeting is not waiting for a speaker');
    const callId = await scoreMeeting(tx, {
      actor,
      meeting: { ...m, scorecardId: m.scorecardId },
      transcript: transcriptFromUtterances(m.transcript),
      repSpeaker: input.repSpeaker,
      now,
      set: { transcript: null },
    });
    return { meetingId: m.id, callId };
  });
}

/**
 * The meeting's transcript is scored as its rep's real call: the meeting is 'processing' until
 * the report is ready. `set` adds what else the meeting keeps (or drops).
 */
async function scoreMeeting(
  tx: Executor,
  o: {
    actor: RealCallActor;
    meeting: Pick<typeof meetings.$inferSelect, 'id' | 'title' | 'simulationId'> & { scorecardId: string };
    transcript: ReturnType<typeof transcriptFromUtterances>;
    repSpeaker: string;
    now: Date;
    set: Partial<typeof meetings.$inferInsert>;
  },
): Promise<string> {
  const { meeting, repSpeaker, now } = o;
  const { callId, durationMs } = await recordRealCall({
    tx,
    actor: o.actor,
    transcript: o.transcript,
    choice: { title: meeting.title, scorecardId: meeting.scorecardId, simulationId: meeting.simulationId, repSpeaker },
    now,
  });
  await tx
    .update(meetings)
    .set({ status: 'processing', callId, repSpeaker, durationMs, statusAt: now, updatedAt: now, ...o.set })
    .where(eq(meetings.id, meeting.id));
  return callId;
}

/** A provider's webhook: verified, accepted once per event id, applied to its meeting. */
export async function receiveBotWebhook({
  db,
  env,
  providerName,
  headers,
  rawBody,
  now = new Date(),
}: {
  db: Db;
  env: Env;
  providerName: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  now?: Date;
}) {
  const provider = providerNamed(env, providerName);
  if (!provider) throw new AppError('NOT_FOUND', 'No such meeting-bot provider is configured');
  let event;
  try {
    event = provider.verifyWebhook(headers, rawBody, now);
  } catch (e) {
    if (e instanceof WebhookRefused)
      throw e.kind === 'malformed'
        ? new AppError('VALIDATION', e.message)
        : new AppError('WEBHOOK_SIGNATURE_INVALID', e.message);
    throw e;
  }
  return asSystem(db, { action: 'meetings.bot_webhook' }, async (tx) => {
    const [m] = await tx
      .select()
      .from(meetings)
      .where(and(eq(meetings.provider, provider.name), eq(meetings.botId, event.botId)))
      .for('update');
    // not (yet) ours: the provider retries, by when the bot's id is stored
    if (!m) throw new AppError('NOT_FOUND', 'Unknown bot');
    const fresh = await tx
      .insert(meetingBotEvents)
      .values({ provider: provider.name, eventId: event.eventId, botId: event.botId })
      .onConflictDoNothing()
      .returning({ id: meetingBotEvents.eventId });
    if (!fresh.length) return { duplicate: true, changed: false };
    const changed = event.status ? await applyBotStatus(tx, m, event.status, now) : false;
    return { duplicate: false, changed, tenantId: m.tenantId };
  });
}

async function loadForJob(db: Db, meetingId: string) {
  return asSystem(db, { action: 'meetings.bot_job' }, async (tx) => {
    const [row] = await tx
      .select({ m: meetings, name: users.displayName, username: users.username, language: users.language })
      .from(meetings)
      .innerJoin(users, eq(users.id, meetings.userId))
      .where(eq(meetings.id, meetingId));
    return row ?? null;
  });
}

/** The job's own tenant, as the job runner hands it over. */
interface JobTenant {
  tenantId: string;
  run: TenantRunner;
}

/** The transcript of a bot that has left: scored when a speaker is the user by name, else kept for the user to say which one. */
async function collect(
  db: Db,
  tenant: JobTenant,
  provider: MeetingBotProvider,
  meetingId: string,
  now: Date,
  lastAttempt: boolean,
) {
  const row = await loadForJob(db, meetingId);
  if (!row || row.m.tenantId !== tenant.tenantId || row.m.status !== 'transcribing' || !row.m.botId)
    return { skipped: true };
  const { m } = row;
  let utterances;
  try {
    utterances = await provider.fetchTranscript(m.botId!);
  } catch (e) {
    if (!lastAttempt) throw e;
    await tenant.run((tx) =>
      tx
        .update(meetings)
        .set({
          status: 'failed',
          failure: 'transcript_unavailable',
          error: (e as Error).message,
          statusAt: now,
          updatedAt: now,
        })
        .where(and(eq(meetings.id, m.id), eq(meetings.status, 'transcribing'))),
    );
    return { failed: true };
  }
  const t = transcriptFromUtterances(utterances);
  const actor: RealCallActor = {
    tenantId: m.tenantId,
    userId: m.userId,
    language: (LANGUAGES as readonly string[]).includes(row.language ?? '') ? (row.language as Language) : 'en',
  };
  return tenant.run(async (tx) => {
    const [cur] = await tx.select().from(meetings).where(eq(meetings.id, m.id)).for('update');
    if (!cur || cur.status !== 'transcribing') return { skipped: true };
    if (!t.segments.length) {
      await tx
        .update(meetings)
        .set({ status: 'failed', failure: 'nothing_recorded', error: null, statusAt: now, updatedAt: now })
        .where(eq(meetings.id, m.id));
      return { nothingRecorded: true };
    }
    const rep = suggestRep(t.speakers, row.name || row.username);
    const utt = t.segments.map((s) => ({
      speaker: s.speaker,
      startMs: s.startMs,
      endMs: s.endMs ?? s.startMs,
      text: s.text,
    }));
    if (!rep || !cur.scorecardId) {
      await tx
        .update(meetings)
        .set({
          status: 'choose_rep',
          speakers: t.speakers,
          transcript: utt,
          durationMs: t.durationMs,
          statusAt: now,
          updatedAt: now,
        })
        .where(eq(meetings.id, m.id));
      return { chooseRep: true };
    }
    const callId = await scoreMeeting(tx, {
      actor,
      meeting: { ...cur, id: m.id, scorecardId: cur.scorecardId },
      transcript: t,
      repSpeaker: rep,
      now,
      set: { speakers: t.speakers },
    });
    return { callId };
  });
}

/** Asks the provider where a live bot is (the webhook may have been lost) and asks again later while it is live. */
async function poll(db: Db, env: Env, provider: MeetingBotProvider, meetingId: string, now: Date) {
  const row = await loadForJob(db, meetingId);
  if (!row || !LIVE.has(row.m.status) || !row.m.botId) return { done: true };
  let status: BotStatus | null = null;
  try {
    status = await provider.getStatus(row.m.botId);
  } catch (e) {
    caught('meeting_bot_poll', 'meeting bot status poll failed', { err: e, meetingId }, 'warn');
  }
  return asSystem(db, { action: 'meetings.bot_poll' }, async (tx) => {
    const [m] = await tx.select().from(meetings).where(eq(meetings.id, meetingId)).for('update');
    if (!m) return { done: true };
    if (status) await applyBotStatus(tx, m, status, now);
    const [cur] = await tx.select().from(meetings).where(eq(meetings.id, meetingId));
    if (!LIVE.has(cur.status)) return { done: true, status: cur.status };
    const since = Math.max(cur.statusAt?.getTime() ?? cur.createdAt.getTime(), cur.joinAt?.getTime() ?? 0);
    if (now.getTime() - since > GIVE_UP_MS) {
      await tx
        .update(meetings)
        .set({
          status: 'failed',
          failure: 'provider_error',
          error: 'The meeting-bot provider reported no progress for a day',
          statusAt: now,
          updatedAt: now,
        })
        .where(eq(meetings.id, meetingId));
      return { done: true, gaveUp: true };
    }
    await schedulePoll(tx, cur, env, now);
    return { done: false, status: cur.status };
  });
}

/** The 'meeting_bot' queue: `poll` (status, while live) and `collect` (the transcript, once the bot has ended). */
export function meetingBotHandler(env: Env, provider: MeetingBotProvider | null = meetingBotProvider(env)): JobHandler {
  return {
    async run({ job, db, tenant }) {
      const meetingId = typeof job.payload.meetingId === 'string' ? job.payload.meetingId : null;
      if (!meetingId) throw new PermanentJobError('meeting_bot job without meetingId');
      if (!provider) throw new PermanentJobError('no meeting-bot provider is configured');
      const now = new Date();
      if (job.payload.step === 'collect') {
        if (!job.tenantId || !tenant) throw new PermanentJobError('meeting_bot collect job without tenantId');
        const own = { tenantId: job.tenantId, run: tenant };
        return collect(db, own, provider, meetingId, now, job.attempts >= job.maxAttempts);
      }
      return poll(db, env, provider, meetingId, now);
    },
  };
}
