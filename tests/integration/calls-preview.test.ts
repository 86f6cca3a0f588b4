import { beforeAll, describe, expect, it } from 'vitest';
import { createPersona, createSimulation } from '../../seed/factories';
import { withTenant } from '../../db/tenant';
import type { AppDeps } from '../../server/deps';
import { describeTrpcError, rejection, signedInCaller, testDeps, type UserRow } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';

const database = useTestDatabase();
let deps: AppDeps;
let rep: UserRow;
let norole: UserRow;
let other: UserRow;
let simId: string;

beforeAll(async () => {
  deps = await testDeps(database);
  const a = await createTenant(database.db, { name: 'A' });
  const b = await createTenant(database.db, { name: 'B' });
  rep = await createTenantUser(database.db, a.id, { userType: 'sales_rep' });
  norole = await createTenantUser(database.db, a.id, { userType: 'user' });
  other = await createTenantUser(database.db, b.id, { userType: 'admin' });
  simId = await withTenant(database.db, a.id, async (tx) => {
    const p = await createPersona(tx, {
      tenantId: a.id,
      name: 'Laura Chen — CFO',
      shortDescription: 's',
      longDescription: 'l',
    });
    const s = await createSimulation(tx, {
      tenantId: a.id,
      name: 'Renewal with Laura',
      difficulty: 'hard',
      timeLimitMinutes: 7.5,
      instructions: 'Secure a renewal meeting.',
      personaId: p.id,
      scenarioDetails: { variables: { hidden_information: [{ information: 'Budget was cut by 20%' }] } },
      scenarioSummary: 'SECRET narrative',
    });
    return s.id;
  });
}, 120_000);

describe('calls.preview', () => {
  it('gives a rep what the exercise page shows, and nothing the prospect hides', async () => {
    const p = await signedInCaller(deps, rep).calls.preview({ simulationId: simId });
    expect(p).toEqual({
      simulationId: simId,
      name: 'Renewal with Laura',
      personaName: 'Laura Chen — CFO',
      difficulty: 'hard',
      timeLimitSeconds: 450,
      learnerInstructions: 'Secure a renewal meeting.',
      language: 'en',
      provider: 'offline',
    });
    expect(JSON.stringify(p)).not.toMatch(/SECRET|Budget was cut/);
  });

  it('another tenant gets NOT_FOUND, a user without a role FORBIDDEN', async () => {
    expect(
      describeTrpcError(await rejection(signedInCaller(deps, other).calls.preview({ simulationId: simId }))).appCode,
    ).toBe('NOT_FOUND');
    expect(
      describeTrpcError(await rejection(signedInCaller(deps, norole).calls.preview({ simulationId: simId }))).appCode,
    ).toBe('FORBIDDEN');
  });
});
