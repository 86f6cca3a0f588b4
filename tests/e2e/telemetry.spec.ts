import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { startOwnServer, type OwnServer } from './own-server';

/**
 * Usage telemetry in a real browser (spec §7, §9): the page loads the OpenTelemetry web SDK only
 * because the server has a collector (a loopback OTLP receiver here); its spans arrive through the
 * server in batches of at most 30; same-origin and allow-listed requests carry trace headers; a
 * 404 and a network failure are marked as errors; every span carries the usage session and the
 * service version. (Click spans of the user-interaction instrumentation are not asserted: without
 * zone.js they do not appear reliably.)
 */
interface OtlpSpan {
  name: string;
  traceId: string;
  status?: { code?: number };
  attributes?: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}
const attr = (s: OtlpSpan, key: string) => {
  const v = s.attributes?.find((a) => a.key === key)?.value;
  return v?.stringValue ?? v?.intValue;
};

function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

test.describe('browser telemetry', () => {
  test.describe.configure({ timeout: 120_000 });
  const batches: { spans: OtlpSpan[]; resource: Record<string, string> }[] = [];
  const apiHeaders: IncomingHttpHeaders[] = [];
  let collector: { server: Server; origin: string };
  let api: { server: Server; origin: string };
  let own: OwnServer;
  let managerState: string;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    collector = await listen((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const json = JSON.parse(body) as { resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[] };
        for (const rs of json.resourceSpans) {
          const resource = Object.fromEntries(rs.resource.attributes.map((a) => [a.key, a.value.stringValue ?? '']));
          if (resource['service.name'] === 'spar-web') batches.push({ resource, spans: rs.scopeSpans.flatMap((s) => s.spans) });
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      });
    });
    // another origin the pages may call, allow-listed for trace headers
    api = await listen((req, res) => {
      apiHeaders.push(req.headers);
      res.writeHead(req.method === 'OPTIONS' ? 204 : 200, { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'traceparent, tracestate, content-type', 'content-type': 'application/json' });
      res.end(req.method === 'OPTIONS' ? '' : '{}');
    });
    own = await startOwnServer('telemetry', { OTEL_EXPORTER_OTLP_ENDPOINT: collector.origin, TELEMETRY_TRACE_ORIGINS: api.origin });
    managerState = await own.signIn('manager@demo.test');
  });

  test.afterAll(async () => {
    await own?.stop();
    await new Promise((r) => collector?.server.close(r));
    await new Promise((r) => api?.server.close(r));
  });

  test('spans arrive batched through the server, with trace headers, errors and the usage session', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: own.baseURL, storageState: managerState });
    const page = await context.newPage();
    const sameOrigin: Record<string, string>[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(`${own.baseURL}/trpc/`)) sameOrigin.push(r.headers());
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    // the page load itself is traced (document-load) once the SDK is in
    await expect.poll(() => batches.flatMap((b) => b.spans).some((s) => s.name === 'documentLoad'), { timeout: 20_000 }).toBe(true);

    await page.evaluate(async (apiOrigin) => {
      await fetch(`${apiOrigin}/v1/ping`);
      await fetch('/api/v1/does-not-exist');
      await fetch('http://127.0.0.1:9/').catch(() => undefined); // not allowed by the page's CSP: a network failure
      await Promise.all(Array.from({ length: 70 }, (_, i) => fetch(`/api/v1/health?n=${i}`)));
    }, api.origin);
    await page.getByRole('link', { name: 'Assignments' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assignments');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');

    await expect.poll(() => batches.flatMap((b) => b.spans).filter((s) => String(attr(s, 'url.full') ?? '').includes('/api/v1/health?n=')).length, { timeout: 20_000 }).toBe(70);
    const all = batches.flatMap((b) => b.spans);
    // at most 30 items per export
    expect(Math.max(...batches.map((b) => b.spans.length))).toBeLessThanOrEqual(30);
    expect(batches.length).toBeGreaterThanOrEqual(3);
    // 400–599 and a network failure are errors; a 200 is not
    const byUrl = (part: string) => all.find((s) => String(attr(s, 'url.full') ?? '').includes(part))!;
    expect(byUrl('/api/v1/does-not-exist').status?.code).toBe(2);
    expect(byUrl('127.0.0.1:9').status?.code).toBe(2);
    expect(byUrl('/api/v1/health?n=0').status?.code ?? 0).not.toBe(2);
    // trace headers: same-origin requests and the allow-listed origin
    await expect.poll(() => sameOrigin.some((h) => /^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/.test(h.traceparent ?? '')), { timeout: 10_000 }).toBe(true);
    expect(apiHeaders.find((h) => h.traceparent)?.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    // every span carries one usage session; the resource says the version
    const sessions = new Set(all.map((s) => attr(s, 'session.id')));
    expect(sessions.size).toBe(1);
    expect([...sessions][0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(batches[0].resource).toMatchObject({ 'service.name': 'spar-web', 'service.version': '1.0.0' });
    await context.close();
  });
});
