import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (prom-client), served at `GET /metrics` to holders of
 * METRICS_TOKEN: request rate and latency by route, live calls, relay frames dropped, job queue
 * depth and age, webhook delivery failures, evaluation duration, and Node's own process figures.
 * One registry per process — what a scraper of this process sees.
 *
 * A leaf: it imports nothing of the app. What only the app can count (live calls, the job queue)
 * is reported into it by the composition root (server/wiring.ts) through the readers below.
 */
const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'spar_' });

/** A histogram in this process's registry, by the labels named, with these bucket bounds (seconds). */
function histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) {
  return new Histogram<L>({ name, help, labelNames, buckets, registers: [registry] });
}
/** A counter in this process's registry, by the labels named. */
function counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
  return new Counter<L>({ name, help, labelNames, registers: [registry] });
}

const httpRequests = counter('spar_http_requests_total', 'HTTP requests answered, by method, route and status code.', [
  'method',
  'route',
  'status',
]);
const httpDuration = histogram(
  'spar_http_request_duration_seconds',
  'Time to answer an HTTP request, by method and route.',
  ['method', 'route'],
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
);
let liveCallCount: () => number = () => 0;
/** Where the live calls gauge reads its figure (the call registry's size). */
export function countLiveCallsWith(count: () => number) {
  liveCallCount = count;
}
new Gauge({
  name: 'spar_live_calls',
  help: 'Voice calls whose socket this process holds now.',
  registers: [registry],
  collect() {
    this.set(liveCallCount());
  },
});
export const relayFramesDropped = counter(
  'spar_relay_frames_dropped_total',
  'Messages from browsers dropped by the call relay, by reason (bad frame, oversize, rate limited, muted, after an interruption).',
  ['reason'],
);
export const webhookFailures = counter(
  'spar_webhook_delivery_failures_total',
  'Webhook delivery attempts that failed (network error or a non-2xx answer).',
);
export const jobLeaseLosses = counter(
  'spar_job_lease_losses_total',
  'Job runs stopped because their lease could not be renewed (the database did not answer, or another worker held the job), by queue.',
  ['queue'],
);
/**
 * Failures the code caught and went on from (after logging them at warn or error): where each
 * such place is named by `site`, so a rise shows on a dashboard and not only in the logs.
 */
export const caughtFailures = counter(
  'spar_caught_failures_total',
  'Failures caught, logged and survived, by site (e.g. usage_record, progress_write, mail_hook).',
  ['site'],
);
export const evaluationDuration = histogram(
  'spar_evaluation_duration_seconds',
  'Time to evaluate a call and store its report, by outcome.',
  ['outcome'],
  [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
);

/** Due jobs by queue: how many, and how long the oldest has waited (seconds). */
export type DueJobsReader = () => Promise<{ queue: string; n: number; age: number }[]>;
let readDueJobs: DueJobsReader | null = null;
/** The reader of the running app's job queue that the queue gauges use (null: none). */
export function watchJobQueue(read: DueJobsReader | null) {
  readDueJobs = read;
}
/** One read of the queue per scrape, shared by the two gauges (prom-client collects them concurrently). */
let snapshot: ReturnType<DueJobsReader> | null = null;
function queueSnapshot() {
  if (!readDueJobs) return Promise.resolve([]);
  snapshot ??= readDueJobs().finally(() => setTimeout(() => (snapshot = null), 0));
  return snapshot;
}
/** A gauge, per queue, of one figure of the due jobs. */
function queueGauge(name: string, help: string, figure: (due: { n: number; age: number }) => number) {
  new Gauge({
    name,
    help,
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await queueSnapshot()) this.set({ queue: r.queue }, Number(figure(r)));
    },
  });
}
queueGauge('spar_job_queue_depth', 'Background jobs due and waiting (queued or to be retried), by queue.', (r) => r.n);
queueGauge(
  'spar_job_queue_oldest_due_seconds',
  'How long the oldest due job of each queue has been waiting.',
  (r) => r.age,
);

const UUID_SEGMENT = /\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi;

/** A bounded route label: the procedure for tRPC (the first of a batch), the path with ids as :id for the API, "page" for the app's pages and files. */
export function routeLabel(url: string): string {
  const path = url.split('?')[0];
  if (path.startsWith('/trpc/')) {
    const procs = path.slice(6).split(',');
    return `trpc:${procs[0]}${procs.length > 1 ? '+batch' : ''}`;
  }
  if (path.startsWith('/api/')) return path.replace(UUID_SEGMENT, '/:id').replace(/\/\d+(?=\/|$)/g, '/:n');
  if (path === '/metrics') return '/metrics';
  return 'page';
}

/** Times a request from now until its response finishes. */
export function observeRequest(req: IncomingMessage, res: ServerResponse) {
  const end = httpDuration.startTimer();
  const route = routeLabel(req.url ?? '/');
  const method = req.method ?? 'GET';
  res.once('finish', () => {
    end({ method, route });
    httpRequests.inc({ method, route, status: String(res.statusCode) });
  });
}

/** `GET /metrics`: the Prometheus text format, for `Authorization: Bearer <METRICS_TOKEN>`; 404 when no token is configured. */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse, token: string | undefined) {
  if (!token) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    return res.end('Not found');
  }
  const given = Buffer.from(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
  const want = Buffer.from(token);
  if (given.length !== want.length || !timingSafeEqual(given, want)) {
    res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer' });
    return res.end('Unauthorized');
  }
  const body = await registry.metrics();
  res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
  res.end(body);
}
