import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseCookie } from 'cookie';
import { blankSessionCookie, sessionCookie, sessionIdFromToken, SESSION_COOKIE } from '../../server/auth/session';
import { AppError } from '../../server/errors';
import { isSameOrigin, type RequestMeta } from '../../server/http/request-meta';
import { jsonTooDeep, MAX_JSON_DEPTH, parseJsonText, readTextBody } from '../../server/http/respond';
import { cspDirectives } from '../../server/http/server';
import { databaseAnswers } from '../../server/rest/v1/health';

const meta = (origin: string | undefined, host = 'spar.example:3000'): RequestMeta => ({
  ip: '1.2.3.4',
  secure: false,
  origin,
  host,
  userAgent: 'x',
});

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

describe('content security policy', () => {
  const header = (d: Record<string, string[]>) => d;

  it('the production CSP allows no inline or eval script, and calls only this origin and the configured ones', () => {
    const prod = header(cspDirectives(false, ['https://api.openai.com']));
    expect(prod['script-src']).toEqual(["'self'"]);
    expect(prod['frame-ancestors']).toEqual(["'none'"]);
    expect(prod['object-src']).toEqual(["'none'"]);
    expect(prod['default-src']).toEqual(["'self'"]);
    // 'self' covers the same-origin call socket; a bare ws:/wss: would allow any host
    expect(prod['connect-src']).toEqual(["'self'", 'https://api.openai.com']);
    expect(prod['frame-src']).toBeUndefined();
    expect(cspDirectives(false, [], ['https://cal.example'])['frame-src']).toEqual(["'self'", 'https://cal.example']);
    const dev = cspDirectives(true, []);
    expect(dev['script-src']).toEqual(expect.arrayContaining(["'unsafe-inline'", "'unsafe-eval'"]));
    expect(dev['frame-ancestors']).toEqual(["'none'"]);
  });
});

describe('cookies', () => {
  it('a session cookie round-trips through the cookie parser', () => {
    const token = 'abcdefghijklmnopqrstuvwxyz234567';
    const c = sessionCookie(token, new Date('2030-01-02T03:04:05Z'), { secure: true });
    expect(c).toBe(
      `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Lax; Path=/; Expires=Wed, 02 Jan 2030 03:04:05 GMT; Secure`,
    );
    expect(parseCookie(c.split('; ')[0] + '; other=1')[SESSION_COOKIE]).toBe(token);
    expect(blankSessionCookie({ secure: false })).toBe(`${SESSION_COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0`);
  });

  it('the session id is the SHA-256 hex of the token', () => {
    // sha256("abc")
    expect(sessionIdFromToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('JSON bodies', () => {
  const req = (body: string | Buffer[], headers: Record<string, string> = {}) =>
    Object.assign(Readable.from(Array.isArray(body) ? body : [Buffer.from(body)]), {
      headers,
    }) as unknown as IncomingMessage;
  const code = async (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e) => (e instanceof AppError ? e.code : String(e)),
    );
  const parse = async (text: string) => parseJsonText(text);

  it('parses JSON, and an empty body is undefined', () => {
    expect(parseJsonText('{"a":[1,2]}')).toEqual({ a: [1, 2] });
    expect(parseJsonText('  ')).toBeUndefined();
  });

  it('malformed JSON is MALFORMED_JSON', async () => {
    expect(await code(parse('{"a":'))).toBe('MALFORMED_JSON');
  });

  it('refuses nesting deeper than MAX_JSON_DEPTH without recursing, brackets inside strings not counted', async () => {
    expect(await code(parse('['.repeat(10_000) + ']'.repeat(10_000)))).toBe('MALFORMED_JSON');
    expect(jsonTooDeep('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep(JSON.stringify({ s: '['.repeat(500) + '\\"{{{' }))).toBe(false);
  });

  it('refuses a body over the limit, declared or streamed', async () => {
    expect(await code(readTextBody(req('{}', { 'content-length': '2000' }), 1000))).toBe('PAYLOAD_TOO_LARGE');
    expect(await code(readTextBody(req([Buffer.alloc(600, 32), Buffer.alloc(600, 32)]), 1000))).toBe(
      'PAYLOAD_TOO_LARGE',
    );
    expect(await code(readTextBody(req([Buffer.alloc(600, 32), Buffer.from('{}')]), 1000))).toBe('ok');
  });
});

describe('databaseAnswers', () => {
  it('true when the ping resolves, false when it rejects or hangs past the timeout', async () => {
    expect(await databaseAnswers(async () => {}, 1000)).toBe(true);
    expect(await databaseAnswers(async () => Promise.reject(new Error('down')), 1000)).toBe(false);
    expect(await databaseAnswers(() => new Promise(() => {}), 10)).toBe(false);
  });
});
