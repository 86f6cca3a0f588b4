import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client';
import { users } from '../../db/schema';
import type { RunningApp } from '../../server/app';
import { SESSION_COOKIE } from '../../server/auth/session';
import { expectHttpFieldErrors, startTestApp, type UserRow } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { useTestDatabase, rowById } from '../helpers/db';
import { TEST_PASSWORD, createSignedInAdmin } from '../helpers/factories';

const database = useTestDatabase();
let app: RunningApp;
let user: UserRow;
let token: string;

const userRow = (id: string) => rowById(database.db, users, id);
/** A JSON PUT to the REST API. */
const putJson = (path: string, headers: Record<string, string>, body: unknown) =>
  fetch(`${app.url}${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
/** The signed-in user's language set through the REST API, as an integration would. */
const putLanguage = (language: string) =>
  putJson('/api/v1/auth/language', { authorization: `Bearer ${token}` }, { user_language: language });
/** A stack frame as V8 prints it, or an absolute source path. */
const STACK = /\bat .+\.(ts|js|mjs):\d+|\/work\/|node_modules|\/server\//;

beforeAll(async () => {
  ({ user, token } = await createSignedInAdmin(database.db));
  app = await startTestApp(database, { NODE_ENV: 'development' });
});
afterAll(() => closeAll(app));

describe('health', () => {
  it('GET /api/v1/health is 200 with db ok and the version', async () => {
    const res = await fetch(`${app.url}/api/v1/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ status: 'ok', db: 'ok', version: app.deps.version });
    expect(app.deps.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('is 503 with db unreachable when the database does not answer in time', async () => {
    const hanging: Database = { ...database, ping: () => new Promise<void>(() => {}) };
    const stuck = await startTestApp(hanging, {}, { healthTimeoutMs: 50 });
    try {
      for (const path of ['/api/v1/health', '/health']) {
        const res = await fetch(`${stuck.url}${path}`);
        expect(res.status, path).toBe(503);
        expect(await res.json()).toEqual({ status: 'degraded', db: 'unreachable', version: stuck.deps.version });
      }
    } finally {
      await stuck.stop();
    }
  });

  it('GET /health answers the same JSON, never the app page a monitor would take for a live server', async () => {
    const res = await fetch(`${app.url}/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ status: 'ok', db: 'ok', version: app.deps.version });
  });

  it('POST is 405 with Allow', async () => {
    const res = await fetch(`${app.url}/api/v1/health`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect((await res.json()).error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('carries the security headers', async () => {
    const res = await fetch(`${app.url}/api/v1/health`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('strict-transport-security')).toBeNull(); // plain http
  });
});

describe('REST errors', () => {
  it('an unknown path is a JSON 404', async () => {
    const res = await fetch(`${app.url}/api/v1/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such endpoint: /api/v1/nope' } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('malformed JSON is 400 MALFORMED_JSON', async () => {
    const res = await fetch(`${app.url}/api/v1/auth/language`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"user_language": ',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('MALFORMED_JSON');
  });

  it('a body over 1 MiB is 413', async () => {
    const res = await fetch(`${app.url}/api/v1/auth/language`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_language: 'es', pad: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await userRow(user.id)).language).toBeNull();
  });

  it('a chunked body (no Content-Length) over 1 MiB is a readable 413, not a reset', async () => {
    const { request } = await import('node:http');
    const url = new URL(`${app.url}/api/v1/auth/language`);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: 'PUT',
          path: url.pathname,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        },
        (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const pump = () => {
        while (sent < 3 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('an invalid value is 400 VALIDATION with field errors', async () => {
    const res = await putLanguage('klingon');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('VALIDATION');
    expect(Object.keys(body.error.details.fieldErrors)).toEqual(['user_language']);
  });
});

describe('/api/v1/auth/me', () => {
  const profile = () => ({
    user_id: user.id,
    username: 'ada',
    user_type: 'admin',
    user_language: expect.toSatisfy((v) => v === null || typeof v === 'string'),
  });

  it('answers a Bearer token', async () => {
    const res = await fetch(`${app.url}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(profile());
  });

  it('answers the session cookie', async () => {
    const res = await fetch(`${app.url}/api/v1/auth/me`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(res.status).toBe(200);
    expect((await res.json()).user_id).toBe(user.id);
  });

  it('is a JSON 401 without a session, or with a bad token', async () => {
    for (const headers of [{}, { authorization: 'Bearer ' + 'b'.repeat(32) }] as Record<string, string>[]) {
      const res = await fetch(`${app.url}/api/v1/auth/me`, { headers });
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('PUT language then GET me shows it, and the database holds it', async () => {
    const put = await putLanguage('pt-BR');
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ user_language: 'pt-BR' });
    const me = await (
      await fetch(`${app.url}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(me.user_language).toBe('pt-BR');
    expect((await userRow(user.id)).language).toBe('pt-BR');
  });

  it('a cookie-borne PUT from a foreign origin is refused (CSRF) and changes nothing', async () => {
    const res = await putJson(
      '/api/v1/auth/language',
      { cookie: `${SESSION_COOKIE}=${token}`, origin: 'https://evil.example' },
      { user_language: 'it' },
    );
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('CSRF');
    expect((await userRow(user.id)).language).toBe('pt-BR');
    const same = await putJson(
      '/api/v1/auth/language',
      { cookie: `${SESSION_COOKIE}=${token}`, origin: app.url },
      { user_language: 'it' },
    );
    expect(same.status).toBe(200);
    expect((await userRow(user.id)).language).toBe('it');
  });
});

describe('tRPC over HTTP', () => {
  const login = (origin: string | undefined, body: unknown = { email: 'ada@acme.test', password: TEST_PASSWORD }) =>
    fetch(`${app.url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      body: JSON.stringify(body),
    });

  it('auth.login from a foreign Origin is 403 and sets no cookie', async () => {
    const res = await login('https://evil.example');
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('CSRF');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('auth.login from the same origin sets the session cookie', async () => {
    const res = await login(app.url);
    expect(res.status).toBe(200);
    expect((await res.json()).result.data).toEqual({ home: '/dashboard' });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[a-z2-7]{32}; HttpOnly; SameSite=Lax; Path=/`));
    // the cookie signs the browser in
    const cookieToken = /=([a-z2-7]{32});/.exec(cookie)![1];
    const me = await fetch(`${app.url}/trpc/auth.me`, { headers: { cookie: `${SESSION_COOKIE}=${cookieToken}` } });
    expect((await me.json()).result.data.user.user_id).toBe(user.id);
  });

  it('an input error is HTTP 400 with appCode VALIDATION', async () => {
    const res = await login(app.url, { email: 'not-an-email', password: '' });
    await expectHttpFieldErrors(res, {
      email: ['auth.login.emailInvalid'],
      password: ['auth.login.passwordRequired'],
    });
  });

  it('wrong credentials are a 401 with appCode INVALID_CREDENTIALS', async () => {
    const res = await login(app.url, { email: 'ada@acme.test', password: 'wrong' });
    expect(res.status).toBe(401);
    expect((await res.json()).error.data.appCode).toBe('INVALID_CREDENTIALS');
  });
});

describe('internal errors', () => {
  // A database handle whose every use throws an error full of internals that must not leak.
  const SECRET = 'SECRET-DETAIL connection string postgres://admin:hunter2@db';
  const broken = new Proxy({} as Db, {
    get() {
      return () => {
        throw new Error(`${SECRET}\n    at leak (/work/main/server/secret.ts:1:1)`);
      };
    },
  });
  let bad: RunningApp;
  beforeAll(async () => {
    bad = await startTestApp(database, {}, { db: broken });
  });
  afterAll(() => bad?.stop());

  it('REST answers 500 INTERNAL without the message or a stack', async () => {
    const res = await fetch(`${bad.url}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'INTERNAL', message: 'An unexpected error occurred' } });
    expect(text).not.toContain('SECRET');
    expect(text).not.toMatch(STACK);
  });

  it('tRPC answers 500 INTERNAL without the message or a stack', async () => {
    const res = await fetch(`${bad.url}/trpc/auth.me`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(500);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.error.message).toBe('An unexpected error occurred');
    expect(body.error.data.appCode).toBe('INTERNAL');
    expect(body.error.data.stack).toBeUndefined();
    expect(text).not.toContain('SECRET');
    expect(text).not.toMatch(STACK);
  });

  it('a tRPC mutation that fails inside its resolver leaks nothing either', async () => {
    const res = await fetch(`${bad.url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: bad.url },
      body: JSON.stringify({ email: 'ada@acme.test', password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text).error.data.appCode).toBe('INTERNAL');
    expect(text).not.toContain('SECRET');
    expect(text).not.toMatch(STACK);
  });
});
