import { eq } from 'drizzle-orm';
import { ZodError } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTurns, calls, jobs, reportOverrides, reports, type CriterionResult } from '../../db/schema';
import { createCall, createCallRecording, createJob, createReport } from '../../seed/factories';
import { withTenant } from '../../db/tenant';
import type { RunningApp } from '../../server/app';
import { createSession } from '../../server/auth/session';
import type { AppDeps } from '../../server/deps';
import { evaluationDedupeKey } from '../../server/evaluation';
import { escapeHtml } from '../../server/services/reports/html';
import { describeTrpcError, rejection, signedInCaller, startTestApp, testDeps, type UserRow } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { useTestDatabase, systemRunner } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';

const database = useTestDatabase();
let deps: AppDeps;
let app: RunningApp;
let tenantA: string;
let tenantB: string;
let repA: UserRow;
let otherRepA: UserRow;
let managerA: UserRow;
let adminA: UserRow;
let managerB: UserRow;
let superuser: UserRow;
let tokens: Record<'repA' | 'otherRepA' | 'managerB', string>;

const as = (u: UserRow) => signedInCaller(deps, u);
/** The application error code of an override `u` is refused. */
const overrideRefusal = async (u: UserRow, input: Parameters<ReturnType<typeof as>['reports']['override']>[0]) =>
  describeTrpcError(await rejection(as(u).reports.override(input))).appCode;
const sys = systemRunner(database);

const SCORECARD = {
  id: 'sc-1',
  name: 'Discovery',
  criteria: [
    {
      id: 'c-open',
      position: 0,
      name: 'Open questions',
      description: 'Asks open questions',
      includeInScenario: true,
      levelZero: 'No open questions',
      levelLow: 'One open question',
      levelHigh: 'Several open questions that uncover pain',
    },
    {
      id: 'c-next',
      position: 1,
      name: 'Next step',
      description: 'Agrees a next step',
      includeInScenario: true,
      levelZero: 'No next step',
      levelLow: 'A vague next step',
      levelHigh: 'A dated next step',
    },
    {
      id: 'c-value',
      position: 2,
      name: 'Value',
      description: 'Links value to pain',
      includeInScenario: false,
      levelZero: 'No value statement',
      levelLow: 'Generic value',
      levelHigh: 'Value tied to the stated pain',
    },
  ],
};
const SIMULATION = {
  simulation: { id: null, name: 'Discovery <Acme> call', difficulty: 'medium' },
  persona: { name: 'Derek Osei' },
};
const XSS_SUMMARY = 'Good call <script>alert("x")</script> & more';

const criteriaOf3 = (levels: [0 | 1 | 2, 0 | 1 | 2, 0 | 1 | 2]): CriterionResult[] => criteria(levels);
const criteria = (levels: [0 | 1 | 2, 0 | 1 | 2, 0 | 1 | 2]): CriterionResult[] =>
  SCORECARD.criteria.map((c, i) => ({
    criterionId: c.id,
    name: c.name,
    level: levels[i],
    originalLevel: levels[i],
    rationale: `Rationale for ${c.name} <b>bold</b>`,
    evidence: i === 0 ? [{ quote: 'What keeps you up at night?', turnSeq: 2, startMs: 65_000 }] : [],
    unverified: i === 1,
  }));

