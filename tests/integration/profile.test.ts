import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { createSession } from '../../server/auth/session';
import { asSystem, withTenant, type TenantRunner } from '../../db/tenant';
import { hashPassword, verifyPassword } from '../../server/auth/password';
import { changePassword } from '../../server/services/profile/profile';
import type { AppDeps } from '../../server/deps';
import { accessProcedure, createCallerFactory, router } from '../../server/trpc/init';
import { createTestContext } from '../../server/trpc/context';
import {
  anonymousCaller,
  describeTrpcError,
  rejection,
  signIn,
  signedInCaller,
  testDeps,
  toSessionUser,
  type UserRow,
} from '../helpers/app';
import { rowById, useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser, TEST_PASSWORD } from '../helpers/factories';

const database = useTestDatabase();
let deps: AppDeps;
let strictDeps: AppDeps;
let tenantId: string;
let rep: UserRow;
let manager: UserRow;
let superuser: UserRow;
let noRole: UserRow;

const userRow = (id: string) => rowById(database.db, users, id);
const sessionIds = async (userId: string) =>
  (
    await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)),
    )
  ).map((r) => r.id);

beforeAll(async () => {
  deps = await testDeps(database);
  strictDeps = await testDeps(database, {
    PASSWORD_POLICY: JSON.stringify({ schemaVersion: 1, minLength: 8, requireUppercase: true, requireNumeric: true }),
  });
  const tenant = await createTenant(database.db, { name: 'Acme' });
  const internal = await createTenant(database.db, { name: 'Internal', type: 'internal' });
  tenantId = tenant.id;
  rep = await createTenantUser(database.db, tenant.id, {
    email: 'rep@acme.test',
    username: 'riley',
    userType: 'sales_rep',
    password: TEST_PASSWORD,
  });
  manager = await createTenantUser(database.db, tenant.id, {
    email: 'manager@acme.test',
    username: 'morgan',
    userType: 'manager',
  });
  noRole = await createTenantUser(database.db, tenant.id, { email: 'plain@acme.test', userType: 'user' });
  superuser = await createTenantUser(database.db, internal.id, {
    email: 'root@internal.test',
    username: 'root',
    userType: 'superuser',
  });
});

describe('procedure ladder', () => {
  // A tiny router over the real ladder, so the check is on accessProcedure itself.
  const testRouter = router({
    managersOnly: accessProcedure({ roles: ['sales_manager'] }).query(({ ctx }) => ({
      tenantId: ctx.tenantId,
      userId: ctx.user.id,
    })),
    adminsOnly: accessProcedure({ roles: ['admin'] })
      .input(z.object({ n: z.number() }))
      .query(({ input }) => input.n * 2),
  });
  const call = createCallerFactory(testRouter);

  it('profile.get without a user is UNAUTHORIZED', async () => {
    const e = describeTrpcError(await rejection(anonymousCaller(deps).caller.profile.get()));
    expect(e).toMatchObject({ trpcCode: 'UNAUTHORIZED', httpStatus: 401, appCode: 'UNAUTHENTICATED' });
  });

  it('a role check denies with FORBIDDEN', async () => {
    const e = describeTrpcError(await rejection(call(createTestContext(deps, toSessionUser(rep))).managersOnly()));
    expect(e).toMatchObject({ trpcCode: 'FORBIDDEN', httpStatus: 403, appCode: 'FORBIDDEN' });
    // a user with no role at all is denied too
    const e2 = describeTrpcError(await rejection(call(createTestContext(deps, toSessionUser(noRole))).managersOnly()));
    expect(e2.appCode).toBe('FORBIDDEN');
    const e3 = describeTrpcError(await rejection(call(createTestContext(deps, null)).managersOnly()));
    expect(e3.appCode).toBe('UNAUTHENTICATED');
  });

  it('the allowed role passes, inside its tenant', async () => {
    expect(await call(createTestContext(deps, toSessionUser(manager))).managersOnly()).toEqual({
      tenantId,
      userId: manager.id,
    });
  });

  it('a facilitator has the manager role', async () => {
    const facilitator = await createTenantUser(database.db, tenantId, { userType: 'facilitator' });
    expect(await call(createTestContext(deps, toSessionUser(facilitator))).managersOnly()).toMatchObject({
      userId: facilitator.id,
    });
  });

  it('a superuser passes every role check', async () => {
    const su = call(createTestContext(deps, toSessionUser(superuser)));
    expect(await su.managersOnly()).toEqual({ tenantId: superuser.tenantId, userId: superuser.id });
    expect(await su.adminsOnly({ n: 21 })).toBe(42);
  });
});

