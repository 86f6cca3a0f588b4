import { getClientOverview, saveClientOverview } from '../../services/client-overview/client-overview';
import { clientScopedProcedure, router } from '../../trpc/init';
import { clientOverviewFields, clientOverviewOutput } from './schema';

const managers = () => clientScopedProcedure('admin', 'sales_manager');

export const clientOverviewRouter = router({
  get: managers()
    .output(clientOverviewOutput)
    .query(({ ctx }) => getClientOverview(ctx.tx, ctx.tenantId)),

  save: managers()
    .input(clientOverviewFields)
    .output(clientOverviewOutput)
    .mutation(({ ctx, input }) => saveClientOverview(ctx.tx, ctx.tenantId, input)),
});
