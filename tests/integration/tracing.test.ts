import { context } from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSystem } from '../../db/tenant';
import type { RunningApp } from '../../server/app';
import { traceLogFields } from '../../server/logger';
import { enqueueMail } from '../../server/mail/jobs';
import { emitWebhookEvent } from '../../server/services/webhooks/emit';
import { createEndpoint } from '../../server/services/webhooks/endpoints';
import { tracer } from '../../server/telemetry/tracing';
import { signIn, startTestApp, type UserRow } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { startOtlpCollector, type OtlpCollector } from '../helpers/otlp-collector';
import { useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

/**
 * Server traces, exported over OTLP/HTTP to a loopback collector: a request continues
 * the caller's trace (W3C traceparent) with its route and status, database transactions and
 * background jobs are spans inside it or their own, and log lines carry the trace id.
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  status?: { code?: number };
  attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
  /** The instrumentation scope that made it. */
  scope?: string;
}
const database = useTestDatabase();
let app: RunningApp;
let collector: OtlpCollector;
let receiver: WebhookReceiver;
let user: UserRow;
let tenantId: string;
const spans: OtlpSpan[] = [];
const resources: Record<string, string>[] = [];

beforeAll(async () => {
  collector = await startOtlpCollector<OtlpSpan>(({ resource, scopes }) => {
    resources.push(resource);
    for (const ss of scopes) spans.push(...ss.spans.map((span) => ({ ...span, scope: ss.scope })));
  });
  tenantId = (await createTenant(database.db, { name: 'Acme' })).id;
  user = await createTenantUser(database.db, tenantId, { userType: 'manager' });
  receiver = await startWebhookReceiver();
  app = await startTestApp(
    database,
    {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.origin,
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
    },
    { jobs: { pollIntervalMs: 50, initialDelayMs: 0 } },
  );
}, 60_000);

afterAll(() => closeAll(app, collector, receiver));

/**
 * A request as an outside caller (the browser) makes it: this test shares its process with the
 * server, whose fetch instrumentation would otherwise trace the test's own request and replace its
 * traceparent.
 */
const asCaller = <T>(fn: () => Promise<T>) => context.with(suppressTracing(context.active()), fn);

const attr = (s: OtlpSpan, key: string) => {
  const v = s.attributes?.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue !== undefined ? Number(v.intValue) : undefined);
};