describe('profile', () => {
  it('get returns the own profile with the role', async () => {
    expect(await signedInCaller(deps, rep).profile.get()).toEqual({
      user_id: rep.id,
      username: 'riley',
      email: 'rep@acme.test',
      display_name: null,
      user_type: 'sales_rep',
      user_language: null,
      photo_url: null,
      role: 'sales_rep',
    });
  });

  it('update: a username taken in the same tenant is a CONFLICT (case-insensitive)', async () => {
    const e = describeTrpcError(await rejection(signedInCaller(deps, rep).profile.update({ username: 'MORGAN' })));
    expect(e).toMatchObject({
      trpcCode: 'CONFLICT',
      httpStatus: 409,
      appCode: 'CONFLICT',
      details: { field: 'username' },
    });
    expect((await userRow(rep.id)).username).toBe('riley');
  });

  it("update: another tenant's username is free to take; display name is saved", async () => {
    const out = await signedInCaller(deps, rep).profile.update({ username: 'root', displayName: 'Riley R.' });
    expect(out).toMatchObject({ username: 'root', display_name: 'Riley R.' });
    const row = await userRow(rep.id);
    expect([row.username, row.displayName]).toEqual(['root', 'Riley R.']);
    await signedInCaller(deps, rep).profile.update({ username: 'riley' });
  });

  it('update: an invalid username is a 400', async () => {
    const e = describeTrpcError(await rejection(signedInCaller(deps, rep).profile.update({ username: 'has space' })));
    expect(e).toMatchObject({ trpcCode: 'BAD_REQUEST', httpStatus: 400 });
  });

  it('setLanguage persists', async () => {
    expect(await signedInCaller(deps, rep).profile.setLanguage({ user_language: 'pt-BR' })).toEqual({ ok: true });
    expect((await userRow(rep.id)).language).toBe('pt-BR');
    const e = describeTrpcError(
      await rejection(signedInCaller(deps, rep).profile.setLanguage({ user_language: 'fr' as 'en' })),
    );
    expect(e.httpStatus).toBe(400);
    expect((await userRow(rep.id)).language).toBe('pt-BR');
  });

  it('changePassword with a wrong current password is WRONG_PASSWORD and changes nothing', async () => {
    const before = (await userRow(rep.id)).passwordHash;
    const e = describeTrpcError(
      await rejection(
        signedInCaller(deps, rep).profile.changePassword({ currentPassword: 'nope', newPassword: 'Another-Pass-1' }),
      ),
    );
    expect(e).toMatchObject({ appCode: 'WRONG_PASSWORD', httpStatus: 400, details: { field: 'currentPassword' } });
    expect((await userRow(rep.id)).passwordHash).toBe(before);
  });

  it('changePassword against the policy is PASSWORD_POLICY with the broken rules', async () => {
    const e = describeTrpcError(
      await rejection(
        signedInCaller(strictDeps, rep).profile.changePassword({
          currentPassword: TEST_PASSWORD,
          newPassword: 'lowercaseonly',
        }),
      ),
    );
    expect(e).toMatchObject({ appCode: 'PASSWORD_POLICY', httpStatus: 400 });
    expect(e.details?.rules).toEqual(['uppercase', 'numeric']);
    expect(await verifyPassword((await userRow(rep.id)).passwordHash!, TEST_PASSWORD)).toBe(true);
  });

  it('changePassword succeeds: new hash, and the other sessions are signed out', async () => {
    const here = await signIn(strictDeps, rep);
    const elsewhere = await signIn(strictDeps, rep);
    const oldHash = (await userRow(rep.id)).passwordHash;
    expect(
      await here.caller.profile.changePassword({ currentPassword: TEST_PASSWORD, newPassword: 'Brand-New-Pass-9' }),
    ).toEqual({ ok: true });
    const newHash = (await userRow(rep.id)).passwordHash!;
    expect(newHash).not.toBe(oldHash);
    expect(newHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(newHash, 'Brand-New-Pass-9')).toBe(true);
    expect(await verifyPassword(newHash, TEST_PASSWORD)).toBe(false);
    const left = await sessionIds(rep.id);
    expect(left).toContain(here.sessionId);
    expect(left).not.toContain(elsewhere.sessionId);
    // and the new password signs in
    const { caller } = anonymousCaller(deps, { ip: '10.9.9.9' });
    expect(await caller.auth.login({ email: 'rep@acme.test', password: 'Brand-New-Pass-9' })).toEqual({
      home: '/assignments/sr',
    });
  });

  it('a sign-in that verified a password changed meanwhile gets no session', async () => {
    const before = await sessionIds(rep.id);
    const current = (await userRow(rep.id)).passwordHash!;
    // the hash the sign-in checked is not the user's any more (a change committed during argon2)
    const e = await createSession(database.db, rep.id, new Date(), { passwordHash: current + 'x' }).then(
      () => null,
      (err: unknown) => err as { code?: string },
    );
    expect(e?.code).toBe('INVALID_CREDENTIALS');
    expect(await sessionIds(rep.id)).toEqual(before);
    // the current one still signs in
    await createSession(database.db, rep.id, new Date(), { passwordHash: current });
    expect((await sessionIds(rep.id)).length).toBe(before.length + 1);
  });

  it('a password change that verified a password changed meanwhile writes nothing', async () => {
    const elsewhere = await hashPassword('Changed-Elsewhere-1');
    const sessionsBefore = await sessionIds(rep.id);
    // argon2 runs between the read and the write: another change commits in that gap
    let step = 0;
    const tenant: TenantRunner = async (fn) => {
      if (step++ === 1)
        await asSystem(database.db, { action: 'test' }, (tx) =>
          tx.update(users).set({ passwordHash: elsewhere }).where(eq(users.id, rep.id)),
        );
      return withTenant(database.db, tenantId, fn);
    };
    const e = await changePassword({
      tenant,
      userId: rep.id,
      input: { currentPassword: 'Brand-New-Pass-9', newPassword: 'Third-Pass-7' },
      policy: deps.env.passwordPolicy,
    }).then(
      () => null,
      (err: unknown) => err as { code?: string },
    );
    expect(step).toBe(2);
    expect(e?.code).toBe('WRONG_PASSWORD');
    expect((await userRow(rep.id)).passwordHash).toBe(elsewhere);
    expect(await sessionIds(rep.id)).toEqual(sessionsBefore);
  });
});
