import { and, desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { apiKeys, users } from '../../../db/schema';
import { asSystem } from '../../../db/tenant';
import type { ApiKeyView } from '../../contracts/api-keys';
import { AppError } from '../../errors';
import { bearerTokenMatches, hashBearerToken, newBearerToken } from '../../security/bearer-tokens';

/**
 * Partner API keys: `spar_<prefix>_<secret>`. The prefix (8 characters) is public — the list
 * shows it and a request's key is found by it; the whole key is kept only as its SHA-256, and a
 * presented key is compared to it in constant time. 32 random bytes need no slow hash.
 */
const KEY_PATTERN = /^spar_([A-Za-z0-9]{8})_([A-Za-z0-9_-]{43})$/;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const viewSelect = {
  id: apiKeys.id,
  prefix: apiKeys.prefix,
  integration: apiKeys.integration,
  status: apiKeys.status,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  createdByName: users.displayName,
  createdByUsername: users.username,
};

type ViewRow = { [K in keyof typeof viewSelect]: (typeof viewSelect)[K]['_']['data'] | null };

function toView(r: ViewRow): ApiKeyView {
  return {
    id: r.id!,
    prefix: r.prefix!,
    integration: r.integration!,
    status: r.status!,
    createdAt: r.createdAt!.toISOString(),
    lastUsedAt: iso(r.lastUsedAt),
    revokedAt: iso(r.revokedAt),
    createdByName: r.createdByName ?? r.createdByUsername ?? null,
  };
}

export async function listApiKeys(tx: Executor): Promise<ApiKeyView[]> {
  const rows = await tx
    .select(viewSelect)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(toView);
}

/** Creates a key; the answer holds the full key, which is never readable again. */
export async function generateApiKey(
  tx: Executor,
  actor: { tenantId: string; userId: string },
  integration: string,
): Promise<{ apiKey: ApiKeyView; key: string }> {
  const { token: key, prefix } = newBearerToken('spar');
  const [row] = await tx
    .insert(apiKeys)
    .values({ tenantId: actor.tenantId, integration, prefix, keyHash: hashBearerToken(key), createdBy: actor.userId })
    .returning({ id: apiKeys.id });
  const [view] = await tx
    .select(viewSelect)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.id, row.id));
  return { apiKey: toView(view), key };
}

/** Revocation is irreversible; revoking an inactive key again changes nothing and answers it as it is. */
export async function revokeApiKey(tx: Executor, actor: { userId: string }, apiKeyId: string): Promise<ApiKeyView> {
  await tx
    .update(apiKeys)
    .set({ status: 'inactive', revokedAt: new Date(), revokedBy: actor.userId })
    .where(and(eq(apiKeys.id, apiKeyId), eq(apiKeys.status, 'active')));
  const [view] = await tx
    .select(viewSelect)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.id, apiKeyId));
  if (!view) throw new AppError('NOT_FOUND', 'API key not found');
  return toView(view);
}

export interface ApiKeyPrincipal {
  apiKeyId: string;
  tenantId: string;
  /** The key as presented, for this request only (idempotent links derive from it); never stored. */
  key: string;
}

/**
 * The active key a request presents, or null. Found by its prefix on the system path (the tenant
 * is what the key tells), compared by hash in constant time; "last used" is stamped on success.
 */
/** The public prefix of a well-formed key (what the rate limit counts by), or null. */
export function apiKeyPrefix(presented: string): string | null {
  return KEY_PATTERN.exec(presented)?.[1] ?? null;
}

export async function authenticateApiKey(db: Db, presented: string, now = new Date()): Promise<ApiKeyPrincipal | null> {
  const m = KEY_PATTERN.exec(presented);
  if (!m) return null;
  const prefix = m[1];
  return asSystem(db, { action: 'api_key.authenticate' }, async (tx) => {
    const [row] = await tx
      .select({ id: apiKeys.id, tenantId: apiKeys.tenantId, keyHash: apiKeys.keyHash, status: apiKeys.status })
      .from(apiKeys)
      .where(eq(apiKeys.prefix, prefix));
    const equal = bearerTokenMatches(presented, row?.keyHash);
    if (!row || !equal || row.status !== 'active') return null;
    await tx.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id));
    return { apiKeyId: row.id, tenantId: row.tenantId, key: presented };
  });
}

/** The key from `Authorization: Bearer <key>` or `Authorization: Basic base64(<key>:)` (Greenhouse). */
export function presentedApiKey(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const [scheme, value] = authorization.trim().split(/\s+/, 2);
  if (!value) return null;
  if (/^bearer$/i.test(scheme)) return value;
  if (/^basic$/i.test(scheme)) {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon < 0 ? decoded : decoded.slice(0, colon);
  }
  return null;
}
