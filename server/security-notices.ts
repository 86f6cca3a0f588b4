import { inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { users } from '../db/schema';
import { asSystem, rawRows } from '../db/tenant';
import type { Env } from './env';
import { isLoopbackHost } from './http/loopback';

/** How many of the seeded demo accounts (by e-mail) still exist with a password (they can sign in). */
async function countDemoAccounts(db: Db, emails: readonly string[]): Promise<number> {
  if (!emails.length) return 0;
  const rows = await asSystem(db, { action: 'start.demo_accounts' }, (tx) =>
    tx
      .select({ email: users.email, hash: users.passwordHash })
      .from(users)
      .where(inArray(users.email, [...emails])),
  );
  return rows.filter((r) => !!r.hash).length;
}

/**
 * Why the role the server connects with escapes row-level security (a superuser, or a role with
 * BYPASSRLS: neither is subject to it, so a query that forgets the tenant would see every tenant),
 * or null when it does not. PGlite is embedded and always runs as its superuser: its tenant and
 * system paths still switch role, and no other program reaches it, so it is not asked.
 */
export async function databaseRoleProblem(database: Pick<Database, 'db' | 'driver'>): Promise<string | null> {
  if (database.driver !== 'postgres') return null;
  const [me] = await rawRows<{ role: string; rolsuper: boolean; rolbypassrls: boolean }>(
    database.db,
    sql`select current_user as role, rolsuper, rolbypassrls from pg_roles where rolname = current_user`,
  );
  if (!me || (!me.rolsuper && !me.rolbypassrls)) return null;
  return (
    `The database role "${me.role}" is ${me.rolsuper ? 'a superuser' : 'allowed to bypass row-level security (BYPASSRLS)'}: ` +
    'row-level security does not bind it, so tenant isolation rests on the code alone. Connect as a role that owns the tables ' +
    'but is neither (README: "Tenant isolation"); with NODE_ENV=production the server refuses to start.'
  );
}

/**
 * What an operator must know at start about conveniences that weaken a default install: each
 * line is logged as a warning and printed. Empty when the start is safe as configured.
 * `demoEmails` are the seed's demo accounts (the caller, server/app.ts, knows the seed).
 */
export async function securityNotices(
  database: Pick<Database, 'db' | 'driver'>,
  env: Env,
  listen: { host: string; port: number; dev: boolean },
  demoEmails: readonly string[],
): Promise<string[]> {
  const out: string[] = [];
  const role = await databaseRoleProblem(database);
  if (role) out.push(role);
  const local = isLoopbackHost(listen.host);
  if (env.devTokenEnabled) {
    out.push(
      'DEV_TOKEN_ENABLED is on: GET /api/v1/auth/dev-token hands out a session for any non-superuser account without a password ' +
        '(to requests from this machine only). Turn it off outside development.',
    );
  }
  if (env.debugEndpointsEnabled) out.push('DEBUG_ENDPOINTS_ENABLED is on: GET /api/v1/auth/debug answers.');
  if (listen.dev && !local) {
    out.push(
      `Development mode (Vite) is listening on ${listen.host}:${listen.port}: other machines can read the source files it serves. Use HOST=127.0.0.1 unless you need that.`,
    );
  }
  if (!local) {
    const demo = await countDemoAccounts(database.db, demoEmails);
    if (demo > 0) {
      out.push(
        `${demo} demo account(s) (…@demo.test, superuser included) can sign in, and this server listens on ${listen.host}:${listen.port}, ` +
          'so other machines on the network can reach them: anyone who has the demo password can sign in. ' +
          'For a real deployment set NODE_ENV=production (no demo seed) or delete the demo accounts; to keep the demo on this machine set HOST=127.0.0.1.',
      );
    }
  }
  return out;
}
