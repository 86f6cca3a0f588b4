import { ACCESS } from '../../access/roles';
import { resolveTenantAccess } from '../../access/tenant-access';
import { segmentsAsText, transcribeRecording, transcriptionAvailable } from '../../ai/transcription';
import { roleOf } from '../../contracts/roles';
import { MEETING_BOT_PROVIDERS } from '../../integrations/meeting-bots';
import { AppError } from '../../errors';
import { sendJson } from '../../http/respond';
import { logger } from '../../logger';
import { decodeFileNameHeader, sanitizeFileName } from '../../services/knowledge/file-name';
import { discardRequestBody, readLimitedBody } from '../../services/knowledge/upload-body';
import { receiveBotWebhook } from '../../services/meetings/bots';
import { isAppError } from '../../errors';
import {
  arcticCalendarTokens,
  CALENDAR_STATE_COOKIE,
  CALENDAR_VERIFIER_COOKIE,
  calendarRedirectUri,
  finishCalendarConnect,
  startCalendarConnect,
} from '../../services/calendar/google-calendar';
import { previewTranscript } from '../../services/meetings/meetings';
import { googleRoundTrip, requestOrigin } from './google-redirect';
import { defineRoute, requireSession, type RestRoute } from './route';
import { caught } from '../../metrics/caught';

/** A recording's file name: audio or video the transcription model reads. */
const RECORDING_NAME = /\.(mp3|mp4|mpeg|mpga|m4a|wav|webm|ogg|oga|flac|mov|mkv)$/i;

/**
 * POST /api/v1/meetings/recordings/transcribe — a call recording (audio or video, the raw bytes as
 * the body, its name in X-File-Name) transcribed by the configured model, answered as the plain
 * transcript ("[hh:mm:ss] Speaker A: text" lines) with its preview: the page then scores it as an
 * uploaded transcript. Without a model it is refused before the body is read (412), as is a body
 * over CALL_RECORDING_MAX_MB (413).
 */
const transcribe = defineRoute({
  method: 'POST',
  path: '/api/v1/meetings/recordings/transcribe',
  streamsBody: true,
  handler: async (ctx) => {
    const { req, deps } = ctx;
    let bodyRead = false;
    try {
      const s = requireSession(await ctx.session());
      await resolveTenantAccess(deps.db, s.user, roleOf(s.user.userType), { roles: ACCESS.meetingHolders });
      if (!transcriptionAvailable(deps.env))
        throw new AppError('TRANSCRIPTION_UNAVAILABLE', 'Transcribing a recording needs an AI model (OPENAI_API_KEY)');
      const name = sanitizeFileName(decodeFileNameHeader(req.headers['x-file-name']));
      if (!name || !RECORDING_NAME.test(name))
        throw new AppError(
          'UNSUPPORTED_FILE_TYPE',
          'Choose an audio or video recording (mp3, mp4, m4a, wav, webm, ogg, flac, mov, mkv)',
        );
      bodyRead = true;
      const content = await readLimitedBody(req, deps.env.CALL_RECORDING_MAX_MB * 1024 * 1024);
      const started = Date.now();
      const segments = await transcribeRecording(deps.env, {
        name,
        type: String(req.headers['content-type'] ?? ''),
        content,
      });
      logger.info(
        { bytes: content.length, segments: segments.length, ms: Date.now() - started },
        'recording transcribed',
      );
      if (!segments.length)
        throw new AppError('VALIDATION', 'No speech was found in the recording', {
          fieldErrors: { content: ['meetings.validation.recordingSilent'] },
        });
      const text = segmentsAsText(segments);
      sendJson(ctx.res, 200, {
        fileName: name,
        content: text,
        preview: previewTranscript(text, s.user.displayName || s.user.username),
      });
    } catch (e) {
      if (!bodyRead) discardRequestBody(req);
      throw e;
    }
  },
});

/**
 * POST /api/v1/meeting-bots/{provider}/webhook — a meeting-bot provider's status webhook
 * (Attendee's `X-Webhook-Signature`, Recall.ai's Standard Webhooks headers). Verified against the
 * exact body before anything is read from it; a bad signature is 401, a replayed event id is
 * answered 200 and changes nothing, an unknown bot is 404 (the provider retries).
 */
const webhook = defineRoute({
  method: 'POST',
  path: '/api/v1/meeting-bots/:provider/webhook',
  streamsBody: true,
  auth: 'public',
  handler: async (ctx) => {
    const provider = ctx.params.provider ?? '';
    if (!(MEETING_BOT_PROVIDERS as readonly string[]).includes(provider))
      throw new AppError('NOT_FOUND', 'No such meeting-bot provider');
    const raw = await ctx.rawBody();
    const result = await receiveBotWebhook({
      db: ctx.deps.db,
      env: ctx.deps.env,
      providerName: provider,
      headers: ctx.req.headers,
      rawBody: raw,
    });
    if (result.tenantId) ctx.deps.readCache?.invalidateTenant(result.tenantId);
    sendJson(ctx.res, 200, { received: true, duplicate: result.duplicate });
  },
});

const roundTrip = googleRoundTrip('/api/v1/integrations/google', {
  state: CALENDAR_STATE_COOKIE,
  verifier: CALENDAR_VERIFIER_COOKIE,
});

/** GET /api/v1/integrations/google/start — to Google's consent page for the read-only calendar scope (signed-in users). */
const calendarStart = defineRoute({
  method: 'GET',
  path: '/api/v1/integrations/google/start',
  handler: async ({ deps, res, meta, signedIn }) => {
    await resolveTenantAccess(deps.db, signedIn.user, roleOf(signedIn.user.userType), { roles: ACCESS.meetingHolders });
    const redirectUri = calendarRedirectUri(deps.env.PUBLIC_URL ?? requestOrigin(meta));
    roundTrip.start(res, meta.secure, startCalendarConnect(deps.env, redirectUri));
  },
});

/**
 * GET /api/v1/integrations/google/callback — Google sends the browser back here; the tokens are
 * kept sealed and the browser goes on to /integrations/google/success (the Meetings screen), or to
 * /meetings?calendar=error&code=<code>.
 */
const calendarCallback = defineRoute({
  method: 'GET',
  path: '/api/v1/integrations/google/callback',
  handler: async ({ deps, res, url, meta, signedIn, cookies }) => {
    const access = await resolveTenantAccess(deps.db, signedIn.user, roleOf(signedIn.user.userType), {
      roles: ACCESS.meetingHolders,
    });
    try {
      const redirectUri = calendarRedirectUri(deps.env.PUBLIC_URL ?? requestOrigin(meta));
      await finishCalendarConnect({
        tenant: access.runner,
        env: deps.env,
        user: { tenantId: access.tenantId, userId: signedIn.user.id },
        params: {
          code: url.searchParams.get('code'),
          state: url.searchParams.get('state'),
          error: url.searchParams.get('error'),
        },
        cookies: roundTrip.read(cookies),
        tokens: arcticCalendarTokens(deps.env, redirectUri),
      });
      roundTrip.finish(res, meta.secure, '/integrations/google/success');
    } catch (e) {
      const code = isAppError(e) ? e.code : 'GOOGLE_FAILED';
      if (!isAppError(e)) caught('calendar_connect', 'calendar connection failed', { err: e });
      roundTrip.finish(res, meta.secure, `/meetings?calendar=error&code=${code}`);
    }
  },
});

export const meetingRoutes: RestRoute[] = [webhook, transcribe, calendarStart, calendarCallback];
