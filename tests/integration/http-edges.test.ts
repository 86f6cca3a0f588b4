import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../../server/app';
import { precompressDir } from '../../scripts/lib/precompress.mjs';
import { startTestApp, testEnv } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { TEST_PASSWORD, createSignedInAdmin } from '../helpers/factories';

/**
 * The HTTP edges the framework answers before a route runs (content types, nesting, oversized
 * requests, proxy addresses, headers) and the built client's compressed, cached files.
 */

const database = useTestDatabase();
let app: RunningApp;
let token: string;
let clientDir: string;
const ASSET = `export const app = ${JSON.stringify('spar '.repeat(2000))};\n`;

/** A raw GET: fetch cannot send a request line this long, nor keep Node from retrying. */
function rawGet(
  url: string,
  pathAndQuery: string,
): Promise<{ status: number; type: string | undefined; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: pathAndQuery, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
/** PUT /api/v1/auth/language as Ada, with this content type and raw body. */
const putLanguage = (contentType: string, body: string) =>
  fetch(`${app.url}/api/v1/auth/language`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
/** POST /trpc/auth.login from the app's own origin, with this content type and raw body. */
const postLogin = (contentType: string, body: string) =>
  fetch(`${app.url}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': contentType, origin: app.url },
    body,
  });

beforeAll(async () => {
  ({ token } = await createSignedInAdmin(database.db));
  // a built client as `npm run build` leaves it: a hashed asset with its .br and .gz copies
  clientDir = mkdtempSync(path.join(tmpdir(), 'spar-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>Spar</title></head><body></body></html>',
  );
  writeFileSync(path.join(clientDir, 'assets', 'index-Ab12Cd34.js'), ASSET);
  precompressDir(clientDir);
  app = await startApp({ env: testEnv(), database, port: 0, host: '127.0.0.1', clientDir });
});
afterAll(async () => {
  await app?.stop();
  if (clientDir) rmSync(clientDir, { recursive: true, force: true });
});

describe('the built client', () => {
  const asset = (encoding: string) =>
    fetch(`${app.url}/assets/index-Ab12Cd34.js`, { headers: { 'accept-encoding': encoding } });

  it('sends the brotli copy to a browser that takes br, cached for a year', async () => {
    const res = await asset('br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    // fetch decodes it: the bytes are the asset's
    expect(await res.text()).toBe(ASSET);
  });

  it('sends the gzip copy to one that takes only gzip, and the file as it is otherwise', async () => {
    const gz = await asset('gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await gz.text()).toBe(ASSET);
    const plain = await asset('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(ASSET);
  });

  it('wrote copies that decode to the file and are much smaller', () => {
    const [entry] = precompressDir(clientDir);
    expect(entry.br).toBeLessThan(entry.raw / 10);
    expect(entry.gz).toBeLessThan(entry.raw / 10);
    const file = path.join(clientDir, 'assets', 'index-Ab12Cd34.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(ASSET);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(ASSET);
  });

  it('answers an app page with index.html, never cached; a write to it is a JSON 405', async () => {
    const page = await fetch(`${app.url}/dashboard`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<title>Spar</title>');
    const post = await fetch(`${app.url}/dashboard`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect((await post.json()).error.code).toBe('METHOD_NOT_ALLOWED');
  });
});

describe('content types', () => {
  it('a JSON REST route refuses text/plain with a JSON 415', async () => {
    const res = await putLanguage('text/plain', JSON.stringify({ user_language: 'es' }));
    expect(res.status).toBe(415);
    expect((await res.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('a tRPC mutation refuses text/plain with a JSON 415', async () => {
    const res = await postLogin('text/plain', JSON.stringify({ email: 'ada@acme.test', password: TEST_PASSWORD }));
    expect(res.status).toBe(415);
    expect((await res.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('and a form post', async () => {
    const res = await putLanguage('application/x-www-form-urlencoded', 'user_language=es');
    expect(res.status).toBe(415);
  });
});

describe('deeply nested JSON', () => {
  it('a 10,000-deep REST body is a JSON 400 MALFORMED_JSON', async () => {
    const res = await putLanguage('application/json', `{"user_language":${deep(10_000)}}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('MALFORMED_JSON');
  });

  it('a 10,000-deep tRPC input is a JSON 400 MALFORMED_JSON', async () => {
    const res = await postLogin('application/json', `{"email":${deep(10_000)}}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('MALFORMED_JSON');
  });
});

describe('oversized requests', () => {
  it('a 20 kB query string is a JSON 431', async () => {
    const res = await rawGet(app.url, `/api/v1/health?q=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.type).toMatch(/^application\/json/);
    expect(JSON.parse(res.body).error.code).toBe('HEADERS_TOO_LARGE');
  });
});

describe('security headers', () => {
  it('connect-src is this origin and the configured ones, never any ws:/wss: host', async () => {
    const res = await fetch(`${app.url}/api/v1/health`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const connect = csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find((d) => d[0] === 'connect-src');
    expect(connect).toBeDefined();
    expect(connect).toContain("'self'");
    expect(connect).not.toContain('ws:');
    expect(connect).not.toContain('wss:');
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('behind a proxy (TRUST_PROXY=1)', () => {
  let proxied: RunningApp;
  beforeAll(async () => {
    proxied = await startTestApp(database, {
      TRUST_PROXY: '1',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '2',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '50',
    });
  });
  afterAll(() => proxied?.stop());

  const login = (email: string, forwardedFor: string) =>
    fetch(`${proxied.url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: proxied.url, 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ email, password: 'wrong-password' }),
    });

  it('the client address is the rightmost X-Forwarded-For entry: a client cannot pick it', async () => {
    // each attempt names another address of its own choosing; the proxy appended the real one
    expect((await login('a@acme.test', '10.0.0.1, 203.0.113.7')).status).toBe(401);
    expect((await login('b@acme.test', '10.0.0.2, 203.0.113.7')).status).toBe(401);
    const third = await login('c@acme.test', '10.0.0.3, 203.0.113.7');
    expect(third.status).toBe(429);
    // another real address is not locked
    expect((await login('d@acme.test', '10.0.0.3, 203.0.113.8')).status).toBe(401);
  });
});
