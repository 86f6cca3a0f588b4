import type { Db } from '../../../db/client';
import { recordAudit, type AuditEntry } from '../../../db/audit';
import { asSystem } from '../../../db/tenant';
import { createSession } from '../../auth/session';
import { recordSuccess } from '../../auth/throttle';
import type { UserType } from '../../contracts/enums';

export interface SignedInUser {
  id: string;
  tenantId: string;
  email: string;
  userType: UserType;
  passwordHash: string;
}

export type SignInOrigin = Pick<AuditEntry, 'actorUserId' | 'actorLabel' | 'ip' | 'userAgent'>;

/**
 * The last step of a password sign-in (after the second factor, when the user has one): the
 * account's failure count is cleared, the sign-in audited, and the session made, as long as the
 * password checked is still the user's.
 */
export async function finishSignIn(db: Db, user: SignedInUser, origin: SignInOrigin) {
  await recordSuccess(db, user.email);
  await asSystem(db, { action: 'auth.login_succeeded' }, (tx) =>
    recordAudit(tx, { ...origin, tenantId: user.tenantId, action: 'auth.sign_in' }),
  );
  return {
    userId: user.id,
    userType: user.userType,
    ...(await createSession(db, user.id, new Date(), { passwordHash: user.passwordHash })),
  };
}
