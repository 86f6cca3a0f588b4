import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessments, atsResponseErrors, mailOutbox } from '../../db/schema';
import { asSystem, withTenant } from '../../db/tenant';
import type { RunningApp } from '../../server/app';
import { createLinkedSimulations } from '../helpers/assignments';
import { holdTypedCall } from '../helpers/call-client';
import { signedInCaller, startTestApp } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { useTestDatabase, rowById } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';
import { TWO_CRITERIA } from '../helpers/criteria';
import { SCENARIO } from '../helpers/scenario';

/**
 * Greenhouse's side, as its Assessment Partner API documents it (docs/greenhouse.md): it calls our
 * list_tests / send_test / test_status / response_error with HTTP Basic (our key as the username,
 * an empty password) and JSON bodies, retries a send_test it did not see answered, and receives a
 * PATCH on the `url` it gave when the test is done.
 */
interface Patch {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

const database = useTestDatabase();
let app: RunningApp;
/** The same server with the outbound guard on (no jobs: it only answers requests). */
let guarded: RunningApp;
let greenhouse: Server;
let greenhouseUrl: string;
const patches: Patch[] = [];
/** Status codes the fake answers PATCHes with, in turn (then 200). */
const patchAnswers: number[] = [];
let tenantA: string;
let simA: string;
let simB: string;
let key: string;
let keyB: string;

const basic = (k: string) => `Basic ${Buffer.from(`${k}:`).toString('base64')}`;

async function gh(
  path: string,
  init: {
    method?: string;
    key?: string | null;
    body?: unknown;
    headers?: Record<string, string>;
    app?: RunningApp;
  } = {},
) {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  const k = init.key === undefined ? key : init.key;
  if (k) headers.authorization = basic(k);
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${(init.app ?? app).url}/api/v1/greenhouse/${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer as JSON, read by the expectations
  return { status: res.status, json: (await res.json()) as any };
}

/** Greenhouse sending a test: the same POST repeated `times` times (a retry after a lost answer), the last `parallel` of them at once. */
async function sendTestAsGreenhouse(body: unknown, times: number, parallel = 1, headers: Record<string, string> = {}) {
  const answers = [];
  for (let i = 0; i < times - parallel; i++) answers.push(await gh('send_test', { method: 'POST', body, headers }));
  answers.push(
    ...(await Promise.all(Array.from({ length: parallel }, () => gh('send_test', { method: 'POST', body, headers })))),
  );
  return answers;
}

/** Greenhouse's send_test for `candidate` (of simA unless `test` says), the completion PATCH going to `url`. */
const sendTest = (
  candidate: Record<string, unknown>,
  { test = simA, url = `${greenhouseUrl}/x`, app }: { test?: string; url?: string; app?: RunningApp } = {},
) => gh('send_test', { method: 'POST', body: { partner_test_id: test, candidate, url }, app });

const outboxTo = (to: string) =>
  asSystem(database.db, { action: 'test' }, (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)));
const assessmentsFor = (email: string) =>
  asSystem(database.db, { action: 'test' }, (tx) =>
    tx.select().from(assessments).where(eq(assessments.candidateEmail, email)),
  );

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => resolve(s));
  });

