import { generateLinksInput } from '../contracts/campaigns';
import { transcriptPreviewOutput } from '../contracts/meetings';
import { knowledgeFileOutput, MAX_FILE_BYTES } from '../contracts/knowledge';
import { SSO_ERROR_CODES } from '../contracts/sso-saml';
import { createScormPackageInput, scormLaunchInput, scormLaunchOutput } from '../contracts/scorm';
import { lmsLaunchResultOutput } from '../contracts/lms';
import { LTI_ERROR_CODES } from '../contracts/lti';
import { z } from 'zod';
import type { oas31, ZodOpenApiOperationObject } from 'zod-openapi';
import { errors, json, pathParameter, securityOf, UUID_SCHEMA } from './openapi-common';

/**
 * The OpenAPI descriptions of the routes that cannot be procedures (server/rest/v1/*.ts): redirects,
 * binary uploads and downloads, streamed answers, signed webhooks, health (its 503 has a body of
 * its own), the development helpers (routes only when their setting is on), browser telemetry and
 * the reference itself, keyed "METHOD path" as the router lists them. A schema may be a zod
 * schema of a contract (trpc-to-openapi's zod-openapi writes it) or plain JSON Schema.
 * tests/integration/openapi.test.ts fails when a route the server answers has no description here
 * or in its procedure's metadata.
 */

const clientIdParameter: oas31.ParameterObject = {
  name: 'clientId',
  in: 'query',
  description:
    'A superuser acting for another client names it here; anyone else may only name their own (or leave it out).',
  schema: UUID_SCHEMA,
};

const binary: oas31.SchemaObject = { type: 'string', contentMediaType: 'application/octet-stream' };

const SENT_BY_GOOGLE: oas31.ParameterObject[] = ['code', 'state', 'error'].map((name) => ({
  name,
  in: 'query',
  description: 'As sent by Google.',
  schema: { type: 'string' },
}));

const samlClientParameter: oas31.ParameterObject = pathParameter('clientSchema', {
  type: 'string',
  description: "The client's schema name, as in its SP metadata URL.",
});

const langParameter = (description: string): oas31.ParameterObject => ({
  name: 'lang',
  in: 'query',
  description,
  schema: { type: 'string' },
});

const fileNameHeader = (description: string): oas31.ParameterObject => ({
  name: 'X-File-Name',
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
});

/** A JSON object whose every property is required. */
const allRequired = (properties: Record<string, oas31.SchemaObject>): oas31.SchemaObject => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
});

/** A browser redirect answer: 302 with its Location. */
const redirect = (description: string, format?: 'uri'): oas31.ResponsesObject => ({
  '302': { description, headers: { Location: { schema: { type: 'string', ...(format ? { format } : {}) } } } },
});

const htmlAnswer = (description: string): oas31.ResponseObject => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } } },
});

/** The health check, answered at two paths. */
function healthOperation(operationId: string, summary: string): ZodOpenApiOperationObject {
  return {
    operationId,
    summary,
    description: 'For load balancers and monitoring; never needs a session.',
    tags: ['Service'],
    security: securityOf('public'),
    responses: {
      '200': json('The server and the database answer.', healthSchema('ok', 'ok')),
      '503': json('The database did not answer in time.', healthSchema('degraded', 'unreachable')),
    },
  };
}

/** The CORS preflight of a route a SCORM package calls from its LMS's site. */
const scormPreflight = (operationId: string, of: string): ZodOpenApiOperationObject => ({
  operationId,
  summary: `CORS preflight of ${of}`,
  description: 'Answered to any origin, without credentials: the methods and headers the package may send.',
  tags: ['LMS'],
  security: securityOf('public'),
  responses: { '204': { description: 'Allowed (Access-Control-Allow-* headers).' } },
});

