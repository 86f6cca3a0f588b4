import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import { AppError } from '../errors';

/** Session tokens per the lucia-auth.com recipe: 20 random bytes, stored only as their SHA-256. */
export const SESSION_COOKIE = 'spar_session';
const DAY = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY;
const REFRESH_WHEN_LEFT_MS = 15 * DAY;
/**
 * "Last active" moves on sign-in and on any authenticated request, but is written at most once per
 * this interval per user, so a busy page does not write the users row on every request.
 */
export const LAST_ACTIVE_THROTTLE_MS = 5 * 60 * 1000;

function generateSessionToken(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(20));
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export interface SessionUser {
  id: string;
  tenantId: string;
  email: string;
  username: string;
  displayName: string | null;
  userType: (typeof users.$inferSelect)['userType'];
  language: (typeof users.$inferSelect)['language'];
  photoUrl: string | null;
}

export interface ValidatedSession {
  session: { id: string; expiresAt: Date };
  user: SessionUser;
  /** The expiry moved forward: the cookie must be sent again. */
  refreshed: boolean;
}

export async function createSession(
  db: Db,
  userId: string,
  now = new Date(),
  opts: { passwordHash?: string } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await asSystem(db, { action: 'session.create', actorUserId: userId }, async (tx) => {
    if (opts.passwordHash !== undefined) {
      // the password verified must still be the user's: the row lock orders this against a
      // concurrent password change, which ends every session it can see when it commits. The
      // lock is the one the update below needs (a shared lock would deadlock two sign-ins of the
      // same account, each waiting to upgrade it).
      const [u] = await tx
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId))
        .for('no key update');
      if (!u || u.hash !== opts.passwordHash) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
    }
    await tx.insert(sessions).values({ id: sessionIdFromToken(token), userId, expiresAt });
    // signing in is activity
    await tx.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
  });
  return { token, expiresAt };
}

const TOKEN_RE = /^[a-z2-7]{32}$/;

export async function validateSessionToken(db: Db, token: string, now = new Date()): Promise<ValidatedSession | null> {
  if (!TOKEN_RE.test(token)) return null;
  const id = sessionIdFromToken(token);
  return asSystem(db, { action: 'session.validate' }, async (tx) => {
    const rows = await tx
      .select({
        expiresAt: sessions.expiresAt,
        lastActiveAt: users.lastActiveAt,
        user: {
          id: users.id,
          tenantId: users.tenantId,
          email: users.email,
          username: users.username,
          displayName: users.displayName,
          userType: users.userType,
          language: users.language,
          photoUrl: users.photoUrl,
        },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), isNull(users.deactivatedAt)))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    if (row.expiresAt.getTime() <= now.getTime()) {
      await tx.delete(sessions).where(eq(sessions.id, id));
      return null;
    }
    let expiresAt = row.expiresAt;
    let refreshed = false;
    if (expiresAt.getTime() - now.getTime() < REFRESH_WHEN_LEFT_MS) {
      expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
      refreshed = true;
      await tx.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    }
    if (!row.lastActiveAt || now.getTime() - row.lastActiveAt.getTime() >= LAST_ACTIVE_THROTTLE_MS) {
      // the condition is repeated in SQL: of concurrent requests, one writes
      await tx
        .update(users)
        .set({ lastActiveAt: now })
        .where(
          and(
            eq(users.id, row.user.id),
            or(
              isNull(users.lastActiveAt),
              lt(users.lastActiveAt, new Date(now.getTime() - LAST_ACTIVE_THROTTLE_MS + 1)),
            ),
          ),
        );
    }
    return { session: { id, expiresAt }, user: row.user, refreshed };
  });
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await asSystem(db, { action: 'session.invalidate' }, (tx) => tx.delete(sessions).where(eq(sessions.id, sessionId)));
}

export interface CookieOptions {
  secure: boolean;
}

export function sessionCookie(token: string, expiresAt: Date, opts: CookieOptions): string {
  const parts = [
    `${SESSION_COOKIE}=${token}`,
    'HttpOnly',
    'SameSite=Lax',
    'Path=/',
    `Expires=${expiresAt.toUTCString()}`,
  ];
  if (opts.secure) parts.push('Secure');
  return parts.join('; ');
}

export function blankSessionCookie(opts: CookieOptions): string {
  const parts = [`${SESSION_COOKIE}=`, 'HttpOnly', 'SameSite=Lax', 'Path=/', 'Max-Age=0'];
  if (opts.secure) parts.push('Secure');
  return parts.join('; ');
}
