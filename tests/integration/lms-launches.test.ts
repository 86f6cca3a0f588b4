import { eq } from 'drizzle-orm';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  calls,
  jobs,
  lmsLaunches,
  ltiPlatforms,
  ltiResourceLinks,
  scormPackages,
  users,
} from '../../db/schema';
import type { RunningApp } from '../../server/app';
import { learnerPagePath, openLaunch, refuseLaunch } from '../../server/services/lms/launches';
import { signLmsJwt, tenantJwks } from '../../server/services/lms/keys';
import { lmsLearnerAccount } from '../../server/services/lms/learners';
import { DISCOVERY_SIMULATION, seedSimulation } from '../helpers/assignments';
import { holdTypedCall } from '../helpers/call-client';
import { sendJson, signedInCaller, startTestApp, type UserRow } from '../helpers/app';
import { systemRunner, useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUsers } from '../helpers/factories';
import { closeAll } from '../helpers/lifecycle';
import { tenantRunner } from '../helpers/tenant-runner';

/**
 * Launches from a learning system: the launch token Spar signs is the learner's only credential
 * (checked on every request), a learner with a Spar account calls on it, one without calls as a
 * guest, the report settles the launch with its score, an LTI launch's grade is queued, and the
 * launch log and signing keys stay the tenant's own.
 */
const database = useTestDatabase();
const sys = systemRunner(database);
const ENCRYPTION_KEY = 'lms-test-encryption-key-0123456789abcdef';
let app: RunningApp;
let tenantA: string;
let tenantB: string;
let simA: string;
let people: Record<'adminA' | 'repA' | 'adminB', UserRow>;

const LINES = [
  'How do you plan your routes today, and how many hours does it take?',
  'Could we book a pilot kickoff next Tuesday at 10am?',
];
const api = async (path: string, body: unknown) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' shapes are the contracts'; the tests read them loosely
  (await sendJson(`${app.url}${path}`, { method: 'POST', body })) as { status: number; json: any };
