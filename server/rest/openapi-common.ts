import type { oas31 } from 'zod-openapi';
import { SESSION_COOKIE } from '../auth/session';
import type { RestAuth } from './meta';

/**
 * The parts of the OpenAPI document that are ours whichever way an operation is written: how a
 * caller authenticates, the one error shape and the error answers by status (server/rest/openapi.ts
 * adds them to what trpc-to-openapi generates; server/rest/openapi-handwritten.ts refers to them).
 */

type JsonSchema = oas31.SchemaObject;

/**
 * How a caller proves who they are. A session (after signing in) is sent as the cookie by the
 * browser, or its token as `Authorization: Bearer` by a script. A partner (an applicant-tracking
 * system) sends its API key, as a bearer token or as HTTP Basic (RestAuth in server/rest/meta.ts).
 */
export const SECURITY_SCHEMES: Record<string, oas31.SecuritySchemeObject> = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The session cookie set by signing in. A write (POST, PUT, PATCH, DELETE) carrying it must come from this origin (Origin or Referer), or it is refused with 403 CSRF.',
  },
  sessionToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The same session, its token sent as `Authorization: Bearer <token>`.',
  },
  apiKeyBearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A partner API key (generated on /assessments, `spar_…`), sent as `Authorization: Bearer <key>`. Requests are limited per key; over the limit the answer is 429 with `Retry-After`.',
  },
  apiKeyBasic: {
    type: 'http',
    scheme: 'basic',
    description:
      "The same API key as HTTP Basic: the key is the username and the password is empty (how Greenhouse's Assessment integration sends it).",
  },
};

/** The security requirement of an endpoint: either form of a session, either form of an API key, or none. */
export function securityOf(auth: RestAuth): oas31.SecurityRequirementObject[] {
  if (auth === 'user') return [{ sessionCookie: [] }, { sessionToken: [] }];
  if (auth === 'apiKey') return [{ apiKeyBearer: [] }, { apiKeyBasic: [] }];
  return [];
}

/** Every error: `{ "error": { "code", "message", "details"? } }`; the code is stable, the message is English for developers. */
const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: {
          type: 'string',
          description: 'A stable error code, e.g. VALIDATION, UNAUTHENTICATED, FORBIDDEN, CSRF, NOT_FOUND.',
        },
        message: { type: 'string', description: 'A description for developers (English).' },
        details: {
          type: 'object',
          description:
            'More about the error: `fieldErrors` (field name to message keys) for VALIDATION, `retryAfterSeconds` for TOO_MANY_REQUESTS.',
          additionalProperties: true,
        },
      },
    },
  },
};

const errorResponse = (description: string, headers?: oas31.HeadersObject): oas31.ResponseObject => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The error answers, by the status each stands for. */
const ERROR_RESPONSES = {
  '400': errorResponse(
    'The request is invalid: VALIDATION (with `details.fieldErrors`), MALFORMED_JSON, or another code of the endpoint.',
  ),
  '401': errorResponse('UNAUTHENTICATED: no valid session; API_KEY_INVALID: no valid API key (partner endpoints).', {
    'WWW-Authenticate': { description: 'Partner endpoints: how to send the key (Basic).', schema: { type: 'string' } },
  }),
  '403': errorResponse(
    'FORBIDDEN (the role does not allow it), NO_ROLE, or CSRF (a cookie-borne write from another origin).',
  ),
  '404': errorResponse('NOT_FOUND: no such endpoint or resource.'),
  '405': errorResponse('METHOD_NOT_ALLOWED; the `Allow` header lists the methods of the path.', {
    Allow: { schema: { type: 'string' } },
  }),
  '409': errorResponse(
    'The resource is not in a state that allows it: e.g. CONFLICT (already done), CALL_TRANSPORT_UNAVAILABLE.',
  ),
  '410': errorResponse('A link that has expired: ASSESSMENT_LINK_EXPIRED, MAGIC_LINK_EXPIRED.'),
  '412': errorResponse(
    'A setting the endpoint needs is not configured on this server: e.g. TRANSCRIPTION_UNAVAILABLE (no AI model), MEETING_BOT_NOT_CONFIGURED.',
  ),
  '413': errorResponse('PAYLOAD_TOO_LARGE or FILE_TOO_LARGE: the body is over the limit.'),
  '415': errorResponse('UNSUPPORTED_MEDIA_TYPE or UNSUPPORTED_FILE_TYPE.'),
  '422': errorResponse(
    'The request is well-formed but cannot be done: e.g. NO_VALID_ENTRIES, SIMULATION_NOT_ASSESSABLE.',
  ),
  '431': errorResponse('HEADERS_TOO_LARGE: the request line or headers (a long query string) are over the limit.'),
  '429': errorResponse('TOO_MANY_REQUESTS; `Retry-After` says when to try again.', {
    'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } },
  }),
  '500': errorResponse('INTERNAL: an unexpected error (never with internals).'),
  '502': errorResponse(
    'An outside service the endpoint relies on refused or failed: e.g. TRANSCRIPTION_FAILED, MEETING_BOT_FAILED (`details.reason` has its words).',
  ),
  '503': errorResponse('UNAVAILABLE: a service the endpoint needs is not answering.'),
} satisfies Record<string, oas31.ResponseObject>;

export type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** References to the error answers, for an operation's `responses`. */
export function errors(...statuses: ErrorStatus[]): Record<string, oas31.ReferenceObject> {
  return Object.fromEntries(statuses.map((s) => [s, { $ref: `#/components/responses/E${s}` }]));
}

/** The components the error answers refer to. */
export const ERROR_COMPONENTS = {
  schemas: { Error: ERROR_SCHEMA },
  responses: Object.fromEntries(Object.entries(ERROR_RESPONSES).map(([s, r]) => [`E${s}`, r])),
};

/** A JSON answer. */
export const json = (description: string, schema: JsonSchema): oas31.ResponseObject => ({
  description,
  content: { 'application/json': { schema } },
});

/** A path parameter (always required). */
export const pathParameter = (name: string, schema: JsonSchema = { type: 'string' }): oas31.ParameterObject => ({
  name,
  in: 'path',
  required: true,
  schema,
});

export const UUID_SCHEMA: JsonSchema = { type: 'string', format: 'uuid' };
