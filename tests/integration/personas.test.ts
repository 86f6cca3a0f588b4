import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, personas } from '../../db/schema';
import { DIFFICULTIES } from '../../server/contracts/enums';
import { seedDemoTenantConfig } from '../../seed/personas';
import { asSystem } from '../../db/tenant';
import { personaFields, type PersonaFieldsInput } from '../../server/contracts/personas';
import { describeTrpcError, rejection, signedInCaller, type UserRow, issues } from '../helpers/app';
import { rowById, useTestDatabase } from '../helpers/db';
import { useTwoTenants } from '../helpers/lifecycle';
import { createTenant, createTenantUser } from '../helpers/factories';

const database = useTestDatabase();
const t = useTwoTenants(database, {
  a: {
    managerA: { userType: 'manager' },
    adminA: { userType: 'admin' },
    repA: { userType: 'sales_rep' },
    demoManagerA: { userType: 'demo_manager' },
  },
  b: { managerB: { userType: 'manager' } },
});

const as = (u: UserRow) => signedInCaller(t.deps, u);

const persona = (over: Partial<PersonaFieldsInput> = {}): PersonaFieldsInput => ({
  name: 'Casey Carter',
  shortDescription: 'Head of finance who wants proof',
  longDescription: 'Casey runs finance at a 200-person logistics firm and distrusts vendor claims.',
  voice: 'sage',
  language: 'en',
  behaviourNotes: { easy: 'Open and curious.', medium: '', hard: '  Pushes back on price.  ' },
  ...over,
});

const personaRow = (id: string) => rowById(database.db, personas, id);
const personaCount = async (tenantId: string) =>
  (
    await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select({ n: count() }).from(personas).where(eq(personas.tenantId, tenantId)),
    )
  )[0].n;

