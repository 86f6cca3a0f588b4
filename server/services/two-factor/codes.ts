import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { twoFactorRecoveryCodes, userTwoFactor } from '../../../db/schema';
import type { Env } from '../../env';
import { acceptedTimeStep, isTotpCode, newRecoveryCodes, openSecret, recoveryCodeHash } from './totp';

export type CodeKind = 'totp' | 'recovery';

/**
 * Checks a code of a user whose two-factor sign-in is on and uses it up: a six-digit code moves
 * the last accepted time step forward (so it never works again), a recovery code is marked used.
 * The authenticator row is locked first, so two requests with one code cannot both pass. Returns
 * what kind of code it was, or null when it is not valid.
 */
export async function consumeCode(
  tx: Tx,
  opts: { env: Pick<Env, 'ENCRYPTION_KEY'>; userId: string; code: string; now?: Date },
): Promise<CodeKind | null> {
  const [row] = await tx
    .select({
      id: userTwoFactor.id,
      secretSealed: userTwoFactor.secretSealed,
      lastTimeStep: userTwoFactor.lastTimeStep,
    })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, opts.userId), isNotNull(userTwoFactor.enabledAt)))
    .for('update');
  if (!row) return null;
  const code = opts.code.trim();
  if (isTotpCode(code)) {
    const step = await acceptedTimeStep({
      secret: openSecret(opts.env, row.secretSealed),
      code,
      afterTimeStep: row.lastTimeStep,
      now: opts.now ?? new Date(),
    });
    if (step === null) return null;
    await tx
      .update(userTwoFactor)
      .set({ lastTimeStep: step, updatedAt: new Date() })
      .where(eq(userTwoFactor.id, row.id));
    return 'totp';
  }
  const used = await tx
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: opts.now ?? new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, opts.userId),
        eq(twoFactorRecoveryCodes.codeHash, recoveryCodeHash(code)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length ? 'recovery' : null;
}

/** A new set of recovery codes for the user (the old ones stop working); the codes, to show once. */
export async function replaceRecoveryCodes(tx: Tx, user: { id: string; tenantId: string }): Promise<string[]> {
  const codes = newRecoveryCodes();
  await deleteRecoveryCodes(tx, user.id);
  await tx
    .insert(twoFactorRecoveryCodes)
    .values(codes.map((c) => ({ tenantId: user.tenantId, userId: user.id, codeHash: recoveryCodeHash(c) })));
  return codes;
}

export async function deleteRecoveryCodes(tx: Tx, userId: string): Promise<void> {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
}

/** Recovery codes the user has not used yet. */
export async function recoveryCodesLeft(tx: Tx, userId: string): Promise<number> {
  const [r] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return r?.n ?? 0;
}

/**
 * Starts (or restarts) setting up an authenticator: a new secret kept sealed until the user
 * confirms a code from it. A user whose two-factor sign-in is already on is refused.
 */
export async function savePendingSecret(
  tx: Tx,
  opts: { user: { id: string; tenantId: string }; sealed: string },
): Promise<boolean> {
  const [existing] = await tx
    .select({ enabledAt: userTwoFactor.enabledAt })
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, opts.user.id))
    .for('update');
  if (existing?.enabledAt) return false;
  await tx
    .insert(userTwoFactor)
    .values({ tenantId: opts.user.tenantId, userId: opts.user.id, secretSealed: opts.sealed })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secretSealed: opts.sealed, enabledAt: null, lastTimeStep: null, updatedAt: new Date() },
    });
  return true;
}

/**
 * Turns two-factor sign-in on when the code is one of the pending secret's: records its time step
 * (so it cannot be used again to sign in) and makes the recovery codes. Null on a wrong code or
 * when nothing is pending.
 */
export async function enablePending(
  tx: Tx,
  opts: { env: Pick<Env, 'ENCRYPTION_KEY'>; user: { id: string; tenantId: string }; code: string; now?: Date },
): Promise<string[] | null> {
  const now = opts.now ?? new Date();
  const [row] = await tx
    .select({ id: userTwoFactor.id, secretSealed: userTwoFactor.secretSealed, enabledAt: userTwoFactor.enabledAt })
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, opts.user.id))
    .for('update');
  if (!row || row.enabledAt) return null;
  const step = await acceptedTimeStep({
    secret: openSecret(opts.env, row.secretSealed),
    code: opts.code.trim(),
    afterTimeStep: null,
    now,
  });
  if (step === null) return null;
  await tx
    .update(userTwoFactor)
    .set({ enabledAt: now, lastTimeStep: step, updatedAt: now })
    .where(eq(userTwoFactor.id, row.id));
  return replaceRecoveryCodes(tx, opts.user);
}

/** Whether the user's two-factor sign-in is on. */
export async function isTwoFactorEnabled(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: userTwoFactor.id })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt)));
  return !!row;
}
