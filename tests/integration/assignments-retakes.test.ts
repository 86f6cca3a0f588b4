import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, exercises, mailOutbox, reminderNotices, reports } from '../../db/schema';
import type { AppDeps } from '../../server/deps';
import { evaluationHandler } from '../../server/evaluation/evaluate';
import { createWorker } from '../../server/jobs/worker';
import { parseCsv } from '../../server/services/users/csv-read';
import { mailHandler } from '../../server/mail/jobs';
import { describeTrpcError, rejection, signedInCaller, testDeps, type UserRow } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { finishCall, GOOD_CALL, RAUL, RITA, seedSimulations, WEAK_CALL } from '../helpers/assignments';
import { useTestDatabase, systemRunner } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';

/* Practising an assignment again (attempts, best/latest), due dates in the past, and reminders that reach the rep. */
const database = useTestDatabase();
let deps: AppDeps;
let depsWithSmtp: AppDeps;
let smtp: SmtpReceiver;
let tenantA: string;
let manager: UserRow;
let rep1: UserRow;
let rep2: UserRow;
let managerB: UserRow;
let simA: string;

const as = (u: UserRow, d: AppDeps = deps) => signedInCaller(d, u);
const sys = systemRunner(database);
async function drain(queue: 'mail' | 'evaluation', smtpUrl?: string) {
  const w = createWorker({
    db: database.db,
    workerId: 'test-host:1:retakes',
    handlers:
      queue === 'mail'
        ? { mail: mailHandler({ smtpUrl, from: 'Spar <no-reply@spar.test>' }) }
        : { evaluation: evaluationHandler({ provider: null }) },
    backoffBaseMs: 0,
    orphans: 'none',
  });
  let n = 0;
  while (await w.runOnce()) n++;
  return n;
}
/** The rep practises the exercise once: the call is started from the assignment, held, ended and scored. */
async function practise(rep: UserRow, exerciseId: string, turns: readonly string[]) {
  const s = await as(rep).calls.start({ simulationId: simA, exerciseId });
  await finishCall(database.db, tenantA, s.callId, turns);
  await drain('evaluation');
  return s.callId;
}
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString();
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString();

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  deps = await testDeps(database, { PUBLIC_URL: 'http://spar.test' }, { jobs: { disabled: true } });
  depsWithSmtp = await testDeps(
    database,
    { PUBLIC_URL: 'http://spar.test', SMTP_URL: smtp.url },
    { jobs: { disabled: true } },
  );
  tenantA = (await createTenant(database.db, { name: 'Acme' })).id;
  const tenantB = (await createTenant(database.db, { name: 'Globex' })).id;
  manager = await createTenantUser(database.db, tenantA, { userType: 'manager', displayName: 'Mona Manager' });
  rep1 = await createTenantUser(database.db, tenantA, { ...RITA, managerId: manager.id });
  rep2 = await createTenantUser(database.db, tenantA, { ...RAUL, managerId: manager.id });
  managerB = await createTenantUser(database.db, tenantB, { userType: 'manager' });
  [simA] = await seedSimulations(database.db, tenantA, ['Discovery call']);
}, 60_000);

afterAll(() => closeAll(smtp));

