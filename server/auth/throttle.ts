import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginThrottle } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import type { Env } from '../env';
import { AppError } from '../errors';

export interface ThrottleLimits {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}

/** The operator's limits (LOGIN_MAX_FAILURES_PER_ACCOUNT, …_PER_ADDRESS, LOGIN_WINDOW_MINUTES). */
export function loginLimits(
  env: Pick<Env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT' | 'LOGIN_MAX_FAILURES_PER_ADDRESS' | 'LOGIN_WINDOW_MINUTES'>,
): ThrottleLimits {
  return {
    perAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    perAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
    windowMs: env.LOGIN_WINDOW_MINUTES * 60_000,
  };
}

const accountKey = (email: string) => `acct:${email.trim().toLowerCase()}`;
const addressKey = (ip: string) => `addr:${ip}`;

/** Throws TOO_MANY_REQUESTS (with retryAfterSeconds) while the account or the address is locked. */
export async function assertNotThrottled(db: Db, email: string, ip: string, now = new Date()): Promise<void> {
  const rows = await asSystem(db, { action: 'auth.throttle.check' }, (tx) =>
    tx
      .select()
      .from(loginThrottle)
      .where(inArray(loginThrottle.key, [accountKey(email), addressKey(ip)])),
  );
  const lockedUntil = rows
    .map((r) => r.lockedUntil?.getTime() ?? 0)
    .filter((t) => t > now.getTime())
    .sort((a, b) => b - a)[0];
  if (lockedUntil) {
    const retryAfterSeconds = Math.max(1, Math.ceil((lockedUntil - now.getTime()) / 1000));
    throw new AppError('TOO_MANY_REQUESTS', 'Too many failed sign-in attempts', { retryAfterSeconds });
  }
}

export async function recordFailure(
  db: Db,
  email: string,
  ip: string,
  limits: ThrottleLimits,
  now = new Date(),
): Promise<void> {
  await asSystem(db, { action: 'auth.throttle.fail' }, async (tx) => {
    for (const [key, max] of [
      [accountKey(email), limits.perAccount],
      [addressKey(ip), limits.perAddress],
    ] as const) {
      const [row] = await tx.select().from(loginThrottle).where(eq(loginThrottle.key, key)).for('update');
      const windowExpired = !row || now.getTime() - row.windowStart.getTime() > limits.windowMs;
      const failures = windowExpired ? 1 : row.failures + 1;
      const windowStart = windowExpired ? now : row.windowStart;
      const lockedUntil = failures >= max ? new Date(now.getTime() + limits.windowMs) : null;
      await tx
        .insert(loginThrottle)
        .values({ key, failures, windowStart, lockedUntil })
        .onConflictDoUpdate({ target: loginThrottle.key, set: { failures, windowStart, lockedUntil } });
    }
  });
}

/** A successful sign-in clears the account's counter (not the address's). */
export async function recordSuccess(db: Db, email: string): Promise<void> {
  await asSystem(db, { action: 'auth.throttle.clear' }, (tx) =>
    tx.delete(loginThrottle).where(eq(loginThrottle.key, accountKey(email))),
  );
}
