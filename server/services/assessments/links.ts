import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Env } from '../../env';

/**
 * Candidate link tokens: 32 bytes, base64url (43 characters), stored only as SHA-256. A link made
 * with an Idempotency-Key gets a token derived from the partner's own API key and that
 * Idempotency-Key (HMAC), so a replay of the same request returns the same link without Spar ever
 * storing the token or anything it could be re-made from: only the partner holds the key.
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

/** The product's public base URL: PUBLIC_URL, else the request's own origin (its scheme and host as the HTTP layer reads them). No trailing slash. */
export function baseUrlOf(env: Pick<Env, 'PUBLIC_URL'>, req: { secure: boolean; host: string | undefined }): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  return `${req.secure ? 'https' : 'http'}://${req.host ?? 'localhost'}`;
}

export const candidateLink = (baseUrl: string, assessmentId: string, token: string) =>
  `${baseUrl}/assessment/${assessmentId}?token=${encodeURIComponent(token)}`;
