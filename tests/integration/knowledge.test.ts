import { eq } from 'drizzle-orm';
import { tenantRunner } from '../helpers/tenant-runner';
import { beforeAll, describe, expect, it } from 'vitest';
import { knowledgeChunks, knowledgeFiles } from '../../db/schema';
import { createSimulation } from '../../seed/factories';
import { asSystem, withTenant } from '../../db/tenant';
import { searchKnowledge } from '../../server/ai/knowledge';
import type { AppDeps } from '../../server/deps';
import { storeUploadedFile } from '../../server/services/knowledge/upload';
import { describeTrpcError, rejection, signedInCaller, testDeps, type UserRow } from '../helpers/app';
import { useTestDatabase, rowById } from '../helpers/db';
import { createTwoTenants } from '../helpers/factories';

const database = useTestDatabase();
let deps: AppDeps;
let tenantA: string;
let tenantB: string;
let simA: string;
let simA2: string;
let simB: string;
let managerA: UserRow;
let adminA: UserRow;
let repA: UserRow;
let managerB: UserRow;
let superuser: UserRow;

const as = (u: UserRow) => signedInCaller(deps, u);
const newSimulation = (tenantId: string, name: string) =>
  withTenant(database.db, tenantId, async (tx) => (await createSimulation(tx, { tenantId, name })).id);
const addText = (tenantId: string, simulationId: string, name: string, text: string, owner: UserRow | null = null) =>
  storeUploadedFile(tenantRunner(database.db, tenantId), {
    tenantId,
    simulationId,
    ownerUserId: owner?.id ?? null,
    name,
    kind: 'txt',
    content: Buffer.from(text),
  }).then((r) => r.file);
const fileRow = (id: string) => rowById(database.db, knowledgeFiles, id);
/** What `who` is answered when trying to disable the file and then to delete it: the two app codes. */
const toggleAndDeleteRefusals = async (who: UserRow, id: string) => [
  describeTrpcError(await rejection(as(who).knowledge.setEnabled({ id, enabled: false }))).appCode,
  describeTrpcError(await rejection(as(who).knowledge.delete({ id }))).appCode,
];
const chunkCount = async (fileId: string) =>
  (
    await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select({ id: knowledgeChunks.id }).from(knowledgeChunks).where(eq(knowledgeChunks.fileId, fileId)),
    )
  ).length;

beforeAll(async () => {
  deps = await testDeps(database);
  const made = await createTwoTenants(database.db, {
    a: {
      managerA: { userType: 'manager', displayName: 'Mia Manager', email: 'mia@acme.test' },
      adminA: { userType: 'admin', displayName: null, email: 'root@acme.test' },
      repA: { userType: 'sales_rep' },
    },
    b: { managerB: { userType: 'manager' } },
  });
  tenantA = made.a.id;
  tenantB = made.b.id;
  ({ managerA, adminA, repA, managerB } = made.users);
  superuser = made.superuser;
  simA = await newSimulation(tenantA, 'Discovery');
  simA2 = await newSimulation(tenantA, 'Renewal');
  simB = await newSimulation(tenantB, 'Beta discovery');
});

