import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { auditLog } from './schema';

/** Which top-level transaction (if any) the current async context runs in. */
const openTransaction = new AsyncLocalStorage<{ name: string; open: boolean }>();

/**
 * Opening a second top-level transaction while one is open in the same async context is a bug:
 * on PGlite (one connection) it waits forever, on Postgres it silently escapes the first
 * transaction's atomicity. Fail loudly instead; pass the `tx` handle down, or do the work after.
 */
function assertNotNested(what: string) {
  const outer = openTransaction.getStore();
  if (outer?.open) throw new Error(`${what} called inside an open ${outer.name} transaction; use the tx handle or run it after the transaction`);
}

async function inTransaction<T>(name: string, run: () => Promise<T>): Promise<T> {
  const marker = { name, open: true };
  try {
    return await openTransaction.run(marker, run);
  } finally {
    marker.open = false;
  }
}

/**
 * Work started from inside a transaction that must not belong to it (mail after a request,
 * a job kick): runs `fn` with no transaction in its context, so it opens its own.
 */
export function outsideTransaction<T>(fn: () => T): T {
  return openTransaction.exit(fn);
}

/**
 * Runs `fn` inside a transaction bound to one tenant: the role is switched to spar_app (no
 * BYPASSRLS) and app.tenant_id is set, so row-level security filters every table — even a query
 * that forgets its `where tenant_id = …`. Keep slow awaits (model calls, uploads) outside.
 */
export async function withTenant<T>(db: Db, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!/^[0-9a-f-]{36}$/i.test(tenantId)) throw new Error('withTenant: invalid tenant id');
  assertNotNested('withTenant');
  return inTransaction('tenant', () =>
    db.transaction(async (tx) => {
      // one round trip: the tenant and the role (set_config('role', …, true) is SET LOCAL ROLE)
      await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'spar_app', true)`);
      return fn(tx);
    }),
  );
}

export interface SystemReason {
  /** What the cross-tenant work is, e.g. 'auth.login' or 'clients.list'. */
  action: string;
  actorUserId?: string | null;
  tenantId?: string | null;
  detail?: string;
  /** Write an audit_log row (superuser mutations); reads and sign-in only pass the reason. */
  audit?: boolean;
}

/**
 * The one explicit path around row-level security, for sign-in, sessions, superuser screens and
 * background jobs. It runs as the connection's own role (owner of the tables) in a transaction;
 * when `audit` is set the action is recorded in audit_log in the same transaction.
 */
export async function asSystem<T>(db: Db, reason: SystemReason, fn: (tx: Tx) => Promise<T>): Promise<T> {
  assertNotNested(`asSystem(${reason.action})`);
  return inTransaction(`system:${reason.action}`, () => db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.system', 'on', true)`);
    const result = await fn(tx);
    if (reason.audit) {
      await tx.insert(auditLog).values({
        action: reason.action,
        actorUserId: reason.actorUserId ?? null,
        tenantId: reason.tenantId ?? null,
        detail: reason.detail ?? null,
      });
    }
    return result;
  }));
}