const ltiPlatformParameter: oas31.ParameterObject = pathParameter('platformId', {
  ...UUID_SCHEMA,
  description: "The LTI platform registration's id, as in the login initiation URL the admin gave the LMS.",
});
const LTI_LOGIN_FIELDS: Record<string, string> = {
  iss: "The platform's issuer (must be the registration's).",
  login_hint: 'Opaque to Spar; sent back to the platform.',
  target_link_uri: 'Where the launch is meant to land.',
  lti_message_hint: 'Opaque to Spar; sent back to the platform (optional).',
  client_id: "The client id the platform gave Spar (optional; must be the registration's).",
  lti_deployment_id: 'The deployment (optional; must be one of the registration).',
};
const LTI_REFUSALS = `Refusals answer an HTML page in the browser's language with the reason (${LTI_ERROR_CODES.map((c) => `\`${c}\``).join(', ')}), and a refusal of a registered platform is written to its tenant's launch log.`;
const ltiLogin = (operationId: string, summary: string, form: boolean): ZodOpenApiOperationObject => ({
  operationId,
  summary,
  description: `LTI 1.3 third-party-initiated login (OIDC). The issuer, client id and deployment are checked against the registration; Spar keeps a state (hashed) and a nonce for ten minutes, gives the browser the state in a cookie, and redirects to the platform's authorization endpoint (scope=openid, response_type=id_token, response_mode=form_post, prompt=none). ${LTI_REFUSALS}`,
  tags: ['LTI'],
  security: securityOf('public'),
  parameters: [
    ltiPlatformParameter,
    ...(form
      ? []
      : Object.entries(LTI_LOGIN_FIELDS).map(([name, description]) => ({
          name,
          in: 'query' as const,
          description,
          schema: { type: 'string' as const },
        }))),
  ],
  ...(form
    ? {
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object' as const,
                required: ['iss', 'login_hint', 'target_link_uri'],
                properties: Object.fromEntries(
                  Object.entries(LTI_LOGIN_FIELDS).map(([k, description]) => [
                    k,
                    { type: 'string' as const, description },
                  ]),
                ),
              },
            },
          },
        },
      }
    : {}),
  responses: {
    ...redirect("To the platform's authorization endpoint.", 'uri'),
    '400': htmlAnswer('The login was refused (the page says why).'),
    '403': htmlAnswer('The registration is disabled.'),
    '404': htmlAnswer('No such registration.'),
  },
});

