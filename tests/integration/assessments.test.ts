import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeys,
  assessments,
  callRecordings,
  calls,
  jobs,
  mailOutbox,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { withTenant } from '../../db/tenant';
import type { RunningApp } from '../../server/app';
import { createAssessment } from '../../server/services/assessments/create';
import { expireAssessment } from '../../server/services/assessments/lifecycle';
import { startLinkCall, validateLink } from '../../server/services/assessments/candidate';
import { DISCOVERY_SIMULATION, seedLinkedSimulations, seedSimulation } from '../helpers/assignments';
import { holdTypedCall } from '../helpers/call-client';
import { sendJson, signedInCaller, startTestApp, type UserRow } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { documentedStatuses } from '../helpers/openapi';
import { useTestDatabase, systemRunner } from '../helpers/db';
import { createTenant, createTenantUsers } from '../helpers/factories';
import { tenantRunner } from '../helpers/tenant-runner';

const database = useTestDatabase();
let app: RunningApp;
let admin: UserRow;
let adminB: UserRow;
let tenantA: string;
let tenantB: string;
let simA: string;
let simHidden: string;
let simB: string;
let keyA: string;
let keyB: string;

const RATE = 40;
const sys = systemRunner(database);

async function api(
  path: string,
  init: {
    method?: string;
    key?: string | null;
    basic?: boolean;
    body?: unknown;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key && init.basic) headers.authorization = `Basic ${Buffer.from(`${init.key}:`).toString('base64')}`;
  const r = await sendJson(`${app.url}${path}`, { ...init, bearer: init.basic ? null : init.key, headers });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer as JSON (null when it is not), read by the expectations
  return { ...r, json: r.json as Record<string, any> };
}

const candidate = (email = 'ana@example.com') => ({ email, first_name: 'Ana', last_name: 'Ruiz' });
const create = (body: Record<string, unknown>, key = keyA, headers: Record<string, string> = {}) =>
  api('/api/v1/assessments', { method: 'POST', key, body, headers });
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const linkBody = (link: string) => ({ assessment_id: new URL(link).pathname.split('/').pop(), token: tokenOf(link) });

beforeAll(async () => {
  tenantA = (await createTenant(database.db, { name: 'Acme' })).id;
  tenantB = (await createTenant(database.db, { name: 'Beta' })).id;
  ({ admin } = await createTenantUsers(database.db, tenantA, {
    admin: { email: 'admin@acme.test', username: 'admin', userType: 'admin' },
  }));
  ({ adminB } = await createTenantUsers(database.db, tenantB, {
    adminB: { email: 'admin@beta.test', username: 'adminb', userType: 'admin' },
  }));
  const base = DISCOVERY_SIMULATION;
  [simA, simHidden] = (
    await seedLinkedSimulations(database.db, tenantA, [
      { ...base, name: 'Discovery assessment', availableAsAssessment: true },
      { ...base, name: 'Internal only' },
    ])
  ).sims.map((s) => s.id);
  ({ simId: simB } = await seedSimulation(database.db, tenantB, {
    ...base,
    name: 'Beta assessment',
    availableAsAssessment: true,
  }));
  app = await startTestApp(
    database,
    { API_KEY_RATE_LIMIT_PER_MINUTE: String(RATE), PUBLIC_URL: undefined },
    { calls: { offlineThinkMs: 0, offlineVoice: null }, jobs: { pollIntervalMs: 50, initialDelayMs: 0 } },
  );
  keyA = (await signedInCaller(app.deps, admin).apiKeys.generate({ integration: 'Our ATS' })).key;
  keyB = (await signedInCaller(app.deps, adminB).apiKeys.generate({ integration: 'Beta ATS' })).key;
}, 60_000);

afterAll(() => closeAll(app));

