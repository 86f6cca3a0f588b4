import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { clients, users } from '../../../db/schema';
import { asSystem } from '../../../db/tenant';
import { verifyAgainstDummy, verifyPassword } from '../../auth/password';
import { createSession } from '../../auth/session';
import { assertNotThrottled, recordFailure, recordSuccess, type ThrottleLimits } from '../../auth/throttle';
import { AppError } from '../../errors';

export interface LoginInput {
  email: string;
  password: string;
  ip: string;
}

/**
 * Email + password sign-in. A wrong password and an unknown email give the same error and take
 * the same argon2 time; repeated failures per account or address are throttled.
 */
export async function loginWithPassword(db: Db, input: LoginInput, limits: ThrottleLimits) {
  const email = input.email.trim().toLowerCase();
  await assertNotThrottled(db, email, input.ip);
  const [user] = await asSystem(db, { action: 'auth.login' }, (tx) =>
    tx
      .select({ id: users.id, passwordHash: users.passwordHash, userType: users.userType })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1),
  );
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    await recordFailure(db, email, input.ip, limits);
    throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
  }
  await recordSuccess(db, email);
  return {
    userId: user.id,
    userType: user.userType,
    ...(await createSession(db, user.id, new Date(), { passwordHash: user.passwordHash! })),
  };
}

/** Client info kept by the app after sign-in: name, default language and schema name. */
export async function clientInfoFor(db: Db, tenantId: string) {
  const [c] = await asSystem(db, { action: 'auth.client_info', tenantId }, (tx) =>
    tx
      .select({
        client_name: clients.name,
        client_default_language: clients.defaultLanguage,
        client_schema: clients.schemaName,
      })
      .from(clients)
      .where(eq(clients.id, tenantId))
      .limit(1),
  );
  if (!c) throw new AppError('NOT_FOUND', 'Client not found');
  return c;
}
