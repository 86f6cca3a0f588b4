import { ACCESS } from '../../access/roles';
import {
  botNameInput,
  botNameOutput,
  botSettingsOutput,
  calendarOverviewOutput,
  chooseRepInput,
  chooseRepOutput,
  meetingIdInput,
  meetingListOutput,
  previewTranscriptInput,
  realCallOptionsOutput,
  requestBotInput,
  requestBotOutput,
  scoreTranscriptInput,
  scoreTranscriptOutput,
  transcriptPreviewOutput,
} from '../../contracts/meetings';
import { LANGUAGES, type Language } from '../../contracts/languages';
import {
  botSettings,
  chooseRep,
  recordingLink,
  requestBot,
  setTenantBotName,
  stopBot,
} from '../../services/meetings/bots';
import {
  arcticCalendarTokens,
  calendarAvailable,
  calendarOverview,
  calendarRedirectUri,
  disconnectCalendar,
} from '../../services/calendar/google-calendar';
import { z } from 'zod';
import {
  listMeetings,
  previewTranscript,
  realCallOptions,
  scoreTranscript,
  type RealCallActor,
} from '../../services/meetings/meetings';
import type { SessionUser } from '../../auth/session';
import { accessProcedure, router } from '../../trpc/init';
import { okOutput } from '../../contracts/records';

/** Every user with a role scores their own real calls: /meetings is open to any signed-in user. */
const own = () => accessProcedure({ roles: ACCESS.meetingHolders });

const actorOf = (tenantId: string, user: SessionUser): RealCallActor => ({
  tenantId,
  userId: user.id,
  language: (LANGUAGES as readonly string[]).includes(user.language ?? '') ? (user.language as Language) : 'en',
});

/** Real calls: a transcript file scored like practice, and the user's list of them. */
export const meetingsRouter = router({
  previewTranscript: own()
    .input(previewTranscriptInput)
    .output(transcriptPreviewOutput)
    .mutation(({ ctx, input }) => previewTranscript(input.content, ctx.user.displayName || ctx.user.username)),

  scoreTranscript: own()
    .input(scoreTranscriptInput)
    .output(scoreTranscriptOutput)
    .mutation(({ ctx, input }) =>
      scoreTranscript({ tenant: ctx.tenant, actor: actorOf(ctx.tenantId, ctx.user), input }),
    ),

  /** Record Meet: whether a meeting-bot provider is configured, and the bot's name. */
  botSettings: own()
    .output(botSettingsOutput)
    .query(({ ctx }) =>
      ctx.tenant((tx) =>
        botSettings({
          tx,
          env: ctx.deps.env,
          tenantId: ctx.tenantId,
          canRename: ctx.role === 'admin' || ctx.role === 'superuser',
        }),
      ),
    ),

  /** The name the tenant's bot joins meetings with (admins). */
  setBotName: accessProcedure({ roles: ACCESS.admins })
    .input(botNameInput)
    .output(botNameOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) => setTenantBotName({ tx, env: ctx.deps.env, tenantId: ctx.tenantId, name: input.botName })),
    ),

  /** Sends the bot to a Google Meet (now, or at `joinAt`). */
  requestBot: own()
    .input(requestBotInput)
    .output(requestBotOutput)
    .mutation(({ ctx, input }) =>
      requestBot({ tenant: ctx.tenant, env: ctx.deps.env, actor: actorOf(ctx.tenantId, ctx.user), input }),
    ),

  /** The bot leaves the meeting (what it recorded is still scored), or a scheduled bot is cancelled. */
  stopBot: own()
    .input(meetingIdInput)
    .output(requestBotOutput)
    .mutation(({ ctx, input }) =>
      stopBot({
        tenant: ctx.tenant,
        env: ctx.deps.env,
        actor: actorOf(ctx.tenantId, ctx.user),
        meetingId: input.meetingId,
      }),
    ),

  /** Where the recording of a bot meeting can be downloaded now (the provider's short-lived link). */
  recording: own()
    .input(meetingIdInput)
    .output(z.object({ url: z.string().nullable() }))
    .mutation(({ ctx, input }) =>
      recordingLink({
        tenant: ctx.tenant,
        env: ctx.deps.env,
        actor: actorOf(ctx.tenantId, ctx.user),
        meetingId: input.meetingId,
      }),
    ),

  /** The user's Google Calendar: connected or not, and their meetings with a Meet link in the next two weeks. */
  calendar: own()
    .output(calendarOverviewOutput)
    .query(({ ctx }) => {
      const env = ctx.deps.env;
      const tokens = calendarAvailable(env)
        ? arcticCalendarTokens(env, calendarRedirectUri(env.PUBLIC_URL ?? 'http://localhost'))
        : null;
      return calendarOverview({
        tenant: ctx.tenant,
        env,
        user: { tenantId: ctx.tenantId, userId: ctx.user.id },
        tokens,
      });
    }),

  /** Forgets the user's calendar connection (its tokens are deleted). */
  disconnectCalendar: own()
    .output(okOutput)
    .mutation(({ ctx }) => disconnectCalendar(ctx.tenant, { tenantId: ctx.tenantId, userId: ctx.user.id })),

  /** Which speaker of a recorded meeting is the user, when no name matched theirs. */
  chooseRep: own()
    .input(chooseRepInput)
    .output(chooseRepOutput)
    .mutation(({ ctx, input }) => chooseRep({ tenant: ctx.tenant, actor: actorOf(ctx.tenantId, ctx.user), input })),

  options: own()
    .output(realCallOptionsOutput)
    .query(({ ctx }) => ctx.tenant((tx) => realCallOptions(tx))),

  list: own()
    .output(meetingListOutput)
    .query(({ ctx }) => ctx.tenant(async (tx) => ({ rows: await listMeetings(tx, ctx.user.id) }))),
});
