import { Readable } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { blankSessionCookie, parseCookies, sessionCookie, sessionIdFromToken, SESSION_COOKIE } from '../../server/auth/session';
import { AppError } from '../../server/errors';
import { isSameOrigin, type RequestMeta } from '../../server/http/request-meta';
import { readJsonBody } from '../../server/http/respond';
import { applySecurityHeaders, contentSecurityPolicy } from '../../server/http/security-headers';
import { databaseAnswers } from '../../server/rest/v1/health';

const meta = (origin: string | undefined, host = 'spar.example:3000'): RequestMeta => ({ ip: '1.2.3.4', secure: false, origin, host, userAgent: 'x' });

describe('isSameOrigin', () => {
  it('accepts the own host, any scheme', () => {
    expect(isSameOrigin(meta('http://spar.example:3000'), undefined, true)).toBe(true);
    expect(isSameOrigin(meta('https://spar.example:3000'), undefined, true)).toBe(true);
  });

  it('refuses other hosts, ports, null and garbage', () => {
    expect(isSameOrigin(meta('https://evil.example'), undefined, true)).toBe(false);
    expect(isSameOrigin(meta('http://spar.example:3001'), undefined, true)).toBe(false);
    expect(isSameOrigin(meta('http://spar.example.evil.com:3000'), undefined, true)).toBe(false);
    expect(isSameOrigin(meta('null'), undefined, false)).toBe(false);
    expect(isSameOrigin(meta('not a url'), undefined, true)).toBe(false);
  });

  it('accepts PUBLIC_URL behind a proxy that rewrites Host', () => {
    expect(isSameOrigin(meta('https://app.spar.io', 'internal:3000'), 'https://app.spar.io', true)).toBe(true);
    expect(isSameOrigin(meta('https://evil.io', 'internal:3000'), 'https://app.spar.io', true)).toBe(false);
  });

  it('without Origin: only requests that do not ride on the cookie', () => {
    expect(isSameOrigin(meta(undefined), undefined, true)).toBe(false);
    expect(isSameOrigin(meta(undefined), undefined, false)).toBe(true);
  });
});

describe('security headers', () => {
  function headersOf(dev: boolean, secure: boolean) {
    const h: Record<string, string> = {};
    applySecurityHeaders({ setHeader: (k: string, v: string) => (h[k.toLowerCase()] = v) } as unknown as ServerResponse, dev, secure);
    return h;
  }

  it('sets CSP, nosniff, referrer policy and framing rules', () => {
    const h = headersOf(false, false);
    expect(h['content-security-policy']).toBe(contentSecurityPolicy(false));
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['permissions-policy']).toContain('microphone=(self)');
    expect(h['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS only over https', () => {
    expect(headersOf(false, true)['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('the production CSP allows no inline or eval script; dev allows what Vite needs', () => {
    const directives = (csp: string) => Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    const prod = directives(contentSecurityPolicy(false));
    expect(prod['script-src']).toEqual(["'self'"]);
    expect(prod['frame-ancestors']).toEqual(["'none'"]);
    expect(prod['object-src']).toEqual(["'none'"]);
    expect(prod['default-src']).toEqual(["'self'"]);
    expect(prod['connect-src']).toEqual(expect.arrayContaining(["'self'", 'wss:']));
    const dev = directives(contentSecurityPolicy(true));
    expect(dev['script-src']).toEqual(expect.arrayContaining(["'unsafe-inline'", "'unsafe-eval'"]));
    expect(dev['frame-ancestors']).toEqual(["'none'"]);
  });
});

describe('cookies', () => {
  it('parseCookies decodes values, keeps the first of duplicates, skips junk', () => {
    expect(parseCookies(undefined)).toEqual({});
    expect(parseCookies('a=1; b=hello%20world;c = x=y ; junk; =nokey; a=2; bad=%E0%A4%A')).toEqual({
      a: '1',
      b: 'hello world',
      c: 'x=y',
      bad: '%E0%A4%A',
    });
  });

  it('a session cookie round-trips through parseCookies', () => {
    const token = 'abcdefghijklmnopqrstuvwxyz234567';
    const c = sessionCookie(token, new Date('2030-01-02T03:04:05Z'), { secure: true });
    expect(c).toBe(`${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Lax; Path=/; Expires=Wed, 02 Jan 2030 03:04:05 GMT; Secure`);
    expect(parseCookies(c.split('; ')[0] + '; other=1')[SESSION_COOKIE]).toBe(token);
    expect(blankSessionCookie({ secure: false })).toBe(`${SESSION_COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0`);
  });

  it('the session id is the SHA-256 hex of the token', () => {
    // sha256("abc")
    expect(sessionIdFromToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('readJsonBody', () => {
  const req = (body: string | Buffer[], headers: Record<string, string> = {}) =>
    Object.assign(Readable.from(Array.isArray(body) ? body : [Buffer.from(body)]), { headers }) as unknown as IncomingMessage;
  const code = async (p: Promise<unknown>) => p.then(() => 'ok', (e) => (e instanceof AppError ? e.code : String(e)));

  it('parses JSON, and an empty body is undefined', async () => {
    expect(await readJsonBody(req('{"a":[1,2]}'))).toEqual({ a: [1, 2] });
    expect(await readJsonBody(req('  '))).toBeUndefined();
  });

  it('malformed JSON is MALFORMED_JSON', async () => {
    expect(await code(readJsonBody(req('{"a":')))).toBe('MALFORMED_JSON');
  });

  it('refuses a body over the limit, declared or streamed', async () => {
    expect(await code(readJsonBody(req('{}', { 'content-length': '2000' }), 1000))).toBe('PAYLOAD_TOO_LARGE');
    expect(await code(readJsonBody(req([Buffer.alloc(600, 32), Buffer.alloc(600, 32)]), 1000))).toBe('PAYLOAD_TOO_LARGE');
    expect(await code(readJsonBody(req([Buffer.alloc(600, 32), Buffer.from('{}')]), 1000))).toBe('ok');
  });
});

describe('databaseAnswers', () => {
  it('true when the ping resolves, false when it rejects or hangs past the timeout', async () => {
    expect(await databaseAnswers(async () => {}, 1000)).toBe(true);
    expect(await databaseAnswers(async () => Promise.reject(new Error('down')), 1000)).toBe(false);
    expect(await databaseAnswers(() => new Promise(() => {}), 10)).toBe(false);
  });
});
