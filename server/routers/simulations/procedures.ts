import { eq } from 'drizzle-orm';
import { clients } from '../../../db/schema';
import { asSystem } from '../../../db/tenant';
import { requireRole } from '../../auth/roles';
import { type Role } from '../../contracts/roles';
import { AppError } from '../../errors';
import { authedProcedure, clientIdInput } from '../../trpc/init';

/**
 * Like clientScopedProcedure (same role check and clientId rule: only a superuser may name another
 * client) but WITHOUT a request transaction: for procedures that call a model, which must not hold
 * a transaction open meanwhile. The resolver gets `ctx.tenantId` and opens its own short
 * transactions (withTenant). A superuser's mutation on a foreign client is audited afterwards.
 */
export function clientResolvedProcedure(...roles: Role[]) {
  return authedProcedure.input(clientIdInput).use(async ({ ctx, input, next, type, path }) => {
    requireRole(ctx.role, roles);
    let tenantId = ctx.user.tenantId;
    const foreign = !!input.clientId && input.clientId !== tenantId;
    if (foreign) {
      if (ctx.role !== 'superuser') throw new AppError('FORBIDDEN', 'You do not have access to this client');
      const exists = await asSystem(ctx.deps.db, { action: 'client.resolve', actorUserId: ctx.user.id }, (tx) =>
        tx.select({ id: clients.id }).from(clients).where(eq(clients.id, input.clientId!)).limit(1),
      );
      if (!exists.length) throw new AppError('NOT_FOUND', 'Client not found');
      tenantId = input.clientId!;
    }
    const result = await next({ ctx: { ...ctx, tenantId } });
    if (foreign && type === 'mutation' && result.ok) {
      await asSystem(ctx.deps.db, { action: `superuser.${path}`, actorUserId: ctx.user.id, tenantId, audit: true }, async () => {});
    }
    return result;
  });
}
