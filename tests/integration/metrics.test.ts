import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSystem } from '../../db/tenant';
import type { RunningApp } from '../../server/app';
import { enqueue } from '../../server/jobs/queue';
import { startTestApp } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { useTestDatabase } from '../helpers/db';

/**
 * GET /metrics in Prometheus format (prom-client), for the holder of METRICS_TOKEN: request rate
 * and latency by route, live calls, relay frames dropped, job queue depth and age, webhook
 * failures, evaluation duration, process figures. Off (404) without a token.
 */
const TOKEN = 'metrics-token-0123456789abcdef';
const database = useTestDatabase();
let app: RunningApp;
let off: RunningApp;

beforeAll(async () => {
  app = await startTestApp(database, { METRICS_TOKEN: TOKEN }, { jobs: { disabled: true } });
  off = await startTestApp(database, {}, { jobs: { disabled: true } });
}, 60_000);

afterAll(() => closeAll(app, off));

/** The value of one sample line (`name{labels} value`), or null. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = (m[2] ?? '').split(',').filter(Boolean);
    if (want.every((w) => got.includes(w)) && (want.length > 0 || got.length === 0)) return Number(m[3]);
  }
  return null;
}

describe('GET /metrics', () => {
  it('is refused without the token and off when none is configured', async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(401);
    expect(
      (await fetch(`${app.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789abcd' } })).status,
    ).toBe(401);
    expect((await fetch(`${off.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it('reports requests by route and status, latency, live calls, the job queue and the rest', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${app.url}/api/v1/health`)).status).toBe(200);
    expect((await fetch(`${app.url}/api/v1/reports/0b9ed2a4-6f7e-4a4b-8d7e-2b7c9f0a1c3d/download`)).status).toBe(401);
    // two mails due for a minute, no worker to send them
    await asSystem(database.db, { action: 'test' }, async (tx) => {
      for (const k of [1, 2])
        await enqueue(tx, {
          queue: 'mail',
          tenantId: null,
          payload: { k },
          dedupeKey: `metrics-test:${k}`,
          runAt: new Date(Date.now() - 60_000),
        });
    });
    const res = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(
      sample(text, 'spar_http_requests_total', { method: 'GET', route: '/api/v1/health', status: '200' }),
    ).toBeGreaterThanOrEqual(3);
    expect(
      sample(text, 'spar_http_requests_total', { method: 'GET', route: '/api/v1/reports/:id/download', status: '401' }),
    ).toBe(1);
    expect(
      sample(text, 'spar_http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/health' }),
    ).toBeGreaterThanOrEqual(3);
    expect(
      sample(text, 'spar_http_request_duration_seconds_bucket', { method: 'GET', route: '/api/v1/health', le: '+Inf' }),
    ).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'spar_live_calls')).toBe(0);
    expect(sample(text, 'spar_job_queue_depth', { queue: 'mail' })).toBe(2);
    expect(sample(text, 'spar_job_queue_oldest_due_seconds', { queue: 'mail' })).toBeGreaterThanOrEqual(59);
    for (const name of [
      'spar_relay_frames_dropped_total',
      'spar_webhook_delivery_failures_total',
      'spar_evaluation_duration_seconds',
      'spar_process_cpu_user_seconds_total',
      'spar_nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });
});
