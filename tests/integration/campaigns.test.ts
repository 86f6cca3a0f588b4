import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, campaigns, jobs, magicLinks, mailOutbox } from '../../db/schema';
import type { RunningApp } from '../../server/app';
import type { CampaignInput, GenerateStreamLine } from '../../server/contracts/campaigns';
import { validateMagicLink } from '../../server/services/campaigns/guest';
import { DISCOVERY_SIMULATION, seedSimulation } from '../helpers/assignments';
import { connectCall, holdTypedCall } from '../helpers/call-client';
import {
  describeTrpcError,
  rejection,
  sendJson,
  signIn,
  signedInCaller,
  startTestApp,
  type UserRow,
  fieldErrors,
} from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { documentedStatuses } from '../helpers/openapi';
import { useTestDatabase, systemRunner } from '../helpers/db';
import { createTenant, createTenantUsers } from '../helpers/factories';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';

const database = useTestDatabase();
let app: RunningApp;
let smtp: SmtpReceiver;
let manager: UserRow;
let rep: UserRow;
let admin: UserRow;
let managerB: UserRow;
let tokenA: string;
let tokenB: string;
let tenantA: string;
let simA: string;
let simB: string;

const sys = systemRunner(database);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers as JSON, read by the expectations
type Json = Record<string, any>;
async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const r = await sendJson(`${app.url}${path}`, { ...init, bearer: init.token });
  return { ...r, json: (r.json ?? {}) as Json };
}

/** The generate endpoint: its status, the progress lines and the result (or error) line. */
async function generate(body: Record<string, unknown>, token = tokenA) {
  const r = await api('/api/v1/cta/links/generate', { method: 'POST', token, body });
  if (r.status !== 200) return { status: r.status, error: r.json.error, progress: [], result: null as Json | null };
  const lines = r.text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as GenerateStreamLine);
  const progress = lines.filter((l) => l.type === 'progress');
  const last = lines[lines.length - 1];
  return {
    status: r.status,
    error: last.type === 'error' ? last.error : null,
    progress,
    result: last.type === 'result' ? (last.result as Json) : null,
  };
}

const campaignInput = (over: Record<string, unknown> = {}): CampaignInput =>
  ({
    slug: 'spring-demo',
    name: 'Spring demo',
    subHeader: 'Practise a discovery call',
    introParagraph: 'Talk to Dana, a logistics manager, for five minutes.',
    afterMessage: 'Thanks for trying Spar! Your report is ready.',
    bannerMessage: 'Want this for your team? Book a call with us.',
    ctaInstructions: 'Write to sales@acme.test to book a call.',
    language: 'en',
    linkExpirationDays: 7,
    simulationId: simA,
    bookingProvider: 'calcom',
    bookingUrl: 'https://cal.com/acme/demo',
    ...over,
  }) as CampaignInput;

const linkOf = (link: string) => ({
  cta_id: new URL(link).pathname.split('/').pop()!,
  token: new URL(link).searchParams.get('token')!,
});

let campaignId: string;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  tenantA = (await createTenant(database.db, { name: 'Acme' })).id;
  const tenantB = (await createTenant(database.db, { name: 'Beta' })).id;
  ({ manager, rep, admin } = await createTenantUsers(database.db, tenantA, {
    manager: { email: 'mgr@acme.test', username: 'mgr', userType: 'manager' },
    rep: { email: 'rep@acme.test', username: 'rep', userType: 'sales_rep' },
    admin: { email: 'admin@acme.test', username: 'admin', userType: 'admin' },
  }));
  ({ managerB } = await createTenantUsers(database.db, tenantB, {
    managerB: { email: 'mgr@beta.test', username: 'mgrb', userType: 'manager' },
  }));
  ({ simId: simA } = await seedSimulation(database.db, tenantA, { ...DISCOVERY_SIMULATION, name: 'Discovery demo' }));
  ({ simId: simB } = await seedSimulation(database.db, tenantB, { ...DISCOVERY_SIMULATION, name: 'Beta demo' }));
  app = await startTestApp(
    database,
    {
      PUBLIC_URL: undefined,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Spar <no-reply@spar.test>',
      MAGIC_LINK_MAILS_PER_MINUTE: '600',
    },
    { calls: { offlineThinkMs: 0, offlineVoice: null }, jobs: { pollIntervalMs: 50, initialDelayMs: 0 } },
  );
  tokenA = (await signIn(app.deps, manager)).token;
  tokenB = (await signIn(app.deps, managerB)).token;
  campaignId = (await signedInCaller(app.deps, manager).campaigns.create(campaignInput())).id;
}, 60_000);