beforeAll(async () => {
  tenantA = (await createTenant(database.db, { name: 'Acme' })).id;
  const tenantB = (await createTenant(database.db, { name: 'Beta' })).id;
  const admin = await createTenantUser(database.db, tenantA, {
    email: 'admin@acme.test',
    username: 'admin',
    userType: 'admin',
  });
  const adminB = await createTenantUser(database.db, tenantB, {
    email: 'admin@beta.test',
    username: 'adminb',
    userType: 'admin',
  });
  const base = {
    language: 'en' as const,
    scenarioDetails: SCENARIO,
    instructions: 'Discover.',
    callProvider: 'offline' as const,
    difficulty: 'medium' as const,
    availableAsAssessment: true,
  };
  simA = (
    await withTenant(database.db, tenantA, (tx) =>
      createLinkedSimulations(tx, tenantA, [{ ...base, name: 'SDR screen' }], { criteria: TWO_CRITERIA }),
    )
  ).sims[0].id;
  simB = (
    await withTenant(database.db, tenantB, (tx) =>
      createLinkedSimulations(tx, tenantB, [{ ...base, name: 'Beta screen' }], { criteria: TWO_CRITERIA }),
    )
  ).sims[0].id;

  greenhouse = createServer(async (req, res) => {
    if (req.method !== 'PATCH') return void res.writeHead(405).end();
    patches.push({
      path: req.url ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: await readBody(req),
    });
    res.writeHead(patchAnswers.shift() ?? 200).end();
  });
  await new Promise<void>((r) => greenhouse.listen(0, '127.0.0.1', r));
  greenhouseUrl = `http://127.0.0.1:${(greenhouse.address() as AddressInfo).port}`;

  app = await startTestApp(
    database,
    { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', ENCRYPTION_KEY: 'test-encryption-key-0123456789abcdef' },
    {
      calls: { offlineThinkMs: 0, offlineVoice: null },
      jobs: { pollIntervalMs: 50, initialDelayMs: 0, backoffBaseMs: 50 },
    },
  );
  guarded = await startTestApp(
    database,
    { WEBHOOKS_ALLOW_PRIVATE_URLS: 'false', ENCRYPTION_KEY: 'test-encryption-key-0123456789abcdef' },
    { jobs: { disabled: true } },
  );
  key = (await signedInCaller(app.deps, admin).apiKeys.generate({ integration: 'Greenhouse' })).key;
  keyB = (await signedInCaller(app.deps, adminB).apiKeys.generate({ integration: 'Greenhouse' })).key;
}, 60_000);

afterAll(() => closeAll(app, guarded, greenhouse));

describe('Greenhouse Assessment partner API', () => {
  it('list_tests: the tenant’s simulations available as assessments, for its key only', async () => {
    expect(await gh('list_tests')).toEqual({
      status: 200,
      json: [{ partner_test_id: simA, partner_test_name: 'SDR screen' }],
    });
    expect((await gh('list_tests', { key: keyB })).json).toEqual([
      { partner_test_id: simB, partner_test_name: 'Beta screen' },
    ]);
  });

  it('refuses a missing or wrong key with 401', async () => {
    expect((await gh('list_tests', { key: null })).status).toBe(401);
    expect((await gh('list_tests', { key: `${key.slice(0, -2)}zz` })).status).toBe(401);
  });

  it('send_test → mail → the candidate’s offline call → report → PATCH (with the key) → test_status complete', async () => {
    const sent = await gh('send_test', {
      method: 'POST',
      body: {
        partner_test_id: simA,
        candidate: {
          first_name: 'Ana',
          last_name: 'Ruiz',
          preferred_name: 'Annie',
          email: 'ana@example.com',
          phone_number: '+1 555 0100',
          resume_url: 'https://files.example.com/cv.pdf',
          profile_url: null,
          greenhouse_profile_url: 'https://app.greenhouse.io/people/1',
        },
        url: `${greenhouseUrl}/v1/partner/test/abc123`,
        sent_by: 'recruiter@acme.test',
      },
    });
    expect(sent.status).toBe(200);
    const id = sent.json.partner_interview_id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await gh(`test_status?partner_interview_id=${id}`)).toEqual({
      status: 200,
      json: { partner_status: 'sent', partner_profile_url: null, partner_score: null, metadata: {} },
    });

    // Spar e-mailed the test; the candidate follows the link in it
    const [mail] = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'ana@example.com')),
    );
    expect(mail.textBody).toMatch(/Hi Annie,/);
    const link = new URL(/(http:\/\/\S+\/assessment\/\S+)/.exec(mail.textBody)![1]);
    const body = { assessment_id: link.pathname.split('/').pop(), token: link.searchParams.get('token') };
    const post = (path: string) =>
      fetch(`${app.url}/api/v1/assessments/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer as JSON, read by the expectations
      }).then((r) => r.json() as Promise<any>);
    expect((await post('validate-token')).candidate_first_name).toBe('Annie');
    const call = await post('start-call');
    expect(patches).toHaveLength(0);
    await holdTypedCall(app.url, call.callId, call.ticket, [
      'How do you plan routes today, and how many hours a week does it cost?',
      'Can we book a pilot kickoff next Tuesday at 10am?',
    ]);

    await expect.poll(() => patches.length, { timeout: 30_000, interval: 50 }).toBe(1);
    const status = await gh(`test_status?partner_interview_id=${id}`);
    // the PATCH repeats what test_status answers
    expect(patches[0]).toMatchObject({
      path: '/v1/partner/test/abc123',
      authorization: basic(key),
      contentType: 'application/json',
    });
    expect(JSON.parse(patches[0].body)).toEqual({
      partner_interview_id: id,
      partner_status: 'complete',
      partner_score: status.json.partner_score,
      partner_profile_url: status.json.partner_profile_url,
    });
    expect(status.json).toMatchObject({
      partner_status: 'complete',
      partner_profile_url: `${app.url}/reports/${call.callId}`,
      partner_score: expect.any(Number),
      metadata: {
        evaluator: 'offline_heuristic',
        difficulty: 'medium',
        criteria_assessed: expect.any(Number),
        verified_quotes: expect.any(Number),
      },
    });
    for (const v of Object.values(status.json.metadata)) expect(['string', 'number', 'boolean']).toContain(typeof v);
    // delivered: the kept key is erased
    const row = await rowById(database.db, assessments, id);
    expect(row).toMatchObject({
      source: 'greenhouse',
      sentBy: 'recruiter@acme.test',
      callbackAuth: null,
      candidate: { preferredName: 'Annie', phone: '+1 555 0100' },
    });
  }, 60_000);

  it('the PATCH is retried until Greenhouse accepts it', async () => {
    patches.length = 0;
    patchAnswers.push(500, 503);
    const sent = await sendTest(
      { first_name: 'Bo', last_name: 'Li', email: 'bo@example.com' },
      { url: `${greenhouseUrl}/retry/1` },
    );
    const id = sent.json.partner_interview_id as string;
    const [mail] = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'bo@example.com')),
    );
    const link = new URL(/(http:\/\/\S+\/assessment\/\S+)/.exec(mail.textBody)![1]);
    const call = await fetch(`${app.url}/api/v1/assessments/start-call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ assessment_id: id, token: link.searchParams.get('token') }),
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer as JSON, read by the expectations
    }).then((r) => r.json() as Promise<any>);
    await holdTypedCall(app.url, call.callId, call.ticket, ['What does planning cost you each week?']);
    await expect.poll(() => patches.length, { timeout: 30_000, interval: 50 }).toBe(3);
    expect(patches.map((p) => p.path)).toEqual(['/retry/1', '/retry/1', '/retry/1']);
    expect((await gh(`test_status?partner_interview_id=${id}`)).json.partner_status).toBe('complete');
  }, 60_000);

  it('test_status: 404 for an unknown, malformed or another tenant’s id; "complete" only once the report is ready with a score', async () => {
    const sent = await sendTest({ first_name: 'C', last_name: 'D', email: 'cd@example.com' });
    const id = sent.json.partner_interview_id as string;
    expect((await gh(`test_status?partner_interview_id=${id}`, { key: keyB })).status).toBe(404);
    expect((await gh('test_status?partner_interview_id=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    for (const bad of ['nope', '12345', `${id}x`, '%00', ' '])
      expect((await gh(`test_status?partner_interview_id=${bad}`)).status, bad).toBe(404);
    const missing = await gh('test_status');
    expect(missing.status).toBe(400);
    expect(missing.json.error.details.issues).toEqual([
      expect.objectContaining({ path: 'partner_interview_id', message: expect.stringMatching(/\w \w/) }),
    ]);
    // the call is over but no report yet: not "complete" (Greenhouse would stop polling without a score)
    await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.update(assessments).set({ status: 'completed', completedAt: new Date() }).where(eq(assessments.id, id)),
    );
    expect((await gh(`test_status?partner_interview_id=${id}`)).json).toEqual({
      partner_status: 'scoring',
      partner_profile_url: null,
      partner_score: null,
      metadata: {},
    });
    // another tenant's test cannot be sent with this key
    expect((await sendTest({ first_name: 'C', last_name: 'D', email: 'cd@example.com' }, { test: simB })).status).toBe(
      422,
    );
  });

  it('send_test retried by Greenhouse (three times, two of them at once): one assessment, one invitation, the same partner_interview_id', async () => {
    const body = {
      partner_test_id: simA,
      candidate: { first_name: 'Rita', last_name: 'Retry', email: 'Rita@Example.com' },
      url: `${greenhouseUrl}/retried/1`,
    };
    const answers = await sendTestAsGreenhouse(body, 3, 2);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json.partner_interview_id)).size).toBe(1);
    expect(await assessmentsFor('rita@example.com')).toHaveLength(1);
    expect(await outboxTo('Rita@Example.com')).toHaveLength(1);
    // another url (another Greenhouse test instance) is another assessment
    const other = await gh('send_test', { method: 'POST', body: { ...body, url: `${greenhouseUrl}/retried/2` } });
    expect(other.json.partner_interview_id).not.toBe(answers[0].json.partner_interview_id);
    expect(await outboxTo('Rita@Example.com')).toHaveLength(2);
  });

  it('send_test honours an Idempotency-Key: the same key and body answer the same id; the same key with another body is 409', async () => {
    const body = {
      partner_test_id: simA,
      candidate: { first_name: 'Ida', last_name: 'Key', email: 'ida@example.com' },
      url: `${greenhouseUrl}/idem/1`,
    };
    const headers = { 'Idempotency-Key': 'gh-send-1' };
    const answers = await sendTestAsGreenhouse(body, 3, 1, headers);
    expect(new Set(answers.map((a) => a.json.partner_interview_id)).size).toBe(1);
    expect(await assessmentsFor('ida@example.com')).toHaveLength(1);
    expect(await outboxTo('ida@example.com')).toHaveLength(1);
    expect(
      (await gh('send_test', { method: 'POST', body: { ...body, url: `${greenhouseUrl}/idem/2` }, headers })).status,
    ).toBe(409);
  });

  it('send_test refuses a url the completion PATCH may not go to (400 naming `url`, nothing created, no mail)', async () => {
    const candidate = { first_name: 'U', last_name: 'Rl', email: 'url@example.com' };
    const refused = async (url: string, on: RunningApp) => {
      const r = await sendTest(candidate, { url, app: on });
      expect(r.status, url).toBe(400);
      expect(r.json.error.code, url).toBe('VALIDATION');
      expect(r.json.error.details.fieldErrors.url, url).toBeDefined();
      expect(r.json.error.details.issues[0], url).toMatchObject({
        path: 'url',
        message: expect.stringMatching(/\w \w/),
      });
      return r.json.error;
    };
    expect((await refused('javascript:alert(1)', app)).details.issues[0]).toMatchObject({
      path: 'url',
      code: 'assessments.validation.callbackUrlRefused',
      message: expect.stringMatching(/https/),
    });
    await refused('not a url', app);
    for (const url of [
      'https://127.0.0.1/cb',
      'https://[::1]/cb',
      'https://[::ffff:7f00:1]/cb',
      'https://[2002:a00:1::1]/cb',
      'https://localhost/cb',
      'http://hooks.example.com/cb',
      'https://user:pw@hooks.example.com/cb',
      `${greenhouseUrl}/cb`,
    ])
      await refused(url, guarded);
    expect(await assessmentsFor('url@example.com')).toHaveLength(0);
    expect(await outboxTo('url@example.com')).toHaveLength(0);
    // a public https url is accepted by the guarded server
    expect(
      (
        await sendTest(candidate, {
          url: 'https://app.greenhouse.io/integrations/testing_partners/take_home_tests/1',
          app: guarded,
        })
      ).status,
    ).toBe(200);
  });

  it('a refused field is named by its path with an English message beside its key', async () => {
    const r = await sendTest({ first_name: 'E', last_name: 'M', email: 'not-an-email' });
    expect(r.status).toBe(400);
    expect(r.json.error.details.issues).toEqual([
      { path: 'candidate.email', code: 'assessments.validation.emailInvalid', message: 'Invalid email format' },
    ]);
    expect(r.json.error.message).toBe('candidate.email: Invalid email format');
  });

  it('answers 400 and stores nothing for text PostgreSQL cannot hold (NUL, a lone surrogate) in a URL, a metadata key or a response_error payload', async () => {
    const count = async () => ({
      assessments: (await withTenant(database.db, tenantA, (tx) => tx.select().from(assessments))).length,
      errors: (await withTenant(database.db, tenantA, (tx) => tx.select().from(atsResponseErrors))).length,
    });
    const before = await count();
    const candidate = { first_name: 'N', last_name: 'U', email: 'nu@example.com' };
    for (const url of [`${greenhouseUrl}/a\u0000b`, `${greenhouseUrl}/a\ud800b`]) {
      expect((await sendTest(candidate, { url })).status).toBe(400);
      expect((await sendTest({ ...candidate, resume_url: url }, { url: `${greenhouseUrl}/ok` })).status).toBe(400);
    }
    for (const payload of [{ error: 'x\u0000' }, { response: { ['k\udc00']: 1 } }, { nested: [[{ s: 'a\ud800' }]] }]) {
      expect(
        (await gh('response_error', { method: 'POST', body: { partner_interview_id: 'nul', ...payload } })).status,
      ).toBe(400);
    }
    const partner = (body: unknown) =>
      fetch(`${app.url}/api/v1/assessments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (
        await partner({
          simulation_id: simA,
          candidate: { email: 'm@example.com', first_name: 'M', last_name: 'K' },
          metadata: { ['a\u0000']: 1 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await partner({
          simulation_id: simA,
          candidate: { email: 'm@example.com', first_name: 'M', last_name: 'K' },
          metadata: { ['\udfff']: 'v' },
        })
      ).status,
    ).toBe(400);
    expect(await count()).toEqual(before);
  });

  it('response_error is accepted and stored for the key’s tenant', async () => {
    const r = await gh('response_error', {
      method: 'POST',
      body: { partner_interview_id: 'abc', error: 'partner_score out of range', response: { partner_score: 120 } },
    });
    expect(r).toEqual({ status: 200, json: { received: true } });
    const rows = await withTenant(database.db, tenantA, (tx) => tx.select().from(atsResponseErrors));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      partnerInterviewId: 'abc',
      payload: { error: 'partner_score out of range', response: { partner_score: 120 } },
    });
  });
});
