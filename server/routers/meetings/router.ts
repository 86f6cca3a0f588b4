import { meetingListOutput, previewTranscriptInput, realCallOptionsOutput, scoreTranscriptInput, scoreTranscriptOutput, transcriptPreviewOutput } from '../../contracts/meetings';
import { LANGUAGES, type Language } from '../../contracts/languages';
import { listMeetings, previewTranscript, realCallOptions, scoreTranscript } from '../../services/meetings/meetings';
import { accessProcedure, router } from '../../trpc/init';

/** Every user with a role scores their own real calls (spec §2: /meetings is reachable by any signed-in user). */
const ROLES = ['admin', 'sales_manager', 'sales_rep', 'demo_sales_manager'] as const;
const own = () => accessProcedure({ roles: ROLES });

/** Real calls (issue 16): a transcript file scored like practice, and the user's list of them. */
export const meetingsRouter = router({
  previewTranscript: own()
    .input(previewTranscriptInput)
    .output(transcriptPreviewOutput)
    .mutation(({ ctx, input }) => previewTranscript(input.content, ctx.user.displayName || ctx.user.username)),

  scoreTranscript: own()
    .input(scoreTranscriptInput)
    .output(scoreTranscriptOutput)
    .mutation(({ ctx, input }) => scoreTranscript(ctx.deps.db, { tenantId: ctx.tenantId, userId: ctx.user.id, language: (LANGUAGES as readonly string[]).includes(ctx.user.language ?? '') ? (ctx.user.language as Language) : 'en' }, input)),

  options: own()
    .output(realCallOptionsOutput)
    .query(({ ctx }) => ctx.tenant((tx) => realCallOptions(tx))),

  list: own()
    .output(meetingListOutput)
    .query(({ ctx }) => ctx.tenant(async (tx) => ({ rows: await listMeetings(tx, ctx.user.id) }))),
});
