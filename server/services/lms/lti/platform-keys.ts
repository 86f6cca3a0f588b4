import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { fetchOutboundText } from '../../../integrations/http/outbound';

/*
 * A platform's signing keys, read from the JWKS URL its admin registered: fetched under the
 * outbound rules (https; loopback and private addresses only where the operator allows them),
 * kept ten minutes per URL, and fetched again at once (at most every 30 seconds) when a token
 * names a key the kept set does not have — the platform rotated its key.
 */

const KEEP_MS = 10 * 60_000;
const REFETCH_COOLDOWN_MS = 30_000;
const JWKS_MAX_BYTES = 256 * 1024;
const JWKS_TIMEOUT_MS = 10_000;

/** The key set could not be read (unreachable, refused address, not a JWKS): not the token's fault. */
export class PlatformKeysUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlatformKeysUnavailable';
  }
}

interface Kept {
  at: number;
  keys: ReturnType<typeof createLocalJWKSet>;
}
const kept = new Map<string, Kept>();

async function load(url: string, allowPrivate: boolean): Promise<Kept> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(
      await fetchOutboundText(url, { timeoutMs: JWKS_TIMEOUT_MS, maxBytes: JWKS_MAX_BYTES, allowPrivate }),
    );
  } catch (e) {
    throw new PlatformKeysUnavailable(`${url}: ${(e as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || !Array.isArray((parsed as JSONWebKeySet).keys))
    throw new PlatformKeysUnavailable(`${url}: not a JSON Web Key Set`);
  const entry = { at: Date.now(), keys: createLocalJWKSet(parsed as JSONWebKeySet) };
  kept.set(url, entry);
  return entry;
}

/** The key lookup jose's jwtVerify uses for a token of this platform. */
export function platformKeySet(url: string, allowPrivate: boolean): JWTVerifyGetKey {
  return async (header, token) => {
    let entry = kept.get(url);
    if (!entry || Date.now() - entry.at > KEEP_MS) entry = await load(url, allowPrivate);
    try {
      return await entry.keys(header, token);
    } catch (e) {
      if (!(e instanceof errors.JWKSNoMatchingKey) || Date.now() - entry.at < REFETCH_COOLDOWN_MS) throw e;
      entry = await load(url, allowPrivate);
      return entry.keys(header, token);
    }
  };
}