describe('API keys', () => {
  it('are shown once: the list has the prefix only, the database only a hash', async () => {
    const caller = signedInCaller(app.deps, admin);
    const made = await caller.apiKeys.generate({ integration: 'Greenhouse' });
    expect(made.key).toMatch(/^spar_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    expect(made.key.startsWith(`spar_${made.apiKey.prefix}_`)).toBe(true);
    const listed = await caller.apiKeys.list();
    expect(listed.find((k) => k.id === made.apiKey.id)).toMatchObject({
      integration: 'Greenhouse',
      status: 'active',
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(made.key);
    const [row] = await sys((tx) => tx.select().from(apiKeys).where(eq(apiKeys.id, made.apiKey.id)));
    expect(JSON.stringify(row)).not.toContain(made.key.slice('spar_'.length + 9)); // the secret part
    expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('authenticate as Bearer or as Basic (the key as username), stamp "last used", and refuse anything else with 401', async () => {
    const bearer = await api('/api/v1/assessments/simulations', { key: keyA });
    expect(bearer.status).toBe(200);
    expect(bearer.json.data.map((s: { name: string }) => s.name)).toEqual(['Discovery assessment']);
    const basic = await api('/api/v1/assessments/simulations', { key: keyA, basic: true });
    expect(basic.json.data).toEqual(bearer.json.data);
    const none = await api('/api/v1/assessments/simulations');
    expect(none.status).toBe(401);
    expect(none.json.error.code).toBe('API_KEY_INVALID');
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect((await api('/api/v1/assessments/simulations', { key: `${keyA.slice(0, -1)}x` })).status).toBe(401);
    const listed = await signedInCaller(app.deps, admin).apiKeys.list();
    expect(listed.find((k) => k.integration === 'Our ATS')?.lastUsedAt).not.toBeNull();
  });

  it('a revoked key is refused at once; revocation is irreversible', async () => {
    const caller = signedInCaller(app.deps, admin);
    const made = await caller.apiKeys.generate({ integration: 'Temp' });
    expect((await api('/api/v1/assessments/simulations', { key: made.key })).status).toBe(200);
    expect((await caller.apiKeys.revoke({ apiKeyId: made.apiKey.id })).status).toBe('inactive');
    expect((await api('/api/v1/assessments/simulations', { key: made.key })).status).toBe(401);
    expect((await caller.apiKeys.revoke({ apiKeyId: made.apiKey.id })).status).toBe('inactive');
  });

  it('are limited per key: over the limit 429 with Retry-After, other keys unaffected', async () => {
    const made = await signedInCaller(app.deps, admin).apiKeys.generate({ integration: 'Busy' });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < RATE + 2; i++) {
      const r = await api('/api/v1/assessments/simulations', { key: made.key });
      statuses.push(r.status);
      if (r.status === 429) retryAfter = r.headers.get('retry-after');
    }
    expect(statuses.slice(0, RATE).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(RATE)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect((await api('/api/v1/assessments/simulations', { key: keyB })).status).toBe(200);
  });

  it('another tenant cannot see a key', async () => {
    const mine = await signedInCaller(app.deps, admin).apiKeys.list();
    const theirs = await signedInCaller(app.deps, adminB).apiKeys.list();
    expect(theirs.map((k) => k.integration)).toEqual(['Beta ATS']);
    await expect(signedInCaller(app.deps, adminB).apiKeys.revoke({ apiKeyId: mine[0].id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('partner API', () => {
  it('creates a 48-hour link; the token is stored only as a hash; the mail is queued when asked', async () => {
    const r = await create({
      simulation_id: simA,
      candidate: candidate('mail@example.com'),
      external_id: 'gh-1',
      metadata: { job: 'AE' },
      send_email: true,
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      status: 'created',
      simulation_id: simA,
      external_id: 'gh-1',
      metadata: { job: 'AE' },
      report_status: 'none',
      score: null,
      email_sent: true,
    });
    expect(r.json.link).toMatch(new RegExp(`^${app.url}/assessment/${r.json.id}\\?token=[A-Za-z0-9_-]{43}$`));
    const hours = (Date.parse(r.json.expires_at) - Date.parse(r.json.created_at)) / 3_600_000;
    expect(hours).toBe(48);
    const [row] = await sys((tx) => tx.select().from(assessments).where(eq(assessments.id, r.json.id)));
    expect(JSON.stringify(row)).not.toContain(tokenOf(r.json.link));
    const mails = await sys((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'mail@example.com')));
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toContain(r.json.link);
    expect(mails[0].subject).toContain('Acme');
    // the status read gives no link again
    const got = await api(`/api/v1/assessments/${r.json.id}`, { key: keyA });
    expect(got.json.link).toBeUndefined();
    expect(got.json.status).toBe('created');
  });

  it('refuses a simulation not available as assessment, or another tenant’s, with the same 422; bad input with 400', async () => {
    const hidden = await create({ simulation_id: simHidden, candidate: candidate() });
    const foreign = await create({ simulation_id: simB, candidate: candidate() });
    expect([hidden.status, foreign.status]).toEqual([422, 422]);
    expect(hidden.json.error.code).toBe('SIMULATION_NOT_ASSESSABLE');
    const bad = await create({ simulation_id: simA, candidate: { email: 'nope', first_name: '', last_name: 'X' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.details.fieldErrors)).toEqual(['candidate']);
  });

  it('Idempotency-Key: the same request returns the same assessment and link; another body is 409; a race makes one row', async () => {
    const body = { simulation_id: simA, candidate: candidate('idem@example.com') };
    const first = await create(body, keyA, { 'Idempotency-Key': 'req-1' });
    const again = await create(body, keyA, { 'Idempotency-Key': 'req-1' });
    expect(first.status).toBe(201);
    expect(again.json.id).toBe(first.json.id);
    expect(again.json.link).toBe(first.json.link);
    const other = await create({ ...body, candidate: candidate('else@example.com') }, keyA, {
      'Idempotency-Key': 'req-1',
    });
    expect(other.status).toBe(409);
    expect(other.json.error.code).toBe('IDEMPOTENCY_CONFLICT');
    const race = await Promise.all([0, 1, 2].map(() => create(body, keyA, { 'Idempotency-Key': 'req-race' })));
    expect(new Set(race.map((r) => r.json.id)).size).toBe(1);
    expect(new Set(race.map((r) => r.json.link)).size).toBe(1);
    const rows = await sys((tx) => tx.select().from(assessments).where(eq(assessments.idempotencyKey, 'req-race')));
    expect(rows).toHaveLength(1);
    // another key's same Idempotency-Key is its own request
    const b = await create({ simulation_id: simB, candidate: candidate('idem@example.com') }, keyB, {
      'Idempotency-Key': 'req-1',
    });
    expect(b.status).toBe(201);
    expect(b.json.id).not.toBe(first.json.id);
  });

  it('another tenant’s key gets 404 for an assessment and its report', async () => {
    const r = await create({ simulation_id: simA, candidate: candidate() });
    for (const path of [
      `/api/v1/assessments/${r.json.id}`,
      `/api/v1/assessments/${r.json.id}/report`,
      `/api/v1/assessments/${r.json.id}/reports/download`,
    ]) {
      expect((await api(path, { key: keyB })).status).toBe(404);
    }
    expect((await api(`/api/v1/assessments/${r.json.id}`, { key: keyA })).status).toBe(200);
  });
});

describe('the candidate’s link', () => {
  it('no call twice: two tabs racing start one call; a reload after the start cannot start another', async () => {
    const r = await create({ simulation_id: simA, candidate: candidate('race@example.com') });
    const body = linkBody(r.json.link);
    const [a, b] = await Promise.all([0, 1].map(() => api('/api/v1/assessments/start-call', { method: 'POST', body })));
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.json.error.code).toBe('ASSESSMENT_LINK_USED');
    const validated = await api('/api/v1/assessments/validate-token', { method: 'POST', body });
    expect(validated.json).toMatchObject({ status: 'started', call_started: true });
    expect((await api('/api/v1/assessments/start-call', { method: 'POST', body })).status).toBe(409);
  });

  it('tells a malformed link (400), a wrong token (404) and an expired one (410) apart', async () => {
    const r = await create({ simulation_id: simA, candidate: candidate() });
    const body = linkBody(r.json.link);
    const malformed = await api('/api/v1/assessments/validate-token', {
      method: 'POST',
      body: { ...body, token: 'short' },
    });
    expect(malformed.status).toBe(400);
    const wrong = await api('/api/v1/assessments/validate-token', {
      method: 'POST',
      body: { ...body, token: 'A'.repeat(43) },
    });
    expect(wrong.status).toBe(404);
    expect(wrong.json.error.code).toBe('ASSESSMENT_LINK_INVALID');

    // made 48 hours and a minute ago (the clock injected)
    const past = new Date(Date.now() - (48 * 60 + 1) * 60_000);
    const old = await createAssessment({
      tenant: tenantRunner(app.deps.db, tenantA),
      env: app.deps.env,
      key: { tenantId: tenantA, apiKeyId: null },
      input: { simulation_id: simA, candidate: candidate('old@example.com'), send_email: false },
      options: { baseUrl: app.url, now: past },
    });
    expect((await api(`/api/v1/assessments/${old.assessment.id}`, { key: keyA })).json.status).toBe('expired');
    const expired = await api('/api/v1/assessments/validate-token', {
      method: 'POST',
      body: linkBody(old.assessment.link!),
    });
    expect(expired.status).toBe(410);
    expect(expired.json.error.code).toBe('ASSESSMENT_LINK_EXPIRED');
    expect(
      (await api('/api/v1/assessments/start-call', { method: 'POST', body: linkBody(old.assessment.link!) })).status,
    ).toBe(410);
    // the reference lists what the candidate's page was just answered
    for (const path of ['/api/v1/assessments/validate-token', '/api/v1/assessments/start-call']) {
      expect(await documentedStatuses(app.url, 'POST', path)).toEqual(
        expect.arrayContaining(['400', '404', '409', '410']),
      );
    }
    // a minute before the 48 hours it was still valid
    const young = await createAssessment({
      tenant: tenantRunner(app.deps.db, tenantA),
      env: app.deps.env,
      key: { tenantId: tenantA, apiKeyId: null },
      input: { simulation_id: simA, candidate: candidate('young@example.com'), send_email: false },
      options: { baseUrl: app.url, now: new Date(Date.now() - (48 * 60 - 1) * 60_000) },
    });
    expect(
      (await api('/api/v1/assessments/validate-token', { method: 'POST', body: linkBody(young.assessment.link!) }))
        .status,
    ).toBe(200);
  });

  it('expiry: the job marks the link expired at 48 h and sends assessment.expired; a started link is left alone', async () => {
    const endpoint = await subscribe(['assessment.expired']);
    const now = new Date(Date.now() - 48 * 3_600_000 - 1000);
    const made = await createAssessment({
      tenant: tenantRunner(app.deps.db, tenantA),
      env: app.deps.env,
      key: { tenantId: tenantA, apiKeyId: null },
      input: { simulation_id: simA, candidate: candidate('exp@example.com'), send_email: false },
      options: { baseUrl: app.url, now },
    });
    const [job] = await sys((tx) =>
      tx
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `assessment-expiry:${made.assessment.id}`)),
    );
    expect(job.runAt.toISOString()).toBe(made.assessment.expires_at);
    // the server's job worker runs it (it is due): the link is expired, once
    await expect
      .poll(
        async () =>
          (await sys((tx) => tx.select().from(assessments).where(eq(assessments.id, made.assessment.id))))[0].status,
        { timeout: 10_000, interval: 50 },
      )
      .toBe('expired');
    expect(await expireAssessment(tenantRunner(app.deps.db, tenantA), made.assessment.id, new Date())).toEqual({
      assessmentId: made.assessment.id,
      expired: false,
    });
    // other tests' links made in the past expire too while this endpoint listens: count this link's events only
    const sent = (
      await sys((tx) => tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint)))
    ).filter((d) => (d.payload.data as { assessment_id: string }).assessment_id === made.assessment.id);
    expect(sent.map((d) => d.eventType)).toEqual(['assessment.expired']);
    // a link whose call has started is not expired by the job, even past its 48 hours
    const started = await create({ simulation_id: simA, candidate: candidate('exp-started@example.com') });
    expect(
      (await api('/api/v1/assessments/start-call', { method: 'POST', body: linkBody(started.json.link) })).status,
    ).toBe(200);
    expect(
      await expireAssessment(
        tenantRunner(app.deps.db, tenantA),
        started.json.id,
        new Date(Date.now() + 49 * 3_600_000),
      ),
    ).toEqual({ assessmentId: started.json.id, expired: false });
    expect(
      (await sys((tx) => tx.select().from(assessments).where(eq(assessments.id, started.json.id))))[0].status,
    ).toBe('started');
    await sys((tx) => tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint)));
  });

  it('a candidate completes a real offline call: opened → started → completed, report ready, webhooks, the report as JSON and HTML, the recording with the ticket', async () => {
    const endpoint = await subscribe(['assessment.opened', 'assessment.started', 'assessment.completed']);
    const r = await create({ simulation_id: simA, candidate: candidate('call@example.com'), external_id: 'cand-7' });
    const body = linkBody(r.json.link);

    const intro = await api('/api/v1/assessments/validate-token', { method: 'POST', body });
    expect(intro.status).toBe(200);
    expect(intro.json).toMatchObject({
      status: 'opened',
      candidate_first_name: 'Ana',
      company_name: 'Acme',
      show_score: false,
      call_started: false,
      simulation: { name: 'Discovery assessment', difficulty: 'easy', language: 'en' },
    });
    const started = await api('/api/v1/assessments/start-call', { method: 'POST', body });
    expect(started.status).toBe(200);
    expect(started.json).toMatchObject({ provider: 'offline', wsPath: '/ws/call', recordingNotice: true });
    expect((await api(`/api/v1/assessments/${r.json.id}`, { key: keyA })).json.status).toBe('started');

    await holdTypedCall(app.url, started.json.callId, started.json.ticket, [
      'How do you plan your routes today, and how many hours does it take?',
      'Could we book a pilot kickoff next Tuesday at 10am?',
    ]);
    await expect
      .poll(async () => (await api(`/api/v1/assessments/${r.json.id}`, { key: keyA })).json.report_status, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe('ready');
    const done = await api(`/api/v1/assessments/${r.json.id}`, { key: keyA });
    expect(done.json).toMatchObject({
      status: 'completed',
      evaluator: 'offline_heuristic',
      report_url: `${app.url}/api/v1/assessments/${r.json.id}/report`,
    });
    expect(done.json.score).toEqual(expect.any(Number));

    const report = await api(`/api/v1/assessments/${r.json.id}/report`, { key: keyA });
    expect(report.json).toMatchObject({
      assessment_id: r.json.id,
      status: 'ready',
      heuristic: true,
      score: done.json.score,
    });
    expect(report.json.criteria.map((c: { name: string }) => c.name)).toEqual(['Open questions', 'Next step']);
    for (const c of report.json.criteria as { level: number | null; evidence: { quote: string }[] }[])
      if ((c.level ?? 0) > 0) expect(c.evidence.length).toBeGreaterThan(0);
    const html = await api(`/api/v1/assessments/${r.json.id}/reports/download`, { key: keyA });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.text).toContain('Ana Ruiz');

    // the thank-you page: no score unless the tenant shows it
    expect((await api('/api/v1/assessments/complete', { method: 'POST', body })).json).toMatchObject({
      status: 'completed',
      report_status: 'ready',
      score: null,
    });
    await signedInCaller(app.deps, admin).assessments.updateSettings({ showScoreToCandidates: true });
    expect((await api('/api/v1/assessments/complete', { method: 'POST', body })).json.score).toBe(done.json.score);
    await signedInCaller(app.deps, admin).assessments.updateSettings({ showScoreToCandidates: false });

    // a used link: "already completed"
    const reused = await api('/api/v1/assessments/validate-token', { method: 'POST', body });
    expect(reused.status).toBe(409);
    expect(reused.json.error.code).toBe('ASSESSMENT_LINK_USED');

    // the recording uploads with the call's ticket (no account); a wrong ticket is refused
    const upload = (ticket: string) =>
      fetch(`${app.url}/api/v1/calls/${started.json.callId}/recording`, {
        method: 'POST',
        headers: { authorization: `Ticket ${ticket}`, 'content-type': 'audio/webm' },
        body: Buffer.from('webm-bytes'),
      });
    expect((await upload('x'.repeat(43))).status).toBe(404);
    expect((await upload(started.json.ticket)).status).toBe(201);
    expect(
      await sys((tx) =>
        tx
          .select({ size: callRecordings.sizeBytes })
          .from(callRecordings)
          .where(eq(callRecordings.callId, started.json.callId)),
      ),
    ).toEqual([{ size: 10 }]);

    const events = await sys((tx) =>
      tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint)),
    );
    expect(events.map((e) => e.eventType).sort()).toEqual([
      'assessment.completed',
      'assessment.opened',
      'assessment.started',
    ]);
    const completed = events.find((e) => e.eventType === 'assessment.completed')!.payload as {
      type: string;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer as JSON, read by the expectations
      data: Record<string, any>;
    };
    expect(completed.type).toBe('assessment.completed');
    expect(completed.data).toMatchObject({
      assessment_id: r.json.id,
      external_id: 'cand-7',
      score: done.json.score,
      heuristic: true,
      report_url: done.json.report_url,
    });
    expect(completed.data.levels.map((l: { name: string }) => l.name)).toEqual(['Open questions', 'Next step']);

    // the manager sees it in the list, with its call's report
    const list = await signedInCaller(app.deps, admin).assessments.list({ page: 1, search: 'call@example' });
    expect(list.rows).toEqual([
      expect.objectContaining({
        id: r.json.id,
        status: 'completed',
        candidateName: 'Ana Ruiz',
        score: done.json.score,
        callId: started.json.callId,
        integration: 'Our ATS',
      }),
    ]);
    const managerReport = await signedInCaller(app.deps, admin).reports.get({ callId: started.json.callId });
    expect(managerReport.call.repName).toBe('Ana Ruiz');
    await sys((tx) => tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint)));
  }, 60_000);

  it('a start whose call never connected (the ticket expired unused) gives the link back; a live one does not', async () => {
    const r = await create({ simulation_id: simA, candidate: candidate('closed@example.com') });
    const { assessment_id, token } = linkBody(r.json.link);
    const first = await startLinkCall({ db: app.deps.db, env: app.deps.env, id: assessment_id!, token });
    // within the ticket's lifetime the link stays started
    expect((await validateLink({ db: app.deps.db, env: app.deps.env, id: assessment_id!, token })).call_started).toBe(
      true,
    );
    const later = new Date(Date.now() + (app.deps.env.CALL_TICKET_TTL_SECONDS + 60) * 1000);
    const again = await validateLink({ db: app.deps.db, env: app.deps.env, id: assessment_id!, token, now: later });
    expect(again).toMatchObject({ status: 'opened', call_started: false });
    const [stale] = await sys((tx) =>
      tx.select({ state: calls.state, endDetail: calls.endDetail }).from(calls).where(eq(calls.id, first.callId)),
    );
    expect(stale).toEqual({ state: 'failed', endDetail: 'the call was never connected' });
    const second = await startLinkCall({ db: app.deps.db, env: app.deps.env, id: assessment_id!, token, now: later });
    expect(second.callId).not.toBe(first.callId);
    // the second call connects: no later release touches it
    const { client } = await holdTypedCall(app.url, second.callId, second.ticket, ['How do you plan routes today?']);
    expect(client.msgs.some((m) => m.type === 'end')).toBe(true);
    const far = new Date(Date.now() + 3_600_000);
    await expect(
      startLinkCall({ db: app.deps.db, env: app.deps.env, id: assessment_id!, token, now: far }),
    ).rejects.toMatchObject({
      code: 'ASSESSMENT_LINK_USED',
    });
  });

  it('a call in which the candidate said nothing gives the link back (opened), so they can start again', async () => {
    const r = await create({ simulation_id: simA, candidate: candidate('silent@example.com') });
    const body = linkBody(r.json.link);
    const started = await api('/api/v1/assessments/start-call', { method: 'POST', body });
    await holdTypedCall(app.url, started.json.callId, started.json.ticket, []);
    await expect
      .poll(async () => (await api(`/api/v1/assessments/${r.json.id}`, { key: keyA })).json.status, {
        timeout: 10_000,
        interval: 50,
      })
      .toBe('opened');
    expect((await api('/api/v1/assessments/start-call', { method: 'POST', body })).status).toBe(200);
  });
});

/** A webhook endpoint of tenant A (the webhook delivery itself is tested in webhooks.test.ts). */
async function subscribe(events: string[]): Promise<string> {
  const [row] = await withTenant(database.db, tenantA, (tx) =>
    tx
      .insert(webhookEndpoints)
      .values({
        tenantId: tenantA,
        url: 'http://127.0.0.1:9/hook',
        events: events as never,
        secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
        status: 'active',
      })
      .returning({ id: webhookEndpoints.id }),
  );
  return row.id;
}