afterAll(() => closeAll(app, smtp));

describe('campaigns', () => {
  it('are refused with a message per missing or wrong field, and nothing is written', async () => {
    const caller = signedInCaller(app.deps, manager);
    const fields = fieldErrors(
      await rejection(
        caller.campaigns.create({
          ...campaignInput({ slug: '', introParagraph: ' ', afterMessage: '', simulationId: 'nope' }),
        } as never),
      ),
    );
    expect(fields.slug).toContain('cta.validation.slugRequired');
    expect(fields.introParagraph).toEqual(['cta.validation.introRequired']);
    expect(fields.afterMessage).toEqual(['cta.validation.afterRequired']);
    expect(fields.simulationId).toEqual(['cta.validation.simulationRequired']);
    const badFields = fieldErrors(
      await rejection(
        caller.campaigns.create(
          campaignInput({ slug: 'Bad Slug!', bookingUrl: 'http://cal.example.com/x', linkExpirationDays: 0 }) as never,
        ),
      ),
    );
    expect(badFields.slug).toEqual(['cta.validation.slugFormat']);
    expect(badFields.bookingUrl).toEqual(['cta.validation.bookingUrl']);
    expect(badFields.linkExpirationDays).toEqual(['cta.validation.expirationDays']);
    const dup = describeTrpcError(await rejection(caller.campaigns.create(campaignInput() as never)));
    expect(dup.appCode).toBe('CAMPAIGN_EXISTS');
    expect((dup.details as { fieldErrors: Record<string, string[]> }).fieldErrors.slug).toEqual([
      'cta.validation.slugTaken',
    ]);
    // another tenant's simulation is not one of ours
    const foreignSim = describeTrpcError(
      await rejection(caller.campaigns.create(campaignInput({ slug: 'other', simulationId: simB }) as never)),
    );
    expect(foreignSim.appCode).toBe('VALIDATION');
    expect(
      (await sys((tx) => tx.select().from(campaigns).where(eq(campaigns.tenantId, tenantA)))).map((c) => c.slug),
    ).toEqual(['spring-demo']);
  });

  it('belong to sales managers (and superusers): an admin and a rep are refused; another tenant cannot see or change them', async () => {
    for (const u of [admin, rep])
      expect(describeTrpcError(await rejection(signedInCaller(app.deps, u).campaigns.list())).appCode).toBe(
        'FORBIDDEN',
      );
    expect((await signedInCaller(app.deps, managerB).campaigns.list()).rows).toEqual([]);
    const e = describeTrpcError(
      await rejection(
        signedInCaller(app.deps, managerB).campaigns.update({
          ...campaignInput({ simulationId: simB }),
          id: campaignId,
        } as never),
      ),
    );
    expect(e.appCode).toBe('NOT_FOUND');
    const g = await generate({ campaignId, entries: 'x@beta.test, X' }, tokenB);
    expect(g.status).toBe(404);
    const listed = await signedInCaller(app.deps, manager).campaigns.list();
    expect(listed.rows[0]).toMatchObject({
      slug: 'spring-demo',
      simulationName: 'Discovery demo',
      bookingProvider: 'calcom',
      bookingUrl: 'https://cal.com/acme/demo',
    });
  });
});

