import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tenantRunner } from '../helpers/tenant-runner';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { asSystem, withTenant } from '../../db/tenant';
import type { RunningApp } from '../../server/app';
import type { JobRow } from '../../server/jobs/queue';
import { webhookHandler } from '../../server/integrations/webhooks/deliver';
import { emitWebhookEvent } from '../../server/services/webhooks/emit';
import { describeTrpcError, rejection, signedInCaller, startTestApp, testDeps, type UserRow } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { useTestDatabase, rowById } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';

/** A receiver on loopback that checks every request with the `standardwebhooks` package, as an ATS would. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  verifiedWith: string[];
}

const database = useTestDatabase();
let app: RunningApp;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** Status codes per path, answered in turn (then 200). */
const answers = new Map<string, number[]>();
/** Secrets the receiver tries, per path. */
const secrets = new Map<string, string[]>();
let admin: UserRow;
let adminB: UserRow;
let tenantA: string;

const flatHeaders = (h: IncomingHttpHeaders) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k, String(v)]));

async function emit(
  data: Record<string, unknown>,
  type: 'assessment.completed' | 'assessment.opened' = 'assessment.completed',
) {
  return withTenant(database.db, tenantA, (tx) => emitWebhookEvent(tx, { tenantId: tenantA, type, data }));
}
/** Emits to every subscribed endpoint; returns the delivery (message) id of the given one. */
async function emitFor(
  endpointId: string,
  data: Record<string, unknown>,
  type: 'assessment.completed' | 'assessment.opened' = 'assessment.completed',
) {
  const ids = await emit(data, type);
  const rows = await asSystem(database.db, { action: 'test' }, (tx) =>
    tx.select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId }).from(webhookDeliveries),
  );
  return rows.find((r) => ids.includes(r.id) && r.endpointId === endpointId)!.id;
}
const delivery = (id: string) => rowById(database.db, webhookDeliveries, id);
const endpointRow = (id: string) => rowById(database.db, webhookEndpoints, id);

beforeAll(async () => {
  tenantA = (await createTenant(database.db, { name: 'Acme' })).id;
  const tenantB = (await createTenant(database.db, { name: 'Beta' })).id;
  admin = await createTenantUser(database.db, tenantA, {
    email: 'admin@acme.test',
    username: 'admin',
    userType: 'admin',
  });
  adminB = await createTenantUser(database.db, tenantB, {
    email: 'admin@beta.test',
    username: 'adminb',
    userType: 'admin',
  });
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const path = req.url ?? '';
      const verifiedWith = (secrets.get(path) ?? []).filter((s) => {
        try {
          new Webhook(s).verify(body, flatHeaders(req.headers));
          return true;
        } catch {
          return false;
        }
      });
      received.push({ path, headers: req.headers, body, verifiedWith });
      const status = answers.get(path)?.shift() ?? 200;
      res.writeHead(status, status === 302 ? { location: `${receiverUrl}/elsewhere` } : {}).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  app = await startTestApp(
    database,
    { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' },
    { jobs: { pollIntervalMs: 20, initialDelayMs: 0, webhookScheduleMs: [30, 30, 30, 30, 30, 30, 30] } },
  );
}, 60_000);

afterAll(() => closeAll(app, receiver));

async function endpoint(
  path: string,
  events: ('assessment.completed' | 'assessment.opened')[] = ['assessment.completed'],
) {
  const made = await signedInCaller(app.deps, admin).webhooks.create({
    url: `${receiverUrl}${path}`,
    description: path,
    events,
  });
  secrets.set(path, [made.secret]);
  return made;
}
const at = (path: string) => received.filter((r) => r.path === path);

describe('webhook endpoints', () => {
  it('show the secret once; the list shows only its start', async () => {
    const made = await endpoint('/once');
    expect(made.secret).toMatch(/^whsec_/);
    const listed = await signedInCaller(app.deps, admin).webhooks.list();
    const row = listed.find((e) => e.id === made.endpoint.id)!;
    expect(row).toMatchObject({
      status: 'active',
      events: ['assessment.completed'],
      secretPreview: `${made.secret.slice(0, 10)}…`,
    });
    expect(JSON.stringify(listed)).not.toContain(made.secret);
  });

  it('refuse an internal URL unless the operator allows it', async () => {
    const strict = await testDeps(database, { WEBHOOKS_ALLOW_PRIVATE_URLS: 'false' });
    for (const url of [
      'http://127.0.0.1:9/x',
      'https://127.0.0.1/x',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://localhost/x',
    ]) {
      const e = describeTrpcError(
        await rejection(signedInCaller(strict, admin).webhooks.create({ url, events: ['assessment.completed'] })),
      );
      expect(e.appCode, url).toBe('WEBHOOK_URL_REFUSED');
    }
    expect(
      await withTenant(database.db, tenantA, (tx) =>
        tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.url, 'https://localhost/x')),
      ),
    ).toEqual([]);
  });

  it('are invisible to another tenant', async () => {
    const made = await endpoint('/mine');
    const other = signedInCaller(app.deps, adminB);
    expect((await other.webhooks.list()).map((e) => e.id)).not.toContain(made.endpoint.id);
    expect(
      describeTrpcError(await rejection(other.webhooks.deliveries({ endpointId: made.endpoint.id, page: 1 }))).appCode,
    ).toBe('NOT_FOUND');
    expect(describeTrpcError(await rejection(other.webhooks.delete({ endpointId: made.endpoint.id }))).appCode).toBe(
      'NOT_FOUND',
    );
  });
});

