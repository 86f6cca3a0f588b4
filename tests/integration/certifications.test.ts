import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, certificates, certificationSteps, mailOutbox, reports, simulations, users } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import { createSession } from '../../server/auth/session';
import type { RunningApp } from '../../server/app';
import { holdPlannedCall } from '../../server/demo-history/hold';
import {
  checkCertificationForCall,
  sweepCertificates,
  verifyCertificate,
} from '../../server/services/certifications/certifications';
import { remindByMail } from '../../server/services/certifications/expiry-job';
import { signedInCaller, startTestApp, testEnv, type UserRow } from '../helpers/app';
import { systemRunner, useTestDatabase } from '../helpers/db';
import { seedDemoTenant } from '../helpers/demo-tenant';
import { closeAll } from '../helpers/lifecycle';
import { tenantRunner } from '../helpers/tenant-runner';

/**
 * Certifications: earned only when every step has a passing attempt with verified evidence;
 * expiring on their date (the sweep with its own clock reminds 30 days before and marks the
 * lapse); verified by a public link that stops verifying when replaced or revoked.
 */
const database = useTestDatabase();
const sys = systemRunner(database);
let app: RunningApp;
let tenantId: string;
const people: Record<string, UserRow> = {};
let objectionsSim: string;
let coldSim: string;

const caller = (who: string) => signedInCaller(app.deps, people[who]);

/** A scripted attempt at a certification step by `who`, its report awaited. */
async function attempt(
  who: string,
  simulationId: string,
  certificationStepId: string,
  skill: 'strong' | 'weak',
  seed: number,
) {
  const callId = await holdPlannedCall(
    tenantRunner(database.db, tenantId),
    testEnv(),
    tenantId,
    people[who],
    simulationId,
    { certificationStepId },
    { repEmail: people[who].email, simulationName: '', assignmentKey: null, skill, startedAt: new Date(), seed },
  );
  await expect
    .poll(async () => (await caller(who).reports.get({ callId })).status, { timeout: 60_000, interval: 100 })
    .toBe('ready');
  return callId;
}

beforeAll(async () => {
  ({ id: tenantId } = await seedDemoTenant(database.db));
  for (const [key, email] of Object.entries({
    rep: 'rep@demo.test',
    rep2: 'rep2@demo.test',
    manager: 'manager@demo.test',
    admin: 'admin@demo.test',
  }))
    [people[key]] = (await sys((tx) => tx.select().from(users).where(eq(users.email, email)))) as UserRow[];
  const sims = await sys((tx) => tx.select().from(simulations).where(eq(simulations.tenantId, tenantId)));
  objectionsSim = sims.find((s) => s.name === 'Handling objections from a sceptical CFO')!.id;
  coldSim = sims.find((s) => s.name === 'Cold call to an IT Director')!.id;
  app = await startTestApp(database, {}, { jobs: { pollIntervalMs: 50, initialDelayMs: 0 } });
}, 120_000);
afterAll(() => closeAll(app));

