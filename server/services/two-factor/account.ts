import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { recordAudit } from '../../../db/audit';
import { userTwoFactor, users } from '../../../db/schema';
import type { TenantRunner } from '../../../db/tenant';
import { assertNotThrottled, recordFailure, type ThrottleLimits } from '../../auth/throttle';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import {
  consumeCode,
  deleteRecoveryCodes,
  enablePending,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  savePendingSecret,
} from './codes';
import { twoFactorRequiredFor } from './policy';
import { enrolmentPicture, newSecret } from './totp';

/** The signed-in user managing their own two-factor sign-in on the profile page, and where from. */
export interface AccountContext {
  db: Db;
  tenant: TenantRunner;
  user: { id: string; tenantId: string; email: string; userType: string };
  env: Pick<Env, 'ENCRYPTION_KEY'>;
  ip: string;
  userAgent?: string | null;
  limits: ThrottleLimits;
  now?: Date;
}

const origin = (acc: AccountContext) => ({
  actorUserId: acc.user.id,
  actorLabel: acc.user.email,
  ip: acc.ip,
  userAgent: acc.userAgent ?? null,
  tenantId: acc.user.tenantId,
  target: acc.user.email,
});

async function hasPassword(tx: Tx, userId: string) {
  const [u] = await tx.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return !!u?.hash;
}

/** What the profile shows: whether the section applies (a password account), whether it is on, codes left. */
export async function twoFactorStatus(acc: AccountContext) {
  return acc.tenant(async (tx) => {
    const [row] = await tx
      .select({ enabledAt: userTwoFactor.enabledAt })
      .from(userTwoFactor)
      .where(eq(userTwoFactor.userId, acc.user.id));
    const enabledAt = row?.enabledAt ?? null;
    return {
      available: await hasPassword(tx, acc.user.id),
      configured: !!acc.env.ENCRYPTION_KEY,
      enabled: !!enabledAt,
      enabledAt: enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: enabledAt ? await recoveryCodesLeft(tx, acc.user.id) : 0,
      required: await twoFactorRequiredFor(tx, acc.user),
    };
  });
}

/** A new secret to scan (QR code) or type in; two-factor sign-in turns on once a code from it is confirmed. */
export async function startEnrolment(acc: AccountContext) {
  const { secret, sealed } = newSecret(acc.env);
  const started = await acc.tenant(async (tx) => {
    if (!(await hasPassword(tx, acc.user.id)))
      throw new AppError('FORBIDDEN', 'Accounts that sign in through single sign-on have no two-factor sign-in here');
    return savePendingSecret(tx, { user: acc.user, sealed });
  });
  if (!started) throw new AppError('CONFLICT', 'Two-factor sign-in is already on');
  return enrolmentPicture(secret, acc.user.email);
}

/**
 * Runs `use` (which checks and uses up a code) in a tenant transaction, behind the account's
 * sign-in throttle. A wrong code writes `auth.two_factor_failed`, counts as a failed sign-in of
 * the account and the address, and is TWO_FACTOR_CODE_INVALID.
 */
async function withCode<T>(acc: AccountContext, use: (tx: Tx) => Promise<T | null>): Promise<T> {
  await assertNotThrottled(acc.db, acc.user.email, acc.ip);
  const result = await acc.tenant(async (tx) => {
    const r = await use(tx);
    if (r === null) await recordAudit(tx, { ...origin(acc), action: 'auth.two_factor_failed', outcome: 'failure' });
    return r;
  });
  if (result === null) {
    await recordFailure(acc.db, acc.user.email, acc.ip, acc.limits);
    throw new AppError('TWO_FACTOR_CODE_INVALID', 'The code is not valid');
  }
  return result;
}

/** Confirms the first code of a pending secret: two-factor sign-in is on; the recovery codes, shown once. */
export function confirmEnrolment(acc: AccountContext, code: string) {
  return withCode(acc, async (tx) => {
    const codes = await enablePending(tx, { env: acc.env, user: acc.user, code, now: acc.now });
    if (codes) await recordAudit(tx, { ...origin(acc), action: 'auth.two_factor_enrolled' });
    return codes;
  });
}

/** A current code (or an unused recovery code) in exchange for ten new recovery codes. */
export function regenerateRecoveryCodes(acc: AccountContext, code: string) {
  return withCode(acc, async (tx) => {
    const kind = await consumeCode(tx, { env: acc.env, userId: acc.user.id, code, now: acc.now });
    if (!kind) return null;
    if (kind === 'recovery') await recordAudit(tx, { ...origin(acc), action: 'auth.recovery_code_used' });
    const codes = await replaceRecoveryCodes(tx, acc.user);
    await recordAudit(tx, { ...origin(acc), action: 'auth.recovery_codes_regenerated' });
    return codes;
  });
}

/** Turns two-factor sign-in off with a current code; refused to an admin whose tenant requires it. */
export async function disableTwoFactor(acc: AccountContext, code: string) {
  if (await acc.tenant((tx) => twoFactorRequiredFor(tx, acc.user)))
    throw new AppError('TWO_FACTOR_REQUIRED', 'Your organization requires two-factor sign-in for admins');
  await withCode(acc, async (tx) => {
    const kind = await consumeCode(tx, { env: acc.env, userId: acc.user.id, code, now: acc.now });
    if (!kind) return null;
    if (kind === 'recovery') await recordAudit(tx, { ...origin(acc), action: 'auth.recovery_code_used' });
    await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, acc.user.id));
    await deleteRecoveryCodes(tx, acc.user.id);
    await recordAudit(tx, { ...origin(acc), action: 'auth.two_factor_disabled' });
    return true;
  });
}
