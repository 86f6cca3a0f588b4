import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import { asSystem } from '../../../db/tenant';
import { createSession } from '../../auth/session';
import { AppError } from '../../errors';

export interface GoogleClaims {
  email?: unknown;
  email_verified?: unknown;
  sub?: unknown;
}

/**
 * Google signs in only existing users, matched by a verified email. Nothing is created here:
 * accounts come from an administrator.
 */
export async function signInWithGoogleClaims(db: Db, claims: GoogleClaims) {
  if (typeof claims.email !== 'string' || claims.email_verified !== true) {
    throw new AppError('GOOGLE_FAILED', 'Google did not return a verified email');
  }
  const email = claims.email.trim().toLowerCase();
  const [user] = await asSystem(db, { action: 'auth.google' }, (tx) =>
    tx.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email)).limit(1),
  );
  if (!user) throw new AppError('GOOGLE_NO_ACCOUNT', 'No account uses this Google email');
  return { userId: user.id, ...(await createSession(db, user.id)) };
}