/** A finished call of `userId` with three turns and, unless `report` is null, a report row. */
async function seedCall(tenantId: string, userId: string, report: Partial<typeof reports.$inferInsert> | null = {}) {
  return withTenant(database.db, tenantId, async (tx) => {
    const call = await createCall(tx, {
      tenantId,
      userId,
      provider: 'offline',
      language: 'en',
      state: 'ended',
      endReason: 'user_hangup',
      timeLimitSeconds: 600,
      durationMs: 125_000,
      startedAt: new Date('2026-11-20T10:00:00Z'),
      scorecardSnapshot: SCORECARD,
      simulationSnapshot: SIMULATION,
      turns: [
        { seq: 1, itemId: 'i1', speaker: 'prospect', text: 'Derek here.', startMs: 0, endMs: 2000 },
        {
          seq: 2,
          itemId: 'i2',
          speaker: 'rep',
          text: 'What keeps you up at night? <img src=x onerror=alert(1)>',
          startMs: 65_000,
          endMs: 69_000,
        },
        { seq: 3, itemId: 'i3', speaker: 'prospect', text: 'Forecasts.', startMs: 70_000, endMs: 71_000 },
      ],
    });
    if (report) {
      await createReport(tx, {
        tenantId,
        callId: call.id,
        status: 'ready',
        evaluator: 'offline',
        evaluatorVersion: 'offline-test',
        score: 50,
        originalScore: 50,
        summary: XSS_SUMMARY,
        strengths: ['Clear opener'],
        improvements: [
          {
            what: 'Ask for a dated next step',
            why: 'Deals stall without one',
            example: 'Shall we book Tuesday at 10?',
          },
        ],
        criteria: criteria([2, 1, 0]),
        analytics: {
          talkRatio: {
            repShare: 0.42,
            source: 'timing',
            repMs: 4000,
            prospectMs: 3000,
            repWords: 10,
            prospectWords: 3,
          },
          longestRepMonologue: { ms: 4000, words: 10, turnSeq: 2 },
          questions: { count: 1, open: 1, closed: 0, examples: [] },
          wordsPerMinute: 150,
          fillerWords: { total: 2, perHundredWords: 20, counts: { um: 2 }, language: 'en' },
          interruptions: { repBargeIns: 0, overlaps: 0 },
          responseLatency: { count: 1, avgMs: 800, p50Ms: 800, maxMs: 800 },
        },
        language: 'en',
        completedAt: new Date('2026-11-20T10:03:00Z'),
        ...report,
      });
    }
    return call.id;
  });
}