describe('server traces', () => {
  it('continue the caller’s trace, with the route, the status and the database work inside', async () => {
    const { token } = await signIn(app.deps, user);
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parent = '00f067aa0ba902b7';
    const r = await asCaller(() =>
      fetch(`${app.url}/trpc/dashboard.get?input=%7B%7D`, {
        headers: { authorization: `Bearer ${token}`, traceparent: `00-${traceId}-${parent}-01` },
      }),
    );
    expect(r.status).toBe(200);
    expect(
      (
        await asCaller(() =>
          fetch(`${app.url}/api/v1/no-such-thing`, { headers: { traceparent: `00-${traceId}-${parent}-01` } }),
        )
      ).status,
    ).toBe(404);
    await expect
      .poll(() => spans.filter((s) => s.traceId === traceId && s.kind === 2).length, { timeout: 10_000, interval: 100 })
      .toBe(2);
    const server = spans.find((s) => s.traceId === traceId && s.name === 'GET trpc:dashboard.get')!;
    expect(server.parentSpanId).toBe(parent);
    expect(server.scope).toBe('@opentelemetry/instrumentation-http');
    expect(attr(server, 'http.route')).toBe('trpc:dashboard.get');
    expect(attr(server, 'http.response.status_code')).toBe(200);
    const missing = spans.find((s) => s.traceId === traceId && s.name === 'GET /api/v1/no-such-thing')!;
    expect(attr(missing, 'http.response.status_code')).toBe(404);
    // the session read and the dashboard's tenant transaction are spans of the request
    await expect
      .poll(() => spans.filter((s) => s.traceId === traceId && s.name.startsWith('db ')).length, {
        timeout: 10_000,
        interval: 100,
      })
      .toBeGreaterThanOrEqual(2);
    const db = spans.filter((s) => s.traceId === traceId && s.name.startsWith('db '));
    expect(db.every((s) => attr(s, 'db.system.name') === 'postgresql')).toBe(true);
    // every statement is a span of its transaction, with its text and placeholders, never the values bound
    const tenantTx = db.find((s) => s.name === 'db tenant' && s.parentSpanId === server.spanId)!;
    expect(tenantTx).toBeTruthy();
    const statements = db.filter((s) => s.parentSpanId === tenantTx.spanId);
    expect(statements.length).toBeGreaterThanOrEqual(2);
    const setTenant = statements.find((s) => String(attr(s, 'db.query.text')).includes("set_config('app.tenant_id'"))!;
    expect(setTenant.name).toBe('db select');
    expect(attr(setTenant, 'db.query.text')).toContain('$1');
    expect(
      statements.every(
        (s) => attr(s, 'db.operation.name') === String(attr(s, 'db.query.text')).trim().split(/\s/)[0].toLowerCase(),
      ),
    ).toBe(true);
    expect(JSON.stringify(spans.filter((s) => s.traceId === traceId))).not.toContain(tenantId);
    expect(resources.some((r) => r['service.name'] === 'spar-server' && r['deployment.environment'] === 'test')).toBe(
      true,
    );
  });

  it('trace background jobs, and log lines carry the trace id', async () => {
    await asSystem(database.db, { action: 'test' }, (tx) =>
      enqueueMail(tx, {
        tenantId,
        to: 'x@example.test',
        subject: 's',
        text: 't',
        html: '<p>t</p>',
        dedupeKey: 'tracing-test',
      }),
    );
    await expect.poll(() => spans.some((s) => s.name === 'job mail'), { timeout: 10_000, interval: 100 }).toBe(true);
    const job = spans.find((s) => s.name === 'job mail')!;
    expect(attr(job, 'job.queue')).toBe('mail');
    tracer().startActiveSpan('log test', (span) => {
      expect(traceLogFields()).toEqual({ trace_id: span.spanContext().traceId, span_id: span.spanContext().spanId });
      span.end();
    });
    expect(traceLogFields()).toEqual({});
  });

  it('an outgoing request (a webhook sent by its job) is a client span of the job, and the receiver gets the trace', async () => {
    await asSystem(database.db, { action: 'test' }, async (tx) => {
      await createEndpoint({
        tx,
        actor: { tenantId, userId: user.id },
        input: { url: `${receiver.url}/traced`, events: ['assessment.opened'] },
        allowPrivate: true,
      });
      await emitWebhookEvent(tx, { tenantId, type: 'assessment.opened', data: { assessment_id: 'traced' } });
    });
    await expect
      .poll(() => receiver.received.filter((r) => r.path === '/traced').length, { timeout: 10_000, interval: 100 })
      .toBe(1);
    const traceparent = receiver.received.find((r) => r.path === '/traced')!.headers.traceparent;
    const [, traceId, spanId] = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(traceparent ?? '') ?? [];
    expect(traceId, traceparent).toBeTruthy();
    // the client span is the one the receiver was told about, inside the webhook job's span
    await expect.poll(() => spans.some((s) => s.spanId === spanId), { timeout: 10_000, interval: 100 }).toBe(true);
    const client = spans.find((s) => s.spanId === spanId)!;
    expect(client.kind).toBe(3);
    expect(client.scope).toBe('@opentelemetry/instrumentation-http');
    expect(attr(client, 'http.request.method')).toBe('POST');
    expect(attr(client, 'url.full')).toBe(`${receiver.url}/traced`);
    expect(attr(client, 'http.response.status_code')).toBe(200);
    const job = spans.find((s) => s.spanId === client.parentSpanId);
    expect(job?.name).toBe('job webhook');
    expect(job?.traceId).toBe(traceId);
  });
});
