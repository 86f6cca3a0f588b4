import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { calls, jobs, mailOutbox, reports, webhookDeliveries } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import { connectCall, sayAfterSpokenGreeting, type CallClient } from '../helpers/call-client';
import { startFakeOpenAI, type ChatRequestBody, type FakeOpenAI } from '../helpers/fake-openai';
import { callTurnRows, withOpened } from '../helpers/db';
import { createPostgresDatabase, withDatabase } from '../helpers/postgres';
import { startSmtpReceiver } from '../helpers/smtp';
import { freePort, Server, session } from '../helpers/spawned-server';
import { startWebhookReceiver } from '../helpers/webhook-receiver';
import { closeAll } from '../helpers/lifecycle';

/**
 * Crashes: the server process killed with SIGKILL — no shutdown, no last write — and
 * started again on the same database. A live call is closed as "server stopped" with what was said
 * kept and scored; an evaluation cut off mid-request is run again and its report made once; a
 * mail cut off mid-send is sent again, with the same Message-ID for the receiver to drop the
 * duplicate, and a webhook cut off mid-send likewise with the same webhook-id. The
 * real server entry point (server/index.ts) in child processes, on PGlite (a data directory) or,
 * with DATABASE_URL, a fresh PostgreSQL database.
 */
interface Target {
  env: NodeJS.ProcessEnv;
  /** The database, opened by the test while no server holds it (PGlite) or alongside (PostgreSQL). */
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

async function target(): Promise<Target> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { database, name, drop } = await createPostgresDatabase(url);
    await database.close();
    const own = withDatabase(url, name);
    return { env: { DATABASE_URL: own }, open: () => openDatabase({ databaseUrl: own, poolSize: 2 }), cleanup: drop };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'spar-crash-'));
  return {
    env: { DATABASE_URL: '', DATA_DIR: dir },
    open: () => openDatabase({ dataDir: dir }),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The server started again on its port; the call's report turns ready for its rep within `timeout` ms. */
async function restartUntilReportReady(port: number, env: Server['env'], callId: string, timeout: number) {
  const again = new Server(port, env);
  await again.start();
  try {
    const rep = await session(again.url, 'rep@demo.test');
    await expect
      .poll(
        async () =>
          (await rep.query<{ status: string } | null>('reports.status', { callId }).catch(() => null))?.status,
        { timeout, interval: 250 },
      )
      .toBe('ready');
  } finally {
    await again.stop();
  }
}

describe('a server killed with SIGKILL, started again', () => {
  let t: Target;
  let fake: FakeOpenAI;

  beforeAll(async () => {
    t = await target();
    fake = await startFakeOpenAI();
  }, 60_000);

  afterAll(() => closeAll(fake, t));

  it('closes the call it held as "server stopped", keeps what was said and scores it', async () => {
    const server = new Server(await freePort(), { ...t.env, CALL_LEASE_SECONDS: '2' });
    const callId = await server.runUntilKilled(async () => {
      const manager = await session(server.url, 'manager@demo.test');
      const sims = await manager.query<{ id: string; name: string }[]>('simulations.list');
      const rep = await session(server.url, 'rep@demo.test');
      const started = await rep.mutate<{ callId: string; ticket: string }>('calls.start', {
        simulationId: sims[0].id,
        mode: 'practice',
      });
      const c = (await connectCall(server.url, started.callId, started.ticket)) as CallClient;
      expect(typeof c).toBe('object');
      // the prospect's lines are spoken by the server's offline voice
      await sayAfterSpokenGreeting(
        c,
        'How do you forecast your pipeline today, and how many hours a week does it take your managers?',
        20_000,
      );
      await server.kill();
      await c.closed;
      return started.callId;
    });
    // started again: the call's lease runs out (no process renews it) and the new process closes it
    await restartUntilReportReady(server.port, server.env, callId, 30_000);
    await withOpened(t.open, async (db) => {
      const [call] = await asSystem(db.db, { action: 'test' }, (tx) =>
        tx.select().from(calls).where(eq(calls.id, callId)),
      );
      expect(call).toMatchObject({ state: 'ended', endReason: 'server_stopped' });
      const turns = await callTurnRows(db.db, callId);
      expect(turns.some((x) => x.speaker === 'rep' && x.text.includes('forecast your pipeline'))).toBe(true);
      expect(turns.some((x) => x.speaker === 'prospect')).toBe(true);
      expect(
        await asSystem(db.db, { action: 'test' }, (tx) => tx.select().from(reports).where(eq(reports.callId, callId))),
      ).toHaveLength(1);
    });
  }, 180_000);

  it('runs again an evaluation cut off mid-request and makes its report once', async () => {
    const env = {
      ...t.env,
      OPENAI_API_KEY: 'sk-crash-test',
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_TIMEOUT_MS: '120000',
    };
    // the model hangs on the first request: the evaluation is in flight when the process dies
    fake.reset();
    fake.enqueue({ hang: true });
    const server = new Server(await freePort(), env);
    const callId = await server.runUntilKilled(async () => {
      const rep = await session(server.url, 'rep@demo.test');
      const options = await rep.query<{ scorecards: { id: string }[] }>('meetings.options');
      const vtt =
        'WEBVTT\n\n00:00:01.000 --> 00:00:05.000\n<v Rep>How do you forecast your pipeline today?</v>\n\n00:00:05.500 --> 00:00:09.000\n<v Buyer>Spreadsheets, mostly, every Monday.</v>\n';
      const { callId } = await rep.mutate<{ callId: string }>('meetings.scoreTranscript', {
        content: vtt,
        title: 'Crash test',
        scorecardId: options.scorecards[0].id,
        repSpeaker: 'Rep',
      });
      await expect.poll(() => fake.requests.length, { timeout: 30_000, interval: 100 }).toBeGreaterThan(0);
      await server.kill();
      return callId;
    });
    // now the model answers: every criterion at level 0 (no quote needed)
    fake.setDefault((body: ChatRequestBody) => {
      const text = body.messages.map((m) => m.content).join('\n');
      const ids = [...new Set([...text.matchAll(/criterionId: ([^\s)]+)\)/g)].map((m) => m[1]))];
      return {
        data: {
          score: 0,
          criteria: ids.map((id) => ({
            criterionId: id,
            level: 0,
            rationale: 'Not shown in this short call.',
            evidence: [],
          })),
          summary: 'A short call.',
          strengths: [],
          improvements: [],
        },
      };
    });
    await restartUntilReportReady(server.port, env, callId, 60_000);
    await withOpened(t.open, async (db) => {
      expect(
        await asSystem(db.db, { action: 'test' }, (tx) => tx.select().from(reports).where(eq(reports.callId, callId))),
      ).toHaveLength(1);
      const evals = (
        await asSystem(db.db, { action: 'test' }, (tx) => tx.select().from(jobs).where(eq(jobs.queue, 'evaluation')))
      ).filter((j) => j.payload.callId === callId);
      expect(evals).toHaveLength(1);
      expect(evals[0]).toMatchObject({ status: 'succeeded' });
      // cut off once and run again; the run lost with the killed server is not counted as an attempt
      expect(evals[0].lostLeases).toBeGreaterThanOrEqual(1);
      expect(evals[0].attempts).toBe(1);
    });
  }, 180_000);

  it('sends again a mail cut off mid-send, with the same Message-ID', async () => {
    let first = true;
    // the receiver takes the first attempt's message but never answers it: the send is in flight when the process dies
    const smtp = await startSmtpReceiver({ hold: () => (first ? ((first = false), true) : false) });
    const env = { ...t.env, SMTP_URL: smtp.url, SUPPORT_EMAIL: 'support@spar.test' };
    const server = new Server(await freePort(), env);
    await server.runUntilKilled(async () => {
      const rep = await session(server.url, 'rep@demo.test');
      await rep.mutate('support.create', { subject: 'Crash test', description: 'The report page does not load.' });
      await expect.poll(() => smtp.held.length, { timeout: 30_000, interval: 100 }).toBe(1);
      await server.kill();
    });
    const again = new Server(server.port, env);
    await again.start();
    try {
      await expect.poll(() => smtp.mails.length, { timeout: 60_000, interval: 100 }).toBe(1);
    } finally {
      await again.stop();
      await smtp.close();
    }
    const id = (raw: string) => /^message-id:\s*(\S+)/im.exec(raw)?.[1];
    expect(smtp.mails[0].subject).toContain('Crash test');
    expect(id(smtp.mails[0].raw)).toBeTruthy();
    expect(id(smtp.mails[0].raw)).toBe(id(smtp.held[0].raw));
    await withOpened(t.open, async (db) => {
      const rows = (await asSystem(db.db, { action: 'test' }, (tx) => tx.select().from(mailOutbox))).filter((m) =>
        m.subject.includes('Crash test'),
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].status).toBe('sent');
    });
  }, 180_000);

  it('sends again a webhook cut off mid-send, with the same webhook-id and a valid signature, and nothing more once answered', async () => {
    let first = true;
    // the receiver reads the first attempt in full but never answers it: the send is in flight when the process dies
    const receiver = await startWebhookReceiver({ hold: () => (first ? ((first = false), true) : false) });
    const env = { ...t.env, WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' };
    const server = new Server(await freePort(), env);
    const cutOff = server.runUntilKilled(async () => {
      const admin = await session(server.url, 'admin@demo.test');
      const { secret } = await admin.mutate<{ secret: string }>('webhooks.create', {
        url: `${receiver.url}/crash-hook`,
        events: ['assessment.opened'],
      });
      // an ATS makes a candidate's link; the candidate opening it sends `assessment.opened`
      const { key } = await admin.mutate<{ key: string }>('apiKeys.generate', { integration: 'Crash test ATS' });
      const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      const sims = (await (await fetch(`${server.url}/api/v1/assessments/simulations`, { headers: auth })).json()) as {
        data: { id: string }[];
      };
      const made = await fetch(`${server.url}/api/v1/assessments`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          simulation_id: sims.data[0].id,
          candidate: { email: 'crash@example.com', first_name: 'Cora', last_name: 'Crash' },
        }),
      });
      expect(made.status, await made.clone().text()).toBe(201);
      const link = new URL(((await made.json()) as { link: string }).link);
      const assessmentId = link.pathname.split('/').pop()!;
      const opened = await fetch(`${server.url}/api/v1/assessments/validate-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ assessment_id: assessmentId, token: link.searchParams.get('token') }),
      });
      expect(opened.status, await opened.clone().text()).toBe(200);
      await expect.poll(() => receiver.held.length, { timeout: 30_000, interval: 100 }).toBe(1);
      await server.kill();
      return { secret, assessmentId };
    });
    const { secret, assessmentId } = await cutOff.catch(async (e: unknown) => {
      await receiver.close();
      throw e;
    });
    const id = receiver.held[0].headers['webhook-id'];
    const again = new Server(server.port, env);
    try {
      await again.start();
      await expect.poll(() => receiver.received.length, { timeout: 60_000, interval: 100 }).toBe(1);
      // answered 2xx: the delivery log says delivered before the process stops
      const admin = await session(again.url, 'admin@demo.test');
      const endpoints = await admin.query<{ id: string; url: string }[]>('webhooks.list');
      const endpointId = endpoints.find((e) => e.url.endsWith('/crash-hook'))!.id;
      await expect
        .poll(
          async () =>
            (
              await admin.query<{ rows: { id: string; status: string }[] }>('webhooks.deliveries', {
                endpointId,
                page: 1,
              })
            ).rows,
          { timeout: 10_000, interval: 100 },
        )
        .toEqual([expect.objectContaining({ id, status: 'succeeded' })]);
    } finally {
      await again.stop();
      await receiver.close();
    }
    // the same message again: same id and body, signed anew (a fresh timestamp) with the endpoint's secret
    const [cut] = receiver.held;
    const [resent] = receiver.received;
    expect(id).toMatch(/^msg_/);
    expect(resent.path).toBe('/crash-hook');
    expect(resent.headers['webhook-id']).toBe(id);
    expect(resent.body).toBe(cut.body);
    expect(new Webhook(secret).verify(resent.body, resent.headers)).toMatchObject({
      type: 'assessment.opened',
      data: { assessment_id: assessmentId },
    });
    expect(new Webhook(secret).verify(cut.body, cut.headers)).toMatchObject({ type: 'assessment.opened' });
    // once answered, nothing more: one held and one answered request in all, and its job is done
    expect(receiver.held).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);
    await withOpened(t.open, async (db) => {
      const [delivery] = await asSystem(db.db, { action: 'test' }, (tx) =>
        tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)),
      );
      // sent twice (one cut off by the kill), but the lost run is not counted against the retries
      expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200 });
      const sends = await asSystem(db.db, { action: 'test' }, (tx) =>
        tx
          .select()
          .from(jobs)
          .where(eq(jobs.dedupeKey, `webhook:${id}`)),
      );
      expect(sends).toHaveLength(1);
      expect(sends[0]).toMatchObject({ status: 'succeeded', attempts: 1, lostLeases: 1 });
    });
  }, 180_000);
});