const download = (callId: string, opts: { token?: string; query?: string; headers?: Record<string, string> } = {}) =>
  fetch(`${app.url}/api/v1/reports/${callId}/download${opts.query ?? ''}`, {
    headers: { ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
  });

const reportOf = async (callId: string) =>
  (await sys((tx) => tx.select().from(reports).where(eq(reports.callId, callId))))[0];

beforeAll(async () => {
  deps = await testDeps(database, {}, { jobs: { disabled: true } });
  tenantA = (await createTenant(database.db, { name: 'Acme' })).id;
  tenantB = (await createTenant(database.db, { name: 'Globex' })).id;
  repA = await createTenantUser(database.db, tenantA, { userType: 'sales_rep', displayName: 'Rita Rep' });
  otherRepA = await createTenantUser(database.db, tenantA, { userType: 'sales_rep' });
  managerA = await createTenantUser(database.db, tenantA, { userType: 'manager', displayName: 'Mona Manager' });
  adminA = await createTenantUser(database.db, tenantA, { userType: 'admin' });
  managerB = await createTenantUser(database.db, tenantB, { userType: 'manager' });
  const internal = await createTenant(database.db, { name: 'Internal' });
  superuser = await createTenantUser(database.db, internal.id, { userType: 'superuser' });
  app = await startTestApp(database, {}, { jobs: { disabled: true } });
  tokens = {
    repA: (await createSession(database.db, repA.id)).token,
    otherRepA: (await createSession(database.db, otherRepA.id)).token,
    managerB: (await createSession(database.db, managerB.id)).token,
  };
});

afterAll(() => closeAll(app));

describe('reports.get and reports.status: who may see a report', () => {
  it("shows the owner their report with the frozen scorecard's level descriptions, transcript and analytics", async () => {
    const callId = await seedCall(tenantA, repA.id);
    const r = await as(repA).reports.get({ callId });
    expect(r.status).toBe('ready');
    expect(r.canReview).toBe(false);
    expect(r.call).toMatchObject({
      simulationName: 'Discovery <Acme> call',
      personaName: 'Derek Osei',
      difficulty: 'medium',
      repName: 'Rita Rep',
      durationMs: 125_000,
      provider: 'offline',
    });
    expect(r.report?.score).toBe(50);
    expect(r.report?.criteria.map((c) => [c.criterionId, c.level, c.levelDescriptions[c.level ?? 0]])).toEqual([
      ['c-open', 2, 'Several open questions that uncover pain'],
      ['c-next', 1, 'A vague next step'],
      ['c-value', 0, 'No value statement'],
    ]);
    expect(r.report?.criteria[1].unverified).toBe(true);
    expect(r.turns.map((t) => t.seq)).toEqual([1, 2, 3]);
    expect(r.hasRecording).toBe(false);
    expect(r.overrides).toEqual([]);
  });

  it('another rep of the same tenant is FORBIDDEN; a manager sees it; another tenant gets NOT_FOUND', async () => {
    const callId = await seedCall(tenantA, repA.id);
    for (const proc of ['get', 'status'] as const) {
      expect(describeTrpcError(await rejection(as(otherRepA).reports[proc]({ callId }))).appCode).toBe('FORBIDDEN');
      expect(describeTrpcError(await rejection(as(managerB).reports[proc]({ callId }))).appCode).toBe('NOT_FOUND');
      // naming the other client does not help anyone but a superuser
      expect(
        describeTrpcError(await rejection(as(managerB).reports[proc]({ callId, clientId: tenantA }))).appCode,
      ).toBe('FORBIDDEN');
    }
    const seen = await as(managerA).reports.get({ callId });
    expect(seen.canReview).toBe(true);
    expect((await as(adminA).reports.status({ callId })).status).toBe('ready');
    const su = await as(superuser).reports.get({ callId, clientId: tenantA });
    expect(su.call.callId).toBe(callId);
    expect(describeTrpcError(await rejection(as(superuser).reports.get({ callId }))).appCode).toBe('NOT_FOUND');
  });

  it('reports a recording when one was stored', async () => {
    const callId = await seedCall(tenantA, repA.id);
    await withTenant(database.db, tenantA, (tx) =>
      createCallRecording(tx, {
        callId,
        tenantId: tenantA,
        mimeType: 'audio/webm',
        sizeBytes: 3,
        content: Buffer.from([1, 2, 3]),
      }),
    );
    expect((await as(repA).reports.get({ callId })).hasRecording).toBe(true);
  });

  it("status gives the evaluation job's progress and attempts for the wait screen", async () => {
    const callId = await seedCall(tenantA, repA.id, {
      status: 'running',
      score: null,
      originalScore: null,
      criteria: null,
      summary: null,
    });
    // the job as the status shows it
    const job = {
      status: 'running',
      attempts: 2,
      maxAttempts: 5,
      progress: { phase: 'verifying', done: 2, total: 5 },
      lastError: 'model timeout',
    } as const;
    await sys((tx) =>
      createJob(tx, {
        tenantId: tenantA,
        queue: 'evaluation',
        dedupeKey: evaluationDedupeKey(callId),
        payload: { callId },
        ...job,
      }),
    );
    const s = await as(repA).reports.status({ callId });
    expect(s).toMatchObject({ status: 'running', callEnded: true, job });
    const g = await as(repA).reports.get({ callId });
    expect(g.status).toBe('running');
    expect(g.report?.criteria).toEqual([]);
  });

  it('a call with no report row yet is pending', async () => {
    const callId = await seedCall(tenantA, repA.id, null);
    expect(await as(repA).reports.status({ callId })).toMatchObject({ status: 'pending', job: null, callEnded: true });
    expect((await as(repA).reports.get({ callId })).report).toBeNull();
  });
});

describe('reports.override: manager review', () => {
  it('requires a note (reports.review.noteRequired) and a level of 0–2', async () => {
    const callId = await seedCall(tenantA, repA.id);
    const e = await rejection(as(managerA).reports.override({ callId, criterionId: 'c-value', level: 2, note: '   ' }));
    expect(describeTrpcError(e).trpcCode).toBe('BAD_REQUEST');
    const cause = (e as { cause?: unknown }).cause as ZodError;
    expect(cause).toBeInstanceOf(ZodError);
    expect(cause.issues.find((i) => i.path[0] === 'note')?.message).toBe('reports.review.noteRequired');
    const e2 = await rejection(as(managerA).reports.override({ callId, criterionId: 'c-value', level: 3, note: 'x' }));
    expect(((e2 as { cause?: unknown }).cause as ZodError).issues[0].message).toBe('reports.validation.levelInvalid');
    expect((await reportOf(callId)).score).toBe(50);
  });

  it('a rep cannot override, not even their own report; another tenant cannot either', async () => {
    const callId = await seedCall(tenantA, repA.id);
    expect(await overrideRefusal(repA, { callId, criterionId: 'c-value', level: 2, note: 'I did it' })).toBe(
      'FORBIDDEN',
    );
    expect(await overrideRefusal(managerB, { callId, criterionId: 'c-value', level: 2, note: 'x' })).toBe('NOT_FOUND');
    const row = await reportOf(callId);
    expect(row.score).toBe(50);
    expect(row.criteria?.[2].level).toBe(0);
    expect(await sys((tx) => tx.select().from(reportOverrides).where(eq(reportOverrides.reportId, row.id)))).toEqual(
      [],
    );
  });

  it('recomputes the score, keeps the original level and score, and records every change', async () => {
    const callId = await seedCall(tenantA, repA.id);
    const r1 = await as(managerA).reports.override({
      callId,
      criterionId: 'c-value',
      level: 2,
      note: 'Tied ROI to the forecast pain at 3:10',
    });
    // levels 2, 1, 2 → 5 / 6 → 83.3
    expect(r1).toEqual({ score: 83.3, criterionId: 'c-value', level: 2, originalLevel: 0 });
    const r2 = await as(adminA).reports.override({
      callId,
      criterionId: 'c-open',
      level: 1,
      note: 'Only one question was really open',
    });
    // levels 1, 1, 2 → 4 / 6 → 66.7
    expect(r2.score).toBe(66.7);

    const row = await reportOf(callId);
    expect(row.score).toBe(66.7);
    expect(row.originalScore).toBe(50);
    expect(row.criteria?.map((c) => [c.criterionId, c.level, c.originalLevel])).toEqual([
      ['c-open', 1, 2],
      ['c-next', 1, 1],
      ['c-value', 2, 0],
    ]);
    const history = await sys((tx) =>
      tx.select().from(reportOverrides).where(eq(reportOverrides.reportId, row.id)).orderBy(reportOverrides.createdAt),
    );
    expect(history.map((h) => [h.criterionId, h.fromLevel, h.toLevel, h.scoreAfter, h.userId, h.tenantId])).toEqual([
      ['c-value', 0, 2, 83.3, managerA.id, tenantA],
      ['c-open', 2, 1, 66.7, adminA.id, tenantA],
    ]);

    const seen = await as(repA).reports.get({ callId });
    expect(seen.report?.score).toBe(66.7);
    expect(seen.report?.originalScore).toBe(50);
    expect(seen.overrides.map((o) => [o.criterionName, o.fromLevel, o.toLevel, o.note, o.userName])).toEqual([
      ['Value', 0, 2, 'Tied ROI to the forecast pain at 3:10', 'Mona Manager'],
      ['Open questions', 2, 1, 'Only one question was really open', adminA.username],
    ]);
    // the summary blocks follow the review: Value (raised to 2) is a strength in the scorecard's
    // words for level 2, Open questions (lowered from 2) a suggestion; the rest as evaluated
    const value = seen.report!.criteria.find((c) => c.criterionId === 'c-value')!;
    const open = seen.report!.criteria.find((c) => c.criterionId === 'c-open')!;
    expect(seen.report!.strengths).toEqual(['Clear opener', `Value: ${value.levelDescriptions[2]}`]);
    expect(seen.report!.improvements.map((i) => [i.what, i.why])).toEqual([
      ['Ask for a dated next step', expect.any(String)],
      ['Open questions', open.levelDescriptions[2]],
    ]);
  });

  it('refuses an unchanged level, an unknown criterion and a report that is not ready', async () => {
    const callId = await seedCall(tenantA, repA.id);
    expect(await overrideRefusal(managerA, { callId, criterionId: 'c-open', level: 2, note: 'same' })).toBe(
      'VALIDATION',
    );
    expect(await overrideRefusal(managerA, { callId, criterionId: 'nope', level: 1, note: 'x' })).toBe('NOT_FOUND');
    const pending = await seedCall(tenantA, repA.id, { status: 'running' });
    expect(await overrideRefusal(managerA, { callId: pending, criterionId: 'c-open', level: 1, note: 'x' })).toBe(
      'CONFLICT',
    );
  });
});

describe('reports.override: two reviewers at once', () => {
  it('the second, who saw the old level, is refused with the current level and nothing changes', async () => {
    const callId = await seedCall(tenantA, repA.id);
    const [row] = await sys((tx) => tx.select().from(reports).where(eq(reports.callId, callId)));
    const seen = row.criteria!.find((c) => c.criterionId === 'c-value')!.level;
    const first = await as(managerA).reports.override({
      callId,
      criterionId: 'c-value',
      level: seen === 2 ? 0 : 2,
      note: 'First look',
      fromLevel: seen,
    });
    const e = describeTrpcError(
      await rejection(
        as(adminA).reports.override({
          callId,
          criterionId: 'c-value',
          level: seen === 2 ? 0 : 2,
          note: 'Second look',
          fromLevel: seen,
        }),
      ),
    );
    expect(e).toMatchObject({ appCode: 'CONFLICT', httpStatus: 409 });
    expect(e.details).toMatchObject({
      fieldErrors: { level: ['reports.review.changedMeanwhile'] },
      currentLevel: first.level,
    });
    const history = await sys((tx) => tx.select().from(reportOverrides).where(eq(reportOverrides.reportId, row.id)));
    expect(history.map((h) => h.note)).toEqual(['First look']);
    const [after] = await sys((tx) => tx.select().from(reports).where(eq(reports.id, row.id)));
    expect(after.score).toBe(first.score);
  });
});

describe('reports.retry', () => {
  it('requeues the evaluation of a failed report; a ready report cannot be retried', async () => {
    const callId = await seedCall(tenantA, repA.id, {
      status: 'failed',
      error: 'model unavailable',
      score: null,
      originalScore: null,
      criteria: null,
    });
    expect(describeTrpcError(await rejection(as(otherRepA).reports.retry({ callId }))).appCode).toBe('FORBIDDEN');
    expect(describeTrpcError(await rejection(as(managerB).reports.retry({ callId }))).appCode).toBe('NOT_FOUND');
    expect(await as(repA).reports.retry({ callId })).toEqual({ status: 'pending' });
    expect((await reportOf(callId)).status).toBe('pending');
    const [job] = await sys((tx) =>
      tx
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, evaluationDedupeKey(callId))),
    );
    expect(job).toMatchObject({ queue: 'evaluation', status: 'queued', tenantId: tenantA });
    expect((await as(repA).reports.status({ callId })).job?.status).toBe('queued');

    const ready = await seedCall(tenantA, repA.id);
    expect(describeTrpcError(await rejection(as(repA).reports.retry({ callId: ready }))).appCode).toBe('CONFLICT');
  });

  it('starts the evaluation of an ended call that was never queued, but not of one already queued', async () => {
    const callId = await seedCall(tenantA, repA.id, null);
    expect(await as(repA).reports.status({ callId })).toMatchObject({
      status: 'pending',
      canRetry: true,
      nothingToScore: false,
      job: null,
    });
    await as(repA).reports.retry({ callId });
    expect(await as(repA).reports.status({ callId })).toMatchObject({
      status: 'pending',
      canRetry: false,
      job: { status: 'queued' },
    });
    expect(describeTrpcError(await rejection(as(repA).reports.retry({ callId }))).appCode).toBe('CONFLICT');
    // a call in which the rep said nothing is not evaluated
    const silent = await seedCall(tenantA, repA.id, null);
    await withTenant(database.db, tenantA, (tx) => tx.delete(callTurns).where(eq(callTurns.callId, silent)));
    expect(await as(repA).reports.status({ callId: silent })).toMatchObject({ canRetry: false, nothingToScore: true });
    expect(describeTrpcError(await rejection(as(repA).reports.retry({ callId: silent }))).appCode).toBe('CONFLICT');
    // a live call has nothing to evaluate yet
    const live = await seedCall(tenantA, repA.id, null);
    await withTenant(database.db, tenantA, (tx) =>
      tx.update(calls).set({ state: 'connected' }).where(eq(calls.id, live)),
    );
    expect((await as(repA).reports.status({ callId: live })).canRetry).toBe(false);
    expect(describeTrpcError(await rejection(as(repA).reports.retry({ callId: live }))).appCode).toBe('CONFLICT');
  });
});

