import { requireRole } from '../../auth/roles';
import { authedProcedure } from '../../trpc/init';

/**
 * Superuser-only work that crosses tenants (clients, system prompts). It opens no tenant
 * transaction: handlers go through `asSystem` themselves, audited for mutations. (A
 * roleProcedure('superuser') would hold a tenant transaction open around that second one,
 * which a single-connection PGlite cannot serve.)
 */
export const superuserProcedure = authedProcedure.use(({ ctx, next }) => {
  requireRole(ctx.role, ['superuser']);
  return next();
});
