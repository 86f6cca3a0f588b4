import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, mailOutbox, supportRequests } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import type { RunningApp } from '../../server/app';
import { createSession, SESSION_COOKIE } from '../../server/auth/session';
import type { AppDeps } from '../../server/deps';
import { createWorker } from '../../server/jobs/worker';
import { mailHandler } from '../../server/mail/jobs';
import { createSupportRequest } from '../../server/services/support/support';
import {
  describeTrpcError,
  expectHttpFieldErrors,
  rejection,
  signedInCaller,
  startTestApp,
  testDeps,
  type UserRow,
} from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { useTestDatabase, rows, systemRunner } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';

const SUPPORT = 'help@spar.example';

const database = useTestDatabase();
let deps: AppDeps;
let quietDeps: AppDeps;
let smtp: SmtpReceiver;
let rep: UserRow;
let otherTenantId: string;

const sys = systemRunner(database);
const allRequests = () => sys((tx) => tx.select().from(supportRequests));
const outbox = () => sys((tx) => tx.select().from(mailOutbox));
const mailJobs = () => sys((tx) => tx.select().from(jobs).where(eq(jobs.queue, 'mail')));
const counts = async () => ({
  requests: (await allRequests()).length,
  outbox: (await outbox()).length,
  jobs: (await mailJobs()).length,
});
/** The transaction that inserted a row (rows written in one transaction share its xmin). */
const writerOf = async (table: 'support_requests' | 'mail_outbox' | 'jobs', id: string) => {
  const [r] = await sys((tx) =>
    rows<{ x: string }>(tx, sql`select xmin::text as x from ${sql.identifier(table)} where id = ${id}`),
  );
  return r.x;
};
/** Runs the mail queue to empty with a worker that delivers to the loopback receiver; returns how many jobs ran. */
async function drainMail() {
  const worker = createWorker({
    db: database.db,
    workerId: 'test-host:1:support',
    handlers: { mail: mailHandler({ smtpUrl: smtp.url, from: 'Spar <no-reply@spar.test>' }) },
    backoffBaseMs: 0,
    orphans: 'none',
  });
  let n = 0;
  while (await worker.runOnce()) n++;
  return n;
}
const crlf = (s: string | null) => (s ?? '').replace(/\r\n/g, '\n').trimEnd();

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  deps = await testDeps(database, { SUPPORT_EMAIL: SUPPORT });
  quietDeps = await testDeps(database, { SUPPORT_EMAIL: '' });
  const tenant = await createTenant(database.db, { name: 'Acme' });
  otherTenantId = (await createTenant(database.db, { name: 'Other' })).id;
  rep = await createTenantUser(database.db, tenant.id, { email: 'rep@acme.test' });
});
afterAll(() => closeAll(smtp));

