import { hash, verify } from '@node-rs/argon2';
import { caught } from '../metrics/caught';

// OWASP's argon2id baseline (m=19 MiB, t=2, p=1). The hashing runs on the libuv threadpool.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashValue: string, password: string): Promise<boolean> {
  try {
    return await verify(hashValue, password);
  } catch (err) {
    // a stored value that is not an argon2 hash: no password matches it, and an operator should know
    caught('password_hash_read', 'a stored password hash could not be read', { err }, 'warn');
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Same cost as a real verify, so an unknown email takes as long as a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('spar-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
