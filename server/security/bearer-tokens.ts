import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Bearer tokens a partner keeps (API keys, SCIM tokens): `<kind>_<prefix>_<secret>`. The public
 * prefix finds the row; only the SHA-256 of the whole token is stored, and it is compared in
 * constant time.
 */

const PREFIX_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const hashBearerToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token of this kind and its public prefix (8 characters, no look-alike letters). */
export function newBearerToken(kind: 'spar' | 'scim'): { token: string; prefix: string } {
  const prefix = Array.from(randomBytes(8), (b) => PREFIX_ALPHABET[b % PREFIX_ALPHABET.length]).join('');
  return { token: `${kind}_${prefix}_${randomBytes(32).toString('base64url')}`, prefix };
}

/**
 * Whether `presented` is the token stored as `storedHash`. Compared even when no row matched
 * (`storedHash` null), so a miss costs the same as a wrong secret.
 */
export function bearerTokenMatches(presented: string, storedHash: string | null | undefined): boolean {
  const given = Buffer.from(hashBearerToken(presented), 'hex');
  const stored = Buffer.from(storedHash ?? hashBearerToken(`${presented}:none`), 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored) && !!storedHash;
}
