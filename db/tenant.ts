import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from './client';
import { recordAudit } from './audit';
import { inDbSpan } from './spans';

/** Which top-level transaction (if any) the current async context runs in. */
const openTransaction = new AsyncLocalStorage<{ name: string; open: boolean }>();

/**
 * Opening a second top-level transaction while one is open in the same async context is a bug:
 * on PGlite (one connection) it waits forever, on Postgres it silently escapes the first
 * transaction's atomicity. Fail loudly instead; pass the `tx` handle down, or do the work after.
 */
function assertNotNested(what: string) {
  const outer = openTransaction.getStore();
  if (outer?.open)
    throw new Error(
      `${what} called inside an open ${outer.name} transaction; use the tx handle or run it after the transaction`,
    );
}

async function inTransaction<T>(name: string, run: () => Promise<T>): Promise<T> {
  const marker = { name, open: true };
  // a span per transaction when the server traces (server/telemetry/tracing.ts); a no-op otherwise
  return inDbSpan(`db ${name.split(':')[0]}`, { 'db.operation.name': name }, async () => {
    try {
      return await openTransaction.run(marker, run);
    } finally {
      marker.open = false;
    }
  });
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
      await tx.execute(
        sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'spar_app', true)`,
      );
      return fn(tx);
    }),
  );
}

/** Opens a short tenant transaction for one step of a request (ctx.tenant of server/trpc/init.ts). */
export type TenantRunner = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

export interface SystemReason {
  /** What the cross-tenant work is, e.g. 'auth.login' or 'clients.list'. */
  action: string;
  actorUserId?: string | null;
  tenantId?: string | null;
  detail?: string;
  /** Who the actor was (their e-mail) and where the request came from, for the audit row. */
  actorLabel?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  /** Write an audit_log row (superuser mutations); reads and sign-in only pass the reason. */
  audit?: boolean;
}

/** True for a transaction handle (drizzle's transactions expose rollback(); the database does not). */
function isTransaction(exec: Executor): exec is Tx {
  return typeof (exec as { rollback?: unknown }).rollback === 'function';
}

/** Rows of a raw query, whichever driver ran it (PGlite returns {rows}, postgres.js an array). */
export async function rawRows<T = Record<string, unknown>>(
  exec: Executor,
  query: ReturnType<typeof sql>,
): Promise<T[]> {
  const r = (await exec.execute(query)) as unknown;
  return (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
}

async function writeAudit(tx: Tx, reason: SystemReason) {
  if (!reason.audit) return;
  await recordAudit(tx, {
    action: reason.action,
    actorUserId: reason.actorUserId ?? null,
    actorLabel: reason.actorLabel ?? null,
    ip: reason.ip ?? null,
    userAgent: reason.userAgent ?? null,
    tenantId: reason.tenantId ?? null,
    detail: reason.detail ?? null,
  });
}

/**
 * The one explicit path around row-level security, for sign-in, sessions, superuser screens and
 * background jobs. Given the database, it runs `fn` in its own transaction as the connection's
 * own role (owner of the tables) with app.system set. Given an open transaction (a tenant
 * transaction that must commit a job with its own writes, say), it switches that transaction to
 * the system path for the duration of `fn` only (SET LOCAL role and app.system, restored after),
 * so the rest of it stays under row-level security. Either way, when `audit` is set the action is
 * recorded in audit_log in the same transaction.
 */
export async function asSystem<T>(exec: Executor, reason: SystemReason, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (isTransaction(exec)) {
    const tx = exec;
    const [state] = await rawRows<{ role: string; sys: string | null }>(
      tx,
      sql`select current_user::text as role, current_setting('app.system', true) as sys`,
    );
    const wasTenant = state.role === 'spar_app';
    const wasSystem = state.sys === 'on';
    if (wasTenant) await tx.execute(sql`set local role none`);
    if (!wasSystem) await tx.execute(sql`select set_config('app.system', 'on', true)`);
    try {
      const result = await fn(tx);
      await writeAudit(tx, reason);
      return result;
    } finally {
      if (!wasSystem) await tx.execute(sql`select set_config('app.system', '', true)`);
      if (wasTenant) await tx.execute(sql`set local role spar_app`);
    }
  }
  const db = exec;
  assertNotNested(`asSystem(${reason.action})`);
  return inTransaction(`system:${reason.action}`, () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.system', 'on', true)`);
      const result = await fn(tx);
      await writeAudit(tx, reason);
      return result;
    }),
  );
}
