import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/errors';

describe('AppError', () => {
  it.each([
    ['INVALID_CREDENTIALS', 'UNAUTHORIZED', 401],
    ['FORBIDDEN', 'FORBIDDEN', 403],
    ['CSRF', 'FORBIDDEN', 403],
    ['VALIDATION', 'BAD_REQUEST', 400],
    ['MALFORMED_JSON', 'PARSE_ERROR', 400],
    ['CONFLICT', 'CONFLICT', 409],
    ['PAYLOAD_TOO_LARGE', 'PAYLOAD_TOO_LARGE', 413],
    ['TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS', 429],
    ['GOOGLE_NO_ACCOUNT', 'FORBIDDEN', 403],
    ['UNAVAILABLE', 'SERVICE_UNAVAILABLE', 503],
    ['AI_GENERATION_FAILED', 'BAD_GATEWAY', 502],
  ] as const)('%s maps to %s / %i', (code, trpc, status) => {
    const e = new AppError(code);
    expect([e.trpcCode, e.status, e.i18nKey, e.message]).toEqual([trpc, status, `errors.${code}`, code]);
  });

  it('keeps message and details', () => {
    const e = new AppError('TOO_MANY_REQUESTS', 'slow down', { retryAfterSeconds: 9 });
    expect(e).toBeInstanceOf(Error);
    expect([e.message, e.details]).toEqual(['slow down', { retryAfterSeconds: 9 }]);
  });
});
