/**
 * Hiring assessments: how soon the outside world hears that a candidate finished.
 *
 *  1. Call end → Greenhouse PATCH and → `assessment.completed` webhook received: N candidates each
 *     hold a typed offline call through the real socket; the clock starts when the candidate hangs
 *     up and stops when the loopback receiver gets the PATCH / the signed webhook
 *     (the offline evaluator scores the call in between). p50 / p95 / max.
 *  2. Webhook deliveries per second: M events to E endpoints queued at once, delivered by the
 *     server's own job worker (one job at a time, as in production) to a loopback receiver.
 *
 *   npx tsx scripts/bench/assessment-delivery.ts [--calls 20] [--events 100] [--endpoints 5] [--no-write]
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/assessment-delivery.ts   (a scratch database on that server)
 *
 * Writes docs/benchmarks.md "## Hiring assessments: ATS callback and webhook delivery".
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { Webhook } from 'standardwebhooks';
import { withTenant } from '../../db/tenant';
import { generateApiKey } from '../../server/services/api-keys/api-keys';
import { createAssessment } from '../../server/services/assessments/create';
import { startLinkCall } from '../../server/services/assessments/candidate';
import { createEndpoint } from '../../server/services/webhooks/endpoints';
import { emitWebhookEvent } from '../../server/services/webhooks/emit';
import { startTestApp } from '../../tests/helpers/app';
import { OFFLINE_SIMULATION, seedSimulation } from '../../tests/helpers/assignments';
import { holdTypedCall } from '../../tests/helpers/call-client';
import { createTenantWithUser } from '../../tests/helpers/factories';
import { machine, writeBenchSection } from '../lib/bench-doc';
import { scratchDatabase } from '../lib/open-db';
import { numberArg, percentile } from '../lib/bench-args';

const CALLS = numberArg('calls', 20);
const EVENTS = numberArg('events', 100);
const ENDPOINTS = numberArg('endpoints', 5);
const WRITE = !process.argv.includes('--no-write');

interface Receiver {
  server: Server;
  url: string;
  /** Arrival time (performance.now) by key: the PATCH path, or the webhook's assessment id / sequence. */
  seen: Map<string, number>;
  verified: number;
}