describe('support.create', () => {
  it('stores the request in the tenant and queues exactly one mail (outbox row + mail job) in the same commit', async () => {
    const before = await counts();
    const out = await signedInCaller(deps, rep).support.create({
      subject: '  Mic not working ',
      description: 'No sound in calls',
      pageUrl: '/calls/1',
    });
    expect(out.mailed).toBe(true);
    const [row] = (await allRequests()).filter((r) => r.id === out.id);
    expect(row).toMatchObject({
      tenantId: rep.tenantId,
      userId: rep.id,
      subject: 'Mic not working',
      description: 'No sound in calls',
      pageUrl: '/calls/1',
    });
    // visible to its own tenant, not to another
    expect(
      await withTenant(database.db, rep.tenantId, (tx) =>
        tx.select().from(supportRequests).where(eq(supportRequests.id, out.id)),
      ),
    ).toHaveLength(1);
    expect(await withTenant(database.db, otherTenantId, (tx) => tx.select().from(supportRequests))).toHaveLength(0);

    // written when the call returns, no worker involved: one outbox row, one job, nothing else
    expect(await counts()).toEqual({ requests: before.requests + 1, outbox: before.outbox + 1, jobs: before.jobs + 1 });
    const mails = (await outbox()).filter((m) => m.textBody.includes(out.id));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      toAddress: SUPPORT,
      subject: '[Spar support] Mic not working',
      tenantId: rep.tenantId,
      status: 'queued',
    });
    expect(mail.textBody).toBe(`Support request ${out.id}\nFrom: rep@acme.test\nPage: /calls/1\n\nNo sound in calls`);
    expect(mail.htmlBody).toContain('<p>From: rep@acme.test</p>');
    const jobRows = (await mailJobs()).filter((j) => j.dedupeKey === `support:${out.id}`);
    expect(jobRows).toHaveLength(1);
    expect(jobRows[0]).toMatchObject({ tenantId: rep.tenantId, status: 'queued', payload: { outboxId: mail.id } });

    const commit = await writerOf('support_requests', out.id);
    expect(await writerOf('mail_outbox', mail.id)).toBe(commit);
    expect(await writerOf('jobs', jobRows[0].id)).toBe(commit);
  });

  it('a transaction that fails after the request was stored leaves neither the request nor its mail', async () => {
    const before = await counts();
    const requester = { tenantId: rep.tenantId, userId: rep.id, email: rep.email };
    const failed = await rejection(
      withTenant(database.db, rep.tenantId, async (tx) => {
        const out = await createSupportRequest({
          tx,
          requester,
          input: { subject: 'Rolled back', description: 'x' },
          supportEmail: SUPPORT,
        });
        expect(out.mailed).toBe(true);
        throw new Error(`later step failed after ${out.id}`);
      }),
    );
    expect(String(failed)).toMatch(/later step failed/);
    expect(await counts()).toEqual(before);
  });

  it('the job worker delivers it to SUPPORT_EMAIL over SMTP, once', async () => {
    const description = 'Clicking <b>Start</b> does "nothing" & the page freezes.\nSecond line.';
    const out = await signedInCaller(deps, rep).support.create({ subject: 'Start <button>', description });
    expect(await drainMail()).toBeGreaterThanOrEqual(1);

    const received = smtp.mails.filter((m) => m.subject === '[Spar support] Start <button>');
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.to).toEqual([SUPPORT]);
    expect(mail.from).toBe('no-reply@spar.test');
    expect(crlf(mail.text)).toBe(`Support request ${out.id}\nFrom: rep@acme.test\n\n\n${description}`);
    expect(mail.html).toContain(`<p>Support request ${out.id}</p>`);
    expect(mail.html).toContain('Clicking &lt;b&gt;Start&lt;/b&gt; does &quot;nothing&quot; &amp; the page freezes.');
    expect(mail.html).not.toContain('<b>Start</b>');
    const [row] = (await outbox()).filter((m) => m.textBody.includes(out.id));
    expect(row).toMatchObject({ status: 'sent', error: null });
    expect(row.sentAt).toBeInstanceOf(Date);

    // nothing left to run, nothing sent twice
    expect(await drainMail()).toBe(0);
    expect(smtp.mails.filter((m) => m.subject === '[Spar support] Start <button>')).toHaveLength(1);
  });

  it('without SUPPORT_EMAIL the request is stored and no mail is queued', async () => {
    const before = await counts();
    const out = await signedInCaller(quietDeps, rep).support.create({ subject: 'Quiet', description: 'x' });
    expect(out.mailed).toBe(false);
    expect((await allRequests()).some((r) => r.id === out.id)).toBe(true);
    expect(await counts()).toEqual({ ...before, requests: before.requests + 1 });
  });

  it('invalid input is a 400 and writes nothing: no request, no outbox row, no job', async () => {
    const before = await counts();
    for (const input of [
      { subject: '   ', description: 'x' },
      { subject: 'ok', description: '' },
      { subject: 'x'.repeat(201), description: 'x' },
    ]) {
      const e = describeTrpcError(await rejection(signedInCaller(deps, rep).support.create(input)));
      expect(e).toMatchObject({ trpcCode: 'BAD_REQUEST', httpStatus: 400 });
    }
    expect(await counts()).toEqual(before);
  });
});

describe('support.create over HTTP', () => {
  let app: RunningApp;
  let token: string;
  beforeAll(async () => {
    // the app's own job worker, delivering to the loopback receiver
    app = await startTestApp(
      database,
      { SUPPORT_EMAIL: SUPPORT, SMTP_URL: smtp.url, MAIL_FROM: 'Spar <no-reply@spar.test>' },
      { jobs: { pollIntervalMs: 50 } },
    );
    token = (await createSession(database.db, rep.id)).token;
  });
  afterAll(() => app?.stop());

  /** support.create as the browser sends it: a POST with the session cookie and the app's origin. */
  const createOverHttp = (input: { subject: string; description: string }) =>
    fetch(`${app.url}/trpc/support.create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}`, origin: app.url },
      body: JSON.stringify(input),
    });

  it('an empty subject answers 400 with the field errors the form shows', async () => {
    const before = await counts();
    const res = await createOverHttp({ subject: '', description: '' });
    const body = await expectHttpFieldErrors(res, {
      subject: ['support.subjectRequired'],
      description: ['support.descriptionRequired'],
    });
    expect(body.error.message).toBe('Invalid input');
    expect(await counts()).toEqual(before);
  });

  it('a valid request from the browser is stored and reaches SUPPORT_EMAIL', async () => {
    const res = await createOverHttp({ subject: 'Over HTTP', description: 'hello' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.data).toEqual({ id: expect.any(String), mailed: true });
    expect((await allRequests()).find((r) => r.id === body.result.data.id)?.subject).toBe('Over HTTP');
    const mail = await vi.waitFor(
      () => {
        const m = smtp.mails.find((x) => x.subject === '[Spar support] Over HTTP');
        expect(m).toBeDefined();
        return m!;
      },
      { timeout: 5000, interval: 20 },
    );
    expect(mail.to).toEqual([SUPPORT]);
    expect(crlf(mail.text)).toContain(`Support request ${body.result.data.id}`);
    await expect
      .poll(async () => (await outbox()).find((m) => m.subject === '[Spar support] Over HTTP')?.status, {
        timeout: 2000,
        interval: 20,
      })
      .toBe('sent');
  });
});
