import { withTenant } from '../../../db/tenant';
import { getDashboard } from '../../services/dashboard/dashboard';
import { clientScopedReadProcedure, router } from '../../trpc/init';
import { dashboardOutput } from './schema';

export const dashboardRouter = router({
  /** Served from the per-viewer read cache when fresh (see server/cache/read-cache.ts). */
  get: clientScopedReadProcedure('admin', 'sales_manager')
    .output(dashboardOutput)
    .query(({ ctx }) => {
      const viewer = { userId: ctx.user.id, role: ctx.role, tenantId: ctx.tenantId };
      const load = () => withTenant(ctx.deps.db, ctx.tenantId, (tx) => getDashboard(tx, viewer));
      return ctx.deps.readCache ? ctx.deps.readCache.get(ctx.tenantId, `dashboard:${ctx.user.id}:${ctx.role}`, load) : load();
    }),
});
