import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { recordAudit } from '../../../db/audit';
import { twoFactorChallenges, users, type TwoFactorStep } from '../../../db/schema';
import { asSystem } from '../../../db/tenant';
import { assertNotThrottled, recordFailure, type ThrottleLimits } from '../../auth/throttle';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { finishSignIn, type SignedInUser } from '../auth/finish-sign-in';
import { consumeCode, enablePending, isTwoFactorEnabled, savePendingSecret } from './codes';
import { twoFactorRequiredFor } from './policy';
import { challengeId, enrolmentPicture, newChallengeToken, newSecret, passwordTag } from './totp';

/** How long a pending two-factor sign-in waits for its code. */
const CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong codes one pending sign-in takes before the password must be entered again. */
const CHALLENGE_MAX_ATTEMPTS = 5;

/**
 * After a right password: `verify` when the user has two-factor sign-in on, `enrol` when they are
 * an admin of a tenant that requires it and have none yet, else null (sign in at once).
 */
async function secondStepFor(tx: Tx, user: { id: string; tenantId: string; userType: string }) {
  if (await isTwoFactorEnabled(tx, user.id)) return 'verify' as const;
  if (await twoFactorRequiredFor(tx, user)) return 'enrol' as const;
  return null;
}

/** Opens a pending sign-in for the user; the token goes to the browser, only its SHA-256 is kept. */
async function openChallenge(
  tx: Tx,
  opts: { user: { id: string; tenantId: string; passwordHash: string }; step: TwoFactorStep; now?: Date },
): Promise<string> {
  const now = opts.now ?? new Date();
  const { token, id } = newChallengeToken();
  // expired ones of anyone go now; they are never read again
  await tx.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, now));
  await tx.insert(twoFactorChallenges).values({
    id,
    tenantId: opts.user.tenantId,
    userId: opts.user.id,
    step: opts.step,
    passwordTag: passwordTag(opts.user.passwordHash),
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return token;
}

export interface SecondStepInput {
  challenge: string;
  code: string;
  env: Pick<Env, 'ENCRYPTION_KEY'>;
  ip: string;
  userAgent?: string | null;
  limits: ThrottleLimits;
}

const invalidChallenge = () =>
  new AppError('TWO_FACTOR_CHALLENGE_INVALID', 'This sign-in has expired; enter your password again');

/** The pending sign-in's user (locked for this transaction), or TWO_FACTOR_CHALLENGE_INVALID. */
async function lockChallenge(tx: Tx, token: string, step: TwoFactorStep) {
  const [row] = await tx
    .select({
      id: twoFactorChallenges.id,
      attempts: twoFactorChallenges.attempts,
      expiresAt: twoFactorChallenges.expiresAt,
      passwordTag: twoFactorChallenges.passwordTag,
      step: twoFactorChallenges.step,
      user: {
        id: users.id,
        tenantId: users.tenantId,
        email: users.email,
        userType: users.userType,
        passwordHash: users.passwordHash,
        deactivatedAt: users.deactivatedAt,
      },
    })
    .from(twoFactorChallenges)
    .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
    .where(eq(twoFactorChallenges.id, challengeId(token)))
    .for('update', { of: twoFactorChallenges });
  const u = row?.user;
  if (
    !row ||
    row.step !== step ||
    row.expiresAt.getTime() <= Date.now() ||
    !u?.passwordHash ||
    u.deactivatedAt ||
    passwordTag(u.passwordHash) !== row.passwordTag
  )
    throw invalidChallenge();
  return { challengeId: row.id, attempts: row.attempts, user: { ...u, passwordHash: u.passwordHash } };
}

/** The e-mail of a pending sign-in's account (for the throttle before any code is checked). */
async function challengeEmail(db: Db, token: string): Promise<string> {
  const [row] = await asSystem(db, { action: 'auth.two_factor.challenge' }, (tx) =>
    tx
      .select({ email: users.email })
      .from(twoFactorChallenges)
      .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
      .where(and(eq(twoFactorChallenges.id, challengeId(token)), sql`${twoFactorChallenges.expiresAt} > now()`)),
  );
  if (!row) throw invalidChallenge();
  return row.email;
}

/**
 * Checks a code against a pending sign-in in one system transaction. A right one ends the pending
 * sign-in; a wrong one is counted on it (the last allowed one ends it) and audited.
 */
async function attempt<T>(
  db: Db,
  input: SecondStepInput & { step: TwoFactorStep },
  check: (tx: Tx, user: SignedInUser) => Promise<T | null>,
) {
  const email = await challengeEmail(db, input.challenge);
  await assertNotThrottled(db, email, input.ip);
  const outcome = await asSystem(db, { action: `auth.two_factor.${input.step}` }, async (tx) => {
    const c = await lockChallenge(tx, input.challenge, input.step);
    const origin = { actorUserId: c.user.id, actorLabel: c.user.email, ip: input.ip, userAgent: input.userAgent };
    const value = await check(tx, c.user);
    if (value !== null) {
      await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, c.challengeId));
      return { ok: true as const, value, user: c.user, origin };
    }
    const attempts = c.attempts + 1;
    if (attempts >= CHALLENGE_MAX_ATTEMPTS)
      await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, c.challengeId));
    else await tx.update(twoFactorChallenges).set({ attempts }).where(eq(twoFactorChallenges.id, c.challengeId));
    await recordAudit(tx, {
      ...origin,
      tenantId: c.user.tenantId,
      action: 'auth.two_factor_failed',
      target: c.user.email,
      outcome: 'failure',
      detail: input.step,
    });
    return { ok: false as const, attemptsLeft: CHALLENGE_MAX_ATTEMPTS - attempts };
  });
  if (!outcome.ok) {
    await recordFailure(db, email, input.ip, input.limits);
    if (outcome.attemptsLeft <= 0)
      throw new AppError('TWO_FACTOR_ATTEMPTS_EXHAUSTED', 'Too many wrong codes; enter your password again');
    throw new AppError('TWO_FACTOR_CODE_INVALID', 'The code is not valid', { attemptsLeft: outcome.attemptsLeft });
  }
  return outcome;
}

