import { and, eq, inArray, sql } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError, z } from 'zod';
import { assignments, calls, exercises, jobs, mailOutbox, reports } from '../../db/schema';
import type { AppDeps } from '../../server/deps';
import { evaluationHandler } from '../../server/evaluation/evaluate';
import { createWorker } from '../../server/jobs/worker';
import { mailHandler } from '../../server/mail/jobs';
import { dueLabel } from '../../server/services/assignments/due';
import { ensureSystemPrompts } from '../../server/services/prompts/system-prompts';
import { describeTrpcError, rejection, signedInCaller, testDeps, type UserRow } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { useTestDatabase, systemRunner, rowById } from '../helpers/db';
import { finishCall, RAUL, RITA, seedSimulations } from '../helpers/assignments';
import { createTenant, createTenantUser } from '../helpers/factories';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';

const database = useTestDatabase();
let deps: AppDeps;
let smtp: SmtpReceiver;
let tenantA: string;
let tenantB: string;
let admin: UserRow;
let manager: UserRow;
let otherManager: UserRow;
let demo: UserRow;
let rep1: UserRow;
let rep2: UserRow;
let repOther: UserRow;
let managerB: UserRow;
let superuser: UserRow;
let simA: string;
let simB: string;
let simTenantB: string;

const as = (u: UserRow) => signedInCaller(deps, u);
const sys = systemRunner(database);
const worker = (queues: 'mail' | 'evaluation' | 'both' = 'both') =>
  createWorker({
    db: database.db,
    workerId: 'test-host:1:assign',
    handlers: {
      ...(queues !== 'evaluation'
        ? { mail: mailHandler({ smtpUrl: smtp.url, from: 'Spar <no-reply@spar.test>' }) }
        : {}),
      ...(queues !== 'mail' ? { evaluation: evaluationHandler({ provider: null }) } : {}),
    },
    backoffBaseMs: 0,
    orphans: 'none',
  });
async function drain(queues: 'mail' | 'evaluation' | 'both' = 'both') {
  const w = worker(queues);
  let n = 0;
  while (await w.runOnce()) n++;
  return n;
}

const assignmentRow = (id: string) => rowById(database.db, assignments, id);
const exerciseRows = async (assignmentId: string) =>
  sys((tx) => tx.select().from(exercises).where(eq(exercises.assignmentId, assignmentId)));

beforeAll(async () => {
  await ensureSystemPrompts(database.db);
  smtp = await startSmtpReceiver();
  deps = await testDeps(database, { PUBLIC_URL: 'http://spar.test' }, { jobs: { disabled: true } });
  tenantA = (await createTenant(database.db, { name: 'Acme', defaultLanguage: 'es' })).id;
  tenantB = (await createTenant(database.db, { name: 'Globex' })).id;
  admin = await createTenantUser(database.db, tenantA, { userType: 'admin' });
  manager = await createTenantUser(database.db, tenantA, { userType: 'manager', displayName: 'Mona Manager' });
  otherManager = await createTenantUser(database.db, tenantA, { userType: 'manager' });
  demo = await createTenantUser(database.db, tenantA, { userType: 'demo_manager' });
  rep1 = await createTenantUser(database.db, tenantA, { ...RITA, managerId: manager.id });
  // no language of his own: the client's default (es) applies
  rep2 = await createTenantUser(database.db, tenantA, { ...RAUL, managerId: manager.id, language: null });
  repOther = await createTenantUser(database.db, tenantA, { userType: 'sales_rep', managerId: otherManager.id });
  managerB = await createTenantUser(database.db, tenantB, { userType: 'manager' });
  superuser = await createTenantUser(database.db, tenantB, { userType: 'superuser' });
  [simA, simB] = await seedSimulations(database.db, tenantA, ['Discovery call', 'Cold call']);
  [simTenantB] = await seedSimulations(database.db, tenantB, ['Globex sim']);
}, 60_000);

afterAll(() => closeAll(smtp));

