import { and, eq, ne, sql } from 'drizzle-orm';
import { endUserSessions } from '../users/users';
import type { Tx } from '../../../db/client';
import type { TenantRunner } from '../../../db/tenant';
import { users } from '../../../db/schema';
import { type Language } from '../../contracts/languages';
import { checkPassword } from '../../contracts/password-policy';
import { hashPassword, verifyPassword } from '../../auth/password';
import { roleOf } from '../../contracts/roles';
import type { PasswordPolicy } from '../../contracts/password-policy';
import { AppError } from '../../errors';

/** The profile the backend returns (id, username, user type, language), plus what the settings page edits. */
export async function getProfile(tx: Tx, userId: string) {
  const [u] = await tx
    .select({
      user_id: users.id,
      username: users.username,
      email: users.email,
      display_name: users.displayName,
      user_type: users.userType,
      user_language: users.language,
      photo_url: users.photoUrl,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!u) throw new AppError('NOT_FOUND', 'User not found');
  return { ...u, role: roleOf(u.user_type) };
}

export async function setLanguage(tx: Tx, userId: string, language: Language) {
  await tx.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function updateProfile(tx: Tx, userId: string, input: { displayName?: string | null; username?: string }) {
  if (input.username !== undefined) {
    const [me] = await tx.select({ tenantId: users.tenantId }).from(users).where(eq(users.id, userId));
    const clash = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.tenantId, me.tenantId),
          eq(sql`lower(${users.username})`, input.username.toLowerCase()),
          ne(users.id, userId),
        ),
      )
      .limit(1);
    if (clash.length) throw new AppError('CONFLICT', 'Username already taken', { field: 'username' });
  }
  await tx
    .update(users)
    .set({
      ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
      ...(input.username !== undefined ? { username: input.username } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/**
 * Changes the user's own password. argon2 runs outside any transaction: the current hash is read,
 * verified and the new one made between two short tenant transactions; the write applies only if
 * the hash verified is still the user's (a concurrent change wins, this one is refused), and the
 * sign-out of the other devices commits with it.
 */
export async function changePassword({
  tenant,
  userId,
  input,
  policy,
  currentSessionId,
}: {
  tenant: TenantRunner;
  userId: string;
  input: { currentPassword: string; newPassword: string };
  policy: PasswordPolicy;
  currentSessionId?: string | null;
}) {
  const wrong = () => new AppError('WRONG_PASSWORD', 'Current password is incorrect', { field: 'currentPassword' });
  const [u] = await tenant((tx) => tx.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)));
  if (!u?.hash || !(await verifyPassword(u.hash, input.currentPassword))) throw wrong();
  const broken = checkPassword(input.newPassword, policy);
  if (broken.length)
    throw new AppError('PASSWORD_POLICY', 'Password does not meet the policy', { rules: broken, field: 'newPassword' });
  const passwordHash = await hashPassword(input.newPassword);
  await tenant(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.passwordHash, u.hash!)))
      .returning({ id: users.id });
    if (!changed.length) throw wrong();
    // other devices must sign in again with the new password; in this transaction, so both or neither
    await endUserSessions(tx, userId, currentSessionId);
  });
}
