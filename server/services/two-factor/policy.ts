import { and, eq, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { recordAudit, type AuditEntry } from '../../../db/audit';
import { securitySettings, userTwoFactor, users } from '../../../db/schema';
import type { Env } from '../../env';
import { encryptionKey } from './totp';

type Origin = Pick<AuditEntry, 'actorUserId' | 'actorLabel' | 'ip' | 'userAgent'>;

/** Whether the tenant requires its admins to sign in with a second factor (Admin → Security). */
async function adminTwoFactorRequired(tx: Tx, tenantId: string): Promise<boolean> {
  const [row] = await tx
    .select({ on: securitySettings.requireAdminTwoFactor })
    .from(securitySettings)
    .where(eq(securitySettings.tenantId, tenantId));
  return row?.on ?? false;
}

/** Whether this user must have two-factor sign-in: an admin of a tenant that requires it (never a superuser). */
export async function twoFactorRequiredFor(tx: Tx, user: { tenantId: string; userType: string }): Promise<boolean> {
  return user.userType === 'admin' && (await adminTwoFactorRequired(tx, user.tenantId));
}

/** The switch and how many of the tenant's active admins who sign in with a password have not set it up. */
export async function twoFactorPolicy(tx: Tx, tenantId: string) {
  const [r] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.userType, 'admin'),
        isNull(users.deactivatedAt),
        isNotNull(users.passwordHash),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(userTwoFactor)
            .where(and(eq(userTwoFactor.userId, users.id), isNotNull(userTwoFactor.enabledAt))),
        ),
      ),
    );
  return { requireAdminTwoFactor: await adminTwoFactorRequired(tx, tenantId), adminsWithoutTwoFactor: r?.n ?? 0 };
}

/**
 * Turns the requirement on or off, writing only its own column of the tenant's security settings.
 * It cannot be turned on while the server has no ENCRYPTION_KEY: no admin could set a factor up.
 */
export async function setAdminTwoFactorRequired(
  tx: Tx,
  opts: { tenantId: string; required: boolean; env: Pick<Env, 'ENCRYPTION_KEY'>; origin: Origin },
) {
  if (opts.required) encryptionKey(opts.env);
  const before = await adminTwoFactorRequired(tx, opts.tenantId);
  await tx
    .insert(securitySettings)
    .values({ tenantId: opts.tenantId, requireAdminTwoFactor: opts.required })
    .onConflictDoUpdate({
      target: securitySettings.tenantId,
      set: { requireAdminTwoFactor: opts.required, updatedAt: new Date() },
    });
  if (before !== opts.required)
    await recordAudit(tx, {
      ...opts.origin,
      tenantId: opts.tenantId,
      action: 'security.admin_two_factor_required',
      detail: opts.required ? 'on' : 'off',
    });
  return twoFactorPolicy(tx, opts.tenantId);
}
