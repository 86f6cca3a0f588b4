import { networkInterfaces } from 'node:os';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { asSystem } from '../../db/tenant';
import { startApp, type RunningApp } from '../../server/app';
import { loadEnv } from '../../server/env';
import { startTestApp } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';

/**
 * The password-free development helpers: off on a default start (`npm start` with
 * nothing set), and when turned on, only for this machine and never for a superuser.
 */

const database = useTestDatabase();
let otherTenantEmail: string;

const sessionCount = async () =>
  (await asSystem(database.db, { action: 'test' }, (tx) => tx.select({ id: sessions.id }).from(sessions))).length;

/** The first non-loopback IPv4 address of this machine, if it has one. */
function ownNetworkAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return null;
}

describe('a default start (NODE_ENV unset, nothing enabled)', () => {
  let app: RunningApp;
  beforeAll(async () => {
    // exactly the defaults of `npm start`, except the port, the database and a quiet log
    const env = loadEnv({ LOG_LEVEL: 'silent' });
    expect(env.NODE_ENV).toBe('development');
    expect(env.devTokenEnabled).toBe(false);
    // a first start seeds the demo tenant (superuser included); then a second tenant is added
    app = await startApp({ env, database, port: 0, host: '127.0.0.1' });
    const other = await createTenant(database.db, { name: 'Other Co' });
    otherTenantEmail = 'ops@other.test';
    await createTenantUser(database.db, other.id, { email: otherTenantEmail, username: 'ops', userType: 'admin' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('answers dev-token with 404 like an unknown path, for every account of every tenant, and mints no session', async () => {
    const before = await sessionCount();
    const unknown = await fetch(`${app.url}/api/v1/auth/no-such-thing`);
    const unknownBody = (await unknown.json()) as { error: { code: string } };
    for (const email of [...DEMO_ACCOUNTS.map((a) => a.email), otherTenantEmail, '%00', '']) {
      const res = await fetch(`${app.url}/api/v1/auth/dev-token?email=${email}`);
      expect(res.status, email).toBe(404);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(unknownBody.error.code);
      expect(body.error.message).toBe('No such endpoint: /api/v1/auth/dev-token');
    }
    for (const method of ['POST', 'HEAD', 'PUT']) {
      const res = await fetch(`${app.url}/api/v1/auth/dev-token`, { method });
      expect(res.status, method).toBe(404);
    }
    expect(await sessionCount()).toBe(before);
  });

  it('answers /auth/debug with 404 too', async () => {
    expect((await fetch(`${app.url}/api/v1/auth/debug`)).status).toBe(404);
  });

  it('says nothing alarming at start when it listens on loopback only', () => {
    // a run on PostgreSQL as its superuser is told so (tests/integration/database-role.test.ts)
    expect(app.notices.filter((n) => !n.startsWith('The database role'))).toEqual([]);
  });
});

describe('a default start listening on every interface', () => {
  it('warns in the start log that the demo accounts are reachable from other machines', async () => {
    const env = loadEnv({ LOG_LEVEL: 'silent' });
    const app = await startApp({ env, database, port: 0, host: '0.0.0.0' });
    try {
      expect(app.notices.join('\n')).toMatch(/demo account\(s\).*can sign in.*listens on 0\.0\.0\.0/s);
      expect(app.notices.join('\n')).not.toMatch(/DEV_TOKEN_ENABLED/);
    } finally {
      await app.stop();
    }
  });
});

describe('DEV_TOKEN_ENABLED=true', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startTestApp(database, { DEV_TOKEN_ENABLED: 'true' }, {});
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('warns at start that it is on', () => {
    expect(app.notices.some((n) => n.startsWith('DEV_TOKEN_ENABLED is on'))).toBe(true);
  });

  it('signs in a non-superuser from loopback, audited', async () => {
    const res = await fetch(`${app.url}/api/v1/auth/dev-token?email=${encodeURIComponent('Admin@Demo.test')}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; user: { user_id: string; user_type: string } };
    expect(body.user.user_type).toBe('admin');
    const me = await fetch(`${app.url}/api/v1/auth/me`, { headers: { authorization: `Bearer ${body.token}` } });
    expect(((await me.json()) as { user_id: string }).user_id).toBe(body.user.user_id);
    const audited = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'auth.dev_token.issued'), eq(auditLog.actorUserId, body.user.user_id))),
    );
    expect(audited.length).toBeGreaterThan(0);
  });

  it('never signs in a superuser', async () => {
    const before = await sessionCount();
    const res = await fetch(`${app.url}/api/v1/auth/dev-token?email=superuser@demo.test`);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a request that came through a proxy (forwarding headers), even from loopback', async () => {
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
    ];
    for (const headers of proxied) {
      const res = await fetch(`${app.url}/api/v1/auth/dev-token?email=admin@demo.test`, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(404);
    }
  });

  it('a malformed e-mail is a 400, never a 500', async () => {
    for (const q of ['%00', '%ED%A0%80', 'a%00b@demo.test', 'not-an-email', 'x'.repeat(5000)]) {
      const res = await fetch(`${app.url}/api/v1/auth/dev-token?email=${q}`);
      expect(res.status, q).toBe(400);
    }
  });

  const address = ownNetworkAddress();
  it.runIf(address)('refuses a request from another address of this machine (not loopback)', async () => {
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEV_TOKEN_ENABLED: 'true', SEED_DEMO: 'false' });
    const wide = await startApp({ env, database, port: 0, host: '0.0.0.0' });
    try {
      const port = new URL(wide.url).port;
      const before = await sessionCount();
      const res = await fetch(`http://${address}:${port}/api/v1/auth/dev-token?email=admin@demo.test`);
      expect(res.status).toBe(404);
      expect(await sessionCount()).toBe(before);
      // the same server still serves this machine's own loopback
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/auth/dev-token?email=admin@demo.test`)).status).toBe(200);
    } finally {
      await wide.stop();
    }
  });
});

describe('configuration', () => {
  it('refuses DEV_TOKEN_ENABLED with NODE_ENV=production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', DEV_TOKEN_ENABLED: 'true' })).toThrow(/DEV_TOKEN_ENABLED/);
  });
});
