import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { recordAudit } from '../../../db/audit';
import { securitySettings, ssoDomains, users, type SsoProtocol } from '../../../db/schema';
import { asSystem } from '../../../db/tenant';
import { createSession } from '../../auth/session';
import { homePathFor, roleOf } from '../../contracts/roles';
import type { SsoErrorReason } from '../../contracts/sso';

/** A single sign-on that did not complete, with the reason the sign-in page shows (`?sso_error=`). */
export class SsoFailure extends Error {
  constructor(
    readonly reason: SsoErrorReason,
    message: string,
  ) {
    super(message);
  }
}

/** What an identity provider said about the person, after its answer was checked. */
export interface SsoIdentity {
  tenantId: string;
  protocol: SsoProtocol;
  email: string;
  /** The provider vouches for the address (OIDC `email_verified`); SAML says nothing, so false. */
  emailVerified: boolean;
  name?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

const domainOf = (email: string) => email.split('@')[1] ?? '';

/** A free username in the tenant from the address's local part: `ana`, then `ana2`, `ana3`… */
export async function freeUsername(tx: Tx, tenantId: string, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? 'user').replace(/[^a-z0-9._-]/gi, '').slice(0, 40) || 'user';
  const taken = await tx
    .select({ u: sql<string>`lower(${users.username})` })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sql`lower(${users.username}) like ${`${base.toLowerCase()}%`}`));
  const names = new Set(taken.map((r) => r.u));
  if (!names.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!names.has(`${base.toLowerCase()}${n}`)) return `${base}${n}`;
}

/**
 * Signs a person in after their identity provider answered. The address is trusted only when the
 * provider verified it or its domain is one of the tenant's verified domains. An account with that
 * address in this tenant is signed in (unless deactivated); in another tenant, refused; none, made
 * on the spot with the tenant's single sign-on user type (never admin), without a password.
 * Every outcome is in the audit log.
 */
export async function completeSsoSignIn(db: Db, who: SsoIdentity) {
  const email = who.email.trim().toLowerCase();
  const origin = { actorLabel: email, ip: who.ip ?? null, userAgent: who.userAgent ?? null };
  const refuse = async (reason: SsoErrorReason, detail: string): Promise<never> => {
    await asSystem(db, { action: 'sso.refused' }, (tx) =>
      recordAudit(tx, {
        ...origin,
        tenantId: who.tenantId,
        action: `auth.sso_sign_in`,
        outcome: 'failure',
        detail: `${who.protocol}: ${detail}`,
      }),
    );
    throw new SsoFailure(reason, detail);
  };
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    return refuse('failed', 'the identity provider sent no e-mail address');

  const found = await asSystem(db, { action: 'sso.sign_in', tenantId: who.tenantId }, async (tx) => {
    const [domain] = await tx
      .select({ id: ssoDomains.id })
      .from(ssoDomains)
      .where(
        and(
          eq(ssoDomains.tenantId, who.tenantId),
          eq(sql`lower(${ssoDomains.domain})`, domainOf(email)),
          isNotNull(ssoDomains.verifiedAt),
        ),
      )
      .limit(1);
    if (!who.emailVerified && !domain)
      return { kind: 'refused', reason: 'not_verified', why: 'the e-mail address is not verified' } as const;
    const [existing] = await tx
      .select({ id: users.id, tenantId: users.tenantId, userType: users.userType, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1);
    if (existing) {
      if (existing.tenantId !== who.tenantId)
        return { kind: 'refused', reason: 'other_tenant', why: 'the account belongs to another organisation' } as const;
      if (existing.userType === 'superuser')
        return { kind: 'refused', reason: 'failed', why: 'a superuser signs in with a password' } as const;
      if (existing.deactivatedAt) return { kind: 'deactivated' } as const;
      await recordAudit(tx, {
        ...origin,
        actorUserId: existing.id,
        tenantId: who.tenantId,
        action: 'auth.sso_sign_in',
      });
      return { kind: 'ok', userId: existing.id, userType: existing.userType, created: false } as const;
    }
    const [settings] = await tx
      .select({ userType: securitySettings.ssoUserType })
      .from(securitySettings)
      .where(eq(securitySettings.tenantId, who.tenantId));
    const userType = settings?.userType && settings.userType !== 'admin' ? settings.userType : 'user';
    const [row] = await tx
      .insert(users)
      .values({
        tenantId: who.tenantId,
        email,
        username: await freeUsername(tx, who.tenantId, email),
        displayName: who.name?.trim().slice(0, 200) || null,
        userType: userType === 'superuser' ? 'user' : userType,
        passwordHash: null,
      })
      .returning({ id: users.id, userType: users.userType });
    await recordAudit(tx, {
      ...origin,
      actorUserId: row.id,
      tenantId: who.tenantId,
      action: 'auth.sso_user_created',
      target: email,
      detail: `${who.protocol}; user type ${row.userType}`,
    });
    await recordAudit(tx, { ...origin, actorUserId: row.id, tenantId: who.tenantId, action: 'auth.sso_sign_in' });
    return { kind: 'ok', userId: row.id, userType: row.userType, created: true } as const;
  });
  if (found.kind === 'refused') return refuse(found.reason, found.why);
  if (found.kind === 'deactivated') return refuse('deactivated', 'the account is deactivated');
  const session = await createSession(db, found.userId);
  return { ...session, userId: found.userId, created: found.created, home: homePathFor(roleOf(found.userType)) };
}