export const HANDWRITTEN_OPERATIONS: Record<string, ZodOpenApiOperationObject> = {
  'POST /api/v1/lms/scorm/packages': {
    operationId: 'createScormPackage',
    summary: 'Create a SCORM package of a simulation or certification, and download it',
    description:
      "The package (SCORM 1.2 or 2004 4th edition) holds its own launch key, stored by Spar only as its SHA-256: its zip is answered here, once. To download it again, create another package (and revoke the old one). Managers and admins; the simulation or certification must be the tenant's. Recorded in the audit log.",
    tags: ['LMS'],
    security: securityOf('user'),
    requestBody: { required: true, content: { 'application/json': { schema: createScormPackageInput } } },
    responses: {
      '200': {
        description: 'The zip (Content-Disposition: attachment); its package id in X-Scorm-Package-Id.',
        content: { 'application/zip': { schema: binary } },
      },
      ...errors('400', '401', '403', '404', '415'),
    },
  },
  'POST /api/v1/lms/scorm/launch': {
    operationId: 'scormLaunch',
    summary: "A SCORM package's launch for its LMS learner (called from the LMS's site)",
    description:
      "The package's launch page posts its id and key and the learner's LMS id and name. Answers CORS to any origin, without credentials. A tenant user whose e-mail (any case) or external id is the learner id practises on their account; anyone else gets what the package says (a guest exercise — simulations only —, an account made for them, or a refusal). The answer is the learner page's address and the launch token to read the launch's status with. A refusal (unknown or revoked package, wrong key, refused learner) is a 4xx whose message is in the learner's language (Accept-Language: en, es, it, pt-BR), and is written to the tenant's launch log.",
    tags: ['LMS'],
    security: securityOf('public'),
    requestBody: { required: true, content: { 'application/json': { schema: scormLaunchInput } } },
    responses: {
      '200': { description: 'The launch.', content: { 'application/json': { schema: scormLaunchOutput } } },
      ...errors('400', '403', '404', '415'),
    },
  },
  'OPTIONS /api/v1/lms/scorm/launch': scormPreflight('scormLaunchPreflight', 'the SCORM launch'),
  'GET /api/v1/lms/launches/status': {
    operationId: 'lmsLaunchStatus',
    summary: "A launch's status and result, with its launch token",
    description:
      "`Authorization: Bearer <launch token>` (the token of the launch's answer; no session is a way in). Answers CORS to any origin, without credentials. `completed` once the report is ready (a certification: once the certificate is held), with the score (0–100), whether it passes (`false` for a certification once a step has no attempt left) and the call's length in seconds. 401 for a missing, expired or forged token.",
    tags: ['LMS'],
    security: securityOf('public'),
    responses: {
      '200': { description: "The launch's state.", content: { 'application/json': { schema: lmsLaunchResultOutput } } },
      ...errors('401'),
    },
  },
  'OPTIONS /api/v1/lms/launches/status': scormPreflight('lmsLaunchStatusPreflight', "a launch's status"),
  'GET /api/v1/health': healthOperation('health', 'Whether the server and its database answer'),
  'GET /health': healthOperation(
    'healthAtRoot',
    'Whether the server and its database answer (the same as /api/v1/health)',
  ),
  'GET /api/v1/auth/google/start': {
    operationId: 'googleStart',
    summary: 'Start signing in with Google (browser redirect)',
    description:
      'Redirects the browser to Google with a short-lived state and PKCE verifier cookie. Only when Google sign-in is configured.',
    tags: ['Sign-in'],
    security: securityOf('public'),
    responses: {
      ...redirect("To Google's consent page.", 'uri'),
      ...errors('404'),
    },
  },
  'GET /api/v1/auth/google/callback': {
    operationId: 'googleCallback',
    summary: 'Finish signing in with Google (browser redirect)',
    description:
      'Google sends the browser back here; on success the session cookie is set. Either way the browser goes on to `/auth/google/done?status=ok` or `?status=error&code=<code>`.',
    tags: ['Sign-in'],
    security: securityOf('public'),
    parameters: SENT_BY_GOOGLE,
    responses: {
      ...redirect('To /auth/google/done with the outcome.'),
      ...errors('404'),
    },
  },
  'GET /api/v1/auth/sso/oidc/callback': {
    operationId: 'ssoOidcCallback',
    summary: "Finish single sign-on with the organisation's OpenID Connect provider (browser redirect)",
    description:
      'The provider sends the browser back here (register this address as its redirect URI). The state must match the cookie set when the sign-in started; the code is exchanged with PKCE and the ID token checked (issuer, audience, expiry, signature, nonce). On success the session cookie is set and the browser goes to its home page; otherwise to `/login?sso_error=<reason>`.',
    tags: ['Sign-in'],
    security: securityOf('public'),
    parameters: ['code', 'state', 'error', 'iss'].map((name) => ({
      name,
      in: 'query' as const,
      description: 'As sent by the identity provider.',
      schema: { type: 'string' as const },
    })),
    responses: {
      ...redirect('To the home page, or to the sign-in page with the reason.'),
    },
  },
  'GET /api/v1/auth/sso/saml/:clientSchema/metadata': {
    operationId: 'samlSpMetadata',
    summary: "The SAML service provider metadata of a client's single sign-on",
    description:
      "The XML the client's identity provider imports: Spar's entity id (this URL), the assertion consumer service (`…/acs`, HTTP-POST) and that assertions must be signed. Served whether or not the client's SAML sign-in is on yet.",
    tags: ['Sign-in'],
    security: securityOf('public'),
    parameters: [samlClientParameter],
    responses: {
      '200': {
        description: 'The SP metadata.',
        content: { 'application/samlmetadata+xml': { schema: { type: 'string' } } },
      },
      ...errors('404'),
    },
  },
  'GET /api/v1/auth/sso/saml/:clientSchema/login': {
    operationId: 'samlLogin',
    summary: "Start signing in with the client's SAML identity provider (browser redirect)",
    description:
      "Sends the browser to the identity provider with an AuthnRequest (HTTP-Redirect), or for one that takes HTTP-POST only, answers a page that posts it. The request's id is kept ten minutes and answered once. 404 when the client has no SAML sign-in turned on.",
    tags: ['Sign-in'],
    security: securityOf('public'),
    parameters: [
      samlClientParameter,
      {
        name: 'returnTo',
        in: 'query',
        description: 'A path of this site to open after signing in (anything else is ignored).',
        schema: { type: 'string' },
      },
    ],
    responses: {
      ...redirect("To the identity provider's single sign-on address.", 'uri'),
      '200': htmlAnswer('A page that posts the AuthnRequest (identity providers that take HTTP-POST only).'),
      ...errors('400', '404'),
    },
  },
  'POST /api/v1/auth/sso/saml/:clientSchema/acs': {
    operationId: 'samlAcs',
    summary: "The assertion consumer service: the identity provider's answer (browser form post)",
    description:
      "The identity provider's page posts its SAML response here from its own site. The assertion must be signed by the identity provider's certificate, name this client's entity id as audience and this address as recipient, be within its validity, answer a request started here within ten minutes, and not have been used before. On success the session cookie is set and the browser goes to the person's home (or the `returnTo` the sign-in started with); otherwise to `/login?sso_error=<reason>` (" +
      SSO_ERROR_CODES.map((c) => `\`${c}\``).join(', ') +
      ') and the refusal is in the audit log.',
    tags: ['Sign-in'],
    security: securityOf('public'),
    parameters: [samlClientParameter],
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object',
            required: ['SAMLResponse'],
            properties: { SAMLResponse: { type: 'string' }, RelayState: { type: 'string' } },
          },
        },
      },
    },
    responses: {
      ...redirect('To the home page or returnTo (signed in), or to /login?sso_error=<reason>.'),
      ...errors('400', '404', '415'),
    },
  },
  'GET /api/v1/auth/dev-token': {
    operationId: 'devToken',
    summary: 'Development only: a session for an account without its password',
    description:
      'Served only when DEV_TOKEN_ENABLED is on, and only to requests from this machine (loopback, no proxy header); otherwise 404 like any unknown path. Never for a superuser; every token is audited.',
    tags: ['Development'],
    security: securityOf('public'),
    parameters: [
      {
        name: 'email',
        in: 'query',
        description: 'The account (default admin@demo.test).',
        schema: { type: 'string', format: 'email' },
      },
    ],
    responses: {
      '200': json(
        'A session token.',
        allRequired({
          token: { type: 'string' },
          expires_at: { type: 'string', format: 'date-time' },
          user: allRequired({
            user_id: { type: 'string' },
            username: { type: 'string' },
            user_type: { type: 'string' },
          }),
        }),
      ),
      ...errors('400', '403', '404'),
    },
  },
  'GET /api/v1/auth/debug': {
    operationId: 'debugSession',
    summary: "Development only: whether the caller's own session is valid",
    description: 'Served only when DEBUG_ENDPOINTS_ENABLED is on; otherwise 404.',
    tags: ['Development'],
    security: [{}, ...securityOf('user')],
    responses: {
      '200': json(
        'The state of the session sent, if any.',
        allRequired({
          jwt_valid: { type: 'boolean' },
          session_valid: { type: 'boolean' },
          user_id: { type: ['string', 'null'] },
        }),
      ),
      ...errors('404'),
    },
  },
  'POST /api/v1/simulations/:simulationId/files': {
    operationId: 'uploadKnowledgeFile',
    summary: "Upload a file to a simulation's knowledge base",
    description: `The raw file as the body (PDF, DOCX, TXT or Markdown, at most ${MAX_FILE_BYTES / 1024 / 1024} MB), its name in X-File-Name. Admins and sales managers.`,
    tags: ['Knowledge'],
    security: securityOf('user'),
    parameters: [
      pathParameter('simulationId', UUID_SCHEMA),
      clientIdParameter,
      fileNameHeader('The file name, percent-encoded; its extension decides the kind.'),
    ],
    requestBody: { required: true, content: { 'application/octet-stream': { schema: binary } } },
    responses: {
      '201': {
        description: 'The stored file (its text extracted and indexed).',
        content: { 'application/json': { schema: knowledgeFileOutput } },
      },
      ...errors('400', '401', '403', '404', '413', '415'),
    },
  },
  'POST /api/v1/calls/:callId/recording': {
    operationId: 'uploadCallRecording',
    summary: "Upload a call's recording",
    description:
      "The call's owner uploads the recorded call audio (Opus in WebM or Ogg) once the call ended; a repeated upload replaces it. Limit: CALL_RECORDING_MAX_MB. A candidate's call (an assessment link, no account) is uploaded with its socket ticket instead: `Authorization: Ticket <ticket>`, within 3 hours of its issue.",
    tags: ['Calls'],
    security: [...securityOf('user'), {}],
    parameters: [pathParameter('callId', UUID_SCHEMA)],
    requestBody: { required: true, content: { 'audio/webm': { schema: binary }, 'audio/ogg': { schema: binary } } },
    responses: {
      '201': json(
        'The recording was stored.',
        allRequired({ callId: { type: 'string' }, sizeBytes: { type: 'integer' }, mimeType: { type: 'string' } }),
      ),
      ...errors('400', '401', '403', '404', '413', '415'),
    },
  },
  'GET /api/v1/calls/:callId/recording': {
    operationId: 'downloadCallRecording',
    summary: "Play back a call's recording",
    description:
      "The call's owner, and the tenant's admins and sales managers. Supports a single byte Range (and If-Range).",
    tags: ['Calls'],
    security: securityOf('user'),
    parameters: [
      pathParameter('callId', UUID_SCHEMA),
      { name: 'Range', in: 'header', description: 'One byte range, e.g. `bytes=0-1023`.', schema: { type: 'string' } },
      { name: 'If-Range', in: 'header', description: 'The ETag the range applies to.', schema: { type: 'string' } },
    ],
    responses: {
      '200': {
        description: 'The whole recording.',
        content: { 'audio/webm': { schema: binary }, 'audio/ogg': { schema: binary } },
      },
      '206': {
        description: 'The range asked for.',
        content: { 'audio/webm': { schema: binary }, 'audio/ogg': { schema: binary } },
      },
      '416': { description: 'The range lies outside the recording.' },
      ...errors('401', '403', '404'),
    },
  },
  'GET /api/v1/assessments/:id/reports/download': {
    operationId: 'downloadAssessmentReport',
    summary: "Download an assessment's report as one HTML file",
    description:
      "The same self-contained report file the app downloads, for the partner holding the tenant's API key. 404 until the report is ready.",
    tags: ['Assessments'],
    security: securityOf('apiKey'),
    parameters: [
      pathParameter('id', UUID_SCHEMA),
      langParameter("The report's language (else Accept-Language, else English)."),
    ],
    responses: {
      '200': htmlAnswer('The report, as an attachment.'),
      ...errors('401', '404', '429'),
    },
  },
  'POST /api/v1/cta/links/generate': {
    operationId: 'generateMagicLinks',
    summary: "Generate a campaign's magic links (up to 2,000 entries), with progress",
    description:
      'One transaction: all links or none. Entries are lines of "email, first name"; invalid addresses are skipped and counted, repeated ones and addresses that already hold a live link for the campaign are reported. The answer is newline-delimited JSON: `{"type":"progress","done","total"}` lines while the links are written, then `{"type":"result","result":{…}}` (the links with their tokens, shown only here) or `{"type":"error",…}` (nothing written). Refusals (over 2,000 entries, no valid entry, an unknown campaign) are ordinary error answers.',
    tags: ['Campaigns'],
    security: securityOf('user'),
    requestBody: { required: true, content: { 'application/json': { schema: generateLinksInput } } },
    responses: {
      '200': {
        description: 'Progress lines, then the result.',
        content: { 'application/x-ndjson': { schema: { type: 'string' } } },
      },
      ...errors('400', '401', '403', '404', '422'),
    },
  },
  'GET /api/v1/cta/reports/:id/download': {
    operationId: 'downloadGuestReport',
    summary: "Download a campaign guest's report as one HTML file, with the link's token",
    description:
      "The same self-contained report file the app downloads, for the holder of the magic link (its id and token). 404 until the report is ready, or for another link's token.",
    tags: ['Magic link'],
    security: securityOf('public'),
    parameters: [
      pathParameter('id', UUID_SCHEMA),
      { name: 'token', in: 'query', required: true, description: "The link's token.", schema: { type: 'string' } },
      langParameter("The report's language (else the campaign's)."),
    ],
    responses: {
      '200': htmlAnswer('The report, as an attachment.'),
      ...errors('400', '404'),
    },
  },
  'POST /api/v1/meetings/recordings/transcribe': {
    operationId: 'transcribeRecording',
    summary: 'Transcribe a real call’s recording (audio or video) to score it',
    description:
      'The raw recording as the body (mp3, mp4, m4a, wav, webm, ogg, flac, mov or mkv; at most CALL_RECORDING_MAX_MB), its name in X-File-Name. Transcribed by the configured OpenAI-compatible model (OPENAI_MODEL_TRANSCRIPTION; a diarizing model says who spoke) and answered as a plain transcript with its preview, to score with `meetings.scoreTranscript`. Without a model: 412, before the body is read.',
    tags: ['Meetings'],
    security: securityOf('user'),
    parameters: [fileNameHeader('The file name, percent-encoded.')],
    requestBody: { required: true, content: { 'application/octet-stream': { schema: binary } } },
    responses: {
      '200': {
        description: 'The transcript ("[hh:mm:ss] Speaker A: text" lines) and what it holds.',
        content: {
          'application/json': {
            schema: z.object({ fileName: z.string(), content: z.string(), preview: transcriptPreviewOutput }),
          },
        },
      },
      ...errors('400', '401', '403', '412', '413', '415', '502'),
    },
  },
  'GET /api/v1/integrations/google/start': {
    operationId: 'googleCalendarStart',
    summary: 'Connect Google Calendar (browser redirect)',
    description:
      "Redirects the signed-in user to Google's consent page for the read-only calendar scope (offline access), with a short-lived state and PKCE verifier cookie. Only when GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and ENCRYPTION_KEY are set (the tokens are kept encrypted); otherwise 404.",
    tags: ['Meetings'],
    security: securityOf('user'),
    responses: {
      ...redirect("To Google's consent page.", 'uri'),
      ...errors('401', '403', '404'),
    },
  },
  'GET /api/v1/integrations/google/callback': {
    operationId: 'googleCalendarCallback',
    summary: 'Finish connecting Google Calendar (browser redirect)',
    description:
      'Google sends the browser back here; the tokens are kept encrypted and the browser goes on to `/integrations/google/success` (the Meetings screen), or to `/meetings?calendar=error&code=<code>`.',
    tags: ['Meetings'],
    security: securityOf('user'),
    parameters: SENT_BY_GOOGLE,
    responses: {
      ...redirect('To the Meetings screen with the outcome.'),
      ...errors('401', '403'),
    },
  },
  'GET /api/v1/telemetry/config': {
    operationId: 'telemetryConfig',
    summary: "The browser's telemetry settings",
    description:
      'Whether browser telemetry is on (OTEL_EXPORTER_OTLP_ENDPOINT set), the origins besides the app itself that requests may carry trace headers to (TELEMETRY_TRACE_ORIGINS), and the service version and environment the spans carry.',
    tags: ['Service'],
    security: securityOf('public'),
    responses: {
      '200': json(
        'The settings.',
        allRequired({
          enabled: { type: 'boolean' },
          traceOrigins: { type: 'array', items: { type: 'string' } },
          serviceVersion: { type: 'string' },
          environment: { type: 'string' },
        }),
      ),
    },
  },
  'POST /api/v1/telemetry/traces': {
    operationId: 'telemetryTraces',
    summary: "Forward the browser's spans to the telemetry collector (OTLP/HTTP)",
    description:
      'An OTLP/HTTP trace export (JSON or protobuf, at most 512 KB), forwarded to OTEL_EXPORTER_OTLP_ENDPOINT with OTEL_EXPORTER_OTLP_HEADERS. 404 when telemetry is off.',
    tags: ['Service'],
    security: securityOf('public'),
    requestBody: {
      required: true,
      content: { 'application/json': { schema: { type: 'object' } }, 'application/x-protobuf': { schema: binary } },
    },
    responses: {
      '204': { description: 'Forwarded (no body: the browser does not read it).' },
      ...errors('400', '404', '413', '415', '502', '503'),
    },
  },
  'POST /api/v1/meeting-bots/:provider/webhook': {
    operationId: 'meetingBotWebhook',
    summary: "A meeting-bot provider's status webhook (Attendee or Recall.ai)",
    description:
      "Where the configured provider (MEETING_BOT_PROVIDER) sends its bot's status changes. Attendee signs with `X-Webhook-Signature` (base64 HMAC-SHA256 of the payload as sorted-key JSON, keyed by ATTENDEE_WEBHOOK_SECRET); Recall.ai with Standard Webhooks headers (`webhook-id`, `webhook-timestamp` within five minutes, `webhook-signature`, keyed by RECALL_WEBHOOK_SECRET). Each event id is accepted once: a replay is answered 200 with `duplicate: true` and changes nothing. An unknown bot is 404 so the provider retries; Spar also polls the bot's status, so a lost webhook only delays the meeting.",
    tags: ['Meetings'],
    security: securityOf('public'),
    parameters: [pathParameter('provider', { type: 'string', enum: ['attendee', 'recall'] })],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: { type: 'object', description: "The provider's webhook payload, as it documents it." },
        },
      },
    },
    responses: {
      '200': json(
        'Accepted (or a replay, changing nothing).',
        allRequired({ received: { type: 'boolean', const: true }, duplicate: { type: 'boolean' } }),
      ),
      ...errors('400', '401', '404'),
    },
  },
  'GET /api/v1/reports/:callId/download': {
    operationId: 'downloadReport',
    summary: "Download a call's report as one HTML file",
    description:
      "Self-contained (no script, no external assets), in the viewer's language. The same access as reading the report in the app.",
    tags: ['Reports'],
    security: securityOf('user'),
    parameters: [
      pathParameter('callId', UUID_SCHEMA),
      clientIdParameter,
      langParameter("The report's language (else the account's, else Accept-Language)."),
    ],
    responses: {
      '200': htmlAnswer('The report, as an attachment.'),
      ...errors('400', '401', '403', '404'),
    },
  },
  'GET /api/v1/certificates/:certificateId/download': {
    operationId: 'downloadCertificate',
    summary: 'Download a certificate as a PDF or one HTML file',
    description:
      "The certification, its holder, the issuing organisation, the dates and the status, in the reader's language. For the holder, their manager and the tenant's admins.",
    tags: ['Reports'],
    security: securityOf('user'),
    parameters: [
      pathParameter('certificateId', UUID_SCHEMA),
      {
        name: 'format',
        in: 'query',
        description: 'pdf (the default) or html.',
        schema: { type: 'string', enum: ['pdf', 'html'] },
      },
      langParameter("The certificate's language (else the account's, else Accept-Language)."),
    ],
    responses: {
      '200': {
        description: 'The certificate, as an attachment.',
        content: {
          'application/pdf': { schema: { type: 'string', format: 'binary' } },
          'text/html': { schema: { type: 'string' } },
        },
      },
      ...errors('400', '401', '404'),
    },
  },
  'GET /api/v1/lti/:platformId/login': ltiLogin('ltiLogin', 'LTI 1.3 login initiation (browser redirect)', false),
  'POST /api/v1/lti/:platformId/login': ltiLogin('ltiLoginPost', 'LTI 1.3 login initiation (form post)', true),
  'POST /api/v1/lti/launch': {
    operationId: 'ltiLaunch',
    summary: 'LTI 1.3 launch: the redirect URI the platform posts the signed id_token to (browser form post)',
    description: `The platform's authorization endpoint has the browser post \`id_token\` and \`state\` here from its site. The state must be one this browser's login started (its cookie) within ten minutes; the token must be signed by a key of the platform's JWKS, name the registration's issuer and client id (\`azp\` when several audiences), be within its times, carry the login's nonce for the first time, a deployment of the registration, version 1.3.0 and a resource link or deep-linking request. A resource link goes on (303) to the learner page (an account is made for a person new to Spar, with the registration's user type); a deep-linking request from an instructor gets the page to choose a simulation or certification. ${LTI_REFUSALS}`,
    tags: ['LTI'],
    security: securityOf('public'),
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object',
            required: ['id_token', 'state'],
            properties: { id_token: { type: 'string' }, state: { type: 'string' } },
          },
        },
      },
    },
    responses: {
      '303': { description: 'To the learner page.', headers: { Location: { schema: { type: 'string' } } } },
      '200': htmlAnswer('The deep-linking page (choose an exercise).'),
      '400': htmlAnswer('The launch was refused (the page says why).'),
      '403': htmlAnswer(
        'Not allowed (a disabled registration, a learner asking for deep linking, an inactive account).',
      ),
      '502': htmlAnswer("The platform's keys could not be read."),
    },
  },
  'POST /api/v1/lti/deep-link': {
    operationId: 'ltiDeepLink',
    summary: "LTI Deep Linking: the instructor's choice (browser form post)",
    description:
      "Posted by Spar's deep-linking page with its signed session (30 minutes) and the chosen `simulation:<id>` or `certification:<id>`. Answers a page that posts the LtiDeepLinkingResponse (`JWT`, signed with the tenant's key, published at its JWKS URL) to the platform's deep_link_return_url: one ltiResourceLink with the custom parameter `spar_target` and a line item out of 100.",
    tags: ['LTI'],
    security: securityOf('public'),
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object',
            required: ['session', 'target'],
            properties: { session: { type: 'string' }, target: { type: 'string' } },
          },
        },
      },
    },
    responses: {
      '200': htmlAnswer('The page that posts the response to the platform.'),
      '400': htmlAnswer('The session expired or the choice is not an exercise of the tenant.'),
      '403': htmlAnswer('The registration is disabled.'),
    },
  },
  'GET /api/v1/lti/jwks/:tenantId': {
    operationId: 'ltiJwks',
    summary: "Spar's public keys for a client's LTI platforms (JWKS)",
    description:
      "The JSON Web Key Set a platform checks Spar's deep-linking responses and grade-service client assertions with: the current key and recently rotated ones.",
    tags: ['LTI'],
    security: securityOf('public'),
    parameters: [pathParameter('tenantId', { ...UUID_SCHEMA, description: "The client's id, as in the JWKS URL." })],
    responses: {
      '200': json('The key set.', {
        type: 'object',
        required: ['keys'],
        properties: { keys: { type: 'array', items: { type: 'object' } } },
      }),
      ...errors('404'),
    },
  },
  'GET /api/v1/openapi.json': {
    operationId: 'openApiDocument',
    summary: 'This OpenAPI 3.1 document',
    tags: ['Reference'],
    security: securityOf('public'),
    responses: { '200': json('The document.', { type: 'object' }) },
  },
  'GET /api/docs': {
    operationId: 'apiReference',
    summary: 'This reference as a readable page',
    tags: ['Reference'],
    security: securityOf('public'),
    responses: { '200': htmlAnswer('An HTML page.') },
  },
};

function healthSchema(status: string, db: string): oas31.SchemaObject {
  return allRequired({ status: { const: status }, db: { const: db }, version: { type: 'string' } });
}