describe('the generator', () => {
  it('makes 2,000 links in one batch with progress; the database holds only hashes', async () => {
    const other = await signedInCaller(app.deps, manager).campaigns.create(
      campaignInput({ slug: 'big-batch', bookingProvider: 'none', bookingUrl: null }),
    );
    const entries = Array.from({ length: 2000 }, (_, i) => `guest${i}@big.test, Guest ${i}`).join('\n');
    const g = await generate({ campaignId: other.id, entries });
    expect(g.status).toBe(200);
    expect(g.result!.created).toBe(2000);
    expect(g.result!.links).toHaveLength(2000);
    expect(g.progress.length).toBeGreaterThan(2);
    expect(g.progress.at(-1)).toEqual({ type: 'progress', done: 2000, total: 2000 });
    const done = g.progress.map((p) => (p as { done: number }).done);
    expect([...done].sort((a, b) => a - b)).toEqual(done);
    const rows = await sys((tx) => tx.select().from(magicLinks).where(eq(magicLinks.campaignId, other.id)));
    expect(rows).toHaveLength(2000);
    expect(new Set(rows.map((r) => r.batchId)).size).toBe(1);
    const first = g.result!.links[0];
    expect(first.link).toMatch(new RegExp(`^${app.url}/magic-link/${first.id}\\?token=[A-Za-z0-9_-]{43}$`));
    const stored = rows.find((r) => r.id === first.id)!;
    expect(stored).toMatchObject({ email: 'guest0@big.test', firstName: 'Guest 0', status: 'created' });
    expect(JSON.stringify(stored)).not.toContain(linkOf(first.link).token);
    // a week from now (the campaign's days)
    expect(Math.round((stored.expiresAt.getTime() - stored.createdAt.getTime()) / 86_400_000)).toBe(7);
  });

  it('refuses 2,001 entries and a batch without a valid address, writing nothing', async () => {
    const before = (await sys((tx) => tx.select().from(magicLinks))).length;
    const over = await generate({
      campaignId,
      entries: Array.from({ length: 2001 }, (_, i) => `g${i}@x.test`).join('\n'),
    });
    expect(over.status).toBe(400);
    expect(over.error).toMatchObject({
      code: 'VALIDATION',
      details: { fieldErrors: { entries: ['cta.validation.tooManyEntries'] }, entries: 2001, max: 2000 },
    });
    const none = await generate({ campaignId, entries: 'not-an-email, Ana\n@nope, Bo\n\n' });
    expect(none.status).toBe(422);
    expect(none.error).toMatchObject({
      code: 'NO_VALID_ENTRIES',
      message: 'Invalid email format. No valid entries. Please check email, name format',
      details: { invalidLines: [1, 2] },
    });
    const empty = await generate({ campaignId, entries: '' });
    expect(empty.status).toBe(400);
    expect(empty.error.details.fieldErrors.entries).toEqual(['cta.validation.entriesRequired']);
    expect((await sys((tx) => tx.select().from(magicLinks))).length).toBe(before);
  });

  it('skips and counts invalid lines, reports duplicates and addresses that already hold a live link', async () => {
    const first = await generate({
      campaignId,
      entries: 'ana@acme.test, Ana\nbad-line, X\nBo@Acme.test; Bo\nana@acme.test, Ana again',
    });
    expect(first.result).toMatchObject({ created: 2, invalidLines: [2], duplicateLines: [4], alreadyLive: [] });
    expect(first.result!.links.map((l: Json) => [l.email, l.firstName])).toEqual([
      ['ana@acme.test', 'Ana'],
      ['bo@acme.test', 'Bo'],
    ]);
    const again = await generate({ campaignId, entries: 'ana@acme.test, Ana\ncy@acme.test, Cy' });
    expect(again.result).toMatchObject({ created: 1, alreadyLive: ['ana@acme.test'] });
    const anas = await sys((tx) =>
      tx
        .select()
        .from(magicLinks)
        .where(and(eq(magicLinks.campaignId, campaignId), eq(magicLinks.email, 'ana@acme.test'))),
    );
    expect(anas).toHaveLength(1);
  });

  it('mails the links in the campaign’s language at a bounded rate; a link is Sent once its mail is accepted', async () => {
    const es = await signedInCaller(app.deps, manager).campaigns.create(
      campaignInput({ slug: 'es-demo', language: 'es', bookingProvider: 'none', bookingUrl: null }),
    );
    const g = await generate({ campaignId: es.id, entries: 'lu@mail.test, Lucía\nmo@mail.test, Mo', send: true });
    expect(g.result).toMatchObject({ created: 2, sending: true });
    const queued = await sys((tx) => tx.select().from(jobs).where(eq(jobs.queue, 'mail')));
    const ours = queued
      .filter((j) => g.result!.links.some((l: Json) => j.dedupeKey === `magic-link:${l.id}:invite`))
      .sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
    expect(ours).toHaveLength(2);
    // 600 a minute: 100 ms apart
    expect(ours[1].runAt.getTime() - ours[0].runAt.getTime()).toBe(100);
    await expect
      .poll(() => smtp.mails.filter((m) => m.to.includes('lu@mail.test')).length, { timeout: 10_000 })
      .toBe(1);
    const mail = smtp.mails.find((m) => m.to.includes('lu@mail.test'))!;
    expect(mail.subject).toBe('Acme: prueba "Discovery demo", una llamada de demostración');
    expect(mail.text).toContain('Hola, Lucía:');
    expect(mail.text).toContain(g.result!.links.find((l: Json) => l.email === 'lu@mail.test').link);
    await expect
      .poll(
        async () =>
          (await sys((tx) => tx.select().from(magicLinks).where(eq(magicLinks.email, 'lu@mail.test'))))[0].status,
        { timeout: 10_000 },
      )
      .toBe('sent');
    const outbox = await sys((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'mo@mail.test')));
    expect(outbox).toHaveLength(1);
  });
});

