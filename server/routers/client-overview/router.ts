import { getClientOverview, saveClientOverview } from '../../services/client-overview/client-overview';
import { clientScopedProcedure, router } from '../../trpc/init';
import { clientOverviewFields, clientOverviewOutput } from '../../contracts/client-overview';

// The admin area edits the tenant's configuration (spec §2 /admin, §6); managers read it for the simulation wizard.
const readers = () => clientScopedProcedure('admin', 'sales_manager');
const writers = () => clientScopedProcedure('admin');

export const clientOverviewRouter = router({
  get: readers()
    .output(clientOverviewOutput)
    .query(({ ctx }) => getClientOverview(ctx.tx, ctx.tenantId)),

  save: writers()
    .input(clientOverviewFields)
    .output(clientOverviewOutput)
    .mutation(({ ctx, input }) => saveClientOverview(ctx.tx, ctx.tenantId, input)),
});
