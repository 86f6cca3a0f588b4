import { SILENT_DATABASE_CODE } from './silent-watch';

/**
 * Whether a database error is a unique-constraint violation (SQLSTATE 23505), for postgres.js and
 * PGlite errors alike, wrapped by drizzle (the driver's error is a `cause`) or not.
 */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const o = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (o.code === '23505' || /duplicate key value violates unique constraint/i.test(String(o.message ?? '')))
      return true;
    e = o.cause;
  }
  return false;
}

/** Socket-level failures of the database connection (postgres.js and Node error codes). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  // the connection was dropped because the database stopped answering on it
  SILENT_DATABASE_CODE,
]);

/**
 * Whether an error means the database is not answering (it restarted, is down or unreachable):
 * a connection failure, or SQLSTATE class 08 (connection exception) or 57P01–57P03 (shutting
 * down, cannot connect now) or 57014 (a statement ran past the statement deadline). Such a request fails with 503 UNAVAILABLE, not 500, and the pool
 * reconnects by itself once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const o = e as { code?: unknown; errno?: unknown; cause?: unknown; errors?: unknown };
    const code = typeof o.code === 'string' ? o.code : '';
    if (CONNECTION_CODES.has(code) || code.startsWith('08') || ['57P01', '57P02', '57P03', '57014'].includes(code))
      return true;
    // AggregateError from a multi-address connect
    if (Array.isArray(o.errors) && o.errors.some((x) => isDatabaseUnavailable(x))) return true;
    e = o.cause;
  }
  return false;
}
