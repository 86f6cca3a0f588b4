import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import {
  createSession,
  SESSION_COOKIE,
  sessionIdFromToken,
  SESSION_TTL_MS,
  validateSessionToken,
} from '../../server/auth/session';
import type { AppDeps } from '../../server/deps';
import {
  anonymousCaller,
  describeTrpcError,
  rejection,
  signIn,
  signedInCaller,
  testDeps,
  type UserRow,
} from '../helpers/app';
import { rowById, useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser, TEST_PASSWORD } from '../helpers/factories';

const DAY = 86_400_000;
const database = useTestDatabase();
let deps: AppDeps;
let rep: UserRow;
let admin: UserRow;
let tenant: Awaited<ReturnType<typeof createTenant>>;

const sessionRows = (userId: string) =>
  asSystem(database.db, { action: 'test' }, (tx) => tx.select().from(sessions).where(eq(sessions.userId, userId)));
const sessionRow = (id: string) => rowById(database.db, sessions, id);

beforeAll(async () => {
  deps = await testDeps(database, { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
  tenant = await createTenant(database.db, { name: 'Acme', schemaName: 'acme', defaultLanguage: 'es' });
  rep = await createTenantUser(database.db, tenant.id, {
    email: 'Rep@Acme.test',
    userType: 'sales_rep',
    password: TEST_PASSWORD,
    language: 'it',
  });
  admin = await createTenantUser(database.db, tenant.id, {
    email: 'admin@acme.test',
    userType: 'admin',
    displayName: 'Ada',
    password: TEST_PASSWORD,
  });
});

describe('auth.login', () => {
  it('signs in: an HttpOnly Lax cookie for 30 days and a session row holding the SHA-256 of the token', async () => {
    const before = Date.now();
    const { caller, ctx } = anonymousCaller(deps, { ip: '10.0.0.1' });
    const out = await caller.auth.login({ email: '  rep@ACME.test ', password: TEST_PASSWORD });
    expect(out).toEqual({ home: '/assignments/sr' });

    expect(ctx.cookies).toHaveLength(1);
    const cookie = ctx.cookies[0];
    const parts = cookie.split('; ');
    const token = parts[0].slice(`${SESSION_COOKIE}=`.length);
    expect(parts[0].startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(parts).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']));
    expect(parts).not.toContain('Secure'); // plain http outside production
    const expires = Date.parse(parts.find((p) => p.startsWith('Expires='))!.slice('Expires='.length));
    expect(expires).toBeGreaterThan(before + 29 * DAY);
    expect(expires).toBeLessThan(Date.now() + 31 * DAY);

    const rows = await sessionRows(rep.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(sessionIdFromToken(token));
    expect(rows[0].id).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].id).not.toContain(token);
    // the token in the cookie is a working session
    const validated = await validateSessionToken(database.db, token);
    expect(validated?.user.id).toBe(rep.id);
  });

  it('the admin lands on the dashboard', async () => {
    const { caller } = anonymousCaller(deps, { ip: '10.0.0.2' });
    expect(await caller.auth.login({ email: 'admin@acme.test', password: TEST_PASSWORD })).toEqual({
      home: '/dashboard',
    });
  });

  it('wrong password and unknown email fail the same way', async () => {
    const { caller, ctx } = anonymousCaller(deps, { ip: '10.0.0.3' });
    const wrong = describeTrpcError(
      await rejection(caller.auth.login({ email: 'admin@acme.test', password: 'not-it' })),
    );
    const unknown = describeTrpcError(
      await rejection(caller.auth.login({ email: 'nobody@acme.test', password: 'not-it' })),
    );
    expect(wrong).toEqual({
      trpcCode: 'UNAUTHORIZED',
      httpStatus: 401,
      appCode: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
      details: undefined,
    });
    expect(unknown).toEqual(wrong);
    expect(ctx.cookies).toEqual([]);
  });

  it('after LOGIN_MAX_FAILURES_PER_ACCOUNT failures even the right password is refused with retryAfterSeconds', async () => {
    const victim = await createTenantUser(database.db, tenant.id, {
      email: 'victim@acme.test',
      password: TEST_PASSWORD,
    });
    for (let i = 0; i < deps.env.LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      // from different addresses: the per-account counter is what locks
      const { caller } = anonymousCaller(deps, { ip: `10.1.0.${i}` });
      expect(
        describeTrpcError(await rejection(caller.auth.login({ email: 'victim@acme.test', password: `guess-${i}` })))
          .appCode,
      ).toBe('INVALID_CREDENTIALS');
    }
    const { caller, ctx } = anonymousCaller(deps, { ip: '10.1.1.1' });
    const locked = describeTrpcError(
      await rejection(caller.auth.login({ email: 'VICTIM@acme.test', password: TEST_PASSWORD })),
    );
    expect(locked.appCode).toBe('TOO_MANY_REQUESTS');
    expect(locked.httpStatus).toBe(429);
    expect(locked.details?.retryAfterSeconds).toBeGreaterThan(0);
    expect(locked.details?.retryAfterSeconds).toBeLessThanOrEqual(deps.env.LOGIN_WINDOW_MINUTES * 60);
    expect(ctx.cookies).toEqual([]);
    expect(await sessionRows(victim.id)).toHaveLength(0);
  });

  it('rejects malformed input as a 400', async () => {
    const { caller } = anonymousCaller(deps);
    const e = describeTrpcError(await rejection(caller.auth.login({ email: 'not-an-email', password: 'x' })));
    expect(e.trpcCode).toBe('BAD_REQUEST');
    expect(e.httpStatus).toBe(400);
  });
});

describe('sign-in in the audit log', () => {
  const auditRows = (tenantId: string) =>
    asSystem(database.db, { action: 'test' }, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.action, 'auth.sign_in')))
        .orderBy(desc(auditLog.createdAt)),
    );

  it('records a success and a failure with the address and browser they came from', async () => {
    const t = await createTenant(database.db, { name: 'Audited', schemaName: 'audited' });
    const u = await createTenantUser(database.db, t.id, { email: 'aud@audited.test', password: TEST_PASSWORD });
    const { caller } = anonymousCaller(deps, { ip: '10.9.8.7' });
    await expect(caller.auth.login({ email: 'aud@audited.test', password: 'not the password' })).rejects.toThrow();
    await caller.auth.login({ email: 'aud@audited.test', password: TEST_PASSWORD });
    const rows = await auditRows(t.id);
    expect(rows.map((r) => [r.outcome, r.actorUserId, r.actorLabel, r.ip])).toEqual([
      ['success', u.id, 'aud@audited.test', '10.9.8.7'],
      ['failure', u.id, 'aud@audited.test', '10.9.8.7'],
    ]);
  });

  it('a deactivated account is refused with its own message even with the right password, and its sessions stop', async () => {
    const t = await createTenant(database.db, { name: 'Gone', schemaName: 'gone' });
    const u = await createTenantUser(database.db, t.id, { email: 'gone@gone.test', password: TEST_PASSWORD });
    const { token } = await createSession(database.db, u.id);
    expect(await validateSessionToken(database.db, token)).not.toBeNull();
    await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, u.id)),
    );
    expect(await validateSessionToken(database.db, token)).toBeNull();
    const { caller } = anonymousCaller(deps, { ip: '10.9.8.6' });
    const err = await rejection(caller.auth.login({ email: 'gone@gone.test', password: TEST_PASSWORD }));
    expect(describeTrpcError(err)).toMatchObject({ appCode: 'ACCOUNT_DEACTIVATED', httpStatus: 403 });
    const rows = await auditRows(t.id);
    expect(rows[0]).toMatchObject({ outcome: 'failure', detail: 'deactivated' });
  });
});