describe('the all-links table', () => {
  let paged: string;
  beforeAll(async () => {
    paged = (
      await signedInCaller(app.deps, manager).campaigns.create(
        campaignInput({ slug: 'paging', bookingProvider: 'none', bookingUrl: null }),
      )
    ).id;
    const entries = Array.from(
      { length: 60 },
      (_, i) =>
        `p${String(i).padStart(2, '0')}@page.test, ${i === 7 ? '=HYPERLINK("http://evil.test","click")' : `P${i}`}`,
    ).join('\n');
    expect((await generate({ campaignId: paged, entries })).result!.created).toBe(60);
  });

  it('pages on the server with the total, filters by campaign and status, and searches by e-mail', async () => {
    const caller = signedInCaller(app.deps, manager);
    const p1 = await caller.campaigns.links({ campaignId: paged, page: 1, pageSize: 25 });
    const p3 = await caller.campaigns.links({ campaignId: paged, page: 3, pageSize: 25 });
    expect([p1.total, p1.rows.length, p3.rows.length]).toEqual([60, 25, 10]);
    expect(new Set([...p1.rows, ...p3.rows].map((r) => r.id)).size).toBe(35);
    expect(
      p1.rows.every(
        (r) => r.campaignSlug === 'paging' && r.status === 'created' && r.simulationName === 'Discovery demo',
      ),
    ).toBe(true);
    const search = await caller.campaigns.links({ search: 'P0', page: 1, pageSize: 25 });
    expect(search.rows.map((r) => r.email).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `p0${i}@page.test`));
    // a search term is text, not a pattern
    expect((await caller.campaigns.links({ search: '%', page: 1, pageSize: 25 })).total).toBe(0);
    expect(
      (await caller.campaigns.links({ campaignId: paged, status: 'completed', page: 1, pageSize: 25 })).total,
    ).toBe(0);
    expect((await signedInCaller(app.deps, managerB).campaigns.links({ page: 1, pageSize: 25 })).total).toBe(0);
  });

  it('downloads the filtered list as CSV with formula cells neutralised', async () => {
    const csv = await signedInCaller(app.deps, manager).campaigns.exportLinks({ campaignId: paged, search: 'p07' });
    expect(csv.rows).toBe(1);
    const [header, line] = csv.csv.trim().split('\r\n');
    expect(header).toBe(
      'email,first_name,campaign,simulation,status,clicks,created_at,expires_at,sent_at,last_clicked_at,completed_at,booked_at,score',
    );
    expect(
      line.startsWith(`p07@page.test,"'=HYPERLINK(""http://evil.test"",""click"")",paging,Discovery demo,created,0,`),
    ).toBe(true);
  });
});

