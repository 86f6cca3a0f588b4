import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';

/**
 * Every error a client may see has a code. The code decides the tRPC code, the HTTP status and
 * the i18n key (`errors.<code>` in locales/<lng>/common.json); the client translates.
 */
const CATALOGUE = {
  BAD_REQUEST: { trpc: 'BAD_REQUEST', status: 400 },
  VALIDATION: { trpc: 'BAD_REQUEST', status: 400 },
  MALFORMED_JSON: { trpc: 'PARSE_ERROR', status: 400 },
  UNAUTHENTICATED: { trpc: 'UNAUTHORIZED', status: 401 },
  INVALID_CREDENTIALS: { trpc: 'UNAUTHORIZED', status: 401 },
  ACCOUNT_DEACTIVATED: { trpc: 'FORBIDDEN', status: 403 },
  SSO_REQUIRED: { trpc: 'FORBIDDEN', status: 403 },
  // two-factor sign-in
  TWO_FACTOR_NOT_CONFIGURED: { trpc: 'PRECONDITION_FAILED', status: 412 },
  TWO_FACTOR_CODE_INVALID: { trpc: 'BAD_REQUEST', status: 400 },
  TWO_FACTOR_CHALLENGE_INVALID: { trpc: 'BAD_REQUEST', status: 400 },
  TWO_FACTOR_ATTEMPTS_EXHAUSTED: { trpc: 'TOO_MANY_REQUESTS', status: 429 },
  TWO_FACTOR_REQUIRED: { trpc: 'FORBIDDEN', status: 403 },
  SSO_NOT_CONFIGURED: { trpc: 'NOT_FOUND', status: 404 },
  SSO_FAILED: { trpc: 'BAD_REQUEST', status: 400 },
  SAML_METADATA_INVALID: { trpc: 'BAD_REQUEST', status: 400 },
  SAML_METADATA_UNREACHABLE: { trpc: 'BAD_REQUEST', status: 400 },
  FORBIDDEN: { trpc: 'FORBIDDEN', status: 403 },
  NO_ROLE: { trpc: 'FORBIDDEN', status: 403 },
  CSRF: { trpc: 'FORBIDDEN', status: 403 },
  CLIENT_ID_REQUIRED: { trpc: 'BAD_REQUEST', status: 400 },
  NOT_FOUND: { trpc: 'NOT_FOUND', status: 404 },
  METHOD_NOT_ALLOWED: { trpc: 'METHOD_NOT_SUPPORTED', status: 405 },
  CONFLICT: { trpc: 'CONFLICT', status: 409 },
  PAYLOAD_TOO_LARGE: { trpc: 'PAYLOAD_TOO_LARGE', status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { trpc: 'UNSUPPORTED_MEDIA_TYPE', status: 415 },
  HEADERS_TOO_LARGE: { trpc: 'BAD_REQUEST', status: 431 },
  TOO_MANY_REQUESTS: { trpc: 'TOO_MANY_REQUESTS', status: 429 },
  PASSWORD_POLICY: { trpc: 'BAD_REQUEST', status: 400 },
  WRONG_PASSWORD: { trpc: 'BAD_REQUEST', status: 400 },
  PASSWORD_LINK_INVALID: { trpc: 'NOT_FOUND', status: 404 },
  GOOGLE_DISABLED: { trpc: 'NOT_FOUND', status: 404 },
  GOOGLE_NO_ACCOUNT: { trpc: 'FORBIDDEN', status: 403 },
  GOOGLE_FAILED: { trpc: 'BAD_REQUEST', status: 400 },
  SYSTEM_PROMPT_READONLY: { trpc: 'FORBIDDEN', status: 403 },
  SCHEMA_NAME_IMMUTABLE: { trpc: 'BAD_REQUEST', status: 400 },
  IN_USE: { trpc: 'CONFLICT', status: 409 },
  CSV_INVALID: { trpc: 'BAD_REQUEST', status: 400 },
  FILE_TOO_LARGE: { trpc: 'PAYLOAD_TOO_LARGE', status: 413 },
  UNSUPPORTED_FILE_TYPE: { trpc: 'UNSUPPORTED_MEDIA_TYPE', status: 415 },
  AI_GENERATION_FAILED: { trpc: 'BAD_GATEWAY', status: 502 },
  // sent on the call socket (server/contracts/call-protocol.ts)
  CALL_START_FAILED: { trpc: 'BAD_GATEWAY', status: 502 },
  CALL_PROSPECT_FAILED: { trpc: 'BAD_GATEWAY', status: 502 },
  // hiring assessments
  API_KEY_INVALID: { trpc: 'UNAUTHORIZED', status: 401 },
  ASSESSMENT_LINK_INVALID: { trpc: 'NOT_FOUND', status: 404 },
  ASSESSMENT_LINK_EXPIRED: { trpc: 'FORBIDDEN', status: 410 },
  ASSESSMENT_LINK_USED: { trpc: 'CONFLICT', status: 409 },
  SIMULATION_NOT_ASSESSABLE: { trpc: 'BAD_REQUEST', status: 422 },
  IDEMPOTENCY_CONFLICT: { trpc: 'CONFLICT', status: 409 },
  WEBHOOK_URL_REFUSED: { trpc: 'BAD_REQUEST', status: 400 },
  MAGIC_LINK_INVALID: { trpc: 'NOT_FOUND', status: 404 },
  MAGIC_LINK_EXPIRED: { trpc: 'FORBIDDEN', status: 410 },
  MAGIC_LINK_USED: { trpc: 'CONFLICT', status: 409 },
  MAGIC_LINK_STARTED: { trpc: 'CONFLICT', status: 409 },
  NO_VALID_ENTRIES: { trpc: 'BAD_REQUEST', status: 422 },
  CAMPAIGN_EXISTS: { trpc: 'CONFLICT', status: 409 },
  UNAVAILABLE: { trpc: 'SERVICE_UNAVAILABLE', status: 503 },
  MEETING_BOT_NOT_CONFIGURED: { trpc: 'PRECONDITION_FAILED', status: 412 },
  MEETING_BOT_FAILED: { trpc: 'BAD_GATEWAY', status: 502 },
  REALTIME_SESSION_FAILED: { trpc: 'BAD_GATEWAY', status: 502 },
  CALL_TRANSPORT_UNAVAILABLE: { trpc: 'CONFLICT', status: 409 },
  WEBHOOK_SIGNATURE_INVALID: { trpc: 'UNAUTHORIZED', status: 401 },
  TRANSCRIPTION_UNAVAILABLE: { trpc: 'PRECONDITION_FAILED', status: 412 },
  TRANSCRIPTION_FAILED: { trpc: 'BAD_GATEWAY', status: 502 },
  // learning systems (SCORM packages, LTI launches)
  LMS_NOT_CONFIGURED: { trpc: 'PRECONDITION_FAILED', status: 412 },
  LMS_LAUNCH_INVALID: { trpc: 'UNAUTHORIZED', status: 401 },
  LMS_LAUNCH_REFUSED: { trpc: 'FORBIDDEN', status: 403 },
  LMS_LAUNCH_STARTED: { trpc: 'CONFLICT', status: 409 },
  INTERNAL: { trpc: 'INTERNAL_SERVER_ERROR', status: 500 },
} as const satisfies Record<string, { trpc: TRPC_ERROR_CODE_KEY; status: number }>;

export type AppErrorCode = keyof typeof CATALOGUE;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(code: AppErrorCode, message?: string, details?: Record<string, unknown>) {
    super(message ?? code);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return CATALOGUE[this.code].status;
  }

  get trpcCode(): TRPC_ERROR_CODE_KEY {
    return CATALOGUE[this.code].trpc;
  }

  get i18nKey(): string {
    return `errors.${this.code}`;
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