describe('practise again', () => {
  it('every attempt is kept with its report; the best counts by default, the latest when the manager says so', async () => {
    const { id } = await as(manager).assignments.create({ name: 'Retakes', simulationIds: [simA], userIds: [rep1.id] });
    const exerciseId = (await as(rep1).assignments.mine({}))[0].exercises[0].id;
    const strong = await practise(rep1, exerciseId, GOOD_CALL);
    const weak = await practise(rep1, exerciseId, WEAK_CALL); // the completed exercise is practised again
    const [strongReport, weakReport] = await Promise.all(
      [strong, weak].map(
        async (callId) => (await sys((tx) => tx.select().from(reports).where(eq(reports.callId, callId))))[0],
      ),
    );
    expect([strongReport.status, weakReport.status]).toEqual(['ready', 'ready']);
    expect(strongReport.score!).toBeGreaterThan(weakReport.score!);

    // the rep's row: two attempts, the best and the latest, the best counts
    const [mine] = await as(rep1).assignments.mine({});
    expect(mine.scorePolicy).toBe('best');
    expect(mine.status).toBe('completed');
    const ex = mine.exercises[0];
    expect(ex).toMatchObject({
      status: 'completed',
      score: strongReport.score,
      callId: strong,
      bestScore: strongReport.score,
      latestScore: weakReport.score,
    });
    expect(ex.attempts.map((a) => [a.callId, a.score, a.counted])).toEqual([
      [strong, strongReport.score, true],
      [weak, weakReport.score, false],
    ]);
    // the manager's history of the same exercise, and the assignment's average
    const detail = await as(manager).assignments.get({ assignmentId: id });
    expect(detail.exercises[0].attempts.map((a) => a.callId)).toEqual([strong, weak]);
    expect(detail.averageScore).toBe(strongReport.score);

    // the manager switches to the latest attempt: exercise, average and dashboard follow
    await as(manager).assignments.update({ assignmentId: id, scorePolicy: 'latest' });
    const after = await as(manager).assignments.get({ assignmentId: id });
    expect(after.scorePolicy).toBe('latest');
    expect(after.averageScore).toBe(weakReport.score);
    expect(after.exercises[0]).toMatchObject({ score: weakReport.score, callId: weak });
    expect(after.exercises[0].attempts.map((a) => a.counted)).toEqual([false, true]);
    const dash = await as(manager).dashboard.get({});
    expect(dash.counts).toMatchObject({ completedExercises: 1, averageScore: weakReport.score });
    expect(dash.recent[0]).toMatchObject({ kind: 'assignment', callId: weak, score: weakReport.score, attempts: 2 });
    const [row] = await sys((tx) => tx.select().from(exercises).where(eq(exercises.id, exerciseId)));
    expect(row).toMatchObject({ score: weakReport.score, reportId: weakReport.id, callId: weak });
    // the export carries the same numbers
    const exported = await as(manager).assignments.exportResults({ assignmentId: id });
    expect(exported.filename).toBe('retakes-results.csv');
    const [header, line] = parseCsv(exported.csv);
    expect(Object.fromEntries(header.map((h, i) => [h, line[i]]))).toMatchObject({
      sales_rep: 'Rita Rep',
      email: 'rita@acme.test',
      simulation: 'Discovery call',
      status: 'completed',
      attempts: '2',
      best_score: strongReport.score!.toFixed(1),
      latest_score: weakReport.score!.toFixed(1),
      counted_attempt: 'latest',
      score: weakReport.score!.toFixed(1),
    });
    expect(
      describeTrpcError(await rejection(as(managerB).assignments.exportResults({ assignmentId: id }))).appCode,
    ).toBe('NOT_FOUND');
  });

  it('only the rep’s own exercise; a policy other than best or latest is refused with its message', async () => {
    const { id } = await as(manager).assignments.create({
      name: 'Own',
      simulationIds: [simA],
      userIds: [rep1.id],
      scorePolicy: 'latest',
    });
    expect((await as(manager).assignments.get({ assignmentId: id })).scorePolicy).toBe('latest');
    const exerciseId = (await as(rep1).assignments.mine({})).find((a) => a.id === id)!.exercises[0].id;
    expect(describeTrpcError(await rejection(as(rep2).calls.start({ simulationId: simA, exerciseId }))).appCode).toBe(
      'NOT_FOUND',
    );
    const e = await rejection(as(manager).assignments.update({ assignmentId: id, scorePolicy: 'first' as never }));
    expect(describeTrpcError(e).appCode).toBe(null);
    expect(describeTrpcError(e).httpStatus).toBe(400);
    expect(JSON.stringify((e as Error & { cause: unknown }).cause)).toContain(
      'assignments.validation.scorePolicyInvalid',
    );
    expect((await as(manager).assignments.get({ assignmentId: id })).scorePolicy).toBe('latest');
  });
});

