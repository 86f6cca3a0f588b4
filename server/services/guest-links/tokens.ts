import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Guest link tokens (assessment candidates, campaign guests): 32 bytes, base64url (43 characters),
 * stored only as SHA-256. An assessment link made with an Idempotency-Key gets a token derived
 * from the partner's own API key and that Idempotency-Key (HMAC), so a replay of the same request
 * returns the same link without Spar ever storing the token or anything it could be re-made from:
 * only the partner holds the key.
 */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newLinkToken(derive?: { apiKey: string; idempotencyKey: string }): string {
  if (!derive) return randomBytes(32).toString('base64url');
  return createHmac('sha256', derive.apiKey)
    .update(`spar-assessment-link:${derive.idempotencyKey}`)
    .digest('base64url');
}

/** Whether `token` is the one whose hash is stored, in constant time. */
export function tokenMatches(token: string, storedHash: string): boolean {
  const given = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
