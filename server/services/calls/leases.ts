import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { callTurns, calls } from '../../../db/schema';
import { asSystem, type TenantRunner } from '../../../db/tenant';
import { tenantRunnerFor } from '../../access/tenant-runner';
import { logger } from '../../logger';
import { ACTIVE_CALL_STATES, finishCall } from './calls';
import { caught } from '../../metrics/caught';

/**
 * Live calls across server processes. A call's socket lives in the process that
 * accepted it; that process holds a lease on the call row (`lease_owner`, `lease_until`) and renews
 * it while the call runs. The per-tenant concurrent-call limit counts the calls whose lease holds,
 * whichever process holds them, under a transaction advisory lock per tenant (two processes cannot
 * both take the last slot); a process that dies stops renewing, its calls leave the count when
 * their lease runs out, and any process then closes them as "server stopped", keeping and scoring
 * what was said.
 */

/** How long a lease holds without renewal by default (CALL_LEASE_SECONDS); processes renew every third of it. */
export const CALL_LEASE_MS = 30_000;

/** This process's name on the leases it holds: host, pid and a random part (a restarted pid is another owner). */
export function newLeaseOwner(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

const leaseEnd = (now: Date, leaseMs: number) => new Date(now.getTime() + leaseMs);

/**
 * Claims a created call for this process if the tenant has a free slot: 'created' → 'connecting'
 * with a lease. 429 when the tenant already holds `max` live calls (in any process), 409 when the
 * call was claimed already.
 */
export async function claimCallSlot({
  tenant,
  tenantId,
  callId,
  owner,
  max,
  leaseMs = CALL_LEASE_MS,
  now = new Date(),
}: {
  /** The call's tenant transactions, opened by the call's start (its socket). */
  tenant: TenantRunner;
  tenantId: string;
  callId: string;
  owner: string;
  max: number;
  leaseMs?: number;
  now?: Date;
}): Promise<true | 409 | 429> {
  return tenant(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`spar:call-slots:${tenantId}`}))`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(calls)
      .where(
        and(eq(calls.tenantId, tenantId), inArray(calls.state, [...ACTIVE_CALL_STATES]), gt(calls.leaseUntil, now)),
      );
    if (Number(n) >= max) return 429;
    const r = await tx
      .update(calls)
      .set({ state: 'connecting', startedAt: now, leaseOwner: owner, leaseUntil: leaseEnd(now, leaseMs) })
      .where(and(eq(calls.id, callId), eq(calls.state, 'created')))
      .returning({ id: calls.id });
    return r.length === 1 ? true : 409;
  });
}

/**
 * Renews the leases of the calls this process holds (grouped by tenant, each under its own
 * row-level security, through the runner the live call was started with).
 */
export async function renewLeases({
  owner,
  live,
  leaseMs = CALL_LEASE_MS,
  now = new Date(),
}: {
  owner: string;
  live: Iterable<{ tenantId: string; callId: string; tenant: TenantRunner }>;
  leaseMs?: number;
  now?: Date;
}) {
  const byTenant = new Map<string, { tenant: TenantRunner; ids: string[] }>();
  for (const c of live) {
    const group = byTenant.get(c.tenantId) ?? { tenant: c.tenant, ids: [] };
    group.ids.push(c.callId);
    byTenant.set(c.tenantId, group);
  }
  for (const { tenant, ids } of byTenant.values()) {
    await tenant((tx) =>
      tx
        .update(calls)
        .set({ leaseUntil: leaseEnd(now, leaseMs) })
        .where(and(inArray(calls.id, ids), eq(calls.leaseOwner, owner), inArray(calls.state, [...ACTIVE_CALL_STATES]))),
    );
  }
}

/** A call claimed before leases existed holds no lease: it counts as stopped once it is older than any call can last. */
const LEGACY_WINDOW_MS = 4 * 3600_000;

/**
 * Closes the live calls whose process is gone (their lease ran out, or none was ever taken and the
 * call is older than any call can last) as "server stopped": what was said is kept, and a call the
 * rep spoke in is scored. Returns the calls closed.
 */
export async function closeAbandonedCalls(db: Db, leaseMs = CALL_LEASE_MS, now = new Date()): Promise<string[]> {
  const stale = await asSystem(db, { action: 'calls.close_abandoned' }, (tx) =>
    tx
      .select({
        id: calls.id,
        tenantId: calls.tenantId,
        connectedAt: calls.connectedAt,
        startedAt: calls.startedAt,
        leaseUntil: calls.leaseUntil,
      })
      .from(calls)
      .where(
        and(
          inArray(calls.state, [...ACTIVE_CALL_STATES]),
          or(
            lt(calls.leaseUntil, now),
            and(isNull(calls.leaseUntil), lt(calls.startedAt, new Date(now.getTime() - LEGACY_WINDOW_MS))),
          ),
        ),
      )
      .limit(500),
  );
  const closed: string[] = [];
  for (const c of stale) {
    // system work across tenants: the sweep found each call on the system path and closes it in
    // its own tenant's transactions (row-level security set), as its process would have
    const tenant = tenantRunnerFor(db, c.tenantId);
    try {
      const [{ n, lastTurnMs }] = await tenant((tx) =>
        tx
          .select({
            n: sql<number>`count(*) filter (where ${callTurns.speaker} = 'rep')`,
            lastTurnMs: sql<number | null>`max(coalesce(${callTurns.endMs}, ${callTurns.startMs}))`,
          })
          .from(callTurns)
          .where(eq(callTurns.callId, c.id)),
      );
      const since = c.connectedAt ?? c.startedAt;
      // the call lasted until its last sign of life: its last turn, or the last renewal of its
      // lease (made every third of a lease while its process lived), not until this sweep
      const lastRenewalMs = c.leaseUntil && since ? c.leaseUntil.getTime() - leaseMs - since.getTime() : 0;
      const ended = await finishCall({
        tenant,
        tenantId: c.tenantId,
        callId: c.id,
        outcome: {
          reason: 'server_stopped',
          detail: 'The server stopped during the call. What was said until then has been kept.',
          durationMs: since ? Math.max(0, Number(lastTurnMs ?? 0), lastRenewalMs) : 0,
          usage: null,
          costEstimateUsd: null,
          serverMetrics: { closedBy: 'lease expiry' },
          repTurns: Number(n),
        },
      });
      if (ended) closed.push(c.id);
    } catch (e) {
      caught('abandoned_call_close', 'closing an abandoned call failed', { err: e, callId: c.id });
    }
  }
  if (closed.length) logger.warn({ calls: closed.length }, 'closed calls whose server process stopped');
  return closed;
}