describe('a guest’s link', () => {
  /** Posts a link's moment twice: it is answered 200 and kept from the first time. */
  const markedOnce = async (path: string, link: unknown, field: string) => {
    const first = await api(path, { method: 'POST', body: link });
    expect(first.status).toBe(200);
    const again = await api(path, { method: 'POST', body: link });
    expect(again.json[field]).toBe(first.json[field]);
    return first.json[field] as string;
  };
  const make = async (email: string) =>
    linkOf((await generate({ campaignId, entries: `${email}, Gus` })).result!.links[0].link);

  it('lives Created → Clicked → Started → In Progress → Completed; the report is reached only with its own token; then it is used', async () => {
    const link = await make('gus@guest.test');
    const opened = await api('/api/v1/cta/validate-token', { method: 'POST', body: link });
    expect(opened.status).toBe(200);
    expect(opened.json).toMatchObject({
      status: 'clicked',
      first_name: 'Gus',
      company_name: 'Acme',
      campaign: {
        name: 'Spring demo',
        sub_header: 'Practise a discovery call',
        intro_paragraph: 'Talk to Dana, a logistics manager, for five minutes.',
      },
      simulation: { name: 'Discovery demo', difficulty: 'easy' },
      call_started: false,
    });
    await api('/api/v1/cta/validate-token', { method: 'POST', body: link });
    let [row] = await sys((tx) => tx.select().from(magicLinks).where(eq(magicLinks.id, link.cta_id)));
    expect([row.status, row.clicks, row.lastClickedAt !== null]).toEqual(['clicked', 2, true]);

    const started = await api('/api/v1/cta/mark-started', { method: 'POST', body: link });
    expect(started.status).toBe(200);
    expect(started.json).toMatchObject({ provider: 'offline', wsPath: '/ws/call', recordingNotice: true });
    [row] = await sys((tx) => tx.select().from(magicLinks).where(eq(magicLinks.id, link.cta_id)));
    expect(row.status).toBe('started');
    const [call] = await sys((tx) => tx.select().from(calls).where(eq(calls.id, started.json.callId)));
    expect([call.mode, call.userId]).toEqual(['magic_link', null]);

    await holdTypedCall(app.url, started.json.callId, started.json.ticket, [
      'How do you plan your routes today, and how many hours does it take?',
      'Could we book a pilot kickoff next Tuesday at 10am?',
    ]);
    await expect
      .poll(async () => (await api('/api/v1/cta/complete', { method: 'POST', body: link })).json.report_status, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe('ready');
    const done = await api('/api/v1/cta/complete', { method: 'POST', body: link });
    expect(done.json).toMatchObject({
      status: 'completed',
      after_message: 'Thanks for trying Spar! Your report is ready.',
      campaign_name: 'Spring demo',
    });

    const report = await api(`/api/v1/cta/reports/${link.cta_id}?token=${link.token}`);
    expect(report.status).toBe(200);
    expect(report.json).toMatchObject({
      first_name: 'Gus',
      report_status: 'ready',
      booking: {
        provider: 'calcom',
        url: 'https://cal.com/acme/demo',
        origins: ['https://cal.com', 'https://app.cal.com'],
      },
      booked_at: null,
    });
    expect(report.json.report).toMatchObject({
      status: 'ready',
      hasRecording: false,
      canReview: false,
      overrides: [],
      call: { repName: 'Gus' },
      audience: 'guest',
    });
    expect(report.json.report.report.evaluator).toBe('offline');
    // the guest is not told what the staff are told: no note asking a manager to review the levels
    expect(report.json.report.report.summary).not.toContain('A manager should review');
    expect(report.json.report.report.summary).toMatch(/^The rep spoke/);
    expect(report.json.report.turns.length).toBeGreaterThan(1);
    // another link's token, a wrong one: the same 404
    const other = await make('other@guest.test');
    expect((await api(`/api/v1/cta/reports/${link.cta_id}?token=${other.token}`)).status).toBe(404);
    expect((await api(`/api/v1/cta/reports/${link.cta_id}?token=${'A'.repeat(43)}`)).json.error.code).toBe(
      'MAGIC_LINK_INVALID',
    );
    expect((await api(`/api/v1/cta/reports/${link.cta_id}?token=short`)).status).toBe(400);
    const html = await api(`/api/v1/cta/reports/${link.cta_id}/download?token=${link.token}`);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.text).toContain('Discovery demo');
    expect(html.text).toContain('Scored automatically by rules that look at what you said, without an AI model.');
    expect(html.text).not.toContain('A manager should review');
    expect(html.text).not.toContain('<dt>Rep</dt>');
    expect(html.text).toContain('<span class="speaker">You:</span>');
    expect((await api(`/api/v1/cta/reports/${link.cta_id}/download?token=${other.token}`)).status).toBe(404);

    // the manager's table shows the score
    const listed = await signedInCaller(app.deps, manager).campaigns.links({
      search: 'gus@guest.test',
      page: 1,
      pageSize: 25,
    });
    expect(listed.rows[0]).toMatchObject({ status: 'completed', clicks: 2, score: report.json.report.report.score });

    // opened again: already used
    const reopened = await api('/api/v1/cta/validate-token', { method: 'POST', body: link });
    expect([reopened.status, reopened.json.error.code]).toEqual([409, 'MAGIC_LINK_USED']);
    expect((await api('/api/v1/cta/mark-started', { method: 'POST', body: link })).status).toBe(409);
    // the reference lists what the guest's page was just answered
    for (const path of ['/api/v1/cta/validate-token', '/api/v1/cta/mark-started']) {
      expect(await documentedStatuses(app.url, 'POST', path)).toEqual(expect.arrayContaining(['404', '409', '410']));
    }
  });

  it('two tabs racing start one call', async () => {
    const link = await make('race@guest.test');
    await api('/api/v1/cta/validate-token', { method: 'POST', body: link });
    const [a, b] = await Promise.all([0, 1].map(() => api('/api/v1/cta/mark-started', { method: 'POST', body: link })));
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 409 ? a : b).json.error.code).toBe('MAGIC_LINK_STARTED');
    expect(await sys((tx) => tx.select().from(calls).where(eq(calls.mode, 'magic_link')))).toSatisfy(
      (rows: unknown[]) => rows.length >= 1,
    );
  });

  it('coming back once the exercise was started: expired because it was started; the call held still completes it', async () => {
    const link = await make('back@guest.test');
    await api('/api/v1/cta/validate-token', { method: 'POST', body: link });
    const started = await api('/api/v1/cta/mark-started', { method: 'POST', body: link });
    const client = await connectCall(app.url, started.json.callId, started.json.ticket);
    if (typeof client === 'number') throw new Error(`socket refused: ${client}`);
    await expect
      .poll(
        async () => (await sys((tx) => tx.select().from(magicLinks).where(eq(magicLinks.id, link.cta_id))))[0].status,
        { timeout: 10_000 },
      )
      .toBe('in_progress');
    const back = await api('/api/v1/cta/validate-token', { method: 'POST', body: link });
    expect([back.status, back.json.error.code]).toEqual([409, 'MAGIC_LINK_STARTED']);
    const listed = await signedInCaller(app.deps, manager).campaigns.links({
      search: 'back@guest.test',
      page: 1,
      pageSize: 25,
    });
    expect(listed.rows[0]).toMatchObject({ status: 'expired', expiredReason: 'started' });
    expect((await api('/api/v1/cta/mark-started', { method: 'POST', body: link })).status).toBe(409);
    // the call in the first tab goes on: what the guest says there is scored and completes the link
    await client.waitFor((m) => m.type === 'prospect_text');
    client.send({ type: 'text', text: 'How do you plan your routes today, and what does it cost you?' });
    await client.waitFor(() => client.msgs.filter((m) => m.type === 'prospect_text').length > 1);
    client.send({ type: 'hangup' });
    await client.closed;
    await expect
      .poll(
        async () => (await sys((tx) => tx.select().from(magicLinks).where(eq(magicLinks.id, link.cta_id))))[0].status,
        { timeout: 10_000 },
      )
      .toBe('completed');
  });

  it('a start whose call never connected gives the link back when the guest opens it again', async () => {
    const link = await make('retry@guest.test');
    await api('/api/v1/cta/validate-token', { method: 'POST', body: link });
    const first = await api('/api/v1/cta/mark-started', { method: 'POST', body: link });
    const again = await api('/api/v1/cta/validate-token', { method: 'POST', body: link });
    expect(again.json).toMatchObject({ status: 'clicked', call_started: false });
    const [dropped] = await sys((tx) => tx.select().from(calls).where(eq(calls.id, first.json.callId)));
    expect(dropped.state).toBe('failed');
    expect((await api('/api/v1/cta/mark-started', { method: 'POST', body: link })).status).toBe(200);
  });

  it('expires when its days run out (an injected clock), and reads as Expired in the table', async () => {
    const link = await make('late@guest.test');
    const eightDays = new Date(Date.now() + 8 * 86_400_000);
    const e = await rejection(
      validateMagicLink({ db: app.deps.db, id: link.cta_id, token: link.token, now: eightDays }),
    );
    expect((e as { code: string }).code).toBe('MAGIC_LINK_EXPIRED');
    const [row] = await sys((tx) => tx.select().from(magicLinks).where(eq(magicLinks.id, link.cta_id)));
    expect([row.status, row.expiredReason, row.clicks]).toEqual(['expired', 'days', 1]);
    const listed = await signedInCaller(app.deps, manager).campaigns.links({
      campaignId,
      status: 'expired',
      page: 1,
      pageSize: 100,
    });
    expect(listed.rows.map((r) => r.email)).toContain('late@guest.test');
    // six days on, a link not yet opened is still valid
    const fresh = await make('early@guest.test');
    expect(
      (
        await validateMagicLink({
          db: app.deps.db,
          id: fresh.cta_id,
          token: fresh.token,
          now: new Date(Date.now() + 6 * 86_400_000),
        })
      ).status,
    ).toBe('clicked');
  });

  it('tells a malformed link (400) from an unknown or foreign one (404)', async () => {
    const link = await make('forms@guest.test');
    expect(
      (await api('/api/v1/cta/validate-token', { method: 'POST', body: { ...link, token: 'short' } })).status,
    ).toBe(400);
    expect(
      (await api('/api/v1/cta/validate-token', { method: 'POST', body: { ...link, cta_id: 'nope' } })).status,
    ).toBe(400);
    const foreign = await api('/api/v1/cta/validate-token', {
      method: 'POST',
      body: { cta_id: crypto.randomUUID(), token: link.token },
    });
    expect([foreign.status, foreign.json.error.code]).toEqual([404, 'MAGIC_LINK_INVALID']);
  });

  it('booked: the report page’s booking event marks the link, once, and the table filters on it; the page frames only the scheduler', async () => {
    const link = await make('book@guest.test');
    await markedOnce('/api/v1/cta/booked', link, 'booked_at');
    const listed = await signedInCaller(app.deps, manager).campaigns.links({ status: 'booked', page: 1, pageSize: 25 });
    expect(listed.rows.map((r) => r.email)).toEqual(['book@guest.test']);

    const page = await fetch(`${app.url}/cta/reports/${link.cta_id}?token=${link.token}`);
    expect(page.headers.get('content-security-policy')).toContain(
      "frame-src 'self' https://cal.com https://app.cal.com",
    );
    const wrong = await fetch(`${app.url}/cta/reports/${link.cta_id}?token=${'B'.repeat(43)}`);
    expect(wrong.headers.get('content-security-policy')).not.toContain('frame-src');
    expect((await fetch(`${app.url}/dashboard`)).headers.get('content-security-policy')).not.toContain('frame-src');

    // a campaign without a booking step has nothing to book
    const plain = await signedInCaller(app.deps, manager).campaigns.create(
      campaignInput({ slug: 'no-booking', bookingProvider: 'none', bookingUrl: null }),
    );
    const plainLink = linkOf(
      (await generate({ campaignId: plain.id, entries: 'nb@guest.test' })).result!.links[0].link,
    );
    expect((await api('/api/v1/cta/booked', { method: 'POST', body: plainLink })).status).toBe(404);
  });

  it('booking-failed: a scheduler that did not load is kept once for the campaign’s owner; a booked link is left booked', async () => {
    const link = await make('blocked@guest.test');
    const failedAt = await markedOnce('/api/v1/cta/booking-failed', link, 'booking_failed_at');
    const rows = (
      await signedInCaller(app.deps, manager).campaigns.links({ search: 'blocked@', page: 1, pageSize: 25 })
    ).rows;
    expect(rows.map((r) => [r.email, r.bookingFailedAt])).toEqual([['blocked@guest.test', failedAt]]);

    // once booked, a later failure report changes nothing
    const bookedLink = await make('booked-first@guest.test');
    expect((await api('/api/v1/cta/booked', { method: 'POST', body: bookedLink })).status).toBe(200);
    expect((await api('/api/v1/cta/booking-failed', { method: 'POST', body: bookedLink })).status).toBe(200);
    const booked = (
      await signedInCaller(app.deps, manager).campaigns.links({ search: 'booked-first@', page: 1, pageSize: 25 })
    ).rows[0];
    expect([booked.bookedAt !== null, booked.bookingFailedAt]).toEqual([true, null]);

    // a wrong token is refused and marks nothing
    const wrong = await api('/api/v1/cta/booking-failed', { method: 'POST', body: { ...link, token: 'B'.repeat(43) } });
    expect(wrong.status).toBe(404);
  });

  it('a deleted campaign takes its links with it', async () => {
    const caller = signedInCaller(app.deps, manager);
    const doomed = await caller.campaigns.create(
      campaignInput({ slug: 'doomed', bookingProvider: 'none', bookingUrl: null }),
    );
    const link = linkOf(
      (await generate({ campaignId: doomed.id, entries: 'a@doomed.test\nb@doomed.test' })).result!.links[0].link,
    );
    expect(await caller.campaigns.delete({ id: doomed.id })).toEqual({ id: doomed.id, links: 2 });
    expect((await api('/api/v1/cta/validate-token', { method: 'POST', body: link })).status).toBe(404);
  });
});