describe('personas router', () => {
  it('a manager creates, lists, reads, updates and deletes a persona', async () => {
    const created = await as(t.managerA).personas.create(persona());
    expect(created).toMatchObject({
      name: 'Casey Carter',
      voice: 'sage',
      language: 'en',
      // blank notes are not stored; the others are trimmed
      behaviourNotes: { easy: 'Open and curious.', hard: 'Pushes back on price.' },
    });
    expect(created.behaviourNotes).not.toHaveProperty('medium');
    expect(created).not.toHaveProperty('tenantId');
    expect((await personaRow(created.id)).tenantId).toBe(t.tenantA);

    expect((await as(t.managerA).personas.list({})).map((p) => p.id)).toContain(created.id);
    expect(await as(t.managerA).personas.get({ id: created.id })).toEqual(created);

    const updated = await as(t.managerA).personas.update({
      ...persona({
        name: 'Casey Carter (CFO)',
        voice: 'ash',
        language: 'pt-BR',
        behaviourNotes: { expert: 'Hangs up early.' },
      }),
      id: created.id,
    });
    expect(updated).toMatchObject({
      id: created.id,
      name: 'Casey Carter (CFO)',
      voice: 'ash',
      language: 'pt-BR',
      behaviourNotes: { expert: 'Hangs up early.' },
    });
    expect((await personaRow(created.id)).behaviourNotes).toEqual({ expert: 'Hangs up early.' });

    expect(await as(t.managerA).personas.delete({ id: created.id })).toEqual({ id: created.id });
    expect(await personaRow(created.id)).toBeUndefined();
    const e = describeTrpcError(await rejection(as(t.managerA).personas.get({ id: created.id })));
    expect(e).toMatchObject({ trpcCode: 'NOT_FOUND', appCode: 'NOT_FOUND' });
  });

  it('an admin may manage personas too, and omitted behaviour notes default to none', async () => {
    const { behaviourNotes: _omit, ...rest } = persona({ name: 'Admin made' });
    const created = await as(t.adminA).personas.create(rest);
    expect(created.behaviourNotes).toEqual({});
    await as(t.adminA).personas.delete({ id: created.id });
  });

  it('each required field has its own message, and nothing is written', async () => {
    const before = await personaCount(t.tenantA);
    const e = issues(
      await rejection(
        as(t.managerA).personas.create(persona({ name: '   ', shortDescription: '', longDescription: '' })),
      ),
    );
    expect(e).toEqual({
      name: ['config.personas.nameRequired'],
      shortDescription: ['config.personas.shortDescriptionRequired'],
      longDescription: ['config.personas.longDescriptionRequired'],
    });
    expect(await personaCount(t.tenantA)).toBe(before);
  });

  it('a missing field gets the same message as an empty one', async () => {
    const e = issues(
      await rejection(
        as(t.managerA).personas.create({ voice: 'sage', language: 'en' } as unknown as PersonaFieldsInput),
      ),
    );
    expect(e.name).toEqual(['config.personas.nameRequired']);
    expect(e.shortDescription).toEqual(['config.personas.shortDescriptionRequired']);
    expect(e.longDescription).toEqual(['config.personas.longDescriptionRequired']);
  });

  it('voice, language and note length are checked', async () => {
    const e = issues(
      await rejection(
        as(t.managerA).personas.create(
          persona({
            voice: 'robot' as never,
            language: 'fr' as never,
            behaviourNotes: { hard: 'x'.repeat(4001) },
            name: 'n'.repeat(121),
          }),
        ),
      ),
    );
    expect(e).toEqual({
      name: ['config.personas.nameTooLong'],
      voice: ['config.personas.voiceInvalid'],
      language: ['config.personas.languageInvalid'],
      'behaviourNotes.hard': ['config.personas.notesTooLong'],
    });
  });

  it('an update with invalid fields leaves the row unchanged', async () => {
    const created = await as(t.managerA).personas.create(persona({ name: 'Unchanged' }));
    const e = issues(
      await rejection(
        as(t.managerA).personas.update({ ...persona({ name: '', longDescription: '' }), id: created.id }),
      ),
    );
    expect(Object.keys(e).sort()).toEqual(['longDescription', 'name']);
    expect((await personaRow(created.id)).name).toBe('Unchanged');
    await as(t.managerA).personas.delete({ id: created.id });
  });

  it('a sales rep and a demo manager are denied every procedure', async () => {
    for (const u of [t.repA, t.demoManagerA]) {
      for (const call of [
        () => as(u).personas.list({}),
        () => as(u).personas.create(persona()),
        () => as(u).personas.get({ id: crypto.randomUUID() }),
        () => as(u).personas.delete({ id: crypto.randomUUID() }),
      ]) {
        expect(describeTrpcError(await rejection(call()))).toMatchObject({
          trpcCode: 'FORBIDDEN',
          appCode: 'FORBIDDEN',
        });
      }
    }
  });

  it("another tenant cannot read, change or delete a tenant's persona, even by id", async () => {
    const mine = await as(t.managerA).personas.create(persona({ name: 'Only Acme' }));
    const before = await personaRow(mine.id);
    const other = as(t.managerB);
    expect((await other.personas.list({})).map((p) => p.id)).not.toContain(mine.id);
    for (const call of [
      () => other.personas.get({ id: mine.id }),
      () => other.personas.update({ ...persona({ name: 'Hijacked' }), id: mine.id }),
      () => other.personas.delete({ id: mine.id }),
    ]) {
      expect(describeTrpcError(await rejection(call()))).toMatchObject({ trpcCode: 'NOT_FOUND', appCode: 'NOT_FOUND' });
    }
    expect(await personaRow(mine.id)).toEqual(before);
    // naming the other client is refused outright for anyone but a superuser
    const e = describeTrpcError(await rejection(other.personas.list({ clientId: t.tenantA })));
    expect(e.appCode).toBe('FORBIDDEN');
    await as(t.managerA).personas.delete({ id: mine.id });
  });

  it("a superuser manages a client's personas through clientId, and the mutation is audited", async () => {
    const su = as(t.superuser);
    const created = await su.personas.create({ ...persona({ name: 'Made by the superuser' }), clientId: t.tenantB });
    expect((await personaRow(created.id)).tenantId).toBe(t.tenantB);
    expect((await as(t.managerB).personas.list({})).map((p) => p.name)).toContain('Made by the superuser');
    expect((await su.personas.list({ clientId: t.tenantB })).map((p) => p.id)).toContain(created.id);
    // without clientId the superuser works on their own (internal) client
    expect((await su.personas.list({})).map((p) => p.id)).not.toContain(created.id);
    const updated = await su.personas.update({
      ...persona({ name: 'Renamed by the superuser' }),
      id: created.id,
      clientId: t.tenantB,
    });
    expect(updated.name).toBe('Renamed by the superuser');
    const audits = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, t.tenantB), eq(auditLog.actorUserId, t.superuser.id))),
    );
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['superuser.personas.create', 'superuser.personas.update']),
    );
    await su.personas.delete({ id: created.id, clientId: t.tenantB });
    expect(await personaRow(created.id)).toBeUndefined();
  });

  it('an unknown or malformed clientId is refused', async () => {
    const su = as(t.superuser);
    expect(describeTrpcError(await rejection(su.personas.list({ clientId: crypto.randomUUID() })))).toMatchObject({
      appCode: 'NOT_FOUND',
    });
    const e = issues(await rejection(su.personas.create({ ...persona(), clientId: '' })));
    expect(e.clientId).toEqual(['errors.CLIENT_ID_REQUIRED']);
  });
});

describe('demo seed personas', () => {
  it('creates 4–6 distinct personas with a voice, a language and a note for every difficulty', async () => {
    const demo = await createTenant(database.db, { name: 'Northwind Demo' });
    await asSystem(database.db, { action: 'test.seed' }, (tx) => seedDemoTenantConfig(tx, demo.id));
    const manager = await createTenantUser(database.db, demo.id, { userType: 'manager' });
    const seeded = await as(manager).personas.list({});

    expect(seeded.length).toBeGreaterThanOrEqual(4);
    expect(seeded.length).toBeLessThanOrEqual(6);
    expect(new Set(seeded.map((p) => p.name)).size).toBe(seeded.length);
    expect(new Set(seeded.map((p) => p.voice)).size).toBe(seeded.length);
    const languages = seeded.map((p) => p.language);
    expect(languages.filter((l) => l === 'en').length).toBeGreaterThan(seeded.length / 2);
    expect(languages).toContain('es');
    expect(languages.some((l) => l === 'it' || l === 'pt-BR')).toBe(true);
    for (const p of seeded) {
      // what the UI would accept, so a seeded persona can be opened and saved unchanged
      expect(personaFields.safeParse(p).success).toBe(true);
      const notes = DIFFICULTIES.map((d) => p.behaviourNotes[d] ?? '');
      expect(notes.every((n) => n.trim().length > 40)).toBe(true);
      expect(new Set(notes).size).toBe(DIFFICULTIES.length);
    }
    // seeded into the demo tenant only
    expect((await as(t.managerA).personas.list({})).map((p) => p.name)).not.toContain(seeded[0].name);
  });
});
