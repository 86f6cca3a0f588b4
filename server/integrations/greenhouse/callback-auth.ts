import type { Env } from '../../env';
import { seal, unseal } from '../../security/sealed';

/**
 * The Greenhouse completion PATCH authenticates with the partner key Greenhouse holds (HTTP Basic,
 * the key as the username). Spar keeps API keys only as hashes, so for this one use the key
 * presented with `send_test` is kept encrypted (AES-256-GCM) under the operator's ENCRYPTION_KEY,
 * and erased once the PATCH succeeded. Without that setting nothing is kept and the PATCH goes
 * without credentials (Greenhouse still polls test_status).
 */
const PURPOSE = 'spar-callback-auth';

export function sealCallbackAuth(env: Pick<Env, 'ENCRYPTION_KEY'>, apiKey: string): string | null {
  return env.ENCRYPTION_KEY ? seal(env.ENCRYPTION_KEY, PURPOSE, apiKey) : null;
}

/** The key, or null when nothing was kept or it cannot be opened (the setting changed). */
export function openCallbackAuth(env: Pick<Env, 'ENCRYPTION_KEY'>, sealed: string | null): string | null {
  return sealed && env.ENCRYPTION_KEY ? unseal(env.ENCRYPTION_KEY, PURPOSE, sealed) : null;
}
