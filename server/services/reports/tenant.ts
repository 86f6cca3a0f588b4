import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { clients } from '../../../db/schema';
import { asSystem } from '../../../db/tenant';
import type { Role } from '../../contracts/roles';
import { AppError } from '../../errors';

/**
 * The tenant a report request acts on, by the clientScoped rule (server/trpc/init.ts): the user's
 * own, or — for a superuser only — an existing client named by `clientId`. For the places that
 * cannot run inside the request's tenant transaction (the HTML download, retry).
 */
export async function resolveReportTenant(db: Db, user: { id: string; tenantId: string }, role: Role | null, clientId: string | null | undefined): Promise<string> {
  if (!clientId || clientId === user.tenantId) return user.tenantId;
  if (role !== 'superuser') throw new AppError('FORBIDDEN', 'You do not have access to this client');
  const exists = await asSystem(db, { action: 'client.resolve', actorUserId: user.id }, (tx) => tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1));
  if (!exists.length) throw new AppError('NOT_FOUND', 'Client not found');
  return clientId;
}
