import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Env } from '../../env';

/**
 * The Greenhouse completion PATCH authenticates with the partner key Greenhouse holds (HTTP Basic,
 * the key as the username). Spar keeps API keys only as hashes, so for this one use the key
 * presented with `send_test` is kept encrypted (AES-256-GCM) under the operator's ENCRYPTION_KEY,
 * and erased once the PATCH succeeded. Without that setting nothing is kept and the PATCH goes
 * without credentials (Greenhouse still polls test_status).
 */
const keyOf = (secret: string) => createHash('sha256').update(`spar-callback-auth:${secret}`).digest();

export function sealCallbackAuth(env: Pick<Env, 'ENCRYPTION_KEY'>, apiKey: string): string | null {
  if (!env.ENCRYPTION_KEY) return null;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(env.ENCRYPTION_KEY), iv);
  const sealed = Buffer.concat([cipher.update(apiKey, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The key, or null when nothing was kept or it cannot be opened (the setting changed). */
export function openCallbackAuth(env: Pick<Env, 'ENCRYPTION_KEY'>, sealed: string | null): string | null {
  if (!sealed || !env.ENCRYPTION_KEY) return null;
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(env.ENCRYPTION_KEY), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
