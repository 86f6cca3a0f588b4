/**
 * Which users unique index a database error violated, if any. Emails are unique across tenants
 * and RLS hides other tenants' rows, so the index is the only place a clash with another tenant
 * shows up. Works for postgres.js and PGlite errors, wrapped by drizzle or not.
 */
export function violatedUserField(error: unknown): 'email' | 'username' | null {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    const o = e as {
      code?: unknown;
      constraint?: unknown;
      constraint_name?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (o.code === '23505') {
      const name = String(o.constraint_name ?? o.constraint ?? o.message ?? '');
      if (name.includes('users_email_uq')) return 'email';
      if (name.includes('users_tenant_username_uq')) return 'username';
    }
    e = o.cause;
  }
  return null;
}
