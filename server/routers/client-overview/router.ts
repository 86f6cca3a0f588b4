import { getClientOverview, saveClientOverview } from '../../services/client-overview/client-overview';
import { router } from '../../trpc/init';
import { tenantAdmins, tenantManagers } from '../procedures';
import { clientOverviewFields, clientOverviewOutput } from '../../contracts/client-overview';

// The admin area (/admin) edits the tenant's configuration, which is the admin's; managers read it for the simulation wizard.
export const clientOverviewRouter = router({
  get: tenantManagers()
    .output(clientOverviewOutput)
    .query(({ ctx }) => ctx.tenant((tx) => getClientOverview(tx, ctx.tenantId))),

  save: tenantAdmins()
    .input(clientOverviewFields)
    .output(clientOverviewOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => saveClientOverview(tx, ctx.tenantId, input))),
});
