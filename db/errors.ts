/**
 * Whether a database error is a unique-constraint violation (SQLSTATE 23505), for postgres.js and
 * PGlite errors alike, wrapped by drizzle (the driver's error is a `cause`) or not.
 */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const o = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (o.code === '23505' || /duplicate key value violates unique constraint/i.test(String(o.message ?? ''))) return true;
    e = o.cause;
  }
  return false;
}