/** The second step of a sign-in: a code from the authenticator or an unused recovery code; then the session. */
export async function verifySignIn(db: Db, input: SecondStepInput) {
  const r = await attempt(db, { ...input, step: 'verify' }, async (tx, user) => {
    const kind = await consumeCode(tx, { env: input.env, userId: user.id, code: input.code });
    if (kind === 'recovery')
      await recordAudit(tx, {
        actorUserId: user.id,
        actorLabel: user.email,
        ip: input.ip,
        userAgent: input.userAgent,
        tenantId: user.tenantId,
        action: 'auth.recovery_code_used',
        target: user.email,
      });
    return kind;
  });
  return finishSignIn(db, r.user, r.origin);
}

/** An admin who must set up two-factor sign-in before signing in: the secret to scan, from the pending sign-in. */
export async function startSignInEnrolment(
  db: Db,
  input: Pick<SecondStepInput, 'challenge' | 'env'>,
): Promise<{ secret: string; qrDataUrl: string }> {
  const { secret, sealed } = newSecret(input.env);
  const email = await asSystem(db, { action: 'auth.two_factor.enrol_start' }, async (tx) => {
    const c = await lockChallenge(tx, input.challenge, 'enrol');
    await savePendingSecret(tx, { user: c.user, sealed });
    return c.user.email;
  });
  return enrolmentPicture(secret, email);
}

/** Confirms the first code of the admin's new authenticator: two-factor sign-in on, the session, the recovery codes. */
export async function confirmSignInEnrolment(db: Db, input: SecondStepInput) {
  const r = await attempt(db, { ...input, step: 'enrol' }, async (tx, user) => {
    const codes = await enablePending(tx, { env: input.env, user, code: input.code });
    if (codes)
      await recordAudit(tx, {
        actorUserId: user.id,
        actorLabel: user.email,
        ip: input.ip,
        userAgent: input.userAgent,
        tenantId: user.tenantId,
        action: 'auth.two_factor_enrolled',
        target: user.email,
      });
    return codes;
  });
  return { ...(await finishSignIn(db, r.user, r.origin)), recoveryCodes: r.value };
}

/**
 * After a right password: the second step the user needs (see secondStepFor) with a new pending
 * sign-in for it, or null when they sign in at once.
 */
export function beginSecondStep(
  db: Db,
  user: { id: string; tenantId: string; userType: string; passwordHash: string },
) {
  return asSystem(db, { action: 'auth.two_factor.begin', tenantId: user.tenantId }, async (tx) => {
    const step = await secondStepFor(tx, user);
    return step ? { step, challenge: await openChallenge(tx, { user, step }) } : null;
  });
}