const credentials = (path: string) => {
  const m = /^\/lms\/launch\/([^#]+)#(.+)$/.exec(path)!;
  return { id: m[1], token: m[2] };
};

beforeAll(async () => {
  tenantA = (await createTenant(database.db, { name: 'Acme LMS' })).id;
  tenantB = (await createTenant(database.db, { name: 'Beta LMS' })).id;
  people = {
    ...(await createTenantUsers(database.db, tenantA, {
      adminA: { userType: 'admin' },
      repA: { userType: 'sales_rep', email: 'learner@acme.test' },
    })),
    ...(await createTenantUsers(database.db, tenantB, { adminB: { userType: 'admin' } })),
  };
  ({ simId: simA } = await seedSimulation(database.db, tenantA, {
    ...DISCOVERY_SIMULATION,
    name: 'Discovery in the LMS',
  }));
  app = await startTestApp(
    database,
    { ENCRYPTION_KEY },
    { calls: { offlineThinkMs: 0, offlineVoice: null }, jobs: { pollIntervalMs: 50, initialDelayMs: 0 } },
  );
}, 120_000);
afterAll(() => closeAll(app));

describe('a launch token', () => {
  it('is a JWT signed with the tenant’s published key, naming the launch', async () => {
    const opened = await openLaunch(app.deps.db, app.deps.env, {
      tenantId: tenantA,
      source: 'scorm',
      targetKind: 'simulation',
      simulationId: simA,
      userId: null,
      learnerId: 'lms-learner-1',
      learnerName: 'Lee Learner',
    });
    expect(opened.path).toBe(learnerPagePath(opened.launchId, opened.token));
    const { kid } = decodeProtectedHeader(opened.token);
    const jwks = await tenantJwks(app.deps.db, tenantA);
    const key = jwks.keys.find((k) => k.kid === kid)!;
    expect(key).toBeDefined();
    expect(key).not.toHaveProperty('d'); // the public half only
    const { payload } = await jwtVerify(opened.token, await importJWK(key, 'RS256'), { audience: 'spar-lms-launch' });
    expect(payload.sub).toBe(opened.launchId);
    // the JWKS is served publicly, per tenant
    const served = await fetch(`${app.url}/api/v1/lms/jwks/${tenantA}`);
    if (served.status !== 404) expect(((await served.json()) as { keys: unknown[] }).keys.length).toBeGreaterThan(0);
  });

  it('is refused when tampered with, used for another launch, or signed by another key', async () => {
    const a = await openLaunch(app.deps.db, app.deps.env, {
      tenantId: tenantA,
      source: 'scorm',
      targetKind: 'simulation',
      simulationId: simA,
      userId: null,
      learnerId: 'x',
      learnerName: null,
    });
    const b = await openLaunch(app.deps.db, app.deps.env, {
      tenantId: tenantA,
      source: 'scorm',
      targetKind: 'simulation',
      simulationId: simA,
      userId: null,
      learnerId: 'y',
      learnerName: null,
    });
    const [h, p, s] = a.token.split('.');
    const flipped = `${h}.${p}.${s.slice(0, -4)}${s.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    for (const body of [
      { id: a.launchId, token: flipped },
      { id: b.launchId, token: a.token },
      // a token of tenant B's key naming tenant A's launch
      {
        id: a.launchId,
        token: await signLmsJwt(app.deps.db, app.deps.env, {
          tenantId: tenantB,
          claims: { aud: 'spar-lms-launch', sub: a.launchId },
          expiresInSeconds: 600,
        }),
      },
      // the right key, the wrong audience
      {
        id: a.launchId,
        token: await signLmsJwt(app.deps.db, app.deps.env, {
          tenantId: tenantA,
          claims: { aud: 'another-audience', sub: a.launchId },
          expiresInSeconds: 600,
        }),
      },
      // expired
      {
        id: a.launchId,
        token: await signLmsJwt(app.deps.db, app.deps.env, {
          tenantId: tenantA,
          claims: { aud: 'spar-lms-launch', sub: a.launchId },
          expiresInSeconds: -60,
        }),
      },
    ]) {
      const r = await api('/api/v1/lms/launch/view', body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(401);
      expect(r.json.error.code).toBe('LMS_LAUNCH_INVALID');
    }
    // a malformed token is a 400, not a 500
    const bad = await api('/api/v1/lms/launch/view', { id: a.launchId, token: 'not a token' });
    expect(bad.status).toBe(400);
    // nothing was started by any of them
    const rows = await sys((tx) => tx.select().from(lmsLaunches).where(eq(lmsLaunches.id, a.launchId)));
    expect(rows[0].status).toBe('opened');
    expect(rows[0].callId).toBeNull();
  });
});

describe('a SCORM guest launch', () => {
  it('shows the simulation, holds one call as a guest, and settles with the score', async () => {
    const [pkg] = await sys((tx) =>
      tx
        .insert(scormPackages)
        .values({
          tenantId: tenantA,
          title: 'Discovery (SCORM)',
          version: '2004',
          targetKind: 'simulation',
          simulationId: simA,
          passingScore: 0,
          keyHash: 'f'.repeat(64),
        })
        .returning(),
    );
    const opened = await openLaunch(app.deps.db, app.deps.env, {
      tenantId: tenantA,
      source: 'scorm',
      packageId: pkg.id,
      targetKind: 'simulation',
      simulationId: simA,
      userId: null,
      learnerId: 'lms-guest-7',
      learnerName: 'Gia Guest',
    });
    const link = credentials(opened.path);
    const view = await api('/api/v1/lms/launch/view', link);
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({
      status: 'opened',
      target_kind: 'simulation',
      learner_name: 'Gia Guest',
      simulation: { name: 'Discovery in the LMS' },
      certification: null,
      report_status: 'none',
    });
    const before = await sendJson(`${app.url}/api/v1/lms/launches/status`, { bearer: opened.token });
    if (before.status !== 404) expect(before.json).toMatchObject({ status: 'opened', completed: false });

    const started = await api('/api/v1/lms/launch/start', link);
    expect(started.status).toBe(200);
    const [call] = await sys((tx) => tx.select().from(calls).where(eq(calls.id, started.json.callId)));
    expect(call).toMatchObject({ tenantId: tenantA, userId: null, mode: 'lms' });
    // a second tab cannot start another
    const again = await api('/api/v1/lms/launch/start', link);
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('LMS_LAUNCH_STARTED');

    await holdTypedCall(app.url, started.json.callId, started.json.ticket, LINES);
    await expect
      .poll(async () => (await api('/api/v1/lms/launch/complete', link)).json.report_status, {
        timeout: 60_000,
        interval: 100,
      })
      .toBe('ready');
    const [row] = await sys((tx) => tx.select().from(lmsLaunches).where(eq(lmsLaunches.id, opened.launchId)));
    expect(row.status).toBe('completed');
    expect(row.score).not.toBeNull();
    const report = await api('/api/v1/lms/launch/report', link);
    expect(report.json.report_status).toBe('ready');
    expect(report.json.report.hasRecording).toBe(false);
    expect(report.json.report.canReview).toBe(false);
    // a settled simulation launch is not started again
    expect((await api('/api/v1/lms/launch/start', link)).status).toBe(409);
  }, 120_000);
});

describe('a launch of a learner with an account', () => {
  it('finds the tenant’s account by e-mail (linked from then on) and calls on it', async () => {
    const found = await tenantRunner(
      database.db,
      tenantA,
    )((tx) =>
      lmsLearnerAccount(tx, {
        tenantId: tenantA,
        source: 'lti',
        issuer: 'https://moodle.acme.test',
        subject: 'moodle-user-42',
        email: 'LEARNER@acme.test',
        userType: 'user',
        create: false,
      }),
    );
    expect(found).toEqual({ userId: people.repA.id, created: false });
    // by its link now, whatever address comes
    const again = await tenantRunner(
      database.db,
      tenantA,
    )((tx) =>
      lmsLearnerAccount(tx, {
        tenantId: tenantA,
        source: 'lti',
        issuer: 'https://moodle.acme.test',
        subject: 'moodle-user-42',
        email: null,
        userType: 'user',
        create: false,
      }),
    );
    expect(again?.userId).toBe(people.repA.id);
    const opened = await openLaunch(app.deps.db, app.deps.env, {
      tenantId: tenantA,
      source: 'lti',
      targetKind: 'simulation',
      simulationId: simA,
      userId: people.repA.id,
      learnerId: 'moodle-user-42',
      learnerName: 'Rae Rep',
      returnUrl: 'https://moodle.acme.test/course/view.php?id=3',
    });
    const link = credentials(opened.path);
    expect((await api('/api/v1/lms/launch/view', link)).json.return_url).toBe(
      'https://moodle.acme.test/course/view.php?id=3',
    );
    const started = await api('/api/v1/lms/launch/start', link);
    const [call] = await sys((tx) => tx.select().from(calls).where(eq(calls.id, started.json.callId)));
    expect(call).toMatchObject({ userId: people.repA.id, mode: 'practice' });
    // the learner has no session: the recording uploads with the call's ticket, like a guest's
    await holdTypedCall(app.url, started.json.callId, started.json.ticket, LINES.slice(0, 1));
    const upload = (ticket: string) =>
      fetch(`${app.url}/api/v1/calls/${started.json.callId}/recording`, {
        method: 'POST',
        headers: { authorization: `Ticket ${ticket}`, 'content-type': 'audio/webm' },
        body: Buffer.from('webm-bytes'),
      });
    expect((await upload('x'.repeat(43))).status).toBe(404);
    expect((await upload(started.json.ticket)).status).toBe(201);
  });

  it('makes an account for an unknown learner: the chosen user type (never admin: a rep), a placeholder address when none', async () => {
    const made = await tenantRunner(
      database.db,
      tenantA,
    )((tx) =>
      lmsLearnerAccount(tx, {
        tenantId: tenantA,
        source: 'lti',
        issuer: 'https://canvas.acme.test',
        subject: 'canvas-9',
        name: 'Nia New',
        email: null,
        userType: 'admin',
        create: true,
      }),
    );
    expect(made?.created).toBe(true);
    const [nia] = await sys((tx) => tx.select().from(users).where(eq(users.id, made!.userId)));
    expect(nia).toMatchObject({ tenantId: tenantA, userType: 'sales_rep', displayName: 'Nia New', passwordHash: null });
    expect(nia.email).toMatch(/@lms\.invalid$/);
    const audit = await sys((tx) => tx.select().from(auditLog).where(eq(auditLog.action, 'lms.user_created')));
    expect(audit.some((r) => r.tenantId === tenantA)).toBe(true);
  });
});

describe('an LTI launch whose course item takes grades', () => {
  it('queues its grade job once the report is ready', async () => {
    const [platform] = await sys((tx) =>
      tx
        .insert(ltiPlatforms)
        .values({
          tenantId: tenantA,
          name: 'Moodle',
          issuer: 'https://moodle.acme.test',
          clientId: 'spar-client',
          deploymentIds: ['1'],
          authLoginUrl: 'https://moodle.acme.test/mod/lti/auth.php',
          accessTokenUrl: 'https://moodle.acme.test/mod/lti/token.php',
          jwksUrl: 'https://moodle.acme.test/mod/lti/certs.php',
        })
        .returning(),
    );
    const [resourceLink] = await sys((tx) =>
      tx
        .insert(ltiResourceLinks)
        .values({
          tenantId: tenantA,
          platformId: platform.id,
          resourceLinkId: 'rl-1',
          targetKind: 'simulation',
          simulationId: simA,
          lineItemUrl: 'https://moodle.acme.test/mod/lti/services.php/2/lineitems/7/lineitem',
        })
        .returning(),
    );
    const opened = await openLaunch(app.deps.db, app.deps.env, {
      tenantId: tenantA,
      source: 'lti',
      platformId: platform.id,
      resourceLinkId: resourceLink.id,
      targetKind: 'simulation',
      simulationId: simA,
      userId: null,
      learnerId: 'moodle-guest',
      learnerName: null,
    });
    const link = credentials(opened.path);
    const started = await api('/api/v1/lms/launch/start', link);
    await holdTypedCall(app.url, started.json.callId, started.json.ticket, LINES);
    await expect
      .poll(
        async () => (await sys((tx) => tx.select().from(lmsLaunches).where(eq(lmsLaunches.id, opened.launchId))))[0],
        { timeout: 60_000, interval: 100 },
      )
      .toMatchObject({ status: 'completed', gradeStatus: expect.stringMatching(/^(pending|sent|failed)$/) });
    const queued = await sys((tx) => tx.select().from(jobs).where(eq(jobs.queue, 'lti_score')));
    expect(queued.filter((j) => j.payload.launchId === opened.launchId)).toHaveLength(1);
  }, 120_000);
});

describe('the admin side', () => {
  it('shows each tenant its own launch log, refusals with their reason', async () => {
    await refuseLaunch(app.deps.db, {
      tenantId: tenantA,
      source: 'scorm',
      error: 'lms.errors.launchInvalid',
      learnerId: 'who-knows',
    });
    const a = await signedInCaller(app.deps, people.adminA).lms.launches({ status: 'refused', page: 1 });
    expect(a.rows.length).toBeGreaterThan(0);
    expect(a.rows[0]).toMatchObject({ status: 'refused', error: 'lms.errors.launchInvalid', learner: 'who-knows' });
    const all = await signedInCaller(app.deps, people.adminA).lms.launches({ status: 'all', page: 1 });
    expect(all.total).toBeGreaterThan(a.total);
    const b = await signedInCaller(app.deps, people.adminB).lms.launches({ status: 'all', page: 1 });
    expect(b.rows).toEqual([]);
    await expect(signedInCaller(app.deps, people.repA).lms.launches({ status: 'all', page: 1 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('rotates the signing key: the new one signs, the old one still verifies, and the rotation is audited', async () => {
    const admin = signedInCaller(app.deps, people.adminA);
    const before = await admin.lms.keys({});
    const oldKid = before.keys.find((k) => k.current)!.kid;
    const oldLaunch = await openLaunch(app.deps.db, app.deps.env, {
      tenantId: tenantA,
      source: 'scorm',
      targetKind: 'simulation',
      simulationId: simA,
      userId: null,
      learnerId: 'rotation',
      learnerName: null,
    });
    const after = await admin.lms.rotateKey({});
    const current = after.keys.find((k) => k.current)!;
    expect(current.kid).not.toBe(oldKid);
    expect(after.keys.find((k) => k.kid === oldKid)?.retired_at).not.toBeNull();
    const newLaunch = await openLaunch(app.deps.db, app.deps.env, {
      tenantId: tenantA,
      source: 'scorm',
      targetKind: 'simulation',
      simulationId: simA,
      userId: null,
      learnerId: 'rotation-2',
      learnerName: null,
    });
    expect(decodeProtectedHeader(newLaunch.token).kid).toBe(current.kid);
    expect((await api('/api/v1/lms/launch/view', credentials(oldLaunch.path))).status).toBe(200);
    const jwks = await tenantJwks(app.deps.db, tenantA);
    expect(jwks.keys.map((k) => k.kid)).toEqual(expect.arrayContaining([oldKid, current.kid]));
    const audit = await sys((tx) => tx.select().from(auditLog).where(eq(auditLog.action, 'lms.key_rotated')));
    expect(audit.find((r) => r.target === current.kid)?.tenantId).toBe(tenantA);
    // tenant B's keys are its own
    expect((await tenantJwks(app.deps.db, tenantB)).keys.map((k) => k.kid)).not.toContain(current.kid);
  });

  it('says plainly when the server has no ENCRYPTION_KEY', async () => {
    await expect(
      openLaunch(
        app.deps.db,
        { ENCRYPTION_KEY: undefined },
        {
          tenantId: tenantB,
          source: 'scorm',
          targetKind: 'simulation',
          simulationId: null,
          userId: null,
          learnerId: 'n',
          learnerName: null,
        },
      ),
    ).rejects.toMatchObject({ code: 'LMS_NOT_CONFIGURED' });
    // nothing written: tenant B has no launch and no key
    expect(await sys((tx) => tx.select().from(lmsLaunches).where(eq(lmsLaunches.learnerId, 'n')))).toEqual([]);
  });
});
