import type { Db } from '../../db/client';
import type { UserFields } from '../../seed/factories';
import { OFFLINE_SIMULATION, seedSimulation } from './assignments';
import { ANA, createTenant, createTenantUsers } from './factories';

/**
 * Who the meeting tests (uploaded transcripts, meeting bots) work with: Ana, a rep of "Acme", with
 * the tenant's `admin` and its offline route-planning simulation to score against, and Bo, a rep of
 * another tenant, "Beta".
 */
export async function createMeetingCast(db: Db, admin: Omit<UserFields, 'tenantId'>) {
  const tenantA = (await createTenant(db, { name: 'Acme' })).id;
  const tenantB = (await createTenant(db, { name: 'Beta' })).id;
  const acme = await createTenantUsers(db, tenantA, { rep: ANA, admin });
  const { otherRep } = await createTenantUsers(db, tenantB, {
    otherRep: { email: 'bo@beta.test', username: 'bo', displayName: 'Bo', userType: 'sales_rep' },
  });
  const { simId, scorecardId } = await seedSimulation(db, tenantA, {
    ...OFFLINE_SIMULATION,
    name: 'Route planning discovery',
    difficulty: 'medium',
  });
  return { tenantA, tenantB, ...acme, otherRep, simId, scorecardId };
}