describe('knowledge.list', () => {
  it("lists a simulation's files with owner, size, status and chunk count, oldest first", async () => {
    const first = await addText(tenantA, simA, 'pricing.txt', 'Pricing is 900 euros per truck.', managerA);
    const second = await addText(tenantA, simA, 'security.txt', 'Data is encrypted at rest.', adminA);
    await addText(tenantA, simA2, 'other-simulation.txt', 'Not in this list.', managerA);
    const list = await as(managerA).knowledge.list({ simulationId: simA });
    expect(list.map((f) => f.id)).toEqual([first.id, second.id]);
    expect(list[0]).toEqual({
      id: first.id,
      simulationId: simA,
      name: 'pricing.txt',
      owner: 'Mia Manager',
      mimeType: 'text/plain',
      sizeBytes: Buffer.byteLength('Pricing is 900 euros per truck.'),
      enabled: true,
      status: 'ready',
      chunkCount: 1,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // no display name: the email
    expect(list[1].owner).toBe('root@acme.test');
    expect(await as(adminA).knowledge.list({ simulationId: simA })).toHaveLength(2);
  });

  it('validates the simulation id with a knowledge.* message key', async () => {
    const e = describeTrpcError(await rejection(as(managerA).knowledge.list({ simulationId: 'nope' })));
    expect(e.trpcCode).toBe('BAD_REQUEST');
    const raw = (await rejection(as(managerA).knowledge.list({ simulationId: 'nope' }))) as {
      cause?: { issues?: { message: string }[] };
    };
    expect(raw.cause?.issues?.[0]?.message).toBe('knowledge.validation.simulationIdInvalid');
  });

  it('refuses a sales rep (FORBIDDEN) and hides other tenants’ simulations (NOT_FOUND)', async () => {
    expect(describeTrpcError(await rejection(as(repA).knowledge.list({ simulationId: simA }))).appCode).toBe(
      'FORBIDDEN',
    );
    expect(describeTrpcError(await rejection(as(managerA).knowledge.list({ simulationId: simB }))).appCode).toBe(
      'NOT_FOUND',
    );
    expect(
      describeTrpcError(await rejection(as(managerA).knowledge.list({ simulationId: simB, clientId: tenantB })))
        .appCode,
    ).toBe('FORBIDDEN');
  });

  it("lets a superuser list a client's files with clientId", async () => {
    const f = await addText(tenantB, simB, 'beta.txt', 'Beta notes.', managerB);
    const list = await as(superuser).knowledge.list({ simulationId: simB, clientId: tenantB });
    expect(list.map((x) => x.id)).toContain(f.id);
    // without clientId the superuser is in their own client, where simB does not exist
    expect(describeTrpcError(await rejection(as(superuser).knowledge.list({ simulationId: simB }))).appCode).toBe(
      'NOT_FOUND',
    );
  });
});

describe('knowledge.setEnabled and delete', () => {
  it('disables and re-enables a file; a disabled file is left out of searchKnowledge and the test search', async () => {
    const sim = await newSimulation(tenantA, 'Toggle');
    const f = await addText(
      tenantA,
      sim,
      'objections.txt',
      'The zebracorn objection is answered with the Lisbon pilot numbers.',
      managerA,
    );
    const hits = (q: string) => withTenant(database.db, tenantA, (tx) => searchKnowledge(tx, sim, q));
    expect((await hits('zebracorn objection')).map((h) => h.fileId)).toEqual([f.id]);

    const off = await as(managerA).knowledge.setEnabled({ id: f.id, enabled: false });
    expect(off).toMatchObject({ id: f.id, enabled: false });
    expect((await fileRow(f.id)).enabled).toBe(false);
    expect(await hits('zebracorn objection')).toEqual([]);
    // nor through the router's test search, nor the fallback "first chunks" path
    expect(await as(managerA).knowledge.search({ simulationId: sim, query: 'zebracorn' })).toEqual([]);
    expect(await hits('nothing matches this')).toEqual([]);

    await as(managerA).knowledge.setEnabled({ id: f.id, enabled: true });
    expect((await as(managerA).knowledge.search({ simulationId: sim, query: 'zebracorn' }))[0]).toMatchObject({
      fileId: f.id,
      fileName: 'objections.txt',
    });
  });

  it('deletes a file and its chunks', async () => {
    const f = await addText(tenantA, simA2, 'to-delete.txt', 'Delete me. '.repeat(400), managerA);
    expect(await chunkCount(f.id)).toBeGreaterThan(1);
    expect(await as(adminA).knowledge.delete({ id: f.id })).toEqual({ id: f.id });
    expect(await fileRow(f.id)).toBeUndefined();
    expect(await chunkCount(f.id)).toBe(0);
    expect(describeTrpcError(await rejection(as(adminA).knowledge.delete({ id: f.id }))).appCode).toBe('NOT_FOUND');
  });

  it("cannot toggle or delete another tenant's file, even by id; it stays unchanged", async () => {
    const f = await addText(tenantB, simB, 'secret.txt', 'Beta secret pricing.', managerB);
    expect(await toggleAndDeleteRefusals(managerA, f.id)).toEqual(['NOT_FOUND', 'NOT_FOUND']);
    expect(
      describeTrpcError(await rejection(as(managerA).knowledge.search({ simulationId: simB, query: 'secret' })))
        .appCode,
    ).toBe('NOT_FOUND');
    const row = await fileRow(f.id);
    expect(row).toMatchObject({ enabled: true, tenantId: tenantB, name: 'secret.txt' });
    expect(await chunkCount(f.id)).toBe(1);
  });

  it('refuses a sales rep for toggle and delete', async () => {
    const f = await addText(tenantA, simA2, 'rep.txt', 'Rep cannot touch this.', managerA);
    expect(await toggleAndDeleteRefusals(repA, f.id)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
    expect((await fileRow(f.id)).enabled).toBe(true);
  });

  it("lets a superuser toggle a client's file with clientId", async () => {
    const f = await addText(tenantB, simB, 'su.txt', 'Superuser toggles this.', managerB);
    await as(superuser).knowledge.setEnabled({ id: f.id, enabled: false, clientId: tenantB });
    expect((await fileRow(f.id)).enabled).toBe(false);
  });
});