describe('due labels', () => {
  const due = new Date('2026-11-22T02:00:00Z'); // 18:00 on Nov 21 in Los Angeles
  const now = new Date('2026-11-21T20:00:00Z');
  it('are computed in the viewer’s time zone', () => {
    expect(dueLabel(due, now, 'America/Los_Angeles')).toEqual({ kind: 'today' });
    expect(dueLabel(due, now, 'UTC')).toEqual({ kind: 'days', days: 1 });
    expect(dueLabel(due, now, 'Europe/Berlin')).toEqual({ kind: 'days', days: 1 }); // 21:00 Nov 21 → 03:00 Nov 22
    expect(dueLabel(due, now, 'Asia/Tokyo')).toEqual({ kind: 'today' }); // 05:00 → 11:00 on Nov 22
    expect(dueLabel(due, new Date('2026-11-22T03:00:00Z'), 'America/Los_Angeles')).toEqual({ kind: 'overdue' });
    expect(dueLabel(due, new Date('2026-11-18T12:00:00Z'), 'UTC')).toEqual({ kind: 'days', days: 4 });
    expect(dueLabel(null, now, 'UTC')).toEqual({ kind: 'none' });
    expect(dueLabel(due, now, 'Not/AZone')).toEqual({ kind: 'days', days: 1 }); // falls back to UTC
  });
});

