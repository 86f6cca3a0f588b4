import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serverKeys } from '../../db/schema';
import { asSystem } from '../../db/tenant';

/**
 * Tokens that let a browser page send its traces to POST /api/v1/telemetry/traces: issued with the
 * page's telemetry config, bound to an anonymous page id (what the per-page limit counts), valid
 * TOKEN_TTL_MS, signed with HMAC-SHA256 under a key every server process of the database shares
 * (table server_keys, made at first use). Stateless: verifying reads nothing.
 */
const TOKEN_TTL_MS = 12 * 60 * 60 * 1000;
const KEY_NAME = 'telemetry_tokens';
const keys = new WeakMap<Db, Promise<Buffer>>();

/** The shared signing key, made by the first process that asks (the others read that one). */
export function telemetryKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = asSystem(db, { action: 'telemetry.key' }, async (tx) => {
      await tx
        .insert(serverKeys)
        .values({ name: KEY_NAME, secret: randomBytes(32).toString('hex') })
        .onConflictDoNothing();
      const [row] = await tx
        .select({ secret: serverKeys.secret })
        .from(serverKeys)
        .where(eq(serverKeys.name, KEY_NAME));
      return Buffer.from(row.secret, 'hex');
    });
    key.catch(() => keys.delete(db)); // a failed read is tried again next time
    keys.set(db, key);
  }
  return key;
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function issueTelemetryToken(key: Buffer, now = Date.now()): string {
  const payload = `${now + TOKEN_TTL_MS}.${randomBytes(12).toString('base64url')}`;
  return `${payload}.${sign(key, payload)}`;
}

/** The page id of a valid, unexpired token; null for anything else. */
export function verifyTelemetryToken(key: Buffer, token: string, now = Date.now()): { pageId: string } | null {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const expected = Buffer.from(sign(key, `${m[1]}.${m[2]}`));
  const given = Buffer.from(m[3]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(m[1]) <= now) return null;
  return { pageId: m[2] };
}
