import { and, asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { clients, scorecardCriteria, scorecards, users } from '../../db/schema';
import { DEMO_SCHEMA, seedDemoIfEmpty } from '../../seed/demo';
import { demoScorecards } from '../../seed/scorecards';
import { asSystem, withTenant } from '../../db/tenant';
import type { ScorecardInput } from '../../server/contracts/scorecards';
import { getScorecardVersion, markScorecardUsed } from '../../server/services/scorecards/scorecards';
import { describeTrpcError, rejection, signedInCaller, testDeps, fieldErrors } from '../helpers/app';
import { useTestDatabase, type TestDatabase, createTestDatabase } from '../helpers/db';
import { useTwoTenants } from '../helpers/lifecycle';
import { storedScorecards } from '../helpers/scorecard-rows';

const database = useTestDatabase();
const t = useTwoTenants(
  database,
  {
    a: {
      adminA: { userType: 'admin' },
      managerA: { userType: 'manager' },
      facilitatorA: { userType: 'facilitator' },
      repA: { userType: 'sales_rep' },
      demoManagerA: { userType: 'demo_manager' },
      noRoleA: { userType: 'user' },
    },
    b: { adminB: { userType: 'admin' } },
  },
  ['Alpha', 'Beta'],
);

const criterion = (n: number, over: Partial<ScorecardInput['criteria'][number]> = {}) => ({
  name: `Criterion ${n}`,
  description: `What criterion ${n} looks for`,
  includeInScenario: n % 2 === 0,
  levelZero: `No sign of behaviour ${n}`,
  levelLow: `Some of behaviour ${n}`,
  levelHigh: `Clear behaviour ${n}`,
  ...over,
});

const input = (over: Partial<ScorecardInput> = {}): ScorecardInput => ({
  name: 'Discovery basics',
  icon: 'search',
  shortDescription: 'Ask before you pitch',
  longDescription: 'A longer explanation',
  criteria: [criterion(1), criterion(2)],
  ...over,
});

/** Every scorecard row and criteria row of a tenant, read around RLS (the database's truth). */
const dbState = (tenantId: string) =>
  asSystem(database.db, { action: 'test' }, async (tx) => ({
    cards: await tx
      .select()
      .from(scorecards)
      .where(eq(scorecards.tenantId, tenantId))
      .orderBy(asc(scorecards.createdAt), asc(scorecards.version)),
    criteria: await tx
      .select()
      .from(scorecardCriteria)
      .where(eq(scorecardCriteria.tenantId, tenantId))
      .orderBy(asc(scorecardCriteria.scorecardId), asc(scorecardCriteria.position)),
  }));

const setUsed = (id: string) => withTenant(database.db, t.tenantA, (tx) => markScorecardUsed(tx, id));

describe('scorecards: happy path', () => {
  it('creates, lists, gets, updates in place and deletes a scorecard', async () => {
    const caller = signedInCaller(t.deps, t.adminA);
    const created = await caller.scorecards.create(
      input({
        name: '  Discovery basics  ',
        shortDescription: ' Ask before you pitch ',
        criteria: [criterion(1, { name: '  Padded  ' }), criterion(2), criterion(3)],
      }),
    );
    expect(created).toMatchObject({
      name: 'Discovery basics',
      shortDescription: 'Ask before you pitch',
      longDescription: 'A longer explanation',
      icon: 'search',
      version: 1,
      isCurrent: true,
      usedAt: null,
    });
    expect(created.criteria.map((c) => [c.position, c.name, c.includeInScenario])).toEqual([
      [0, 'Padded', false],
      [1, 'Criterion 2', true],
      [2, 'Criterion 3', false],
    ]);
    expect(created.criteria[1]).toMatchObject({
      levelZero: 'No sign of behaviour 2',
      levelLow: 'Some of behaviour 2',
      levelHigh: 'Clear behaviour 2',
    });

    const list = await caller.scorecards.list({});
    const item = list.find((s) => s.id === created.id);
    expect(item).toMatchObject({
      name: 'Discovery basics',
      icon: 'search',
      shortDescription: 'Ask before you pitch',
      criteriaCount: 3,
      version: 1,
      used: false,
    });
    expect(Date.parse(item!.updatedAt)).not.toBeNaN();

    // a manager of the same tenant reads and edits it too
    const manager = signedInCaller(t.deps, t.managerA);
    expect(await manager.scorecards.get({ id: created.id })).toEqual(created);

    const updated = await manager.scorecards.update({
      id: created.id,
      ...input({
        name: 'Discovery v2',
        icon: 'target',
        longDescription: '',
        criteria: [criterion(9), criterion(1, { name: 'Moved down' })],
      }),
    });
    expect(updated).toMatchObject({
      id: created.id,
      name: 'Discovery v2',
      icon: 'target',
      longDescription: '',
      version: 1,
      newVersion: false,
    });
    expect(updated.criteria.map((c) => [c.position, c.name])).toEqual([
      [0, 'Criterion 9'],
      [1, 'Moved down'],
    ]);
    const state = await dbState(t.tenantA);
    expect(state.cards.filter((c) => c.lineageId === created.lineageId)).toHaveLength(1);
    expect(state.criteria.filter((c) => c.scorecardId === created.id)).toHaveLength(2);

    expect(await caller.scorecards.delete({ id: created.id })).toEqual({ mode: 'hard' });
    const after = await dbState(t.tenantA);
    expect(after.cards.find((c) => c.id === created.id)).toBeUndefined();
    expect(after.criteria.find((c) => c.scorecardId === created.id)).toBeUndefined();
    expect((await caller.scorecards.list({})).find((s) => s.id === created.id)).toBeUndefined();
    expect(describeTrpcError(await rejection(caller.scorecards.get({ id: created.id }))).appCode).toBe('NOT_FOUND');
  });

  it('a facilitator (sales_manager role) may create', async () => {
    const out = await signedInCaller(t.deps, t.facilitatorA).scorecards.create(input({ name: 'Facilitated' }));
    expect(out.name).toBe('Facilitated');
  });

  it('get of an unknown id is NOT_FOUND', async () => {
    const e = describeTrpcError(
      await rejection(signedInCaller(t.deps, t.adminA).scorecards.get({ id: '00000000-0000-4000-8000-000000000000' })),
    );
    expect(e).toMatchObject({ appCode: 'NOT_FOUND', httpStatus: 404 });
  });
});

describe('scorecards: validation', () => {
  const cases: [string, ScorecardInput, string, string][] = [
    ['empty name', input({ name: '' }), 'name', 'scorecards.validation.nameRequired'],
    ['blank name (trimmed)', input({ name: '   ' }), 'name', 'scorecards.validation.nameRequired'],
    ['name too long', input({ name: 'x'.repeat(121) }), 'name', 'scorecards.validation.nameTooLong'],
    [
      'empty short description',
      input({ shortDescription: ' ' }),
      'shortDescription',
      'scorecards.validation.shortDescriptionRequired',
    ],
    [
      'short description too long',
      input({ shortDescription: 'x'.repeat(301) }),
      'shortDescription',
      'scorecards.validation.shortDescriptionTooLong',
    ],
    [
      'long description too long',
      input({ longDescription: 'x'.repeat(5001) }),
      'longDescription',
      'scorecards.validation.longDescriptionTooLong',
    ],
    ['unknown icon', input({ icon: 'skull' as ScorecardInput['icon'] }), 'icon', 'scorecards.validation.iconInvalid'],
    ['no criteria', input({ criteria: [] }), 'criteria', 'scorecards.validation.criteriaRequired'],
    [
      'eleven criteria',
      input({ criteria: Array.from({ length: 11 }, (_, i) => criterion(i)) }),
      'criteria',
      'scorecards.validation.criteriaMax',
    ],
    [
      'criterion without name',
      input({ criteria: [criterion(1), criterion(2, { name: ' ' })] }),
      'criteria',
      'scorecards.validation.criterionFieldsRequired',
    ],
    ...(
      [
        ['description', { description: '' }],
        ['zero level', { levelZero: '' }],
        ['low level', { levelLow: '' }],
        ['high level', { levelHigh: '  ' }],
      ] as const
    ).map(([what, blank]): [string, ScorecardInput, string, string] => [
      `criterion without ${what}`,
      input({ criteria: [criterion(1, blank)] }),
      'criteria',
      'scorecards.validation.criterionFieldsRequired',
    ]),
    [
      'criterion text too long',
      input({ criteria: [criterion(1, { levelHigh: 'x'.repeat(2001) })] }),
      'criteria',
      'scorecards.validation.criterionTooLong',
    ],
  ];

  it.each(cases)('%s → 400 with %s: %s, nothing written', async (_label, bad, field, key) => {
    const before = await dbState(t.tenantA);
    const errors = fieldErrors(await rejection(signedInCaller(t.deps, t.adminA).scorecards.create(bad)));
    expect(errors[field]).toContain(key);
    expect(await dbState(t.tenantA)).toEqual(before);
  });

  it('exactly ten criteria are accepted', async () => {
    const out = await signedInCaller(t.deps, t.adminA).scorecards.create(
      input({ name: 'Ten', criteria: Array.from({ length: 10 }, (_, i) => criterion(i)) }),
    );
    expect(out.criteria).toHaveLength(10);
  });

  it('an invalid update leaves the scorecard and its criteria unchanged', async () => {
    const caller = signedInCaller(t.deps, t.adminA);
    const card = await caller.scorecards.create(input({ name: 'Keep me' }));
    const before = await dbState(t.tenantA);
    const errors = fieldErrors(
      await rejection(
        caller.scorecards.update({
          id: card.id,
          ...input({ name: 'Changed', criteria: [criterion(1, { levelLow: '' })] }),
        }),
      ),
    );
    expect(errors.criteria).toEqual(['scorecards.validation.criterionFieldsRequired']);
    expect(await dbState(t.tenantA)).toEqual(before);
  });
});

describe('scorecards: versioning', () => {
  it('editing a used scorecard creates version 2 and leaves version 1 and its criteria untouched', async () => {
    const caller = signedInCaller(t.deps, t.adminA);
    const v1 = await caller.scorecards.create(
      input({ name: 'Versioned', criteria: [criterion(1), criterion(2), criterion(3)] }),
    );
    await setUsed(v1.id);
    const before = await dbState(t.tenantA);
    const v1Row = before.cards.find((c) => c.id === v1.id)!;
    const v1Criteria = before.criteria.filter((c) => c.scorecardId === v1.id);
    expect(v1Row.usedAt).not.toBeNull();

    const v2 = await caller.scorecards.update({
      id: v1.id,
      ...input({ name: 'Versioned (revised)', criteria: [criterion(7)] }),
    });
    expect(v2).toMatchObject({
      lineageId: v1.lineageId,
      version: 2,
      isCurrent: true,
      usedAt: null,
      name: 'Versioned (revised)',
      newVersion: true,
    });
    expect(v2.id).not.toBe(v1.id);
    expect(v2.criteria.map((c) => c.name)).toEqual(['Criterion 7']);

    const after = await dbState(t.tenantA);
    // the old row differs only in isCurrent; its criteria are byte-for-byte the same rows
    expect(after.cards.find((c) => c.id === v1.id)).toEqual({ ...v1Row, isCurrent: false });
    expect(after.criteria.filter((c) => c.scorecardId === v1.id)).toEqual(v1Criteria);

    const list = await caller.scorecards.list({});
    const lineage = list.filter((s) => s.lineageId === v1.lineageId);
    expect(lineage).toEqual([
      expect.objectContaining({ id: v2.id, version: 2, name: 'Versioned (revised)', criteriaCount: 1, used: false }),
    ]);

    const versions = await caller.scorecards.versions({ id: v2.id });
    expect(versions.map((v) => [v.version, v.isCurrent, v.usedAt !== null])).toEqual([
      [2, true, false],
      [1, false, true],
    ]);
    expect(await caller.scorecards.versions({ id: v1.id })).toEqual(versions);

    // the frozen version still resolves with its original criteria
    const frozen = await withTenant(database.db, t.tenantA, (tx) => getScorecardVersion(tx, v1.id));
    expect(frozen).toMatchObject({ id: v1.id, version: 1, isCurrent: false, name: 'Versioned' });
    expect(frozen.criteria.map((c) => c.name)).toEqual(['Criterion 1', 'Criterion 2', 'Criterion 3']);

    // editing the retired version is refused; editing v2 (unused) is in place
    expect(describeTrpcError(await rejection(caller.scorecards.update({ id: v1.id, ...input() }))).appCode).toBe(
      'CONFLICT',
    );
    const v2b = await caller.scorecards.update({ id: v2.id, ...input({ name: 'Versioned (v2 fixed)' }) });
    expect(v2b).toMatchObject({ id: v2.id, version: 2, newVersion: false });

    // a used v2 edited again becomes v3
    await setUsed(v2.id);
    const v3 = await caller.scorecards.update({ id: v2.id, ...input({ name: 'Versioned v3' }) });
    expect(v3).toMatchObject({ version: 3, newVersion: true, lineageId: v1.lineageId });
    expect((await caller.scorecards.versions({ id: v3.id })).map((v) => v.version)).toEqual([3, 2, 1]);

    // delete of a lineage with used versions is soft: rows stay (marked), list and get hide them
    expect(await caller.scorecards.delete({ id: v3.id })).toEqual({ mode: 'soft' });
    const deleted = (await dbState(t.tenantA)).cards.filter((c) => c.lineageId === v1.lineageId);
    expect(deleted).toHaveLength(3);
    expect(deleted.every((c) => c.deletedAt !== null)).toBe(true);
    expect((await caller.scorecards.list({})).filter((s) => s.lineageId === v1.lineageId)).toEqual([]);
    expect(describeTrpcError(await rejection(caller.scorecards.get({ id: v3.id }))).appCode).toBe('NOT_FOUND');
    expect(describeTrpcError(await rejection(caller.scorecards.delete({ id: v3.id }))).appCode).toBe('NOT_FOUND');
    // …and reports can still explain old scores
    const old = await withTenant(database.db, t.tenantA, (tx) => getScorecardVersion(tx, v1.id));
    expect(old.criteria).toHaveLength(3);
  });

  it('markScorecardUsed keeps the first use time', async () => {
    const card = await signedInCaller(t.deps, t.adminA).scorecards.create(input({ name: 'Used twice' }));
    await setUsed(card.id);
    const first = (await dbState(t.tenantA)).cards.find((c) => c.id === card.id)!.usedAt;
    await setUsed(card.id);
    expect((await dbState(t.tenantA)).cards.find((c) => c.id === card.id)!.usedAt).toEqual(first);
  });
});

describe('scorecards: roles', () => {
  it.each([
    ['sales_rep', () => t.repA],
    ['demo_sales_manager', () => t.demoManagerA],
    ['no role', () => t.noRoleA],
  ])('%s is FORBIDDEN for every procedure and writes nothing', async (_label, who) => {
    const own = await signedInCaller(t.deps, t.adminA).scorecards.create(input({ name: 'Not for reps' }));
    const before = await dbState(t.tenantA);
    const caller = signedInCaller(t.deps, who());
    const attempts = [
      () => caller.scorecards.list({}),
      () => caller.scorecards.get({ id: own.id }),
      () => caller.scorecards.versions({ id: own.id }),
      () => caller.scorecards.create(input()),
      () => caller.scorecards.update({ id: own.id, ...input({ name: 'Hijacked' }) }),
      () => caller.scorecards.delete({ id: own.id }),
    ];
    for (const attempt of attempts)
      expect(describeTrpcError(await rejection(attempt()))).toMatchObject({ appCode: 'FORBIDDEN', httpStatus: 403 });
    expect(await dbState(t.tenantA)).toEqual(before);
  });

  it('a tenant admin naming another client is FORBIDDEN', async () => {
    const e = describeTrpcError(
      await rejection(signedInCaller(t.deps, t.adminA).scorecards.list({ clientId: t.tenantB })),
    );
    expect(e.appCode).toBe('FORBIDDEN');
  });
});

describe('scorecards: tenant isolation', () => {
  it("tenant A cannot read, version, update or delete tenant B's scorecard, even by id", async () => {
    const bCard = await signedInCaller(t.deps, t.adminB).scorecards.create(input({ name: 'Beta secret' }));
    const before = await dbState(t.tenantB);
    const a = signedInCaller(t.deps, t.adminA);
    expect((await a.scorecards.list({})).map((s) => s.id)).not.toContain(bCard.id);
    for (const attempt of [
      () => a.scorecards.get({ id: bCard.id }),
      () => a.scorecards.versions({ id: bCard.id }),
      () => a.scorecards.update({ id: bCard.id, ...input({ name: 'Stolen' }) }),
      () => a.scorecards.delete({ id: bCard.id }),
    ]) {
      expect(describeTrpcError(await rejection(attempt()))).toMatchObject({ appCode: 'NOT_FOUND', httpStatus: 404 });
    }
    expect(await dbState(t.tenantB)).toEqual(before);
    // and B still sees it
    expect((await signedInCaller(t.deps, t.adminB).scorecards.get({ id: bCard.id })).name).toBe('Beta secret');
  });

  it('a used scorecard of B cannot be forked into a new version by A', async () => {
    const bCard = await signedInCaller(t.deps, t.adminB).scorecards.create(input({ name: 'Beta used' }));
    await withTenant(database.db, t.tenantB, (tx) => markScorecardUsed(tx, bCard.id));
    const before = await dbState(t.tenantB);
    const beforeA = await dbState(t.tenantA);
    expect(
      describeTrpcError(
        await rejection(signedInCaller(t.deps, t.adminA).scorecards.update({ id: bCard.id, ...input() })),
      ).appCode,
    ).toBe('NOT_FOUND');
    expect(await dbState(t.tenantB)).toEqual(before);
    expect(await dbState(t.tenantA)).toEqual(beforeA);
  });

  it('markScorecardUsed and getScorecardVersion respect the tenant context', async () => {
    const bCard = await signedInCaller(t.deps, t.adminB).scorecards.create(input({ name: 'Beta frozen' }));
    await expect(withTenant(database.db, t.tenantA, (tx) => getScorecardVersion(tx, bCard.id))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(withTenant(database.db, t.tenantA, (tx) => markScorecardUsed(tx, bCard.id))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await dbState(t.tenantB)).cards.find((c) => c.id === bCard.id)!.usedAt).toBeNull();
  });
});

describe('scorecards: superuser via clientId', () => {
  it("acts on the named client's scorecards under that tenant", async () => {
    const su = signedInCaller(t.deps, t.superuser);
    const created = await su.scorecards.create({ clientId: t.tenantB, ...input({ name: 'Made by superuser' }) });
    const row = (await dbState(t.tenantB)).cards.find((c) => c.id === created.id);
    expect(row?.tenantId).toBe(t.tenantB);
    expect((await su.scorecards.list({ clientId: t.tenantB })).map((s) => s.name)).toContain('Made by superuser');
    expect((await signedInCaller(t.deps, t.adminB).scorecards.list({})).map((s) => s.id)).toContain(created.id);
    // not visible in A through B's id, nor in A's list
    expect((await su.scorecards.list({ clientId: t.tenantA })).map((s) => s.id)).not.toContain(created.id);
    expect(describeTrpcError(await rejection(su.scorecards.get({ clientId: t.tenantA, id: created.id }))).appCode).toBe(
      'NOT_FOUND',
    );

    const updated = await su.scorecards.update({
      clientId: t.tenantB,
      id: created.id,
      ...input({ name: 'Renamed by superuser' }),
    });
    expect(updated.name).toBe('Renamed by superuser');
    expect(await su.scorecards.delete({ clientId: t.tenantB, id: created.id })).toEqual({ mode: 'hard' });
    expect((await dbState(t.tenantB)).cards.find((c) => c.id === created.id)).toBeUndefined();
  });

  it('an unknown clientId is NOT_FOUND', async () => {
    const e = describeTrpcError(
      await rejection(
        signedInCaller(t.deps, t.superuser).scorecards.list({ clientId: '00000000-0000-4000-8000-000000000001' }),
      ),
    );
    expect(e.appCode).toBe('NOT_FOUND');
  });
});

describe('scorecards: demo seed', () => {
  let seeded: TestDatabase;
  afterAll(() => seeded?.cleanup());

  it('the demo tenant gets the methodology scorecards, each valid for the wizard', async () => {
    seeded = await createTestDatabase();
    const seedDeps = await testDeps(seeded);
    const result = await seedDemoIfEmpty(seeded.db, {
      password: 'Seed-pass-42',
      policy: seedDeps.env.passwordPolicy,
      internalSchema: 'internal',
    });
    expect(result.seeded).toBe(true);
    const [demo] = await asSystem(seeded.db, { action: 'test' }, (tx) =>
      tx.select({ id: clients.id }).from(clients).where(eq(clients.schemaName, DEMO_SCHEMA)),
    );
    const state = await asSystem(seeded.db, { action: 'test' }, (tx) => storedScorecards(tx, demo.id));
    const names = state.cards.map((c) => c.name).sort();
    expect(names).toEqual(
      expect.arrayContaining(['Discovery (SPIN)', 'MEDDIC Qualification', 'Objection Handling', 'Cold Call Opener']),
    );
    expect(state.cards.every((c) => c.isCurrent && c.version === 1 && c.usedAt === null && c.deletedAt === null)).toBe(
      true,
    );
    expect(state.crit.every((c) => c.tenantId === demo.id)).toBe(true);

    const spin = state.cards.find((c) => c.name === 'Discovery (SPIN)')!;
    expect(state.crit.filter((c) => c.scorecardId === spin.id).map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'Situation questions',
        'Problem questions',
        'Implication questions',
        'Need-payoff questions',
        'Active listening',
      ]),
    );
    const meddic = state.cards.find((c) => c.name === 'MEDDIC Qualification')!;
    expect(state.crit.filter((c) => c.scorecardId === meddic.id)).toHaveLength(6);

    // the demo admin sees them through the router, and each one passes the same validation the wizard uses
    const [demoAdmin] = await asSystem(seeded.db, { action: 'test' }, (tx) =>
      tx
        .select()
        .from(users)
        .where(and(eq(users.tenantId, demo.id), eq(users.userType, 'admin'))),
    );
    const caller = signedInCaller(seedDeps, demoAdmin);
    const listed = await caller.scorecards.list({});
    // the methodology cards, and the Italian MEDDIC card of the simulation held in Italian
    expect(listed).toHaveLength(demoScorecards('en').length);
    expect(listed.map((c) => c.name)).toEqual(
      expect.arrayContaining(['MEDDIC Qualification', 'Qualificazione MEDDIC']),
    );
    for (const item of listed) {
      const full = await caller.scorecards.get({ id: item.id });
      expect(full.criteria.length).toBeGreaterThanOrEqual(1);
      expect(full.criteria.length).toBeLessThanOrEqual(10);
      // the three levels of every criterion are distinct texts
      for (const c of full.criteria) expect(new Set([c.levelZero, c.levelLow, c.levelHigh]).size).toBe(3);
      // saving the seeded scorecard unchanged is accepted (in place: it was never used)
      const { id, name, icon, shortDescription, longDescription, criteria } = full;
      const saved = await caller.scorecards.update({
        id,
        name,
        icon: icon as ScorecardInput['icon'],
        shortDescription,
        longDescription,
        criteria,
      });
      expect(saved).toMatchObject({ id, newVersion: false });
    }
  });
});
