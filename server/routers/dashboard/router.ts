import { getDashboard } from '../../services/dashboard/dashboard';
import { clientScopedProcedure, router } from '../../trpc/init';
import { dashboardOutput } from './schema';

export const dashboardRouter = router({
  get: clientScopedProcedure('admin', 'sales_manager')
    .output(dashboardOutput)
    .query(({ ctx }) => getDashboard(ctx.tx, { userId: ctx.user.id, role: ctx.role, tenantId: ctx.tenantId })),
});
