import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { recordAudit } from '../../../db/audit';
import { lmsIdentities, users } from '../../../db/schema';
import type { LmsLaunchSource, UserType } from '../../contracts/enums';
import { freeUsername } from '../sso/sign-in';
import { violatedUserField } from '../users/unique-violation';

/** A learner as their learning system names them. */
export interface LmsLearner {
  tenantId: string;
  source: LmsLaunchSource;
  /** LTI: the platform's issuer; SCORM: 'scorm' (one namespace for the tenant's packages). */
  issuer: string;
  /** LTI: `sub`; SCORM: the LMS learner id. */
  subject: string;
  name?: string | null;
  email?: string | null;
  /** The user type of an account made here (never admin or superuser: a sales rep instead). */
  userType: UserType;
  /** Whether a learner without an account gets one. */
  create: boolean;
}

const ADDRESS = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * An address for an account whose learning system gave none (or one already taken by another
 * tenant's person): reserved (.invalid never receives mail) and unique to the learner.
 */
const placeholderAddress = (l: LmsLearner) =>
  `${l.source}-${createHash('sha256').update(`${l.tenantId}:${l.issuer}:${l.subject}`).digest('hex').slice(0, 20)}@lms.invalid`;

/**
 * The Spar account of a learning system's learner (in the caller's transaction of the tenant):
 * the account linked to them before; else the tenant's active account with their e-mail address
 * (now linked); else, when `create`, a new account without a password (they come in through
 * their course), linked. Null when none and not `create`, or when the account is deactivated.
 */
export async function lmsLearnerAccount(tx: Tx, who: LmsLearner): Promise<{ userId: string; created: boolean } | null> {
  const [linked] = await tx
    .select({ userId: lmsIdentities.userId, deactivatedAt: users.deactivatedAt })
    .from(lmsIdentities)
    .innerJoin(users, eq(users.id, lmsIdentities.userId))
    .where(
      and(
        eq(lmsIdentities.source, who.source),
        eq(lmsIdentities.issuer, who.issuer),
        eq(lmsIdentities.subject, who.subject),
      ),
    )
    .limit(1);
  if (linked) return linked.deactivatedAt ? null : { userId: linked.userId, created: false };

  const email = who.email?.trim().toLowerCase() ?? '';
  const link = (userId: string) =>
    tx
      .insert(lmsIdentities)
      .values({ tenantId: who.tenantId, source: who.source, issuer: who.issuer, subject: who.subject, userId })
      .onConflictDoNothing();
  if (ADDRESS.test(email)) {
    // row-level security keeps this to the tenant's own accounts
    const [byEmail] = await tx
      .select({ id: users.id, userType: users.userType })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, email), isNull(users.deactivatedAt)))
      .limit(1);
    if (byEmail && byEmail.userType !== 'superuser') {
      await link(byEmail.id);
      return { userId: byEmail.id, created: false };
    }
  }
  if (!who.create) return null;

  const userType: UserType =
    who.userType === 'admin' || who.userType === 'superuser' || who.userType === 'user' ? 'sales_rep' : who.userType;
  const insert = async (t: Tx, address: string) =>
    (
      await t
        .insert(users)
        .values({
          tenantId: who.tenantId,
          email: address,
          username: await freeUsername(t, who.tenantId, address),
          displayName: who.name?.trim().slice(0, 200) || null,
          userType,
          passwordHash: null,
        })
        .returning({ id: users.id, email: users.email })
    )[0];
  // an address another tenant's person holds stays theirs (the unique index is the only place that
  // shows, row-level security hides the row): this learner gets a placeholder instead
  let row: { id: string; email: string } | undefined;
  if (ADDRESS.test(email)) {
    try {
      row = await tx.transaction((sp) => insert(sp, email));
    } catch (e) {
      if (violatedUserField(e) !== 'email') throw e;
    }
  }
  row ??= await insert(tx, placeholderAddress(who));
  const address = row.email;
  await link(row.id);
  await recordAudit(tx, {
    tenantId: who.tenantId,
    actorUserId: row.id,
    actorLabel: `${who.source}:${who.subject}`.slice(0, 200),
    action: 'lms.user_created',
    target: address,
    detail: `${who.source}; user type ${userType}`,
  });
  return { userId: row.id, created: true };
}
