import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerBuiltClient, type BuiltClientOptions } from '../../server/http/client';
import { telemetryConfig, withTelemetryMeta } from '../../server/rest/v1/telemetry';

let root: string;
let server: FastifyInstance;
let base: string;

/** The built client on a bare Fastify, its page handler answering what no file does (as server.ts wires it). */
async function serveClient(opts: BuiltClientOptions): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  const page = await registerBuiltClient(app, opts);
  app.setNotFoundHandler((request, reply) => page(request, reply));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'spar-static-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Spar</title>');
  writeFileSync(path.join(root, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'favicon.svg'), '<svg/>');
  writeFileSync(path.join(tmpdir(), 'spar-static-secret.txt'), 'outside the root');
  ({ app: server, url: base } = await serveClient({ root }));
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(path.join(tmpdir(), 'spar-static-secret.txt'), { force: true });
});

describe('static handler', () => {
  it('serves hashed assets as immutable for a year', async () => {
    const res = await fetch(`${base}/assets/app-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(await res.text()).toBe('console.log(1)');
  });

  it('serves other files with a short cache', async () => {
    const res = await fetch(`${base}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
  });

  it.each([
    '/',
    '/dashboard',
    '/assignments/sr',
    '/index.html',
    '/verify/0b4c4f3e-6a55-4b8e-9d2a-3f1b8c7d9e01.Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWo',
  ])('answers %s with index.html, never cached', async (p) => {
    const res = await fetch(`${base}${p}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('<title>Spar</title>');
  });

  it('a missing file with an extension is 404, not the SPA', async () => {
    for (const p of ['/assets/gone-999.js', '/missing.png']) {
      const res = await fetch(`${base}${p}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not Found' } });
    }
  });

  it('does not serve files outside the root', async () => {
    const res = await fetch(`${base}/..%2fspar-static-secret.txt`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('outside the root');
  });

  it('HEAD sends headers only', async () => {
    const head = await fetch(`${base}/assets/app-abc123.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('14');
    expect(await head.text()).toBe('');
  });
});

describe('index.html with the telemetry config', () => {
  const html = '<!doctype html><html><head><title>Spar</title></head><body></body></html>';
  const env = {
    OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
    TELEMETRY_TRACE_ORIGINS: 'https://api.example.com,"><script>x</script>',
    isProduction: true,
    NODE_ENV: 'production' as const,
  };
  // an attribute value ends at its first double quote; the four entities are all the escaping needs
  const metaOf = (page: string) => {
    const m = /<meta name="spar-telemetry" content="([^"]*)" \/>/.exec(page);
    const decoded = m?.[1]
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    return {
      config: decoded ? JSON.parse(decoded) : null,
      scripts: (page.match(/<script/g) ?? []).length,
      inHead: !!m && page.indexOf(m[0]) < page.indexOf('</head>'),
    };
  };

  it('says in a meta tag whether telemetry is on, as GET /api/v1/telemetry/config does, and nothing in it escapes the attribute', () => {
    expect(metaOf(withTelemetryMeta(html, env))).toEqual({ config: telemetryConfig(env), scripts: 0, inHead: true });
    expect(telemetryConfig(env)).toEqual({
      enabled: true,
      traceOrigins: ['https://api.example.com'],
      serviceVersion: '1.0.0',
      environment: 'production',
    });
    // an origin the allow-list accepts may still hold quotes and angle brackets
    const quoted = {
      ...env,
      TELEMETRY_TRACE_ORIGINS: 'https://a"b<c>&d',
      NODE_ENV: 'test' as const,
      isProduction: false,
    };
    expect(metaOf(withTelemetryMeta(html, quoted))).toEqual({
      config: { enabled: true, traceOrigins: ['https://a"b<c>&d'], serviceVersion: '1.0.0', environment: 'test' },
      scripts: 0,
      inHead: true,
    });
    expect(metaOf(withTelemetryMeta(html, { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: undefined })).config).toMatchObject({
      enabled: false,
    });
  });

  it('is served rewritten (GET and HEAD), assets untouched', async () => {
    const { app: rewriting, url } = await serveClient({
      root,
      indexHtml: (page) => page.replace('<title>Spar</title>', '<title>Spar</title><meta name="x" content="y">'),
    });
    try {
      const res = await fetch(`${url}/dashboard`);
      const body = await res.text();
      expect(body).toBe('<!doctype html><title>Spar</title><meta name="x" content="y">');
      expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const head = await fetch(`${url}/`, { method: 'HEAD' });
      expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
      expect(await head.text()).toBe('');
      expect(await (await fetch(`${url}/assets/app-abc123.js`)).text()).toBe('console.log(1)');
    } finally {
      await rewriting.close();
    }
  });

  it('is rewritten once, and again when a new build replaces it on disk', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'spar-static-index-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Spar</title>');
    let rewrites = 0;
    const { app: rewriting, url } = await serveClient({
      root: dir,
      indexHtml: (page) => (rewrites++, page.replace('</title>', '</title><meta name="n">')),
    });
    try {
      for (const p of ['/', '/dashboard', '/index.html'])
        expect(await (await fetch(`${url}${p}`)).text()).toBe('<!doctype html><title>Spar</title><meta name="n">');
      expect(rewrites).toBe(1);
      writeFileSync(
        path.join(dir, 'index.html'),
        '<!doctype html><title>Spar</title><script src="/assets/new.js"></script>',
      );
      expect(await (await fetch(`${url}/`)).text()).toBe(
        '<!doctype html><title>Spar</title><meta name="n"><script src="/assets/new.js"></script>',
      );
      expect(rewrites).toBe(2);
    } finally {
      await rewriting.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