async function receiver(secret: () => string | null): Promise<Receiver> {
  const seen = new Map<string, number>();
  const r: Receiver = { server: null as unknown as Server, url: '', seen, verified: 0 };
  r.server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const at = performance.now();
      if (req.method === 'PATCH') seen.set(`patch:${req.url}`, at);
      else {
        const s = secret();
        if (s) {
          new Webhook(s).verify(body, Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])));
          r.verified++;
        }
        const data = (JSON.parse(body) as { data: { assessment_id?: string; seq?: number } }).data;
        seen.set(`hook:${data.assessment_id ?? `${req.url}:${data.seq}`}`, at);
      }
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((ok) => r.server.listen(0, '127.0.0.1', ok));
  r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}`;
  return r;
}

async function main() {
  const load = os.loadavg()[0];
  const target = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)';
  const { database, drop } = await scratchDatabase(process.env.DATABASE_URL);
  const app = await startTestApp(
    database,
    { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', ASSESSMENT_LINK_TTL_HOURS: '48' },
    { calls: { offlineThinkMs: 0, offlineVoice: null }, jobs: { pollIntervalMs: 20, initialDelayMs: 0 } },
  );
  const { env } = app.deps;
  let secret: string | null = null;
  const rx = await receiver(() => secret);
  try {
    const { tenantId, user: admin } = await createTenantWithUser(database.db, 'Bench', {
      email: 'admin@bench.test',
      username: 'admin',
      userType: 'admin',
    });
    const { simId } = await seedSimulation(database.db, tenantId, {
      ...OFFLINE_SIMULATION,
      name: 'Bench',
      difficulty: 'medium',
      availableAsAssessment: true,
    });
    const key = await withTenant(database.db, tenantId, (tx) =>
      generateApiKey(tx, { tenantId, userId: admin.id }, 'Bench ATS'),
    );
    const hook = await withTenant(database.db, tenantId, (tx) =>
      createEndpoint({
        tx,
        actor: { tenantId, userId: admin.id },
        input: { url: `${rx.url}/hook`, events: ['assessment.completed'] },
        allowPrivate: true,
      }),
    );
    secret = hook.secret;

    // 1. call end → PATCH and webhook
    const patchMs: number[] = [];
    const hookMs: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const { assessment } = await createAssessment({
        tenant: (fn) => withTenant(database.db, tenantId, fn),
        env,
        key: { tenantId, apiKeyId: key.apiKey.id },
        input: {
          simulation_id: simId,
          candidate: { email: `c${i}@bench.test`, first_name: 'C', last_name: String(i) },
          send_email: false,
        },
        options: { source: 'greenhouse', callbackUrl: `${rx.url}/gh/${i}`, baseUrl: app.url },
      });
      const token = new URL(assessment.link!).searchParams.get('token')!;
      const call = await startLinkCall({ db: database.db, env, id: assessment.id, token });
      const { hungUpAt: ended } = await holdTypedCall(app.url, call.callId, call.ticket, [
        'How do you plan your routes today, and how long does it take?',
        'Could we book a pilot kickoff next Tuesday at 10am?',
      ]);
      const deadline = ended + 60_000;
      while ((!rx.seen.has(`patch:/gh/${i}`) || !rx.seen.has(`hook:${assessment.id}`)) && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 5));
      patchMs.push(rx.seen.get(`patch:/gh/${i}`)! - ended);
      hookMs.push(rx.seen.get(`hook:${assessment.id}`)! - ended);
      process.stdout.write(
        `  call ${i + 1}/${CALLS}: PATCH ${patchMs[i].toFixed(0)} ms, webhook ${hookMs[i].toFixed(0)} ms\n`,
      );
    }

    // 2. deliveries per second
    const extra = [];
    for (let e = 1; e < ENDPOINTS; e++)
      extra.push(
        await withTenant(database.db, tenantId, (tx) =>
          createEndpoint({
            tx,
            actor: { tenantId, userId: admin.id },
            input: { url: `${rx.url}/hook${e}`, events: ['assessment.opened'] },
            allowPrivate: true,
          }),
        ),
      );
    await withTenant(database.db, tenantId, (tx) =>
      createEndpoint({
        tx,
        actor: { tenantId, userId: admin.id },
        input: { url: `${rx.url}/hook0`, events: ['assessment.opened'] },
        allowPrivate: true,
      }),
    );
    secret = null; // several secrets now; the signatures are verified in tests/integration/webhooks.test.ts
    const before = rx.seen.size;
    const t0 = performance.now();
    await withTenant(database.db, tenantId, async (tx) => {
      for (let n = 0; n < EVENTS; n++)
        await emitWebhookEvent(tx, { tenantId, type: 'assessment.opened', data: { seq: n } });
    });
    const queued = performance.now();
    const total = EVENTS * ENDPOINTS;
    const deadline = queued + 300_000;
    while (rx.seen.size - before < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    const done = performance.now();
    const delivered = rx.seen.size - before;
    const perSecond = delivered / ((done - queued) / 1000);

    const lines = [
      `\`npx tsx scripts/bench/assessment-delivery.ts\` — ${machine()}, ${target}; 1-min load average ${load.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after.`,
      '',
      `Call end → the outside world hears it: ${CALLS} candidates, each a typed offline call through the real socket (2 rep turns), scored by the offline evaluator in the server's job worker; measured from the candidate's hang-up (the hang-up message sent on the socket) to the loopback receiver getting the Greenhouse \`PATCH\` and the signed \`assessment.completed\` webhook (verified with the \`standardwebhooks\` package: ${rx.verified} of ${CALLS}).`,
      '',
      '| From call end to | p50 ms | p95 ms | max ms |',
      '|---|---:|---:|---:|',
      `| Greenhouse PATCH received | ${percentile(patchMs, 50).toFixed(0)} | ${percentile(patchMs, 95).toFixed(0)} | ${Math.max(...patchMs).toFixed(0)} |`,
      `| \`assessment.completed\` webhook received | ${percentile(hookMs, 50).toFixed(0)} | ${percentile(hookMs, 95).toFixed(0)} | ${Math.max(...hookMs).toFixed(0)} |`,
      '',
      `Webhook throughput: ${EVENTS} events × ${ENDPOINTS} endpoints = ${total} deliveries queued in one transaction (${(queued - t0).toFixed(0)} ms), delivered by the server's worker one job at a time (the same lane as reports and mail) to a loopback receiver answering 200: ${delivered} delivered in ${((done - queued) / 1000).toFixed(1)} s, **${perSecond.toFixed(0)} deliveries/s**.`,
      '',
      'Reading: the time to the ATS is almost all the report (the evaluation job runs first, then the callback and the webhook jobs it queued); a model evaluator adds its own latency (see "Evaluation and jobs").',
    ];
    console.log(lines.join('\n'));
    if (WRITE) writeBenchSection('Hiring assessments: ATS callback and webhook delivery', lines.join('\n'));
  } finally {
    await app.stop();
    await new Promise((r) => rx.server.close(r));
    await drop();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
