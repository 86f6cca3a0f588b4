import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients, users } from '../../db/schema';
import { DEMO_ACCOUNTS, DEMO_TEAM_WITHOUT_SIGN_IN, seedDemoIfEmpty } from '../../seed/demo';
import { asSystem } from '../../db/tenant';
import { checkPassword } from '../../server/contracts/password-policy';
import type { AppDeps } from '../../server/deps';
import { anonymousCaller, testDeps } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';

const database = useTestDatabase();
let deps: AppDeps;
const DEMO_PASSWORD = 'Demo-Password-42';

const snapshot = () =>
  asSystem(database.db, { action: 'test' }, async (tx) => ({
    clients: await tx.select().from(clients),
    users: await tx.select().from(users),
  }));

beforeAll(async () => {
  deps = await testDeps(database);
});

describe('seedDemoIfEmpty', () => {
  it('creates the internal and demo tenants with the 8 documented accounts, and the team members who cannot sign in', async () => {
    const result = await seedDemoIfEmpty(database.db, {
      password: DEMO_PASSWORD,
      policy: deps.env.passwordPolicy,
      internalSchema: 'spar-internal',
    });
    expect(result).toEqual({ seeded: true, password: DEMO_PASSWORD, generated: false });
    const { clients: cs, users: us } = await snapshot();
    expect(cs.map((c) => [c.schemaName, c.type]).sort()).toEqual([
      ['demo', 'demo'],
      ['spar-internal', 'internal'],
    ]);
    const tenantOf = new Map(cs.map((c) => [c.id, c.schemaName]));
    expect(us.map((u) => [u.email, u.userType, tenantOf.get(u.tenantId)]).sort()).toEqual(
      [
        ['superuser@demo.test', 'superuser', 'spar-internal'],
        ['admin@demo.test', 'admin', 'demo'],
        ['manager@demo.test', 'manager', 'demo'],
        ['rep@demo.test', 'sales_rep', 'demo'],
        ['rep2@demo.test', 'sales_rep', 'demo'],
        ['rep3@demo.test', 'sales_rep', 'demo'],
        ['demo-manager@demo.test', 'demo_manager', 'demo'],
        ['norole@demo.test', 'user', 'demo'],
        ...DEMO_TEAM_WITHOUT_SIGN_IN.map((m) => [m.email, 'sales_rep', 'demo']),
      ].sort(),
    );
    expect(us).toHaveLength(DEMO_ACCOUNTS.length + DEMO_TEAM_WITHOUT_SIGN_IN.length);
    // the demo history's extra reps have no password: nobody signs in as them
    expect(
      us
        .filter((u) => DEMO_TEAM_WITHOUT_SIGN_IN.some((m) => m.email === u.email))
        .every((u) => u.passwordHash === null),
    ).toBe(true);
    // the reps report to the manager
    const manager = us.find((u) => u.email === 'manager@demo.test')!;
    expect(us.filter((u) => u.userType === 'sales_rep').every((u) => u.managerId === manager.id)).toBe(true);
  });

  it('a second call changes nothing', async () => {
    const before = await snapshot();
    expect(
      await seedDemoIfEmpty(database.db, {
        password: 'Other-Password-1',
        policy: deps.env.passwordPolicy,
        internalSchema: 'spar-internal',
      }),
    ).toEqual({
      seeded: false,
    });
    const after = await snapshot();
    expect(after.clients.map((c) => c.id).sort()).toEqual(before.clients.map((c) => c.id).sort());
    expect(after.users.map((u) => `${u.id}:${u.passwordHash}`).sort()).toEqual(
      before.users.map((u) => `${u.id}:${u.passwordHash}`).sort(),
    );
  });

  it('the demo password signs in, each account to its home', async () => {
    const homes: Record<string, string> = {};
    for (const [i, email] of [
      'admin@demo.test',
      'rep@demo.test',
      'superuser@demo.test',
      'norole@demo.test',
      'demo-manager@demo.test',
    ].entries()) {
      const { caller } = anonymousCaller(deps, { ip: `10.2.0.${i}` });
      const r = await caller.auth.login({ email, password: DEMO_PASSWORD });
      homes[email] = 'home' in r ? r.home : r.twoFactor;
    }
    expect(homes).toEqual({
      'admin@demo.test': '/dashboard',
      'rep@demo.test': '/assignments/sr',
      'superuser@demo.test': '/spar-admin',
      'norole@demo.test': '/no-role-assigned',
      'demo-manager@demo.test': '/assignments',
    });
  });

  it('without DEMO_PASSWORD a policy-satisfying password is generated, and it works', async () => {
    await asSystem(database.db, { action: 'test' }, (tx) => tx.execute(sql`delete from clients`));
    const strict = await testDeps(database, {
      PASSWORD_POLICY: JSON.stringify({
        schemaVersion: 1,
        minLength: 16,
        requireUppercase: true,
        requireNumeric: true,
        requireNonAlphanumeric: true,
      }),
    });
    const result = await seedDemoIfEmpty(database.db, {
      policy: strict.env.passwordPolicy,
      internalSchema: 'spar-internal',
    });
    expect(result.seeded).toBe(true);
    expect(result.generated).toBe(true);
    expect(result.password).toHaveLength(16);
    expect(checkPassword(result.password!, strict.env.passwordPolicy)).toEqual([]);
    const { caller } = anonymousCaller(strict, { ip: '10.2.1.1' });
    expect(await caller.auth.login({ email: 'manager@demo.test', password: result.password! })).toEqual({
      home: '/dashboard',
    });
  });
});