describe('assignments lifecycle', () => {
  let assignmentId: string;

  it('validates: at least one simulation and one team member, each with its own message', async () => {
    const e = await rejection(as(manager).assignments.create({ name: 'Q4', simulationIds: [], userIds: [] }));
    expect(describeTrpcError(e).httpStatus).toBe(400);
    expect(e).toBeInstanceOf(TRPCError);
    expect((e as TRPCError).cause).toBeInstanceOf(ZodError);
    const fieldErrors = z.flattenError((e as TRPCError).cause as ZodError).fieldErrors as Record<
      string,
      string[] | undefined
    >;
    expect(fieldErrors.simulationIds).toEqual(['assignments.validation.simulationsRequired']);
    expect(fieldErrors.userIds).toEqual(['assignments.validation.membersRequired']);
    // a rep of another manager and a simulation of another tenant are refused
    expect(
      describeTrpcError(
        await rejection(as(manager).assignments.create({ name: 'Q4', simulationIds: [simA], userIds: [repOther.id] })),
      ).appCode,
    ).toBe('VALIDATION');
    expect(
      describeTrpcError(
        await rejection(
          as(manager).assignments.create({ name: 'Q4', simulationIds: [simTenantB], userIds: [rep1.id] }),
        ),
      ).appCode,
    ).toBe('VALIDATION');
    expect(await sys((tx) => tx.select().from(assignments).where(eq(assignments.tenantId, tenantA)))).toHaveLength(0);
  });

  it('create: pending, one exercise per rep × simulation, a mail job per rep', async () => {
    const r = await as(manager).assignments.create({
      name: 'Q4 discovery',
      simulationIds: [simA, simB],
      userIds: [rep1.id, rep2.id],
      dueAt: '2026-12-01T17:00:00Z',
    });
    assignmentId = r.id;
    expect(r).toMatchObject({ exercises: 4, mailed: 2 });
    const row = await assignmentRow(r.id);
    expect(row).toMatchObject({ status: 'pending', createdBy: manager.id, name: 'Q4 discovery' });
    expect(row.sentAt).toBeInstanceOf(Date);
    const ex = await exerciseRows(r.id);
    expect(ex).toHaveLength(4);
    expect(ex.every((e) => e.status === 'pending')).toBe(true);
    const mailJobs = await sys((tx) => tx.select().from(jobs).where(eq(jobs.queue, 'mail')));
    expect(mailJobs).toHaveLength(2);

    const list = (await as(manager).assignments.list({ status: 'pending', timeZone: 'UTC' })).items;
    expect(list.map((a) => a.name)).toEqual(['Q4 discovery']);
    expect(list[0]).toMatchObject({ status: 'pending', exercisesTotal: 4, exercisesCompleted: 0, averageScore: null });
    expect(list[0].members.map((m) => m.name).sort()).toEqual(['Raúl Rep', 'Rita Rep']);
    expect(await as(manager).assignments.list({ status: 'completed' })).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 25,
    });
    // admin sees it; another manager (not their team) does not
    expect((await as(admin).assignments.list({ status: 'pending' })).items.map((a) => a.id)).toEqual([r.id]);
    expect((await as(otherManager).assignments.list({ status: 'pending' })).items).toEqual([]);
  });

  it('assignment mail arrives over SMTP in the recipient’s language, text + HTML, once', async () => {
    smtp.mails.length = 0;
    expect(await drain('mail')).toBe(2);
    const rita = smtp.mails.find((m) => m.to.includes('rita@acme.test'))!;
    const raul = smtp.mails.find((m) => m.to.includes('raul@acme.test'))!;
    expect(rita.subject).toBe('New assignment: Q4 discovery');
    expect(rita.text).toContain('Mona Manager assigned you "Q4 discovery" with 2 simulations.');
    expect(rita.text).toContain('http://spar.test/assignments/sr');
    expect(rita.html).toContain('<a href="http://spar.test/assignments/sr">Open your assignments</a>');
    expect(raul.subject).toBe('Nueva asignación: Q4 discovery'); // client default language
    expect(raul.text).toContain('Hola Raúl Rep:');
    expect(raul.html).toContain('Abrir tus asignaciones');
    const outbox = await sys((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.tenantId, tenantA)));
    expect(outbox.map((o) => o.status)).toEqual(['sent', 'sent']);
    // running the same jobs again (e.g. a retry after a crash) sends nothing new
    await sys((tx) =>
      tx
        .update(jobs)
        .set({ status: 'queued', runAt: new Date(0) })
        .where(eq(jobs.queue, 'mail')),
    );
    expect(await drain('mail')).toBe(2);
    expect(smtp.mails).toHaveLength(2);
  });

  it('mine: the rep sees own exercises with due labels; other roles’ data stays hidden', async () => {
    const mine = await as(rep1).assignments.mine({ timeZone: 'America/Los_Angeles' });
    expect(mine).toHaveLength(1);
    expect(mine[0].exercises.map((e) => e.simulationName).sort()).toEqual(['Cold call', 'Discovery call']);
    expect(mine[0].dueLabel.kind).toMatch(/days|today|overdue/);
    expect(await as(repOther).assignments.mine({})).toEqual([]);
  });

  it('a call for an exercise → in_progress; all reports ready → completed with scores', async () => {
    const mine = await as(rep1).assignments.mine({});
    const exA = mine[0].exercises.find((e) => e.simulationId === simA)!;
    // someone else's exercise cannot be started
    expect(
      describeTrpcError(await rejection(as(rep2).calls.start({ simulationId: simA, exerciseId: exA.id }))).appCode,
    ).toBe('NOT_FOUND');
    const started = await as(rep1).calls.start({ simulationId: simA, exerciseId: exA.id });
    const [call] = await sys((tx) => tx.select().from(calls).where(eq(calls.id, started.callId)));
    expect(call).toMatchObject({ exerciseId: exA.id, mode: 'exercise' });
    expect((await exerciseRows(assignmentId)).find((e) => e.id === exA.id)!.status).toBe('in_progress');
    expect((await assignmentRow(assignmentId)).status).toBe('in_progress');
    expect((await as(manager).assignments.list({ status: 'pending' })).items[0].status).toBe('in_progress');

    await finishCall(database.db, tenantA, started.callId);
    await drain('evaluation');
    const [report] = await sys((tx) => tx.select().from(reports).where(eq(reports.callId, started.callId)));
    expect(report.status).toBe('ready');
    const done = (await exerciseRows(assignmentId)).find((e) => e.id === exA.id)!;
    expect(done).toMatchObject({
      status: 'completed',
      callId: started.callId,
      reportId: report.id,
      score: report.score,
    });
    expect((await assignmentRow(assignmentId)).status).toBe('in_progress');

    // the other three exercises
    for (const rep of [rep1, rep2]) {
      const list = (await as(rep).assignments.mine({}))[0].exercises.filter((e) => e.status !== 'completed');
      for (const ex of list) {
        const s = await as(rep).calls.start({ simulationId: ex.simulationId, exerciseId: ex.id });
        await finishCall(database.db, tenantA, s.callId);
      }
    }
    await drain('evaluation');
    const all = await exerciseRows(assignmentId);
    expect(all.every((e) => e.status === 'completed' && e.score !== null)).toBe(true);
    expect((await assignmentRow(assignmentId)).status).toBe('completed');
    const completed = (await as(manager).assignments.list({ status: 'completed' })).items;
    expect(completed.map((a) => a.id)).toEqual([assignmentId]);
    const avg = Math.round((all.reduce((s, e) => s + Number(e.score), 0) / 4) * 10) / 10;
    expect(completed[0]).toMatchObject({ exercisesCompleted: 4, averageScore: avg });
    // a manager's review of a criterion changes the report's score, and the exercise follows
    const [rep] = await sys((tx) => tx.select().from(reports).where(eq(reports.callId, started.callId)));
    const crit = rep.criteria![0];
    const reviewed = await as(manager).reports.override({
      callId: started.callId,
      criterionId: crit.criterionId,
      level: crit.level === 2 ? 0 : 2,
      note: 'Reviewed',
    });
    expect(reviewed.score).not.toBe(rep.score);
    expect((await exerciseRows(assignmentId)).find((e) => e.id === exA.id)!.score).toBe(reviewed.score);
    // every list shows the reviewed score, the original beside it, and labels the offline score heuristic
    const listed = (await as(manager).assignments.get({ assignmentId })).exercises.find((e) => e.id === exA.id)!;
    expect(listed).toMatchObject({ score: reviewed.score, originalScore: rep.score, heuristic: true });
    const mineRow = (await as(rep1).assignments.mine({}))[0].exercises.find((e) => e.id === exA.id)!;
    expect(mineRow).toMatchObject({ score: reviewed.score, originalScore: rep.score, heuristic: true });
    const recent = (await as(manager).dashboard.get({})).recent.find(
      (r) => r.kind === 'assignment' && r.id === exA.id,
    )!;
    expect(recent).toMatchObject({ score: reviewed.score, originalScore: rep.score, heuristic: true });
    // a completed exercise may be practised again (tests/integration/assignments-retakes.test.ts)
    expect((await as(rep1).calls.start({ simulationId: simA, exerciseId: exA.id })).callId).toBeTruthy();
  });

  it('remind mails only reps with unfinished exercises and records lastReminderAt', async () => {
    const r = await as(manager).assignments.create({
      name: 'Objections',
      simulationIds: [simA],
      userIds: [rep1.id, rep2.id],
    });
    await drain('mail');
    const [ex1] = (await exerciseRows(r.id)).filter((e) => e.userId === rep1.id);
    await sys((tx) =>
      tx
        .update(exercises)
        .set({ status: 'completed', score: 80, completedAt: new Date() })
        .where(eq(exercises.id, ex1.id)),
    );
    smtp.mails.length = 0;
    const res = await as(manager).assignments.remind({ assignmentId: r.id });
    expect(res.mailed).toBe(1);
    expect((await assignmentRow(r.id)).lastReminderAt?.toISOString()).toBe(res.lastReminderAt);
    expect(await drain('mail')).toBe(1);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0].to).toEqual(['raul@acme.test']);
    expect(smtp.mails[0].subject).toBe('Recordatorio: Objections');
    expect(smtp.mails[0].text).toContain('1 simulación sin terminar');
    expect(smtp.mails[0].html).toContain('Continuar tus asignaciones');
    const [listed] = (await as(manager).assignments.list({ status: 'pending' })).items.filter((a) => a.id === r.id);
    expect(listed.lastReminderAt).toBe(res.lastReminderAt);
  });

  it('update renames, re-dates and changes reps/simulations keeping exercises that have calls', async () => {
    const r = await as(manager).assignments.create({ name: 'Draft', simulationIds: [simA, simB], userIds: [rep1.id] });
    const exs = await exerciseRows(r.id);
    const withCall = exs.find((e) => e.simulationId === simB)!;
    const s = await as(rep1).calls.start({ simulationId: simB, exerciseId: withCall.id });
    expect(s.callId).toBeTruthy();
    await as(manager).assignments.update({
      assignmentId: r.id,
      name: 'Final',
      dueAt: null,
      simulationIds: [simA],
      userIds: [rep1.id, rep2.id],
    });
    const after = await exerciseRows(r.id);
    expect(
      after.map((e) => `${e.userId === rep1.id ? 'rep1' : 'rep2'}:${e.simulationId === simA ? 'A' : 'B'}`).sort(),
    ).toEqual(['rep1:A', 'rep1:B', 'rep2:A']);
    expect(await assignmentRow(r.id)).toMatchObject({ name: 'Final', dueAt: null, status: 'in_progress' });
  });

  it('a rep removed and added again is mailed again; every queued mail has its job, none twice', async () => {
    const r = await as(manager).assignments.create({
      name: 'Back and forth',
      simulationIds: [simA],
      userIds: [rep1.id, rep2.id],
    });
    await as(manager).assignments.update({ assignmentId: r.id, userIds: [rep1.id] });
    await as(manager).assignments.update({ assignmentId: r.id, userIds: [rep1.id, rep2.id] });
    const mailJobs = await sys((tx) =>
      tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.queue, 'mail'), sql`${jobs.dedupeKey} like ${`assignment:${r.id}:%`}`)),
    );
    const byRep = (id: string) => mailJobs.filter((j) => j.dedupeKey!.includes(`:${id}:`)).length;
    expect([byRep(rep1.id), byRep(rep2.id)]).toEqual([1, 2]);
    // the outbox and the jobs agree: each row is sent by exactly one job
    const outbox = await sys((tx) => tx.select({ id: mailOutbox.id }).from(mailOutbox));
    const allMailJobs = await sys((tx) =>
      tx.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.queue, 'mail')),
    );
    const sentBy = allMailJobs.map((j) => (j.payload as { outboxId: string }).outboxId);
    expect(outbox.map((o) => o.id).sort()).toEqual([...sentBy].sort());
  });

  it('delete removes the assignment and its exercises', async () => {
    const r = await as(manager).assignments.create({ name: 'Temp', simulationIds: [simA], userIds: [rep1.id] });
    await as(manager).assignments.delete({ assignmentId: r.id });
    expect(await assignmentRow(r.id)).toBeUndefined();
    expect(await exerciseRows(r.id)).toHaveLength(0);
  });
});

