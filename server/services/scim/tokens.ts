import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { recordAudit, type AuditEntry } from '../../../db/audit';
import { scimTokens, users } from '../../../db/schema';
import { asSystem } from '../../../db/tenant';
import type { ScimTokenView } from '../../contracts/scim';
import { AppError } from '../../errors';
import { bearerTokenMatches, hashBearerToken, newBearerToken } from '../../security/bearer-tokens';

/**
 * SCIM bearer tokens: `scim_<prefix>_<secret>`, handled as API keys are
 * (server/services/api-keys/api-keys.ts): the 8-character prefix is public (the list shows it and
 * a request's token is found by it); the whole token is kept only as its SHA-256 and a presented
 * one compared to it in constant time. 32 random bytes need no slow hash.
 */
const TOKEN_PATTERN = /^scim_([A-Za-z0-9]{8})_([A-Za-z0-9_-]{43})$/;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const viewSelect = {
  id: scimTokens.id,
  name: scimTokens.name,
  prefix: scimTokens.prefix,
  createdAt: scimTokens.createdAt,
  lastUsedAt: scimTokens.lastUsedAt,
  revokedAt: scimTokens.revokedAt,
  createdByName: users.displayName,
  createdByEmail: users.email,
};

async function viewsWhere(tx: Tx, tokenId?: string): Promise<ScimTokenView[]> {
  const rows = await tx
    .select(viewSelect)
    .from(scimTokens)
    .leftJoin(users, eq(users.id, scimTokens.createdBy))
    .where(tokenId ? eq(scimTokens.id, tokenId) : undefined)
    .orderBy(desc(scimTokens.createdAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    createdAt: r.createdAt.toISOString(),
    createdByName: r.createdByName ?? r.createdByEmail ?? null,
    lastUsedAt: iso(r.lastUsedAt),
    revokedAt: iso(r.revokedAt),
  }));
}

export const listScimTokens = (tx: Tx) => viewsWhere(tx);

type Origin = Pick<AuditEntry, 'actorUserId' | 'actorLabel' | 'ip' | 'userAgent'>;

/** Creates a token; the answer holds the full token, which is never readable again. */
export async function createScimToken(
  tx: Tx,
  who: { tenantId: string; origin: Origin },
  name: string,
): Promise<{ token: ScimTokenView; secret: string }> {
  const { token, prefix } = newBearerToken('scim');
  const [row] = await tx
    .insert(scimTokens)
    .values({
      tenantId: who.tenantId,
      name,
      prefix,
      tokenHash: hashBearerToken(token),
      createdBy: who.origin.actorUserId,
    })
    .returning({ id: scimTokens.id });
  await recordAudit(tx, {
    ...who.origin,
    tenantId: who.tenantId,
    action: 'scim.token_created',
    target: `${name} (scim_${prefix}_…)`,
  });
  const [view] = await viewsWhere(tx, row.id);
  return { token: view, secret: token };
}

/** Revocation is irreversible; revoking a revoked token again changes nothing. */
export async function revokeScimToken(
  tx: Tx,
  who: { tenantId: string; origin: Origin },
  tokenId: string,
): Promise<ScimTokenView> {
  const [revoked] = await tx
    .update(scimTokens)
    .set({ revokedAt: new Date(), revokedBy: who.origin.actorUserId })
    .where(and(eq(scimTokens.id, tokenId), isNull(scimTokens.revokedAt)))
    .returning({ name: scimTokens.name, prefix: scimTokens.prefix });
  if (revoked)
    await recordAudit(tx, {
      ...who.origin,
      tenantId: who.tenantId,
      action: 'scim.token_revoked',
      target: `${revoked.name} (scim_${revoked.prefix}_…)`,
    });
  const [view] = await viewsWhere(tx, tokenId);
  if (!view) throw new AppError('NOT_FOUND', 'SCIM token not found');
  return view;
}

export interface ScimPrincipal {
  tokenId: string;
  tenantId: string;
  name: string;
}

/**
 * The live token a request presents (`Authorization: Bearer scim_…`), or null. Found by its prefix
 * on the system path (the tenant is what the token tells), compared by hash in constant time; "last
 * used" is stamped on success.
 */
export async function authenticateScimToken(
  db: Db,
  authorization: string | undefined,
  now = new Date(),
): Promise<ScimPrincipal | null> {
  const [scheme, presented] = (authorization ?? '').trim().split(/\s+/, 2);
  if (!/^bearer$/i.test(scheme ?? '') || !presented) return null;
  const m = TOKEN_PATTERN.exec(presented);
  if (!m) return null;
  return asSystem(db, { action: 'scim.authenticate' }, async (tx) => {
    const [row] = await tx
      .select({
        id: scimTokens.id,
        tenantId: scimTokens.tenantId,
        name: scimTokens.name,
        tokenHash: scimTokens.tokenHash,
        revokedAt: scimTokens.revokedAt,
      })
      .from(scimTokens)
      .where(eq(scimTokens.prefix, m[1]));
    const equal = bearerTokenMatches(presented, row?.tokenHash);
    if (!row || !equal || row.revokedAt) return null;
    await tx.update(scimTokens).set({ lastUsedAt: now }).where(eq(scimTokens.id, row.id));
    return { tokenId: row.id, tenantId: row.tenantId, name: row.name };
  });
}
