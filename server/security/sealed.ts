import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets Spar must keep readable (a partner key for one callback, a user's calendar tokens) are
 * sealed with AES-256-GCM under a key derived from the operator's ENCRYPTION_KEY and the secret's
 * purpose (so one purpose's ciphertext never opens as another's). Without ENCRYPTION_KEY nothing
 * can be sealed, and the features that need it say so.
 */
const keyOf = (secret: string, purpose: string) => createHash('sha256').update(`${purpose}:${secret}`).digest();

export function seal(encryptionKey: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(encryptionKey, purpose), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join(
    '.',
  );
}

/** The secret, or null when it cannot be opened (another key, another purpose, tampered). */
export function unseal(encryptionKey: string, purpose: string, sealed: string): string | null {
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(encryptionKey, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
