import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../../server/app';
import { users } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import { createSession, LAST_ACTIVE_THROTTLE_MS, validateSessionToken } from '../../server/auth/session';
import { anonymousCaller, signedInCaller, startTestApp, testDeps, type UserRow } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser, TEST_PASSWORD } from '../helpers/factories';

/*
 * "Last active" (team page) and "Active team members (30 days)" (dashboard) follow sign-in and any
 * authenticated request, written at most once per LAST_ACTIVE_THROTTLE_MS per user.
 */
const DAY = 86_400_000;
const database = useTestDatabase();
let app: RunningApp;
let manager: UserRow;
let rep: UserRow;

const lastActive = async (id: string) =>
  (
    await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select({ at: users.lastActiveAt }).from(users).where(eq(users.id, id)),
    )
  )[0].at;
const setLastActive = (id: string, at: Date | null) =>
  asSystem(database.db, { action: 'test' }, (tx) => tx.update(users).set({ lastActiveAt: at }).where(eq(users.id, id)));

beforeAll(async () => {
  const tenant = await createTenant(database.db, { name: 'Acme' });
  manager = await createTenantUser(database.db, tenant.id, { userType: 'manager', email: 'mgr@acme.test' });
  rep = await createTenantUser(database.db, tenant.id, {
    userType: 'sales_rep',
    email: 'rep@acme.test',
    managerId: manager.id,
    password: TEST_PASSWORD,
  });
  app = await startTestApp(database);
}, 60_000);

afterAll(() => closeAll(app));

describe('last active', () => {
  it('signing in sets it, and the dashboard counts the rep as active', async () => {
    const deps = await testDeps(database);
    expect(await lastActive(rep.id)).toBeNull();
    expect((await signedInCaller(deps, manager).dashboard.get({})).counts.activeMembers).toBe(0);
    const before = Date.now();
    await anonymousCaller(deps).caller.auth.login({ email: 'rep@acme.test', password: TEST_PASSWORD });
    expect((await lastActive(rep.id))!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const team = await signedInCaller(deps, manager).team.list({});
    expect(team.find((m) => m.id === rep.id)!.lastActiveAt).not.toBeNull();
    expect((await signedInCaller(deps, manager).dashboard.get({})).counts.activeMembers).toBe(1);
  });

  it('any authenticated request moves it, at most once per throttle interval (not a write per request)', async () => {
    const t0 = new Date('2030-03-01T10:00:00Z');
    const { token } = await createSession(database.db, rep.id, new Date(t0.getTime() - DAY));
    await setLastActive(rep.id, t0);
    // within the interval: validated, nothing written
    expect(
      await validateSessionToken(database.db, token, new Date(t0.getTime() + LAST_ACTIVE_THROTTLE_MS - 1000)),
    ).not.toBeNull();
    expect(await lastActive(rep.id)).toEqual(t0);
    // past it: written, although the session's expiry did not move
    const later = new Date(t0.getTime() + LAST_ACTIVE_THROTTLE_MS + 1000);
    const v = await validateSessionToken(database.db, token, later);
    expect(v?.refreshed).toBe(false);
    expect(await lastActive(rep.id)).toEqual(later);
  });

  it('over HTTP: a rep away for 40 days who opens a page is active again on the dashboard', async () => {
    const { token } = await createSession(database.db, rep.id);
    await setLastActive(rep.id, new Date(Date.now() - 40 * DAY));
    const deps = await testDeps(database);
    expect((await signedInCaller(deps, manager).dashboard.get({})).counts.activeMembers).toBe(0);
    const res = await fetch(`${app.url}/trpc/assignments.mine?input=${encodeURIComponent(JSON.stringify({}))}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(Date.now() - (await lastActive(rep.id))!.getTime()).toBeLessThan(60_000);
    expect((await signedInCaller(deps, manager).dashboard.get({})).counts.activeMembers).toBe(1);
  });
});
