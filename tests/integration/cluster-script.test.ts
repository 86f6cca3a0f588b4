import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../scripts/lib/cluster';
import { connectCall, type CallClient } from '../helpers/call-client';
import { createPostgresDatabase, withDatabase } from '../helpers/postgres';
import { PASSWORD, session } from '../helpers/spawned-server';

/**
 * `npm run cluster` (scripts/lib/cluster.ts): two real server processes on one PostgreSQL behind
 * the round-robin proxy — requests alternate between them, a signed-in session works through
 * either, and a call's WebSocket stays on the process that accepted it. PostgreSQL only.
 */
const url = process.env.DATABASE_URL;
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';

/** How many auth.me requests a process answered, by its own /metrics. */
async function meCount(backend: string): Promise<number> {
  const text = await (
    await fetch(`${backend}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('spar_http_requests_total{') && l.includes('route="trpc:auth.me"'))
    .reduce((n, l) => n + Number(l.split(' ').pop()), 0);
}

describe.runIf(!!url)('two server processes behind the round-robin proxy', () => {
  let cluster: Cluster;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const made = await createPostgresDatabase(url!);
    await made.database.close();
    drop = made.drop;
    cluster = await startCluster({
      processes: 2,
      port: 0,
      entry: ['--import', 'tsx', 'server/index.ts'],
      env: {
        DATABASE_URL: withDatabase(url!, made.name),
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        SEED_DEMO_HISTORY: 'false',
        DEMO_PASSWORD: PASSWORD,
        OPENAI_API_KEY: '',
        METRICS_TOKEN,
      },
    });
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    await drop?.();
  });

  it('spreads requests over both processes; sessions and calls work through the proxy', async () => {
    expect(cluster.backends).toHaveLength(2);
    expect(new Set(cluster.backends.map((b) => b.pid)).size).toBe(2);
    const rep = await session(cluster.url, 'rep@demo.test');
    const manager = await session(cluster.url, 'manager@demo.test');
    // the same session read through both processes, alternately
    for (let i = 0; i < 4; i++)
      expect((await rep.query<{ user: { email: string } }>('auth.me')).user.email).toBe('rep@demo.test');
    // each process answered some of them
    const counts = await Promise.all(cluster.backends.map((b) => meCount(b.url)));
    expect(counts.every((n) => n >= 1)).toBe(true);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(4);
    const sims = await manager.query<{ id: string }[]>('simulations.list');
    const started = await rep.mutate<{ callId: string; ticket: string }>('calls.start', {
      simulationId: sims[0].id,
      mode: 'practice',
    });
    const c = (await connectCall(cluster.url, started.callId, started.ticket)) as CallClient;
    expect(typeof c).toBe('object');
    await c.waitFor((m) => m.type === 'transcript' && m.speaker === 'prospect' && m.final === true, 30_000);
    c.send({ type: 'hangup' });
    expect((await c.waitFor((m) => m.type === 'end', 15_000)).reason).toBe('user_hangup');
  }, 120_000);
});
