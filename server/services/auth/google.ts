import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import { asSystem } from '../../../db/tenant';
import { exchangeGoogleCode, type CodeExchange, type GoogleCallback, type GoogleClaims } from '../../auth/google';
import { createSession } from '../../auth/session';
import { AppError } from '../../errors';
import { ssoRequiredFor } from '../sso/policy';

export type { GoogleClaims } from '../../auth/google';

/**
 * Google signs in only existing users, matched by a verified email. Nothing is created here:
 * accounts come from an administrator.
 */
async function signInWithGoogleClaims(db: Db, claims: GoogleClaims) {
  if (typeof claims.email !== 'string' || claims.email_verified !== true) {
    throw new AppError('GOOGLE_FAILED', 'Google did not return a verified email');
  }
  const email = claims.email.trim().toLowerCase();
  const user = await asSystem(db, { action: 'auth.google' }, async (tx) => {
    const [u] = await tx
      .select({ id: users.id, tenantId: users.tenantId, userType: users.userType, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1);
    return u ? { ...u, ssoOnly: await ssoRequiredFor(tx, u) } : null;
  });
  if (!user) throw new AppError('GOOGLE_NO_ACCOUNT', 'No account uses this Google email');
  if (user.deactivatedAt) throw new AppError('ACCOUNT_DEACTIVATED', 'This account has been deactivated');
  if (user.ssoOnly) throw new AppError('SSO_REQUIRED', 'This organisation signs in with single sign-on');
  return { userId: user.id, ...(await createSession(db, user.id)) };
}

/** Checks state and PKCE verifier, then signs in an existing user by verified email. */
export async function finishGoogleSignIn({
  db,
  params,
  cookies,
  exchange,
}: GoogleCallback & {
  db: Db;
  exchange: CodeExchange;
}) {
  return signInWithGoogleClaims(db, await exchangeGoogleCode({ params, cookies }, exchange));
}