describe('a certification', () => {
  let certificationId: string;
  let steps: { id: string; simulationId: string | null }[];
  let certificateId: string;
  let link: string;

  it('is defined by a manager: ordered steps, a pass rule each, expiry and retake limits', async () => {
    await expect(
      caller('rep').certifications.create({
        name: 'x',
        description: '',
        expiryMonths: null,
        maxAttempts: null,
        steps: [{ simulationId: coldSim, minScore: 10, minLevels: [], evidenceRequired: true }],
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // a step needs a rule
    await expect(
      caller('manager').certifications.create({
        name: 'No rule',
        description: '',
        expiryMonths: null,
        maxAttempts: null,
        steps: [{ simulationId: coldSim, minScore: null, minLevels: [], evidenceRequired: true }],
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    ({ id: certificationId } = await caller('manager').certifications.create({
      name: 'Ready for live calls',
      description: 'Open a cold call and handle a CFO’s objections.',
      expiryMonths: 12,
      maxAttempts: 3,
      steps: [
        {
          simulationId: coldSim,
          minScore: null,
          minLevels: [{ criterion: 'Permission-based opener', level: 2 }],
          evidenceRequired: true,
        },
        {
          simulationId: objectionsSim,
          minScore: 25,
          minLevels: [{ criterion: 'Acknowledge', level: 1 }],
          evidenceRequired: true,
        },
      ],
    }));
    steps = await sys((tx) =>
      tx
        .select({ id: certificationSteps.id, simulationId: certificationSteps.simulationId })
        .from(certificationSteps)
        .where(eq(certificationSteps.certificationId, certificationId))
        .orderBy(certificationSteps.position),
    );
    expect(steps.map((s) => s.simulationId)).toEqual([coldSim, objectionsSim]);
    const seen = await caller('rep').certifications.get({ id: certificationId });
    expect(seen).toMatchObject({ canManage: false, holders: [], mine: null });
    expect(seen.progress.map((p) => [p.passed, p.attempts, p.attemptsLeft])).toEqual([
      [false, 0, 3],
      [false, 0, 3],
    ]);
  });

  it('is not earned by a step whose level lacks verified evidence, nor by a weak attempt', async () => {
    // an attempt whose report keeps level 2 on the named criterion without a verified quote
    const callId = await sys(async (tx) => {
      const [call] = await tx
        .insert(calls)
        .values({
          tenantId,
          userId: people.rep.id,
          simulationId: coldSim,
          certificationStepId: steps[0].id,
          mode: 'certification',
          provider: 'offline',
          state: 'ended',
          timeLimitSeconds: 300,
        })
        .returning({ id: calls.id });
      await tx.insert(reports).values({
        tenantId,
        callId: call.id,
        status: 'ready',
        evaluator: 'offline',
        score: 100,
        completedAt: new Date(),
        criteria: [
          {
            criterionId: 'c1',
            name: 'Permission-based opener',
            level: 2,
            originalLevel: 2,
            rationale: '',
            evidence: [],
            unverified: true,
          },
        ],
      });
      return call.id;
    });
    expect(await sys((tx) => checkCertificationForCall(tx, callId))).toEqual({ issued: null });
    await attempt('rep', objectionsSim, steps[1].id, 'weak', 11);
    const progress = (await caller('rep').certifications.get({ id: certificationId })).progress;
    expect(progress.map((p) => p.passed)).toEqual([false, false]);
    expect(progress.map((p) => p.attemptsLeft)).toEqual([2, 2]);
    expect(await sys((tx) => tx.select().from(certificates))).toEqual([]);
  });

  it('is earned when every step passes with verified evidence: the certificate, its page and verification', async () => {
    await attempt('rep', coldSim, steps[0].id, 'strong', 21);
    expect(await sys((tx) => tx.select().from(certificates))).toEqual([]); // one step still open
    await attempt('rep', objectionsSim, steps[1].id, 'strong', 22);
    const mine = await caller('rep').certifications.get({ id: certificationId });
    expect(mine.progress.map((p) => p.passed)).toEqual([true, true]);
    expect(mine.mine).toMatchObject({
      status: 'valid',
      holderName: 'Riley Rep',
      certificationName: 'Ready for live calls',
    });
    certificateId = mine.mine!.id;
    const earned = new Date(mine.mine!.earnedAt);
    const expires = new Date(mine.mine!.expiresAt!);
    expect(expires.getUTCFullYear() * 12 + expires.getUTCMonth()).toBe(
      earned.getUTCFullYear() * 12 + earned.getUTCMonth() + 12,
    );
    // no more attempts while it is held
    await expect(
      holdPlannedCall(
        tenantRunner(database.db, tenantId),
        testEnv(),
        tenantId,
        people.rep,
        coldSim,
        { certificationStepId: steps[0].id },
        {
          repEmail: people.rep.email,
          simulationName: '',
          assignmentKey: null,
          skill: 'strong',
          startedAt: new Date(),
          seed: 3,
        },
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    // the manager sees the holder; the verification link answers a signed-out visitor
    expect(
      (await caller('manager').certifications.get({ id: certificationId })).holders.map((h) => h.holderName),
    ).toEqual(['Riley Rep']);
    ({ token: link } = await caller('rep').certifications.newLink({ certificateId }));
    const verified = await sys((tx) => verifyCertificate(tx, link));
    expect(verified).toEqual({
      status: 'valid',
      certificationName: 'Ready for live calls',
      holderName: 'Riley Rep',
      organisation: 'Northwind Demo',
      earnedAt: mine.mine!.earnedAt,
      expiresAt: mine.mine!.expiresAt,
    });
    // another rep's attempt to make a link for it is refused
    await expect(caller('rep2').certifications.newLink({ certificateId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // the holder downloads it as a PDF and as HTML; another rep cannot
    const get = async (who: string, format: string) =>
      fetch(`${app.url}/api/v1/certificates/${certificateId}/download?format=${format}`, {
        headers: { Authorization: `Bearer ${(await createSession(database.db, people[who].id)).token}` },
      });
    const pdf = await get('rep', 'pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const html = await (await get('manager', 'html')).text();
    expect(html).toContain('Riley Rep');
    expect(html).toContain('has earned the certification “Ready for live calls”.');
    expect(html).toContain('Issued by Northwind Demo on');
    expect((await get('rep2', 'pdf')).status).toBe(404);
    // the CSV export lists it
    const csv = await caller('admin').certifications.export({});
    expect(csv.rows).toBe(1);
    expect(csv.csv).toContain('Ready for live calls,Riley Rep,rep@demo.test');
  });

  it('reminds 30 days before it expires (mail and in-app), and lapses on its date', async () => {
    const [c] = await sys((tx) => tx.select().from(certificates).where(eq(certificates.id, certificateId)));
    const day = 86_400_000;
    const sweep = (now: Date) =>
      asSystem(database.db, { action: 'test' }, (tx) =>
        sweepCertificates(tx, { now, remind: (x) => remindByMail(tx, x, 'https://spar.example') }),
      );
    expect(await sweep(new Date(c.expiresAt!.getTime() - 40 * day))).toEqual({ reminded: 0, lapsed: 0 });
    expect(await sweep(new Date(c.expiresAt!.getTime() - 20 * day))).toEqual({ reminded: 1, lapsed: 0 });
    expect(await sweep(new Date(c.expiresAt!.getTime() - 10 * day))).toEqual({ reminded: 0, lapsed: 0 });
    const mail = await sys((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'rep@demo.test')));
    expect(mail.map((m) => m.subject)).toContain(
      `Your certification “Ready for live calls” expires on ${new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(c.expiresAt!)}`,
    );
    // on its date it lapses, and the link says expired
    expect(await sweep(new Date(c.expiresAt!.getTime() + day))).toEqual({ reminded: 0, lapsed: 1 });
    expect((await sys((tx) => verifyCertificate(tx, link, new Date(c.expiresAt!.getTime() + day)))).status).toBe(
      'expired',
    );
    expect((await sys((tx) => verifyCertificate(tx, link))).status).toBe('valid');
  });

  it('its verification link stops verifying when replaced or revoked', async () => {
    const { token: fresh } = await caller('rep').certifications.newLink({ certificateId });
    await expect(sys((tx) => verifyCertificate(tx, link))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await sys((tx) => verifyCertificate(tx, fresh))).status).toBe('valid');
    await expect(caller('rep').certifications.revoke({ certificateId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await caller('manager').certifications.revoke({ certificateId });
    expect((await sys((tx) => verifyCertificate(tx, fresh))).status).toBe('revoked');
    const [row] = await sys((tx) =>
      tx
        .select()
        .from(certificates)
        .where(and(eq(certificates.id, certificateId), eq(certificates.revokedBy, people.manager.id))),
    );
    expect(row.revokedAt).not.toBeNull();
    // a tampered token is not found
    await expect(sys((tx) => verifyCertificate(tx, `${certificateId}.${'x'.repeat(43)}`))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
