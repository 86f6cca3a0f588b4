import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db, Executor } from '../../db/client';
import { passwordTokens, sessions, users } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import { checkPassword, type PasswordPolicy } from '../contracts/password-policy';
import { AppError } from '../errors';
import { hashPassword } from './password';

/**
 * One-time "choose your password" links for accounts an admin created without a password (bulk
 * import). A link's token is 20 random bytes; only its SHA-256 is stored (like a session's), so
 * nothing in the database lets anyone sign in as the user. A link is minted where it is handed
 * out — in the e-mail as it is sent, in the admin's one-time download — never kept in clear.
 * Using any of a user's links ends all of them and every session of the user.
 */
const PASSWORD_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const TOKEN_RE = /^[a-z2-7]{32}$/;

const tokenId = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

/** The page a link opens; the token travels in the fragment, so no server log or proxy sees it. */
export const passwordLinkUrl = (origin: string, token: string) => `${origin}/set-password#${token}`;

/** Mints one fresh link token per user (system path, in the caller's transaction). */
export async function mintPasswordTokens(
  exec: Executor,
  userIds: string[],
  now = new Date(),
): Promise<Map<string, { token: string; expiresAt: Date }>> {
  const out = new Map<string, { token: string; expiresAt: Date }>();
  if (!userIds.length) return out;
  const expiresAt = new Date(now.getTime() + PASSWORD_LINK_TTL_MS);
  for (const userId of userIds) out.set(userId, { token: encodeBase32LowerCaseNoPadding(randomBytes(20)), expiresAt });
  await asSystem(exec, { action: 'password_link.mint' }, async (tx) => {
    const rows = [...out].map(([userId, t]) => ({ id: tokenId(t.token), userId, expiresAt: t.expiresAt }));
    for (let i = 0; i < rows.length; i += 500) await tx.insert(passwordTokens).values(rows.slice(i, i + 500));
  });
  return out;
}

/** One user's fresh link (the mail handler mints it as the mail is sent). */
export async function mintPasswordLink(db: Db, link: { userId: string; baseUrl: string }): Promise<string> {
  const minted = await mintPasswordTokens(db, [link.userId]);
  return passwordLinkUrl(link.baseUrl, minted.get(link.userId)!.token);
}

const invalid = () => new AppError('PASSWORD_LINK_INVALID', 'This link is no longer valid: it was used or it expired');

/** Whose link this is (for the page's greeting), or PASSWORD_LINK_INVALID. */
export async function passwordLinkAccount(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ email: string; name: string }> {
  if (!TOKEN_RE.test(token)) throw invalid();
  const [row] = await asSystem(db, { action: 'password_link.read' }, (tx) =>
    tx
      .select({ email: users.email, name: users.displayName, username: users.username })
      .from(passwordTokens)
      .innerJoin(users, eq(users.id, passwordTokens.userId))
      .where(and(eq(passwordTokens.id, tokenId(token)), gt(passwordTokens.expiresAt, now))),
  );
  if (!row) throw invalid();
  return { email: row.email, name: row.name || row.username };
}

/**
 * Sets the password of the link's user and ends the link (and the user's other links and
 * sessions), all in one transaction: a link works once. argon2 runs before it.
 */
export async function setPasswordWithLink(
  db: Db,
  opts: { token: string; password: string; policy: PasswordPolicy; now?: Date },
): Promise<{ email: string }> {
  const now = opts.now ?? new Date();
  if (!TOKEN_RE.test(opts.token)) throw invalid();
  const broken = checkPassword(opts.password, opts.policy);
  if (broken.length)
    throw new AppError('PASSWORD_POLICY', 'Password does not meet the policy', { rules: broken, field: 'password' });
  const passwordHash = await hashPassword(opts.password);
  return asSystem(db, { action: 'password_link.use' }, async (tx) => {
    const [used] = await tx
      .delete(passwordTokens)
      .where(and(eq(passwordTokens.id, tokenId(opts.token)), gt(passwordTokens.expiresAt, now)))
      .returning({ userId: passwordTokens.userId });
    if (!used) throw invalid();
    const [u] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, used.userId))
      .returning({ email: users.email });
    await tx.delete(passwordTokens).where(inArray(passwordTokens.userId, [used.userId]));
    await tx.delete(sessions).where(eq(sessions.userId, used.userId));
    return { email: u.email };
  });
}
