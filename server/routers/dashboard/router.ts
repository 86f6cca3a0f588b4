import { getDashboard } from '../../services/dashboard/dashboard';
import { router } from '../../trpc/init';
import { tenantManagers } from '../procedures';
import { dashboardOutput } from '../../contracts/dashboard';

export const dashboardRouter = router({
  /** Served from the per-viewer read cache when fresh (see server/cache/read-cache.ts). */
  get: tenantManagers()
    .output(dashboardOutput)
    .query(({ ctx }) =>
      ctx.cachedRead('dashboard', null, (tx) =>
        getDashboard(tx, { userId: ctx.user.id, role: ctx.role, tenantId: ctx.tenantId }),
      ),
    ),
});