describe('delivery (Standard Webhooks)', () => {
  it('signs each message: the receiver verifies it with the secret; only subscribed endpoints get it', async () => {
    await endpoint('/signed');
    await endpoint('/opened-only', ['assessment.opened']);
    await emit({ assessment_id: 'a-1', score: 80 });
    await expect.poll(() => at('/signed').length, { timeout: 10_000, interval: 20 }).toBe(1);
    const got = at('/signed')[0];
    expect(got.verifiedWith).toEqual(secrets.get('/signed'));
    expect(got.headers['webhook-id']).toMatch(/^msg_/);
    expect(JSON.parse(got.body)).toMatchObject({
      type: 'assessment.completed',
      data: { assessment_id: 'a-1', score: 80 },
    });
    expect(at('/opened-only')).toHaveLength(0);
    await expect
      .poll(async () => (await delivery(String(got.headers['webhook-id']))).status, { timeout: 5000, interval: 20 })
      .toBe('succeeded');
  });

  it('retries a receiver that fails, then succeeds, with the same webhook-id; the log shows each attempt', async () => {
    const made = await endpoint('/flaky');
    answers.set('/flaky', [500, 503]);
    await emit({ assessment_id: 'a-2' });
    await expect.poll(() => at('/flaky').length, { timeout: 10_000, interval: 20 }).toBe(3);
    expect(new Set(at('/flaky').map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(at('/flaky').every((r) => r.verifiedWith.length === 1)).toBe(true);
    const log = await signedInCaller(app.deps, admin).webhooks.deliveries({ endpointId: made.endpoint.id, page: 1 });
    await expect
      .poll(
        async () =>
          (await signedInCaller(app.deps, admin).webhooks.deliveries({ endpointId: made.endpoint.id, page: 1 })).rows[0]
            ?.status,
        { timeout: 5000, interval: 20 },
      )
      .toBe('succeeded');
    const final = (await signedInCaller(app.deps, admin).webhooks.deliveries({ endpointId: made.endpoint.id, page: 1 }))
      .rows[0];
    expect(final).toMatchObject({ attempts: 3, lastStatusCode: 200, eventType: 'assessment.completed' });
    expect(log.total).toBe(1);
  });

  it('410 Gone disables the endpoint: no more attempts, nothing more sent to it', async () => {
    const made = await endpoint('/gone');
    answers.set('/gone', [410]);
    const id = await emitFor(made.endpoint.id, { assessment_id: 'a-3' });
    await expect.poll(async () => (await delivery(id)).status, { timeout: 10_000, interval: 20 }).toBe('dead');
    expect(await endpointRow(made.endpoint.id)).toMatchObject({
      status: 'disabled',
      disabledReason: 'The receiver answered 410 Gone',
    });
    await emit({ assessment_id: 'a-4' });
    const toGone = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, made.endpoint.id)),
    );
    expect(toGone.map((d) => d.id)).toEqual([id]);
    expect(at('/gone')).toHaveLength(1);
    // enabled again by a user, it receives what comes next
    await signedInCaller(app.deps, admin).webhooks.update({ endpointId: made.endpoint.id, enabled: true });
    await emit({ assessment_id: 'a-5' });
    await expect.poll(() => at('/gone').length, { timeout: 10_000, interval: 20 }).toBe(2);
  });

  it('does not follow a redirect: a 302 is a failed attempt', async () => {
    const made = await endpoint('/moved');
    answers.set('/moved', [302, 302, 302, 302, 302, 302, 302, 302]);
    const id = await emitFor(made.endpoint.id, { assessment_id: 'a-6' });
    await expect.poll(async () => (await delivery(id)).status, { timeout: 15_000, interval: 20 }).toBe('dead');
    expect(at('/elsewhere')).toHaveLength(0);
    expect(await delivery(id)).toMatchObject({ attempts: 8, lastStatusCode: 302 });
  });

  it('after a rotation both the old and the new secret verify, for 24 hours', async () => {
    const made = await endpoint('/rotated');
    const old = made.secret;
    const rotated = await signedInCaller(app.deps, admin).webhooks.rotateSecret({ endpointId: made.endpoint.id });
    expect(rotated.secret).not.toBe(old);
    expect(Date.parse(rotated.endpoint.rotatingUntil!) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    secrets.set('/rotated', [rotated.secret, old]);
    await emit({ assessment_id: 'a-7' });
    await expect.poll(() => at('/rotated').length, { timeout: 10_000, interval: 20 }).toBe(1);
    expect(at('/rotated')[0].verifiedWith).toEqual([rotated.secret, old]);
  });

  it('resend delivers the same message again, with the same webhook-id', async () => {
    const made = await endpoint('/resend');
    const id = await emitFor(made.endpoint.id, { assessment_id: 'a-8' });
    await expect.poll(() => at('/resend').length, { timeout: 10_000, interval: 20 }).toBe(1);
    await expect.poll(async () => (await delivery(id)).status, { timeout: 5000, interval: 20 }).toBe('succeeded');
    await signedInCaller(app.deps, admin).webhooks.resend({ deliveryId: id });
    await expect.poll(() => at('/resend').length, { timeout: 10_000, interval: 20 }).toBe(2);
    expect(at('/resend').map((r) => r.headers['webhook-id'])).toEqual([id, id]);
    expect(at('/resend')[1].body).toBe(at('/resend')[0].body);
    await signedInCaller(app.deps, admin).webhooks.delete({ endpointId: made.endpoint.id });
    expect(await delivery(id)).toBeUndefined();
  });

  it('checks the address it connects to: a name resolving to an internal address is refused at delivery', async () => {
    // an endpoint saved while private addresses were allowed, delivered after they no longer are
    const [row] = await withTenant(database.db, tenantA, (tx) =>
      tx
        .insert(webhookEndpoints)
        .values({
          tenantId: tenantA,
          url: `https://${hostname()}/hook`,
          events: ['assessment.opened'],
          secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
        })
        .returning(),
    );
    const id = await emitFor(row.id, {}, 'assessment.opened');
    const strict = webhookHandler({ allowPrivate: false });
    const job = { id: 'j', payload: { deliveryId: id }, attempts: 1, tenantId: tenantA } as unknown as JobRow;
    await expect(
      strict.run({
        job,
        db: database.db,
        tenant: tenantRunner(database.db, tenantA),
        workerId: 'w',
        signal: new AbortController().signal,
        setProgress: async () => {},
      }),
    ).rejects.toThrow(/internal address/);
    expect((await delivery(id)).lastError).toMatch(/internal address/);
    await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id)),
    );
  });
});
