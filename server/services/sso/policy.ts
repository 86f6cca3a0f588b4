import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { securitySettings } from '../../../db/schema';
import type { UserType } from '../../contracts/enums';

/**
 * Whether this account must sign in through its organisation's single sign-on: the tenant turned
 * "require SSO" on, and it is not a superuser (who always keeps a password, so nobody is locked
 * out of the product by one tenant's identity provider).
 */
export async function ssoRequiredFor(tx: Tx, who: { tenantId: string; userType: UserType }): Promise<boolean> {
  if (who.userType === 'superuser') return false;
  const [s] = await tx
    .select({ requireSso: securitySettings.requireSso })
    .from(securitySettings)
    .where(eq(securitySettings.tenantId, who.tenantId));
  return s?.requireSso ?? false;
}