describe('due dates', () => {
  it('a due date in the past is refused with its message and creates nothing', async () => {
    const e = await rejection(
      as(manager).assignments.create({
        name: 'Too late',
        simulationIds: [simA],
        userIds: [rep1.id],
        dueAt: yesterday(),
      }),
    );
    expect(describeTrpcError(e)).toMatchObject({
      appCode: 'VALIDATION',
      httpStatus: 400,
      details: { fieldErrors: { dueAt: ['assignments.validation.duePast'] } },
    });
    expect(await sys((tx) => tx.select().from(assignments).where(eq(assignments.name, 'Too late')))).toEqual([]);
    // today (later today) and the future are fine
    const ok = await as(manager).assignments.create({
      name: 'On time',
      simulationIds: [simA],
      userIds: [rep1.id],
      dueAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(ok.id).toBeTruthy();
  });

  it('moving a due date into the past is refused; an overdue assignment keeps its date when renamed', async () => {
    const due = inAYear();
    const { id } = await as(manager).assignments.create({
      name: 'Dated',
      simulationIds: [simA],
      userIds: [rep1.id],
      dueAt: due,
    });
    const e = await rejection(as(manager).assignments.update({ assignmentId: id, dueAt: yesterday() }));
    expect(describeTrpcError(e).details).toMatchObject({ fieldErrors: { dueAt: ['assignments.validation.duePast'] } });
    expect(
      (await sys((tx) => tx.select().from(assignments).where(eq(assignments.id, id))))[0].dueAt?.toISOString(),
    ).toBe(due);
    // it became overdue meanwhile: renaming with the same date (as the edit form sends it) works
    const past = new Date(Date.now() - 3 * 86_400_000);
    await sys((tx) => tx.update(assignments).set({ dueAt: past }).where(eq(assignments.id, id)));
    await as(manager).assignments.update({ assignmentId: id, name: 'Dated (renamed)', dueAt: past.toISOString() });
    expect((await sys((tx) => tx.select().from(assignments).where(eq(assignments.id, id))))[0]).toMatchObject({
      name: 'Dated (renamed)',
      dueAt: past,
    });
  });
});

describe('reminders', () => {
  it('say honestly that the mail was only stored when no mail server is configured, and reach the rep in the app', async () => {
    const { id } = await as(manager).assignments.create({
      name: 'Objections',
      simulationIds: [simA],
      userIds: [rep1.id, rep2.id],
    });
    await drain('mail');
    // Rita has finished; only Raúl is reminded
    await sys((tx) =>
      tx
        .update(exercises)
        .set({ status: 'completed', score: 80, completedAt: new Date() })
        .where(and(eq(exercises.assignmentId, id), eq(exercises.userId, rep1.id))),
    );
    // her card says she is done: not "In Progress" with "No due date" beside the team's status
    const rita = (await as(rep1).assignments.mine({})).find((a) => a.id === id)!;
    expect([rita.status, rita.dueLabel.kind]).toEqual(['completed', 'none']);
    expect((await as(rep2).assignments.mine({})).find((a) => a.id === id)!.status).not.toBe('completed');
    smtp.mails.length = 0;
    const res = await as(manager).assignments.remind({ assignmentId: id });
    expect(res).toMatchObject({ reminded: 1, mailed: 1, mail: 'stored' });
    expect(await drain('mail')).toBe(1); // the app's worker has no SMTP either
    const outbox = await sys((tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Reminder: Objections')),
    );
    expect(outbox.map((o) => [o.toAddress, o.status])).toEqual([['raul@acme.test', 'stored']]);
    expect(smtp.mails).toHaveLength(0);

    // with SMTP configured the answer is 'sending', and the mail arrives
    const again = await as(manager, depsWithSmtp).assignments.remind({ assignmentId: id });
    expect(again).toMatchObject({ reminded: 1, mail: 'sending' });
    await drain('mail', smtp.url);
    expect(smtp.mails.map((m) => [m.to[0], m.subject])).toEqual([['raul@acme.test', 'Reminder: Objections']]);

    // in the app: Raúl sees both reminders, newest first, until he dismisses them; Rita sees none
    const raul = (await as(rep2).assignments.mine({})).find((a) => a.id === id)!;
    expect(raul.reminders.map((r) => r.sentBy)).toEqual(['Mona Manager', 'Mona Manager']);
    expect(raul.reminders[0].sentAt).toBe(again.lastReminderAt);
    expect((await as(rep1).assignments.mine({})).find((a) => a.id === id)!.reminders).toEqual([]);
    // someone else cannot dismiss them
    expect(
      describeTrpcError(await rejection(as(rep1).assignments.dismissReminder({ reminderId: raul.reminders[0].id })))
        .appCode,
    ).toBe('NOT_FOUND');
    expect(
      describeTrpcError(await rejection(as(managerB).assignments.dismissReminder({ reminderId: raul.reminders[0].id })))
        .appCode,
    ).toBe('NOT_FOUND');
    await as(rep2).assignments.dismissReminder({ reminderId: raul.reminders[0].id });
    await as(rep2).assignments.dismissReminder({ reminderId: raul.reminders[0].id }); // twice: no change
    expect((await as(rep2).assignments.mine({})).find((a) => a.id === id)!.reminders.map((r) => r.id)).toEqual([
      raul.reminders[1].id,
    ]);
    const [dismissed] = await sys((tx) =>
      tx.select().from(reminderNotices).where(eq(reminderNotices.id, raul.reminders[0].id)),
    );
    expect(dismissed.dismissedAt).toBeInstanceOf(Date);
  });

  it('when everyone has finished, nobody is reminded', async () => {
    const { id } = await as(manager).assignments.create({
      name: 'All done',
      simulationIds: [simA],
      userIds: [rep1.id],
    });
    await sys((tx) =>
      tx
        .update(exercises)
        .set({ status: 'completed', score: 90, completedAt: new Date() })
        .where(eq(exercises.assignmentId, id)),
    );
    expect(await as(manager).assignments.remind({ assignmentId: id })).toMatchObject({ reminded: 0, mailed: 0 });
    expect(await sys((tx) => tx.select().from(reminderNotices).where(eq(reminderNotices.assignmentId, id)))).toEqual(
      [],
    );
  });
});
