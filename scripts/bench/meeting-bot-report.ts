/**
 * Record Meet: how long from "the call ended" at the meeting-bot provider to the report
 * being ready, with the offline evaluator. A loopback Attendee stand-in (tests/helpers/
 * fake-meeting-bots.ts) sends each bot through its states by signed webhook; the clock starts when
 * the provider says the bot has ended (its `post_processing_completed` webhook is sent) and stops
 * when the report is stored as ready: the webhook, the transcript's collection from the provider,
 * the real call's turns and the evaluation job. Each run records MEETINGS meetings one after the
 * other (a 30-minute call of 240 utterances each).
 *
 *   npx tsx scripts/bench/meeting-bot-report.ts [--runs 3] [--meetings 10] [--no-write]
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/meeting-bot-report.ts   (a scratch database on that server)
 *
 * Writes docs/benchmarks.md "## Record Meet: call ended at the provider → report ready (<database>)".
 */
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { meetings, reports } from '../../db/schema';
import { asSystem, withTenant } from '../../db/tenant';
import { requestBot } from '../../server/services/meetings/bots';
import { startTestApp } from '../../tests/helpers/app';
import { OFFLINE_SIMULATION, seedSimulation } from '../../tests/helpers/assignments';
import { createTenantWithUser } from '../../tests/helpers/factories';
import { startFakeAttendee, type Utterance } from '../../tests/helpers/fake-meeting-bots';
import { machine, runBench, writeBenchSection } from '../lib/bench-doc';
import { scratchDatabase } from '../lib/open-db';
import { numberArg, percentile } from '../lib/bench-args';

const RUNS = numberArg('runs', 3);
const MEETINGS = numberArg('meetings', 10);
const WRITE = !process.argv.includes('--no-write');
const SECRET = Buffer.from('bench-attendee-secret-0123456789').toString('base64');

const LINES: [string, string][] = [
  ['Ana Ruiz', 'How do you plan your delivery routes today, and what does that cost you each week?'],
  ['Dana Lee', 'Mostly spreadsheets; the team spends about ten hours a week on it.'],
  ['Ana Ruiz', 'What happens when a driver calls in sick on a Monday morning?'],
  ['Dana Lee', 'We move stops around by hand and some deliveries slip to the next day.'],
  ['Ana Ruiz', 'Could we look at last month together and book a pilot for next Tuesday at ten?'],
  ['Sam Ortiz', 'Tuesday works if the drivers can join for the first half hour.'],
];
/** A 30-minute, three-person call: an utterance every 7.5 seconds. */
const CALL: Utterance[] = Array.from({ length: 240 }, (_, k) => {
  const [speaker, text] = LINES[k % LINES.length];
  return { speaker, startMs: k * 7500, endMs: k * 7500 + 7000, text };
});

async function main() {
  const loadBefore = os.loadavg()[0];
  const { database, drop } = await scratchDatabase(process.env.DATABASE_URL);
  const fake = await startFakeAttendee({ apiKey: 'bench-key', secret: SECRET });
  const app = await startTestApp(
    database,
    {
      MEETING_BOT_PROVIDER: 'attendee',
      ATTENDEE_BASE_URL: fake.url,
      ATTENDEE_API_KEY: 'bench-key',
      ATTENDEE_WEBHOOK_SECRET: SECRET,
      MEETING_BOT_POLL_SECONDS: '3600',
    },
    { jobs: { pollIntervalMs: 20, initialDelayMs: 0 } },
  );
  const { env } = app.deps;
  fake.webhookUrl = `${app.url}/api/v1/meeting-bots/attendee/webhook`;
  const rows: string[] = [];
  try {
    const { tenantId, user } = await createTenantWithUser(database.db, 'Bench', {
      email: 'ana@bench.test',
      username: 'ana',
      displayName: 'Ana Ruiz',
      userType: 'sales_rep',
    });
    const { scorecardId } = await seedSimulation(database.db, tenantId, { ...OFFLINE_SIMULATION, name: 'Discovery' });
    const actor = { tenantId, userId: user.id, language: 'en' as const };
    const one = async () => {
      const { meetingId } = await requestBot({
        tenant: (fn) => withTenant(database.db, tenantId, fn),
        env,
        actor,
        input: { meetingUrl: 'https://meet.google.com/abc-defg-hij', title: 'Bench call', scorecardId },
      });
      const [m] = await asSystem(database.db, { action: 'bench' }, (tx) =>
        tx.select().from(meetings).where(eq(meetings.id, meetingId)),
      );
      await fake.advance(m.botId!, 'joined_recording', { eventType: 'bot_joined_meeting' });
      fake.setTranscript(m.botId!, CALL);
      await fake.advance(m.botId!, 'post_processing', { eventType: 'meeting_ended' });
      const t0 = performance.now();
      const status = await fake.advance(m.botId!, 'ended', { eventType: 'post_processing_completed' });
      if (status !== 200) throw new Error(`webhook answered ${status}`);
      for (;;) {
        const [row] = await asSystem(database.db, { action: 'bench' }, (tx) =>
          tx
            .select({ status: meetings.status, report: reports.status })
            .from(meetings)
            .leftJoin(reports, eq(reports.callId, meetings.callId))
            .where(eq(meetings.id, meetingId)),
        );
        if (row.status === 'failed') throw new Error('the meeting failed');
        if (row.report === 'ready') return performance.now() - t0;
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    await one(); // warm-up
    for (let r = 0; r < RUNS; r++) {
      const load = os.loadavg()[0];
      const times: number[] = [];
      for (let k = 0; k < MEETINGS; k++) times.push(await one());
      rows.push(
        `| ${r + 1} | ${load.toFixed(2)} | ${percentile(times, 50).toFixed(0)} ms | ${percentile(times, 95).toFixed(0)} ms | ${Math.max(...times).toFixed(0)} ms |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    await app.stop();
    await fake.close();
    await drop();
  }
  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const body = [
    `\`${process.env.DATABASE_URL ? 'DATABASE_URL=… ' : ''}npx tsx scripts/bench/meeting-bot-report.ts\` — ${machine()}, ${db}; 1-min load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after (the machine is shared).`,
    '',
    `From the provider's "ended" webhook (Attendee's \`post_processing_completed\`, sent by a loopback stand-in) to the report stored as ready, offline evaluator: the webhook verified and applied, the transcript fetched from the provider (a 30-minute call, ${CALL.length} utterances, three speakers), the real call and its turns written, the evaluation job run. The job worker polls every 20 ms here (1 s by default, which adds up to a second). ${MEETINGS} meetings per run, one after the other, after one warm-up:`,
    '',
    '| run | 1-min load | p50 | p95 | max |',
    '|---|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
  if (WRITE) writeBenchSection(`Record Meet: call ended at the provider → report ready (${db})`, body);
}

runBench(main);