describe('roles and tenants', () => {
  it('sales reps cannot manage assignments', async () => {
    expect(describeTrpcError(await rejection(as(rep1).assignments.list({ status: 'pending' }))).appCode).toBe(
      'FORBIDDEN',
    );
    expect(
      describeTrpcError(
        await rejection(as(rep1).assignments.create({ name: 'x', simulationIds: [simA], userIds: [rep1.id] })),
      ).appCode,
    ).toBe('FORBIDDEN');
  });

  it('another tenant cannot read, update, remind or delete, even by id', async () => {
    const r = await as(manager).assignments.create({ name: 'Private', simulationIds: [simA], userIds: [rep1.id] });
    const b = as(managerB);
    expect(await b.assignments.list({ status: 'pending' })).toMatchObject({ items: [], total: 0 });
    // thunks, so each call starts only when awaited (no rejection goes unhandled)
    for (const call of [
      () => b.assignments.get({ assignmentId: r.id }),
      () => b.assignments.update({ assignmentId: r.id, name: 'Hacked' }),
      () => b.assignments.remind({ assignmentId: r.id }),
      () => b.assignments.delete({ assignmentId: r.id }),
    ]) {
      expect(describeTrpcError(await rejection(call())).appCode).toBe('NOT_FOUND');
    }
    expect(await assignmentRow(r.id)).toMatchObject({ name: 'Private', lastReminderAt: null });
    // a manager of the same tenant outside the team cannot touch it either
    expect(
      describeTrpcError(await rejection(as(otherManager).assignments.delete({ assignmentId: r.id }))).appCode,
    ).toBe('NOT_FOUND');
    // a foreign manager cannot name tenant A
    expect(
      describeTrpcError(await rejection(b.assignments.list({ status: 'pending', clientId: tenantA }))).appCode,
    ).toBe('FORBIDDEN');
  });

  it('a superuser acts on a client via clientId; demo managers see only their own', async () => {
    const list = await as(superuser).assignments.list({ status: 'pending', clientId: tenantA });
    expect(list.items.length).toBeGreaterThan(0);
    const r = await as(demo).assignments.create({ name: 'Demo', simulationIds: [simA], userIds: [rep1.id] });
    expect((await as(demo).assignments.list({ status: 'pending' })).items.map((a) => a.id)).toEqual([r.id]);
    const all = await sys((tx) =>
      tx
        .select({ id: exercises.id })
        .from(exercises)
        .where(and(eq(exercises.assignmentId, r.id), inArray(exercises.userId, [rep1.id]))),
    );
    expect(all).toHaveLength(1);
  });
});
