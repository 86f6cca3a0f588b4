import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser, type Page, type Request } from '@playwright/test';
import { startOtlpCollector, type OtlpCollector } from '../helpers/otlp-collector';
import { startOwnServer, type OwnServer } from './own-server';

/**
 * Usage telemetry in a real browser: the page loads the OpenTelemetry web SDK only
 * because the server has a collector (a loopback OTLP receiver here); its spans arrive through the
 * server in batches of at most 30, each about a second after the first of its spans ended; same-
 * origin and allow-listed requests carry trace headers; a 404 and a network failure are marked as
 * errors; a click on a button is a `click` span naming its element; every span carries the usage
 * session and the service version.
 */
interface OtlpSpan {
  name: string;
  traceId: string;
  /** Nanoseconds since the epoch, as a decimal string (OTLP/JSON). */
  endTimeUnixNano: string;
  status?: { code?: number };
  attributes?: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}
const attr = (s: OtlpSpan, key: string) => {
  const v = s.attributes?.find((a) => a.key === key)?.value;
  return v?.stringValue ?? v?.intValue;
};
const endMs = (s: OtlpSpan) => Number(s.endTimeUnixNano) / 1e6;

function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

test.describe('browser telemetry', () => {
  test.describe.configure({ timeout: 120_000 });
  const batches: { spans: OtlpSpan[]; resource: Record<string, string> }[] = [];
  const apiHeaders: IncomingHttpHeaders[] = [];
  let collector: OtlpCollector;
  let api: { server: Server; origin: string };
  let own: OwnServer;
  let managerState: string;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    collector = await startOtlpCollector<OtlpSpan>(({ resource, scopes }) => {
      if (resource['service.name'] === 'spar-web') batches.push({ resource, spans: scopes.flatMap((s) => s.spans) });
    });
    // another origin the pages may call, allow-listed for trace headers
    api = await listen((req, res) => {
      apiHeaders.push(req.headers);
      res.writeHead(req.method === 'OPTIONS' ? 204 : 200, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'traceparent, tracestate, content-type',
        'content-type': 'application/json',
      });
      res.end(req.method === 'OPTIONS' ? '' : '{}');
    });
    own = await startOwnServer('telemetry', {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.origin,
      TELEMETRY_TRACE_ORIGINS: api.origin,
    });
    managerState = await own.signIn('manager@demo.test');
  });

  test.afterAll(async () => {
    await own?.stop();
    await collector?.close();
    await new Promise((r) => api?.server.close(r));
  });

  test('spans arrive batched through the server, with trace headers, errors and the usage session', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: own.baseURL, storageState: managerState });
    const page = await context.newPage();
    const sameOrigin: Record<string, string>[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(`${own.baseURL}/trpc/`)) sameOrigin.push(r.headers());
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    // the page load itself is traced (document-load) once the SDK is in
    await expect
      .poll(() => batches.flatMap((b) => b.spans).some((s) => s.name === 'documentLoad'), { timeout: 20_000 })
      .toBe(true);

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

    await expect
      .poll(
        () =>
          batches.flatMap((b) => b.spans).filter((s) => String(attr(s, 'url.full') ?? '').includes('/api/v1/health?n='))
            .length,
        { timeout: 20_000 },
      )
      .toBe(70);
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
    await expect
      .poll(() => sameOrigin.some((h) => /^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/.test(h.traceparent ?? '')), {
        timeout: 10_000,
      })
      .toBe(true);
    // the telemetry started before the first screen: even the page's first request (who am I) is traced
    expect(sameOrigin[0].traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    expect(apiHeaders.find((h) => h.traceparent)?.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    // every span carries one usage session; the resource says the version
    const sessions = new Set(all.map((s) => attr(s, 'session.id')));
    expect(sessions.size).toBe(1);
    expect([...sessions][0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(batches[0].resource).toMatchObject({ 'service.name': 'spar-web', 'service.version': '1.0.0' });
    await context.close();
  });

  /**
   * A fresh page on the profile screen (nothing on it polls, unlike the dashboard while the demo
   * history is made); the exports of its usage session (each context has its own) that
   * reached the collector; those the page sent: when (the browser's clock, like the spans' times)
   * and what; and how long its network has been idle (nothing in flight, nothing started or ended).
   */
  async function settingsPage(browser: Browser, prepare?: (page: Page) => Promise<void>) {
    const context = await browser.newContext({ baseURL: own.baseURL, storageState: managerState });
    const page = await context.newPage();
    await prepare?.(page);
    const exports: Request[] = [];
    const inFlight = new Set<Request>();
    let lastActivity = Date.now();
    page.on('request', (r) => {
      inFlight.add(r);
      lastActivity = Date.now();
      if (r.url().endsWith('/api/v1/telemetry/traces')) exports.push(r);
    });
    const done = (r: Request) => {
      inFlight.delete(r);
      lastActivity = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings', { timeout: 20_000 });
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('spar.telemetry.session')), { timeout: 20_000 })
      .not.toBeNull();
    const session = (
      (await page.evaluate(() => JSON.parse(localStorage.getItem('spar.telemetry.session')!))) as { id: string }
    ).id;
    const mine = () => batches.filter((b) => b.spans.some((s) => attr(s, 'session.id') === session));
    const sent = () =>
      exports.map((r) => ({
        at: r.timing().startTime,
        spans:
          (
            JSON.parse(r.postData() ?? '{}') as { resourceSpans?: { scopeSpans: { spans: OtlpSpan[] }[] }[] }
          ).resourceSpans?.flatMap((rs) => rs.scopeSpans.flatMap((x) => x.spans)) ?? [],
      }));
    const idleFor = () => (inFlight.size ? 0 : Date.now() - lastActivity);
    return { context, page, mine, sent, idleFor };
  }

  test('a batch goes out about a second after the first of its spans ended, carrying those ended since, not one by one', async ({
    browser,
  }) => {
    const { context, page, mine, sent, idleFor } = await settingsPage(browser);
    // the page load's spans out, then the network idle for two seconds: a span that ended (its
    // request's end) would have been sent within one, so nothing is waiting in the batch
    await expect
      .poll(() => mine().some((b) => b.spans.some((x) => x.name === 'documentLoad')), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(idleFor, { timeout: 30_000 }).toBeGreaterThan(2000);
    // three requests 150 ms apart that fail at once in the browser (refused by the page's CSP), so
    // their spans end when the page says, however busy the server: over at least 300 ms
    await page.evaluate(async () => {
      for (let i = 0; i < 3; i++) {
        if (i) await new Promise((r) => setTimeout(r, 150));
        await fetch(`http://127.0.0.1:9/burst-${i}`).catch(() => undefined);
      }
    });
    const burst = (spans: OtlpSpan[]) =>
      spans.filter((x) => String(attr(x, 'url.full') ?? '').includes('127.0.0.1:9/burst-'));
    // through the server to the collector
    await expect.poll(() => mine().flatMap((b) => burst(b.spans)).length, { timeout: 30_000 }).toBe(3);
    // all three in the first export that carries one: the first one's timer (1,000 ms) outlasted the other two
    const carrying = sent().find((e) => burst(e.spans).length > 0)!;
    const ends = burst(carrying.spans).map(endMs);
    expect(ends).toHaveLength(3);
    expect(Math.max(...ends) - Math.min(...ends)).toBeGreaterThan(250);
    // sent about a second after its first span ended: not at once, and well short of the SDK's default 5 s
    const wait = carrying.at - Math.min(...carrying.spans.map(endMs));
    expect(wait).toBeGreaterThan(800);
    expect(wait).toBeLessThan(3000);
    // and so every export of this page short of a full batch of 30 (the page load's, the burst's): none left sooner than the delay
    const partial = sent().filter((e) => e.spans.length > 0 && e.spans.length < 30);
    expect(partial.length).toBeGreaterThanOrEqual(2);
    for (const e of partial) expect(e.at - Math.min(...e.spans.map(endMs))).toBeGreaterThan(800);
    await context.close();
  });

  test('a click on a button is a click span naming the element clicked', async ({ browser }) => {
    // the order in which clicks went untraced: the page's texts in (so its first screen could be
    // drawn) before the telemetry SDK has loaded and wrapped addEventListener
    const { context, page, mine } = await settingsPage(browser, async (p) => {
      const textsIn = p
        .waitForResponse((r) => /\/assets\/en-[\w-]+\.js$/.test(r.url()), { timeout: 20_000 })
        .catch(() => undefined);
      await p.route(/\/assets\/telemetry-[\w-]+\.js$/, async (route) => {
        await textsIn;
        await new Promise((r) => setTimeout(r, 300));
        await route.continue();
      });
    });
    const button = page.getByRole('button', { name: 'User menu' });
    await button.click();
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
    const clicks = () => mine().flatMap((b) => b.spans.filter((s) => s.name === 'click'));
    await expect.poll(() => clicks().length, { timeout: 20_000 }).toBeGreaterThan(0);
    const span = clicks()[0];
    expect(attr(span, 'event_type')).toBe('click');
    expect(attr(span, 'url.full')).toBe(`${own.baseURL}/profile`);
    // the element it names is the button, or what was under the pointer inside it
    const xpath = String(attr(span, 'target_xpath'));
    const found = await page.evaluate((x) => {
      const node = document.evaluate(x, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null)
        .singleNodeValue as HTMLElement | null;
      return node ? { tag: node.tagName, inButton: node.closest('button')?.getAttribute('aria-label') ?? null } : null;
    }, xpath);
    expect(found, xpath).toEqual({ tag: attr(span, 'target_element'), inButton: 'User menu' });
    await context.close();
  });
});