describe('auth.me and logout', () => {
  it('is null when signed out', async () => {
    const { caller } = anonymousCaller(deps);
    expect(await caller.auth.me()).toBeNull();
  });

  it('returns the user, role, client info and home', async () => {
    const me = await signedInCaller(deps, rep).auth.me();
    expect(me).toEqual({
      user: {
        user_id: rep.id,
        email: 'Rep@Acme.test',
        username: 'Rep',
        name: null,
        photoUrl: null,
        user_type: 'sales_rep',
        user_language: 'it',
        role: 'sales_rep',
      },
      client_info: { client_name: 'Acme', client_default_language: 'es', client_schema: 'acme' },
      home: '/assignments/sr',
      internal: false,
    });
    const adminMe = await signedInCaller(deps, admin).auth.me();
    expect(adminMe?.user.role).toBe('admin');
    expect(adminMe?.user.name).toBe('Ada');
    expect(adminMe?.home).toBe('/dashboard');
  });

  it('logout deletes the session row and blanks the cookie', async () => {
    const { caller, ctx, token, sessionId } = await signIn(deps, admin);
    const other = await signIn(deps, admin);
    expect(await sessionRow(sessionId)).toBeDefined();
    expect(await caller.auth.logout()).toEqual({ ok: true });
    expect(await sessionRow(sessionId)).toBeUndefined();
    expect(await validateSessionToken(database.db, token)).toBeNull();
    expect(ctx.cookies).toEqual([expect.stringMatching(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`))]);
    // only this device is signed out
    expect(await sessionRow(other.sessionId)).toBeDefined();
  });
});

describe('session validation', () => {
  it('rejects and deletes an expired session', async () => {
    const { token } = await createSession(database.db, rep.id, new Date(Date.now() - SESSION_TTL_MS - 1000));
    const id = sessionIdFromToken(token);
    expect(await sessionRow(id)).toBeDefined();
    expect(await validateSessionToken(database.db, token)).toBeNull();
    expect(await sessionRow(id)).toBeUndefined();
  });

  it('extends a session with less than 15 days left', async () => {
    const { token, expiresAt } = await createSession(database.db, rep.id, new Date(Date.now() - 20 * DAY));
    expect(expiresAt.getTime()).toBeLessThan(Date.now() + 11 * DAY);
    const v = await validateSessionToken(database.db, token);
    expect(v?.refreshed).toBe(true);
    expect(v!.session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    const row = await sessionRow(sessionIdFromToken(token));
    expect(row.expiresAt.getTime()).toBe(v!.session.expiresAt.getTime());
    const [u] = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select({ at: users.lastActiveAt }).from(users).where(eq(users.id, rep.id)),
    );
    expect(u.at).not.toBeNull();
  });

  it('leaves a session with more than 15 days left alone', async () => {
    const { token, expiresAt } = await createSession(database.db, rep.id, new Date(Date.now() - 10 * DAY));
    const v = await validateSessionToken(database.db, token);
    expect(v?.refreshed).toBe(false);
    expect((await sessionRow(sessionIdFromToken(token))).expiresAt.getTime()).toBe(expiresAt.getTime());
  });

  it('rejects a token that is not ours', async () => {
    expect(await validateSessionToken(database.db, 'a'.repeat(32))).toBeNull();
    expect(await validateSessionToken(database.db, 'not a token')).toBeNull();
  });
});