describe('GET /api/v1/reports/:callId/download', () => {
  it('is a self-contained HTML file with every text escaped', async () => {
    const callId = await seedCall(tenantA, repA.id);
    await as(managerA).reports.override({ callId, criterionId: 'c-value', level: 1, note: 'Note with <i>markup</i>' });
    const res = await download(callId, { token: tokens.repA });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="spar-report-discovery-acme-call-2026-11-20.html"',
    );
    const html = await res.text();
    expect(html).toContain(escapeHtml(XSS_SUMMARY));
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).not.toMatch(/<link|<iframe|\ssrc="|@import|url\(/i);
    expect(html).toContain('<style>');
    expect(html).toContain('@media print');
    // content: title, rep, score, level descriptions, evidence with its timestamp, suggestions, analytics, transcript, history
    expect(html).toContain('<title>Call report: Discovery &lt;Acme&gt; call</title>');
    expect(html).toContain('Rita Rep');
    expect(html).toContain('66.7/100');
    expect(html).toContain('Several open questions that uncover pain');
    expect(html).toContain('1:05</span>“What keeps you up at night?”');
    expect(html).toContain('Try saying: “Shall we book Tuesday at 10?”');
    expect(html).toContain('Conversation analytics');
    expect(html).toContain('Rep 42%');
    expect(html).toContain('Scored offline by rules (no AI model configured)');
    expect(html).toContain('What keeps you up at night? &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Note: Note with &lt;i&gt;markup&lt;/i&gt;');
    expect(html).toContain('Unverified');
  });

  it("is in the viewer's language: ?lang=, then the saved language, then Accept-Language", async () => {
    const callId = await seedCall(tenantA, repA.id);
    const es = await (await download(callId, { token: tokens.repA, query: '?lang=es' })).text();
    expect(es).toContain('<html lang="es">');
    expect(es).toContain('<h2>Resumen</h2>');
    expect(es).toContain('<h2>Transcripción</h2>');
    expect(es).toContain('<h2>Resultados de la tarjeta de evaluación</h2>');
    // the score with the language's decimal comma
    expect(es).toContain('50,0/100');
    const it = await download(callId, {
      token: tokens.repA,
      headers: { 'Accept-Language': 'it-IT,it;q=0.9,en;q=0.5' },
    });
    expect(it.headers.get('content-language')).toBe('it');
    expect(await it.text()).toContain('<h2>Riepilogo</h2>');
    const pt = await createTenantUser(database.db, tenantA, { userType: 'manager', language: 'pt-BR' });
    const ptToken = (await createSession(database.db, pt.id)).token;
    expect(await (await download(callId, { token: ptToken, headers: { 'Accept-Language': 'es' } })).text()).toContain(
      '<h2>Resumo</h2>',
    );
  });

  it('refuses without a session (401), another rep (403) and another tenant (404)', async () => {
    const callId = await seedCall(tenantA, repA.id);
    expect((await download(callId)).status).toBe(401);
    expect((await download(callId, { token: tokens.otherRepA })).status).toBe(403);
    const other = await download(callId, { token: tokens.managerB });
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain('Discovery');
    expect((await download('not-a-uuid', { token: tokens.repA })).status).toBe(404);
  });
});

