import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client';
import { clients, users } from '../../db/schema';
import { type Language } from '../../server/contracts/languages';
import { type ClientType, type UserType } from '../../server/contracts/enums';
import { hashPassword } from '../../server/auth/password';

/** Clients and users. */
export interface ClientFields {
  name?: string;
  schemaName?: string;
  domain?: string | null;
  type?: ClientType;
  tier?: string | null;
  defaultLanguage?: Language;
}

export async function createClient(db: Executor, f: ClientFields = {}) {
  const suffix = randomBytes(4).toString('hex');
  const [row] = await db
    .insert(clients)
    .values({
      name: f.name ?? `Client ${suffix}`,
      schemaName: f.schemaName ?? `client-${suffix}`,
      domain: f.domain ?? null,
      type: f.type ?? 'customer',
      tier: f.tier ?? null,
      defaultLanguage: f.defaultLanguage ?? 'en',
    })
    .returning();
  return row;
}

export interface UserFields {
  tenantId: string;
  email?: string;
  username?: string;
  displayName?: string | null;
  userType?: UserType;
  password?: string | null;
  passwordHash?: string | null;
  managerId?: string | null;
  language?: Language | null;
}

export async function createUser(db: Executor, f: UserFields) {
  const suffix = randomBytes(4).toString('hex');
  const email = f.email ?? `user-${suffix}@example.test`;
  const passwordHash =
    f.passwordHash !== undefined ? f.passwordHash : f.password ? await hashPassword(f.password) : null;
  const [row] = await db
    .insert(users)
    .values({
      tenantId: f.tenantId,
      email,
      username: f.username ?? email.split('@')[0],
      displayName: f.displayName ?? null,
      userType: f.userType ?? 'sales_rep',
      passwordHash,
      managerId: f.managerId ?? null,
      language: f.language ?? null,
    })
    .returning();
  return row;
}
