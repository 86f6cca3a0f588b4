import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTurns, calls, reports } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import type { RunningApp } from '../../server/app';
import { CALL_LEASE_MS, closeAbandonedCalls } from '../../server/services/calls/leases';
import { OFFLINE_SIMULATION, seedSimulation } from '../helpers/assignments';
import { PAIN } from '../helpers/criteria';
import { signIn, startTestApp, type UserRow } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { connectCall, type CallClient } from '../helpers/call-client';
import { callTurnRows, useTestDatabase, systemRunner, rowById } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';

/**
 * Live calls across server processes: two servers on one database (two app instances,
 * each with its own lease owner — as two processes would be), a tenant limited to one live call.
 * The limit counts the call the other server holds; a call whose server died (its lease ran out)
 * no longer counts, and is closed as "server stopped" with what was said kept and scored.
 */

const database = useTestDatabase();
let one: RunningApp;
let two: RunningApp;
let rep: UserRow;
let tenantId: string;
let simId: string;

const sys = systemRunner(database);
const callRow = (id: string) => rowById(database.db, calls, id);

async function startOn(app: RunningApp) {
  const { caller } = await signIn(app.deps, rep);
  return caller.calls.start({ simulationId: simId, mode: 'practice' });
}

beforeAll(async () => {
  tenantId = (await createTenant(database.db, { name: 'Acme' })).id;
  rep = await createTenantUser(database.db, tenantId, {
    email: 'rep@acme.test',
    username: 'rep',
    displayName: 'Riley Rep',
    userType: 'sales_rep',
  });
  ({ simId } = await seedSimulation(
    database.db,
    tenantId,
    { ...OFFLINE_SIMULATION, name: 'Offline', difficulty: 'easy' },
    { criteria: [PAIN] },
  ));
  const opts = { calls: { offlineThinkMs: 0, offlineVoice: null }, jobs: { pollIntervalMs: 50, initialDelayMs: 0 } };
  one = await startTestApp(database, { CALLS_MAX_PER_TENANT: '1' }, opts);
  two = await startTestApp(database, { CALLS_MAX_PER_TENANT: '1' }, opts);
}, 60_000);

afterAll(() => closeAll(one, two));

describe('call leases across server processes', () => {
  it('the tenant limit counts the live call another server holds; its end frees the slot', async () => {
    expect(one.deps.leaseOwner).not.toBe(two.deps.leaseOwner);
    const a = await startOn(one);
    const held = (await connectCall(one.url, a.callId, a.ticket)) as CallClient;
    expect(typeof held).toBe('object');
    await held.waitFor((m) => m.type === 'prospect_text');
    const row = await callRow(a.callId);
    expect(row.leaseOwner).toBe(one.deps.leaseOwner);
    expect(row.leaseUntil!.getTime()).toBeGreaterThan(Date.now());

    const b = await startOn(two);
    expect(await connectCall(two.url, b.callId, b.ticket)).toBe(429);

    held.send({ type: 'hangup' });
    await held.closed;
    await expect.poll(async () => (await callRow(a.callId)).state, { timeout: 5000 }).toBe('ended');
    const c = await startOn(two);
    const next = (await connectCall(two.url, c.callId, c.ticket)) as CallClient;
    expect(typeof next).toBe('object');
    expect((await callRow(c.callId)).leaseOwner).toBe(two.deps.leaseOwner);
    next.send({ type: 'hangup' });
    await next.closed;
    await expect.poll(async () => (await callRow(c.callId)).state, { timeout: 5000 }).toBe('ended');
  });

  it('a call whose server died stops counting when its lease runs out, and is closed as "server stopped", its words kept and scored', async () => {
    // a server process died mid-call: its call is still "connected", its lease no longer renewed
    const dead = await startOn(one);
    const startedAt = new Date(Date.now() - 120_000);
    await withTenant(database.db, tenantId, async (tx) => {
      await tx
        .update(calls)
        .set({
          state: 'connected',
          startedAt,
          connectedAt: startedAt,
          leaseOwner: 'crashed-host:4242:deadbeef',
          leaseUntil: new Date(Date.now() + CALL_LEASE_MS),
        })
        .where(eq(calls.id, dead.callId));
      await tx.insert(callTurns).values([
        {
          tenantId,
          callId: dead.callId,
          seq: 1,
          itemId: 'p1',
          speaker: 'prospect',
          text: 'TransLog, Laura speaking.',
          startMs: 0,
          endMs: 1500,
        },
        {
          tenantId,
          callId: dead.callId,
          seq: 2,
          itemId: 'r1',
          speaker: 'rep',
          text: 'How do you plan your routes today, and how many hours does it take each week?',
          startMs: 2000,
          endMs: 6000,
        },
      ]);
    });
    // while the lease holds the slot is taken, in both servers
    const early = await startOn(two);
    expect(await connectCall(two.url, early.callId, early.ticket)).toBe(429);
    expect(await closeAbandonedCalls(database.db)).not.toContain(dead.callId);

    // the lease runs out (no process renews it): its last renewal was 4 s into the call
    await withTenant(database.db, tenantId, (tx) =>
      tx
        .update(calls)
        .set({ leaseUntil: new Date(startedAt.getTime() + 4000 + CALL_LEASE_MS) })
        .where(eq(calls.id, dead.callId)),
    );
    const after = await startOn(two);
    const live = (await connectCall(two.url, after.callId, after.ticket)) as CallClient;
    expect(typeof live).toBe('object');

    expect(await closeAbandonedCalls(database.db)).toEqual([dead.callId]);
    const closed = await callRow(dead.callId);
    expect(closed).toMatchObject({ state: 'ended', endReason: 'server_stopped' });
    expect(closed.endDetail).toContain('The server stopped during the call');
    // it lasted until its last sign of life (the rep's turn ending at 6 s), not until the sweep
    expect(closed.durationMs).toBe(6000);
    const turns = await callTurnRows(database.db, dead.callId);
    expect(turns.map((t) => t.speaker)).toEqual(['prospect', 'rep']);
    await expect
      .poll(
        async () =>
          (
            await sys((tx) =>
              tx
                .select({ s: reports.status })
                .from(reports)
                .where(and(eq(reports.callId, dead.callId))),
            )
          )[0]?.s,
        { timeout: 10_000 },
      )
      .toBe('ready');
    // closed once: a second sweep (another process) finds nothing
    expect(await closeAbandonedCalls(database.db)).toEqual([]);
    // the live call of the surviving server is left alone
    expect((await callRow(after.callId)).state).not.toBe('ended');
    live.send({ type: 'hangup' });
    await live.closed;
  });
});
