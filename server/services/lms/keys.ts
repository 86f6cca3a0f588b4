import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import {
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { Db, Executor } from '../../../db/client';
import { lmsSigningKeys } from '../../../db/schema';
import { asSystem } from '../../../db/tenant';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { seal, unseal } from '../../security/sealed';

/*
 * Spar's keys towards the learning systems a tenant connects (RS256): they sign launch tokens,
 * LTI client assertions and deep-linking answers, and their public halves are the tenant's JWKS.
 * One key signs at a time. Rotating makes a new key the signer; the old one stays published for
 * RETIRED_KEEP_MS, longer than anything it signed stays valid, then leaves the JWKS.
 */

const ALG = 'RS256';
const SEAL_PURPOSE = 'lms-signing-key';
/** How long a rotated key stays published (a launch token lives 12 h at most). */
const RETIRED_KEEP_MS = 2 * 24 * 3_600_000;

const encryptionKeyOf = (env: Pick<Env, 'ENCRYPTION_KEY'>) => {
  if (!env.ENCRYPTION_KEY) throw new AppError('LMS_NOT_CONFIGURED', 'lms.errors.noEncryptionKey');
  return env.ENCRYPTION_KEY;
};

async function newKeyRow(env: Pick<Env, 'ENCRYPTION_KEY'>, tenantId: string, createdBy: string | null) {
  const encryptionKey = encryptionKeyOf(env);
  const kid = randomUUID();
  const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true, modulusLength: 2048 });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG };
  return {
    tenantId,
    kid,
    publicJwk,
    privateJwkSealed: seal(encryptionKey, SEAL_PURPOSE, JSON.stringify(privateJwk)),
    createdBy,
  };
}

/** The tenant's signing key, made on first use (a row of the tenant; needs ENCRYPTION_KEY). */
async function currentKey(db: Db, env: Pick<Env, 'ENCRYPTION_KEY'>, tenantId: string) {
  return asSystem(db, { action: 'lms.key', tenantId }, async (tx) => {
    const [row] = await tx
      .select()
      .from(lmsSigningKeys)
      .where(and(eq(lmsSigningKeys.tenantId, tenantId), isNull(lmsSigningKeys.retiredAt)))
      .orderBy(desc(lmsSigningKeys.createdAt))
      .limit(1);
    if (row) return row;
    const [made] = await tx
      .insert(lmsSigningKeys)
      .values(await newKeyRow(env, tenantId, null))
      .returning();
    return made;
  });
}

/**
 * A JWT signed with the tenant's current key (RS256, `kid` in the header). The caller gives its
 * claims (iss, aud, sub…); iat, exp and jti are set here.
 */
export async function signLmsJwt(
  db: Db,
  env: Pick<Env, 'ENCRYPTION_KEY'>,
  t: { tenantId: string; claims: JWTPayload; expiresInSeconds: number },
): Promise<string> {
  const key = await currentKey(db, env, t.tenantId);
  const plain = unseal(encryptionKeyOf(env), SEAL_PURPOSE, key.privateJwkSealed);
  if (!plain) throw new AppError('LMS_NOT_CONFIGURED', 'lms.errors.keyUnreadable');
  const privateKey = await importJWK(JSON.parse(plain) as JWK, ALG);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(t.claims)
    .setProtectedHeader({ alg: ALG, kid: key.kid, typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + t.expiresInSeconds)
    .setJti(t.claims.jti ?? randomUUID())
    .sign(privateKey);
}

/** Keys still published: the current one and those rotated less than RETIRED_KEEP_MS ago. */
const published = (now: Date) =>
  or(isNull(lmsSigningKeys.retiredAt), gt(lmsSigningKeys.retiredAt, new Date(now.getTime() - RETIRED_KEEP_MS)));

/** The tenant's public keys, as a JSON Web Key Set (anonymous: found on the system path). */
export async function tenantJwks(db: Db, tenantId: string): Promise<{ keys: JWK[] }> {
  const rows = await asSystem(db, { action: 'lms.jwks', tenantId }, (tx) =>
    tx
      .select({ jwk: lmsSigningKeys.publicJwk })
      .from(lmsSigningKeys)
      .where(and(eq(lmsSigningKeys.tenantId, tenantId), published(new Date())))
      .orderBy(desc(lmsSigningKeys.createdAt)),
  );
  return { keys: rows.map((r) => r.jwk) };
}

/**
 * Verifies a JWT Spar signed (a launch token): the key is found by its `kid` among the published
 * keys, and the token must name `audience`. Its tenant is the key's. Any failure is INVALID.
 */
export async function verifyLmsJwt(
  db: Db,
  token: string,
  audience: string,
): Promise<{ tenantId: string; payload: JWTPayload }> {
  const invalid = () => new AppError('LMS_LAUNCH_INVALID', 'lms.errors.launchInvalid');
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    throw invalid();
  }
  if (!kid || kid.length > 64) throw invalid();
  const [row] = await asSystem(db, { action: 'lms.verify' }, (tx) =>
    tx
      .select({ tenantId: lmsSigningKeys.tenantId, jwk: lmsSigningKeys.publicJwk })
      .from(lmsSigningKeys)
      .where(and(eq(lmsSigningKeys.kid, kid), published(new Date())))
      .limit(1),
  );
  if (!row) throw invalid();
  try {
    const { payload } = await jwtVerify(token, await importJWK(row.jwk, ALG), { audience, algorithms: [ALG] });
    return { tenantId: row.tenantId, payload };
  } catch {
    throw invalid();
  }
}

/** The tenant's keys for the admin screen: published ones, newest first. */
export async function listSigningKeys(tx: Executor) {
  const rows = await tx
    .select({ kid: lmsSigningKeys.kid, createdAt: lmsSigningKeys.createdAt, retiredAt: lmsSigningKeys.retiredAt })
    .from(lmsSigningKeys)
    .where(published(new Date()))
    .orderBy(desc(lmsSigningKeys.createdAt));
  return rows.map((r) => ({
    kid: r.kid,
    created_at: r.createdAt.toISOString(),
    retired_at: r.retiredAt?.toISOString() ?? null,
    current: r.retiredAt === null,
  }));
}

/**
 * Makes a new signing key the current one; the previous one stops signing and stays published
 * for RETIRED_KEEP_MS so what it signed still verifies. In the tenant's transaction.
 */
export async function rotateSigningKey(
  tx: Executor,
  env: Pick<Env, 'ENCRYPTION_KEY'>,
  r: { tenantId: string; userId: string },
) {
  const row = await newKeyRow(env, r.tenantId, r.userId);
  await tx.update(lmsSigningKeys).set({ retiredAt: new Date() }).where(isNull(lmsSigningKeys.retiredAt));
  await tx.insert(lmsSigningKeys).values(row);
  return { kid: row.kid };
}
