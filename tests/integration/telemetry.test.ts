import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../../server/app';
import { startTestApp } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { useTestDatabase } from '../helpers/db';

/**
 * Browser telemetry through the server: GET /api/v1/telemetry/config tells the page
 * whether to load its OpenTelemetry SDK and where trace headers may go; POST
 * /api/v1/telemetry/traces forwards an OTLP/HTTP export to OTEL_EXPORTER_OTLP_ENDPOINT (a loopback
 * receiver here) with OTEL_EXPORTER_OTLP_HEADERS, byte for byte, for a page holding a telemetry
 * token (issued with the config), limited per token and per address. Off when no endpoint is set.
 */
const database = useTestDatabase();
let on: RunningApp;
let off: RunningApp;
let receiver: Server;
const received: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
const PER_PAGE = 5;
const PER_ADDRESS = 8;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  on = await startTestApp(
    database,
    {
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_EXPORTER_OTLP_HEADERS: 'x-honeycomb-team=secret%20key,x-dataset=spar',
      TELEMETRY_TRACE_ORIGINS: 'https://api.example.com, not a url',
      TELEMETRY_EXPORTS_PER_MINUTE: String(PER_PAGE),
      TELEMETRY_EXPORTS_PER_MINUTE_PER_ADDRESS: String(PER_ADDRESS),
    },
    { jobs: { disabled: true } },
  );
  off = await startTestApp(database, {}, { jobs: { disabled: true } });
}, 60_000);

afterAll(() => closeAll(on, off, receiver));

const EXPORT = {
  resourceSpans: [
    { resource: { attributes: [{ key: 'service.name', value: { stringValue: 'spar-web' } }] }, scopeSpans: [] },
  ],
};

/** A fresh page's token, as the browser gets it with the config. */
const pageToken = async (): Promise<string> =>
  ((await (await fetch(`${on.url}/api/v1/telemetry/config`)).json()) as { token: string }).token;

const send = (token: string | null, body: string | Uint8Array<ArrayBuffer>, type = 'application/json', url = on.url) =>
  fetch(`${url}/api/v1/telemetry/traces`, {
    method: 'POST',
    headers: { 'content-type': type, origin: url, ...(token ? { 'x-spar-telemetry-token': token } : {}) },
    body,
  });

describe('browser telemetry through the server', () => {
  it('says whether it is on, where trace headers may go, and gives each page its own token', async () => {
    const config = await (await fetch(`${on.url}/api/v1/telemetry/config`)).json();
    expect(config).toEqual({
      enabled: true,
      traceOrigins: ['https://api.example.com'],
      serviceVersion: '1.0.0',
      environment: 'test',
      token: expect.stringMatching(/^\d+\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/),
    });
    expect(await pageToken()).not.toBe(config.token);
    expect(await (await fetch(`${off.url}/api/v1/telemetry/config`)).json()).toMatchObject({
      enabled: false,
      token: null,
    });
  });

  it('refuses an export without a token or with a forged one, and forwards nothing', async () => {
    const n = received.length;
    const token = await pageToken();
    const [expiry, page, signature] = token.split('.');
    for (const bad of [
      null,
      'not-a-token',
      `${expiry}.${page}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`, // signature changed
      `${Number(expiry) + 1000}.${page}.${signature}`, // expiry moved
      `${Date.now() - 1000}.${page}.${signature}`, // expired
    ]) {
      const r = await send(bad, JSON.stringify(EXPORT));
      expect(r.status).toBe(401);
      expect((await r.json()).error.code).toBe('UNAUTHENTICATED');
    }
    // none of them reached the collector (the server's own spans may arrive meanwhile)
    expect(received.slice(n).filter((x) => x.body.toString('utf8') === JSON.stringify(EXPORT))).toEqual([]);
  });

  it('forwards a protobuf export byte for byte', async () => {
    // bytes that are not UTF-8 (a decode and re-encode would change them)
    const proto = new Uint8Array([0x0a, 0x80, 0xff, 0x00, 0xc3, 0x28, 0x12, 0x01, 0xfe]);
    const before = received.length;
    const r = await send(await pageToken(), proto, 'application/x-protobuf');
    expect(r.status).toBe(204);
    const got = received.slice(before).find((x) => Buffer.from(proto).equals(x.body))!;
    expect(got).toBeDefined();
    expect(got.headers['content-type']).toBe('application/x-protobuf');
    expect([...got.body]).toEqual([...proto]);
  });

  it('limits exports per page token and per address (429 with Retry-After)', async () => {
    const token = await pageToken();
    const statuses: number[] = [];
    for (let i = 0; i < PER_PAGE + 1; i++) statuses.push((await send(token, JSON.stringify(EXPORT))).status);
    expect(statuses).toEqual([...Array<number>(PER_PAGE).fill(204), 429]);
    // new pages from the same address: the address's own limit ends them too
    const more: Response[] = [];
    for (let i = 0; i < PER_ADDRESS; i++) more.push(await send(await pageToken(), JSON.stringify(EXPORT)));
    expect(more.at(-1)!.status).toBe(429);
    expect(Number(more.at(-1)!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('forwards an OTLP/HTTP export to the collector with its headers; refuses what is not OTLP', async () => {
    // the address limit of the test above is spent: this test's server is a fresh one on the same collector
    const other = await startTestApp(
      database,
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: on.deps.env.OTEL_EXPORTER_OTLP_ENDPOINT,
        OTEL_EXPORTER_OTLP_HEADERS: 'x-honeycomb-team=secret%20key,x-dataset=spar',
        TELEMETRY_EXPORTS_PER_MINUTE_PER_ADDRESS: '1000',
      },
      { jobs: { disabled: true } },
    );
    try {
      const token = ((await (await fetch(`${other.url}/api/v1/telemetry/config`)).json()) as { token: string }).token;
      const body = JSON.stringify(EXPORT);
      const before = received.length;
      const r = await send(token, body, 'application/json', other.url);
      expect(r.status).toBe(204);
      // forwarded byte for byte (the server's own spans may reach the same collector too)
      const got = received.slice(before).find((x) => x.body.toString('utf8') === body)!;
      expect(got).toBeDefined();
      expect(got.path).toBe('/v1/traces');
      expect(got.headers).toMatchObject({
        'content-type': 'application/json',
        'x-honeycomb-team': 'secret key',
        'x-dataset': 'spar',
      });
      const n = received.length;
      expect((await send(token, 'x', 'text/plain', other.url)).status).toBe(415);
      expect((await send(token, '{not json', 'application/json', other.url)).status).toBe(400);
      // neither refused body reached the collector (the server's own spans may arrive meanwhile)
      expect(received.slice(n).map((x) => x.body.toString('utf8'))).not.toContain('x');
      expect(received.slice(n).map((x) => x.body.toString('utf8'))).not.toContain('{not json');
    } finally {
      await other.stop();
    }
  });

  it('is off without an endpoint', async () => {
    const r = await fetch(`${off.url}/api/v1/telemetry/traces`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: off.url },
      body: JSON.stringify(EXPORT),
    });
    expect(r.status).toBe(404);
  });
});
