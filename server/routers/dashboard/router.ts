import { ACCESS } from '../../access/roles';
import { getDashboard } from '../../services/dashboard/dashboard';
import { accessProcedure, router } from '../../trpc/init';
import { dashboardOutput } from '../../contracts/dashboard';

export const dashboardRouter = router({
  /** Served from the per-viewer read cache when fresh (see server/cache/read-cache.ts). */
  get: accessProcedure({ roles: ACCESS.managers, clientScoped: true })
    .output(dashboardOutput)
    .query(({ ctx }) =>
      ctx.cachedRead('dashboard', null, (tx) =>
        getDashboard(tx, { userId: ctx.user.id, role: ctx.role, tenantId: ctx.tenantId }),
      ),
    ),
});
