import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../../server/app';
import { startTestApp } from '../helpers/app';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

/**
 * Browser telemetry through the server: GET /api/v1/telemetry/config tells the page
 * whether to load its OpenTelemetry SDK and where trace headers may go; POST
 * /api/v1/telemetry/traces forwards an OTLP/HTTP export to OTEL_EXPORTER_OTLP_ENDPOINT (a loopback
 * receiver here) with OTEL_EXPORTER_OTLP_HEADERS. Off when no endpoint is set.
 */
let database: TestDatabase;
let on: RunningApp;
let off: RunningApp;
let receiver: Server;
const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
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
    },
    { jobs: { disabled: true } },
  );
  off = await startTestApp(database, {}, { jobs: { disabled: true } });
}, 60_000);

afterAll(async () => {
  await on?.stop();
  await off?.stop();
  await new Promise((r) => receiver?.close(r));
  await database?.cleanup();
});

const EXPORT = {
  resourceSpans: [
    { resource: { attributes: [{ key: 'service.name', value: { stringValue: 'spar-web' } }] }, scopeSpans: [] },
  ],
};

describe('browser telemetry through the server', () => {
  it('says whether it is on, and where trace headers may go', async () => {
    expect(await (await fetch(`${on.url}/api/v1/telemetry/config`)).json()).toEqual({
      enabled: true,
      traceOrigins: ['https://api.example.com'],
      serviceVersion: '1.0.0',
      environment: 'test',
    });
    expect(await (await fetch(`${off.url}/api/v1/telemetry/config`)).json()).toMatchObject({ enabled: false });
  });

  it('forwards an OTLP/HTTP export to the collector with its headers; refuses what is not OTLP', async () => {
    const body = JSON.stringify(EXPORT);
    const r = await fetch(`${on.url}/api/v1/telemetry/traces`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: on.url },
      body,
    });
    expect(r.status).toBe(204);
    const got = received.at(-1)!;
    expect(got.path).toBe('/v1/traces');
    expect(got.body).toBe(body);
    expect(got.headers).toMatchObject({
      'content-type': 'application/json',
      'x-honeycomb-team': 'secret key',
      'x-dataset': 'spar',
    });
    const n = received.length;
    expect(
      (
        await fetch(`${on.url}/api/v1/telemetry/traces`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain', origin: on.url },
          body: 'x',
        })
      ).status,
    ).toBe(415);
    expect(
      (
        await fetch(`${on.url}/api/v1/telemetry/traces`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: on.url },
          body: '{not json',
        })
      ).status,
    ).toBe(400);
    expect(received.length).toBe(n);
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
