import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { callTurns, calls, jobs, mailOutbox, reports } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import { connectCall, type CallClient } from '../helpers/call-client';
import { startFakeOpenAI, type ChatRequestBody, type FakeOpenAI } from '../helpers/fake-openai';
import { createPostgresDatabase, withDatabase } from '../helpers/postgres';
import { startSmtpReceiver } from '../helpers/smtp';
import { freePort, Server, session } from '../helpers/spawned-server';

/**
 * Crashes (issue 17): the server process killed with SIGKILL — no shutdown, no last write — and
 * started again on the same database. A live call is closed as "server stopped" with what was said
 * kept and scored; an evaluation cut off mid-request is run again and its report made once; a
 * mail cut off mid-send is sent again, with the same Message-ID for the receiver to drop the
 * duplicate. The
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
  return { env: { DATABASE_URL: '', DATA_DIR: dir }, open: () => openDatabase({ dataDir: dir }), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

describe('a server killed with SIGKILL, started again', () => {
  let t: Target;
  let fake: FakeOpenAI;

  beforeAll(async () => {
    t = await target();
    fake = await startFakeOpenAI();
  }, 60_000);

  afterAll(async () => {
    await fake?.close();
    await t?.cleanup();
  });

  it('closes the call it held as "server stopped", keeps what was said and scores it', async () => {
    const server = new Server(await freePort(), { ...t.env, CALL_LEASE_SECONDS: '2' });
    await server.start();
    let callId: string;
    try {
      const manager = await session(server.url, 'manager@demo.test');
      const sims = await manager.query<{ id: string; name: string }[]>('simulations.list');
      const rep = await session(server.url, 'rep@demo.test');
      const started = await rep.mutate<{ callId: string; ticket: string }>('calls.start', { simulationId: sims[0].id, mode: 'practice' });
      callId = started.callId;
      const c = (await connectCall(server.url, started.callId, started.ticket)) as CallClient;
      expect(typeof c).toBe('object');
      // the prospect's lines (spoken by the server's offline voice) arrive as final transcripts
      const said = () => c.msgs.filter((m) => m.type === 'transcript' && m.speaker === 'prospect' && m.final).length;
      await c.waitFor(() => said() > 0, 20_000);
      const n = said();
      c.send({ type: 'text', text: 'How do you forecast your pipeline today, and how many hours a week does it take your managers?' });
      await c.waitFor(() => said() > n, 20_000);
      await server.kill();
      await c.closed;
    } catch (e) {
      await server.stop();
      throw e;
    }
    // started again: the call's lease runs out (no process renews it) and the new process closes it
    const again = new Server(server.port, server.env);
    await again.start();
    try {
      const rep = await session(again.url, 'rep@demo.test');
      await expect
        .poll(async () => (await rep.query<{ status: string } | null>('reports.status', { callId }).catch(() => null))?.status, { timeout: 30_000, interval: 250 })
        .toBe('ready');
    } finally {
      await again.stop();
    }
    const db = await t.open();
    try {
      const [call] = await asSystem(db.db, { action: 'test' }, (tx) => tx.select().from(calls).where(eq(calls.id, callId)));
      expect(call).toMatchObject({ state: 'ended', endReason: 'server_stopped' });
      const turns = await asSystem(db.db, { action: 'test' }, (tx) => tx.select().from(callTurns).where(eq(callTurns.callId, callId)));
      expect(turns.some((x) => x.speaker === 'rep' && x.text.includes('forecast your pipeline'))).toBe(true);
      expect(turns.some((x) => x.speaker === 'prospect')).toBe(true);
      expect(await asSystem(db.db, { action: 'test' }, (tx) => tx.select().from(reports).where(eq(reports.callId, callId)))).toHaveLength(1);
    } finally {
      await db.close();
    }
  }, 180_000);

  it('runs again an evaluation cut off mid-request and makes its report once', async () => {
    const env = { ...t.env, OPENAI_API_KEY: 'sk-crash-test', OPENAI_BASE_URL: fake.baseURL, OPENAI_TIMEOUT_MS: '120000' };
    // the model hangs on the first request: the evaluation is in flight when the process dies
    fake.reset();
    fake.enqueue({ hang: true });
    const server = new Server(await freePort(), env);
    await server.start();
    let callId: string;
    try {
      const rep = await session(server.url, 'rep@demo.test');
      const options = await rep.query<{ scorecards: { id: string }[] }>('meetings.options');
      const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:05.000\n<v Rep>How do you forecast your pipeline today?</v>\n\n00:00:05.500 --> 00:00:09.000\n<v Buyer>Spreadsheets, mostly, every Monday.</v>\n';
      ({ callId } = await rep.mutate<{ callId: string }>('meetings.scoreTranscript', { content: vtt, title: 'Crash test', scorecardId: options.scorecards[0].id, repSpeaker: 'Rep' }));
      await expect.poll(() => fake.requests.length, { timeout: 30_000, interval: 100 }).toBeGreaterThan(0);
      await server.kill();
    } catch (e) {
      await server.stop();
      throw e;
    }
    // now the model answers: every criterion at level 0 (no quote needed)
    fake.setDefault((body: ChatRequestBody) => {
      const text = body.messages.map((m) => m.content).join('\n');
      const ids = [...new Set([...text.matchAll(/criterionId: ([^\s)]+)\)/g)].map((m) => m[1]))];
      return { data: { score: 0, criteria: ids.map((id) => ({ criterionId: id, level: 0, rationale: 'Not shown in this short call.', evidence: [] })), summary: 'A short call.', strengths: [], improvements: [] } };
    });
    const again = new Server(server.port, env);
    await again.start();
    try {
      const rep = await session(again.url, 'rep@demo.test');
      await expect
        .poll(async () => (await rep.query<{ status: string } | null>('reports.status', { callId }).catch(() => null))?.status, { timeout: 60_000, interval: 250 })
        .toBe('ready');
    } finally {
      await again.stop();
    }
    const db = await t.open();
    try {
      expect(await asSystem(db.db, { action: 'test' }, (tx) => tx.select().from(reports).where(eq(reports.callId, callId)))).toHaveLength(1);
      const evals = (await asSystem(db.db, { action: 'test' }, (tx) => tx.select().from(jobs).where(eq(jobs.queue, 'evaluation')))).filter((j) => j.payload.callId === callId);
      expect(evals).toHaveLength(1);
      expect(evals[0]).toMatchObject({ status: 'succeeded' });
      expect(evals[0].attempts).toBeGreaterThanOrEqual(2); // cut off once, run again
    } finally {
      await db.close();
    }
  }, 180_000);

  it('sends again a mail cut off mid-send, with the same Message-ID', async () => {
    let first = true;
    // the receiver takes the first attempt's message but never answers it: the send is in flight when the process dies
    const smtp = await startSmtpReceiver({ hold: () => (first ? ((first = false), true) : false) });
    const env = { ...t.env, SMTP_URL: smtp.url, SUPPORT_EMAIL: 'support@spar.test' };
    const server = new Server(await freePort(), env);
    await server.start();
    try {
      const rep = await session(server.url, 'rep@demo.test');
      await rep.mutate('support.create', { subject: 'Crash test', description: 'The report page does not load.' });
      await expect.poll(() => smtp.held.length, { timeout: 30_000, interval: 100 }).toBe(1);
      await server.kill();
    } catch (e) {
      await server.stop();
      throw e;
    }
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
    const db = await t.open();
    try {
      const rows = (await asSystem(db.db, { action: 'test' }, (tx) => tx.select().from(mailOutbox))).filter((m) => m.subject.includes('Crash test'));
      expect(rows).toHaveLength(1);
      expect(rows[0].status).toBe('sent');
    } finally {
      await db.close();
    }
  }, 180_000);
});