describe('evidence, heuristic labels and the reviewed score in the report and its download', () => {
  const modelCriteria = (): CriterionResult[] => [
    {
      criterionId: 'c-open',
      name: 'Open questions',
      level: 2,
      originalLevel: 2,
      proposedLevel: 2,
      note: null,
      rationale: 'Asked open questions.',
      evidence: [
        { quote: 'What keeps you up at night?', turnSeq: 2, startMs: 65_000, start: 0, end: 27 },
        { quote: 'What keeps you up at night', turnSeq: 2, startMs: 65_000, start: 0, end: 26 },
      ],
      rejected: [{ quote: 'How do you forecast today?', turnSeq: 2, reason: 'not_found' }],
      agreement: { samples: 3, agreeing: 3 },
      unverified: false,
    },
    {
      criterionId: 'c-next',
      name: 'Next step',
      level: 0,
      originalLevel: 0,
      proposedLevel: 2,
      note: 'no_evidence',
      rationale: 'Booked a demo.',
      evidence: [],
      rejected: [{ quote: 'Forecasts.', turnSeq: 3, reason: 'prospect_turn' }],
      agreement: { samples: 3, agreeing: 2 },
      unverified: false,
    },
    {
      criterionId: 'c-value',
      name: 'Value',
      level: 1,
      originalLevel: 1,
      proposedLevel: 1,
      note: null,
      rationale: 'Some value.',
      evidence: [{ quote: 'What keeps you up at night?', turnSeq: 2, startMs: 65_000, start: 0, end: 27 }],
      rejected: [],
      agreement: { samples: 3, agreeing: 3 },
      unverified: false,
    },
  ];

  it('shows the call’s evidence integrity, the rejected quotes per criterion, why a level is 0, the agreement, and the areas below 2', async () => {
    const callId = await seedCall(tenantA, repA.id, {
      evaluator: 'model',
      model: 'gpt-eval',
      score: 50,
      originalScore: 50,
      criteria: modelCriteria(),
    });
    const r = (await as(repA).reports.get({ callId })).report!;
    expect(r.integrity).toEqual({ verified: 3, proposed: 5 });
    expect(r.samples).toBe(3);
    expect(r.criteria[1]).toMatchObject({
      level: 0,
      proposedLevel: 2,
      note: 'no_evidence',
      rejected: [{ quote: 'Forecasts.', turnSeq: 3, reason: 'prospect_turn' }],
    });
    const html = await (await download(callId, { token: tokens.repA })).text();
    expect(html).toContain('Evidence integrity: 3 of 5 quotes verified');
    expect(html).toContain('2 of 3 quotes verified');
    expect(html).toContain(
      '“How do you forecast today?”</span> <span class="reason">turn 2 · not found in the rep’s words',
    );
    expect(html).toContain('Level 0: no evidence in the transcript. The model proposed level 2');
    expect(html).toContain('2 of 3 evaluations gave this level');
    expect(html).toContain('Evaluated 3 times; each level is the median. All evaluations agreed on 2 of 3 criteria.');
    // areas to work on: every criterion below 2, never "none" beside a 1/2
    const areas = html.slice(
      html.indexOf('<h3>Areas to work on</h3>'),
      html.indexOf('</section>', html.indexOf('<h3>Areas to work on</h3>')),
    );
    expect(areas).toContain('Next step');
    expect(areas).toContain('Value');
    expect(areas).not.toContain('Open questions');
    expect(areas).not.toContain('None');
  });

  it('labels an offline score heuristic, keeps an unassessable criterion out of the score, and lets a manager set its level', async () => {
    const criteria = criteriaOf3([2, 1, 0]).map((c, i) =>
      i === 2 ? { ...c, level: null, originalLevel: null, note: 'not_assessable' as const, evidence: [] } : c,
    );
    const callId = await seedCall(tenantA, repA.id, { evaluator: 'offline', score: 75, originalScore: 75, criteria });
    const r = (await as(repA).reports.get({ callId })).report!;
    expect(r.integrity).toBeNull();
    expect(r.criteria[2]).toMatchObject({ level: null, note: 'not_assessable' });
    let html = await (await download(callId, { token: tokens.repA })).text();
    expect(html).toContain('75.0/100</span> <span class="badge">Heuristic score</span>');
    expect(html).toContain('Not assessable offline');
    expect(html).toContain('Score over 2 of 3 criteria');
    // the review sets a level where there was none; the score now counts it
    const reviewed = await as(managerA).reports.override({
      callId,
      criterionId: 'c-value',
      level: 2,
      note: 'Clear value statement at 1:05',
      fromLevel: null,
    });
    expect(reviewed).toEqual({ score: 83.3, criterionId: 'c-value', level: 2, originalLevel: null });
    const seen = await as(repA).reports.get({ callId });
    expect(seen.report).toMatchObject({ score: 83.3, originalScore: 75 });
    expect(seen.overrides[0]).toMatchObject({ fromLevel: null, toLevel: 2 });
    html = await (await download(callId, { token: tokens.repA, query: '?lang=es' })).text();
    expect(html).toContain('83,3/100</span> <span class="badge">Puntuación heurística</span>');
    expect(html).toContain('Originalmente 75,0/100');
    expect(html).toContain('(no tenía nivel)');
  });
});
