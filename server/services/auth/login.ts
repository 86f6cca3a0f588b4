import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { clients, users } from '../../../db/schema';
import { recordAudit } from '../../../db/audit';
import { asSystem } from '../../../db/tenant';
import { verifyAgainstDummy, verifyPassword } from '../../auth/password';
import { assertNotThrottled, recordFailure, type ThrottleLimits } from '../../auth/throttle';
import { AppError } from '../../errors';
import { ssoRequiredFor } from '../sso/policy';
import { beginSecondStep } from '../two-factor/sign-in';
import { finishSignIn } from './finish-sign-in';

export interface LoginInput {
  email: string;
  password: string;
  ip: string;
  userAgent?: string;
}

/**
 * Email + password sign-in. A wrong password and an unknown email give the same error and take
 * the same argon2 time; repeated failures per account or address are throttled. A user with
 * two-factor sign-in (or an admin whose tenant requires it and who has none yet) gets no session
 * here but a pending sign-in to finish with a code (server/services/two-factor/sign-in.ts); the
 * sign-in is audited as a success only when the session is made.
 */
export async function loginWithPassword(db: Db, input: LoginInput, limits: ThrottleLimits) {
  const email = input.email.trim().toLowerCase();
  await assertNotThrottled(db, email, input.ip);
  const [user] = await asSystem(db, { action: 'auth.login' }, (tx) =>
    tx
      .select({
        id: users.id,
        tenantId: users.tenantId,
        passwordHash: users.passwordHash,
        userType: users.userType,
        deactivatedAt: users.deactivatedAt,
      })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1),
  );
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  const origin = { actorUserId: user?.id ?? null, actorLabel: email, ip: input.ip, userAgent: input.userAgent };
  if (!user || !ok) {
    await recordFailure(db, email, input.ip, limits);
    await asSystem(db, { action: 'auth.login_failed' }, (tx) =>
      recordAudit(tx, { ...origin, tenantId: user?.tenantId ?? null, action: 'auth.sign_in', outcome: 'failure' }),
    );
    throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
  }
  if (user.deactivatedAt) {
    // the right password of an account provisioning turned off: say so, it is not a typo
    await asSystem(db, { action: 'auth.login_deactivated' }, (tx) =>
      recordAudit(tx, {
        ...origin,
        tenantId: user.tenantId,
        action: 'auth.sign_in',
        outcome: 'failure',
        detail: 'deactivated',
      }),
    );
    throw new AppError('ACCOUNT_DEACTIVATED', 'This account has been deactivated');
  }
  const ssoOnly = await asSystem(db, { action: 'auth.login_policy' }, async (tx) => {
    if (!(await ssoRequiredFor(tx, user))) return false;
    await recordAudit(tx, {
      ...origin,
      tenantId: user.tenantId,
      action: 'auth.sign_in',
      outcome: 'failure',
      detail: 'single sign-on required',
    });
    return true;
  });
  if (ssoOnly) throw new AppError('SSO_REQUIRED', 'This organisation signs in with single sign-on');
  const signedIn = { ...user, email, passwordHash: user.passwordHash! };
  const second = await beginSecondStep(db, signedIn);
  if (second) return { kind: 'twoFactor' as const, ...second };
  return { kind: 'session' as const, ...(await finishSignIn(db, signedIn, origin)) };
}

/** Client info kept by the app after sign-in: name, default language and schema name. */
export async function clientInfoFor(db: Db, tenantId: string) {
  const [c] = await asSystem(db, { action: 'auth.client_info', tenantId }, (tx) =>
    tx
      .select({
        client_name: clients.name,
        client_default_language: clients.defaultLanguage,
        client_schema: clients.schemaName,
      })
      .from(clients)
      .where(eq(clients.id, tenantId))
      .limit(1),
  );
  if (!c) throw new AppError('NOT_FOUND', 'Client not found');
  return c;
}
