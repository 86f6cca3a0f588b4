import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  securitySettings,
  sessions,
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  userTwoFactor,
} from '../../db/schema';
import { asSystem, withTenant } from '../../db/tenant';
import { SESSION_COOKIE } from '../../server/auth/session';
import type { AppDeps } from '../../server/deps';
import { anonymousCaller, describeTrpcError, rejection, signIn, testDeps, type UserRow } from '../helpers/app';
import { dbError, useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser, TEST_PASSWORD } from '../helpers/factories';

const ENCRYPTION_KEY = 'integration-encryption-key-of-32-characters-or-more';
const database = useTestDatabase();
let deps: AppDeps;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let ipSeq = 0;
/** A fresh client address per sign-in, so the per-address throttle never decides a test. */
const anon = () => anonymousCaller(deps, { ip: `10.7.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });

const code = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/** A six-digit code none of the accepted window's steps gives. */
async function wrongCode(secret: string) {
  const valid = new Set(await Promise.all([-60, -30, 0, 30, 60].map((s) => code(secret, s))));
  for (let n = 0; ; n++) {
    const c = String(n).padStart(6, '0');
    if (!valid.has(c)) return c;
  }
}

const sessionCount = async (userId: string) =>
  (
    await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select().from(sessions).where(eq(sessions.userId, userId)),
    )
  ).length;

const auditActions = (userId: string) =>
  asSystem(database.db, { action: 'test' }, (tx) =>
    tx
      .select({ action: auditLog.action, outcome: auditLog.outcome, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(eq(auditLog.actorUserId, userId))
      .orderBy(auditLog.createdAt),
  );

/** Enrols `user` on the profile page's procedures; the secret and the recovery codes. */
async function enrol(user: UserRow) {
  const { caller } = await signIn(deps, user);
  const started = await caller.twoFactor.start();
  const { recoveryCodes } = await caller.twoFactor.confirm({ code: await code(started.secret) });
  return { secret: started.secret, recoveryCodes, caller, qrDataUrl: started.qrDataUrl };
}

async function passwordStep(email: string) {
  const { caller, ctx } = anon();
  const out = await caller.auth.login({ email, password: TEST_PASSWORD });
  return { caller, ctx, out };
}

const challengeOf = (out: object) => {
  expect(out).toMatchObject({ challenge: expect.any(String) as unknown });
  return (out as { challenge: string }).challenge;
};

beforeAll(async () => {
  deps = await testDeps(database, { ENCRYPTION_KEY, LOGIN_MAX_FAILURES_PER_ACCOUNT: '4' });
  tenant = await createTenant(database.db, { name: 'Locked', schemaName: 'locked' });
  other = await createTenant(database.db, { name: 'Other', schemaName: 'other' });
});

describe('enrolment on the profile page', () => {
  it('gives a QR code and a secret, turns on with a right code, keeps the secret sealed and the recovery codes hashed', async () => {
    const u = await createTenantUser(database.db, tenant.id, { email: 'enrol@locked.test', password: TEST_PASSWORD });
    const { caller } = await signIn(deps, u);
    expect(await caller.twoFactor.status()).toMatchObject({ available: true, configured: true, enabled: false });
    const started = await caller.twoFactor.start();
    expect(started.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    // a wrong first code leaves it off
    const wrong = await rejection(caller.twoFactor.confirm({ code: await wrongCode(started.secret) }));
    expect(describeTrpcError(wrong)).toMatchObject({ appCode: 'TWO_FACTOR_CODE_INVALID', httpStatus: 400 });
    expect(await caller.twoFactor.status()).toMatchObject({ enabled: false });

    const { recoveryCodes } = await caller.twoFactor.confirm({ code: await code(started.secret) });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await caller.twoFactor.status()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const [row] = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select().from(userTwoFactor).where(eq(userTwoFactor.userId, u.id)),
    );
    expect(row!.secretSealed).not.toContain(started.secret);
    expect(row!.enabledAt).not.toBeNull();
    const stored = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, u.id)),
    );
    expect(stored).toHaveLength(10);
    for (const r of stored) {
      expect(r.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(recoveryCodes).not.toContain(r.codeHash);
    }
    // a second start while it is on is refused
    expect(describeTrpcError(await rejection(caller.twoFactor.start()))).toMatchObject({ appCode: 'CONFLICT' });
    expect((await auditActions(u.id)).map((a) => [a.action, a.outcome])).toEqual([
      ['auth.two_factor_failed', 'failure'],
      ['auth.two_factor_enrolled', 'success'],
    ]);
  });

  it('is refused with its own message when the server has no ENCRYPTION_KEY', async () => {
    const bare = await testDeps(database, {});
    const u = await createTenantUser(database.db, tenant.id, { email: 'nokey@locked.test', password: TEST_PASSWORD });
    const { caller } = await signIn(bare, u);
    expect(await caller.twoFactor.status()).toMatchObject({ configured: false, enabled: false });
    expect(describeTrpcError(await rejection(caller.twoFactor.start()))).toMatchObject({
      appCode: 'TWO_FACTOR_NOT_CONFIGURED',
      httpStatus: 412,
    });
  });

  it('an account without a password (single sign-on) has no section and cannot start one', async () => {
    const u = await createTenantUser(database.db, tenant.id, { email: 'sso@locked.test', password: null });
    const { caller } = await signIn(deps, u);
    expect(await caller.twoFactor.status()).toMatchObject({ available: false });
    expect(describeTrpcError(await rejection(caller.twoFactor.start()))).toMatchObject({ appCode: 'FORBIDDEN' });
  });
});

describe('signing in with a second factor', () => {
  it('a right password gives no session but a pending sign-in; the code makes the session and audits the sign-in', async () => {
    const u = await createTenantUser(database.db, tenant.id, {
      email: 'two@locked.test',
      userType: 'sales_rep',
      password: TEST_PASSWORD,
    });
    const { secret } = await enrol(u);
    const before = await sessionCount(u.id);
    const { caller, ctx, out } = await passwordStep('two@locked.test');
    expect(out).toEqual({ twoFactor: 'verify', challenge: expect.any(String) as unknown });
    expect(ctx.cookies).toHaveLength(0);
    expect(await sessionCount(u.id)).toBe(before);
    const signInsBefore = (await auditActions(u.id)).filter((a) => a.action === 'auth.sign_in');
    expect(signInsBefore).toEqual([]);

    // the challenge is stored by its SHA-256 only
    const stored = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.userId, u.id)),
    );
    expect(stored.map((c) => c.id)).not.toContain(challengeOf(out));

    // a wrong code is refused and counted
    const wrong = await rejection(
      caller.auth.verifyTwoFactor({ challenge: challengeOf(out), code: await wrongCode(secret) }),
    );
    expect(describeTrpcError(wrong)).toMatchObject({
      appCode: 'TWO_FACTOR_CODE_INVALID',
      details: { attemptsLeft: 4 },
    });
    expect(await sessionCount(u.id)).toBe(before);

    // the previous step's code is still accepted (clock drift); the enrolment's own code was of this step
    const ok = await caller.auth.verifyTwoFactor({ challenge: challengeOf(out), code: await code(secret, 30) });
    expect(ok).toEqual({ home: '/assignments/sr' });
    expect(ctx.cookies).toHaveLength(1);
    expect(ctx.cookies[0]).toContain(`${SESSION_COOKIE}=`);
    expect(await sessionCount(u.id)).toBe(before + 1);
    const actions = (await auditActions(u.id)).map((a) => [a.action, a.outcome]);
    expect(actions.slice(-2)).toEqual([
      ['auth.two_factor_failed', 'failure'],
      ['auth.sign_in', 'success'],
    ]);
    // the pending sign-in is gone: it cannot be used again
    const again = await rejection(
      caller.auth.verifyTwoFactor({ challenge: challengeOf(out), code: await code(secret, 60) }),
    );
    expect(describeTrpcError(again)).toMatchObject({ appCode: 'TWO_FACTOR_CHALLENGE_INVALID' });
  });

  it('the same code is never accepted twice', async () => {
    const u = await createTenantUser(database.db, tenant.id, { email: 'replay@locked.test', password: TEST_PASSWORD });
    const { secret } = await enrol(u);
    const next = await code(secret, 30);
    const first = await passwordStep('replay@locked.test');
    await first.caller.auth.verifyTwoFactor({ challenge: challengeOf(first.out), code: next });
    const second = await passwordStep('replay@locked.test');
    const err = await rejection(second.caller.auth.verifyTwoFactor({ challenge: challengeOf(second.out), code: next }));
    expect(describeTrpcError(err)).toMatchObject({ appCode: 'TWO_FACTOR_CODE_INVALID' });
    expect(second.ctx.cookies).toHaveLength(0);
  });

  it('a recovery code works once, in any case and without its dash', async () => {
    const u = await createTenantUser(database.db, tenant.id, { email: 'recover@locked.test', password: TEST_PASSWORD });
    const { recoveryCodes, caller: profile } = await enrol(u);
    const typed = recoveryCodes[3]!.replace('-', '').toUpperCase();
    const first = await passwordStep('recover@locked.test');
    expect(await first.caller.auth.verifyTwoFactor({ challenge: challengeOf(first.out), code: typed })).toMatchObject({
      home: expect.any(String) as unknown,
    });
    const second = await passwordStep('recover@locked.test');
    const err = await rejection(
      second.caller.auth.verifyTwoFactor({ challenge: challengeOf(second.out), code: recoveryCodes[3]! }),
    );
    expect(describeTrpcError(err)).toMatchObject({ appCode: 'TWO_FACTOR_CODE_INVALID' });
    expect(await profile.twoFactor.status()).toMatchObject({ recoveryCodesLeft: 9 });
    expect((await auditActions(u.id)).map((a) => a.action)).toContain('auth.recovery_code_used');
  });

  it('five wrong codes end the pending sign-in; failures lock the account like wrong passwords', async () => {
    const u = await createTenantUser(database.db, tenant.id, { email: 'guess@locked.test', password: TEST_PASSWORD });
    const { secret } = await enrol(u);
    const bad = await wrongCode(secret);
    // one pending sign-in: the per-account limit (4 here) locks before its five tries are spent
    const { caller, out } = await passwordStep('guess@locked.test');
    const codes: (string | null)[] = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        describeTrpcError(await rejection(caller.auth.verifyTwoFactor({ challenge: challengeOf(out), code: bad })))
          .appCode,
      );
    expect(codes).toEqual([
      'TWO_FACTOR_CODE_INVALID',
      'TWO_FACTOR_CODE_INVALID',
      'TWO_FACTOR_CODE_INVALID',
      'TWO_FACTOR_CODE_INVALID',
      'TOO_MANY_REQUESTS',
    ]);
    // locked: even the right code and the right password are refused now
    const right = await rejection(
      caller.auth.verifyTwoFactor({ challenge: challengeOf(out), code: await code(secret, 30) }),
    );
    expect(describeTrpcError(right)).toMatchObject({ appCode: 'TOO_MANY_REQUESTS', httpStatus: 429 });
    const pw = await rejection(anon().caller.auth.login({ email: 'guess@locked.test', password: TEST_PASSWORD }));
    expect(describeTrpcError(pw)).toMatchObject({ appCode: 'TOO_MANY_REQUESTS' });
    expect(await sessionCount(u.id)).toBe(1); // the enrolment's own session only
  });

  it('a pending sign-in takes five wrong codes at most, then the password is asked again', async () => {
    const roomy = await testDeps(database, { ENCRYPTION_KEY, LOGIN_MAX_FAILURES_PER_ACCOUNT: '50' });
    const u = await createTenantUser(database.db, tenant.id, { email: 'five@locked.test', password: TEST_PASSWORD });
    const { secret } = await enrol(u);
    const bad = await wrongCode(secret);
    const { caller } = anonymousCaller(roomy, { ip: '10.8.0.1' });
    const out = await caller.auth.login({ email: 'five@locked.test', password: TEST_PASSWORD });
    const seen: (string | null)[] = [];
    for (let i = 0; i < 6; i++)
      seen.push(
        describeTrpcError(await rejection(caller.auth.verifyTwoFactor({ challenge: challengeOf(out), code: bad })))
          .appCode,
      );
    expect(seen).toEqual([
      'TWO_FACTOR_CODE_INVALID',
      'TWO_FACTOR_CODE_INVALID',
      'TWO_FACTOR_CODE_INVALID',
      'TWO_FACTOR_CODE_INVALID',
      'TWO_FACTOR_ATTEMPTS_EXHAUSTED',
      'TWO_FACTOR_CHALLENGE_INVALID',
    ]);
  });

  it('a user without two-factor sign-in still signs in at once', async () => {
    await createTenantUser(database.db, tenant.id, { email: 'plain@locked.test', password: TEST_PASSWORD });
    const { out, ctx } = await passwordStep('plain@locked.test');
    expect(out).toEqual({ home: expect.any(String) as unknown });
    expect(ctx.cookies).toHaveLength(1);
  });
});

describe('an admin whose tenant requires two-factor sign-in', () => {
  it('must set it up on the sign-in page before any session exists; the switch is audited', async () => {
    const t = await createTenant(database.db, { name: 'Strict', schemaName: 'strict' });
    const boss = await createTenantUser(database.db, t.id, {
      email: 'boss@strict.test',
      userType: 'admin',
      password: TEST_PASSWORD,
    });
    const admin2 = await createTenantUser(database.db, t.id, {
      email: 'admin2@strict.test',
      userType: 'admin',
      password: TEST_PASSWORD,
    });
    const rep = await createTenantUser(database.db, t.id, {
      email: 'rep@strict.test',
      userType: 'sales_rep',
      password: TEST_PASSWORD,
    });
    const { caller: adminCaller } = await signIn(deps, admin2);
    expect(await adminCaller.twoFactor.policy()).toEqual({ requireAdminTwoFactor: false, adminsWithoutTwoFactor: 2 });
    expect(await adminCaller.twoFactor.setPolicy({ requireAdminTwoFactor: true })).toEqual({
      requireAdminTwoFactor: true,
      adminsWithoutTwoFactor: 2,
    });
    const [settings] = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select().from(securitySettings).where(eq(securitySettings.tenantId, t.id)),
    );
    expect(settings).toMatchObject({ requireAdminTwoFactor: true, requireSso: false });
    expect((await auditActions(admin2.id)).map((a) => a.action)).toContain('security.admin_two_factor_required');

    // a rep is not affected
    expect((await passwordStep('rep@strict.test')).out).toEqual({ home: '/assignments/sr' });
    expect(await sessionCount(rep.id)).toBe(1);

    const { caller, ctx, out } = await passwordStep('boss@strict.test');
    expect(out).toEqual({ twoFactor: 'enrol', challenge: expect.any(String) as unknown });
    expect(await sessionCount(boss.id)).toBe(0);
    // the code step does not accept an enrol challenge
    const mixed = await rejection(caller.auth.verifyTwoFactor({ challenge: challengeOf(out), code: '123456' }));
    expect(describeTrpcError(mixed)).toMatchObject({ appCode: 'TWO_FACTOR_CHALLENGE_INVALID' });

    const started = await caller.auth.startTwoFactorEnrolment({ challenge: challengeOf(out) });
    expect(started.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(await sessionCount(boss.id)).toBe(0);
    const wrong = await rejection(
      caller.auth.confirmTwoFactorEnrolment({ challenge: challengeOf(out), code: await wrongCode(started.secret) }),
    );
    expect(describeTrpcError(wrong)).toMatchObject({ appCode: 'TWO_FACTOR_CODE_INVALID' });
    expect(await sessionCount(boss.id)).toBe(0);
    expect(ctx.cookies).toHaveLength(0);

    const done = await caller.auth.confirmTwoFactorEnrolment({
      challenge: challengeOf(out),
      code: await code(started.secret),
    });
    expect(done.home).toBe('/dashboard');
    expect(done.recoveryCodes).toHaveLength(10);
    expect(ctx.cookies).toHaveLength(1);
    expect(await sessionCount(boss.id)).toBe(1);
    expect((await auditActions(boss.id)).map((a) => a.action)).toEqual([
      'auth.two_factor_failed',
      'auth.two_factor_enrolled',
      'auth.sign_in',
    ]);
    expect(await adminCaller.twoFactor.policy()).toMatchObject({ adminsWithoutTwoFactor: 1 });

    // it cannot be turned off while the tenant requires it
    const { caller: bossProfile } = await signIn(deps, boss);
    expect(await bossProfile.twoFactor.status()).toMatchObject({ enabled: true, required: true });
    const off = await rejection(bossProfile.twoFactor.disable({ code: await code(started.secret, 30) }));
    expect(describeTrpcError(off)).toMatchObject({ appCode: 'TWO_FACTOR_REQUIRED', httpStatus: 403 });

    // next time the admin signs in with a code
    const next = await passwordStep('boss@strict.test');
    expect(next.out).toMatchObject({ twoFactor: 'verify' });
  });

  it('the requirement cannot be switched on without ENCRYPTION_KEY', async () => {
    const t = await createTenant(database.db, { name: 'Keyless', schemaName: 'keyless' });
    const a = await createTenantUser(database.db, t.id, { email: 'a@keyless.test', userType: 'admin' });
    const { caller } = await signIn(await testDeps(database, {}), a);
    const err = await rejection(caller.twoFactor.setPolicy({ requireAdminTwoFactor: true }));
    expect(describeTrpcError(err)).toMatchObject({ appCode: 'TWO_FACTOR_NOT_CONFIGURED' });
  });
});

describe('recovery codes and turning it off', () => {
  it('new recovery codes need a current code and replace the old ones', async () => {
    const u = await createTenantUser(database.db, tenant.id, { email: 'regen@locked.test', password: TEST_PASSWORD });
    const { secret, recoveryCodes, caller } = await enrol(u);
    const err = await rejection(caller.twoFactor.regenerateRecoveryCodes({ code: await wrongCode(secret) }));
    expect(describeTrpcError(err)).toMatchObject({ appCode: 'TWO_FACTOR_CODE_INVALID' });
    const fresh = await caller.twoFactor.regenerateRecoveryCodes({ code: await code(secret, 30) });
    expect(fresh.recoveryCodes).toHaveLength(10);
    expect(fresh.recoveryCodes).not.toContain(recoveryCodes[0]);
    const { caller: c2, out } = await passwordStep('regen@locked.test');
    const old = await rejection(c2.auth.verifyTwoFactor({ challenge: challengeOf(out), code: recoveryCodes[0]! }));
    expect(describeTrpcError(old)).toMatchObject({ appCode: 'TWO_FACTOR_CODE_INVALID' });
    expect((await auditActions(u.id)).map((a) => a.action)).toContain('auth.recovery_codes_regenerated');
  });

  it('turning it off needs a current code; afterwards the password alone signs in', async () => {
    const u = await createTenantUser(database.db, tenant.id, { email: 'off@locked.test', password: TEST_PASSWORD });
    const { secret, caller } = await enrol(u);
    const err = await rejection(caller.twoFactor.disable({ code: await wrongCode(secret) }));
    expect(describeTrpcError(err)).toMatchObject({ appCode: 'TWO_FACTOR_CODE_INVALID' });
    expect(await caller.twoFactor.status()).toMatchObject({ enabled: true });
    expect(await caller.twoFactor.disable({ code: await code(secret, 30) })).toEqual({ ok: true });
    expect(await caller.twoFactor.status()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    const left = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, u.id)),
    );
    expect(left).toEqual([]);
    expect((await passwordStep('off@locked.test')).out).toEqual({ home: expect.any(String) as unknown });
    expect((await auditActions(u.id)).map((a) => a.action)).toEqual(
      expect.arrayContaining(['auth.two_factor_failed', 'auth.two_factor_disabled']),
    );
  });
});

describe('row-level security', () => {
  it("another tenant cannot read a user's authenticator or recovery codes; pending sign-ins are system-path only", async () => {
    const u = await createTenantUser(database.db, tenant.id, { email: 'rls@locked.test', password: TEST_PASSWORD });
    await enrol(u);
    await passwordStep('rls@locked.test');
    const read = (tenantId: string) =>
      withTenant(database.db, tenantId, async (tx) => ({
        factors: (await tx.select().from(userTwoFactor).where(eq(userTwoFactor.userId, u.id))).length,
        codes: (
          await tx
            .select()
            .from(twoFactorRecoveryCodes)
            .where(and(eq(twoFactorRecoveryCodes.userId, u.id)))
        ).length,
      }));
    expect(await read(tenant.id)).toEqual({ factors: 1, codes: 10 });
    expect(await read(other.id)).toEqual({ factors: 0, codes: 0 });
    const denied = await dbError(withTenant(database.db, tenant.id, (tx) => tx.select().from(twoFactorChallenges)));
    expect(denied.message).toMatch(/permission denied/);
  });
});
