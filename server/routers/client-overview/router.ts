import { ACCESS } from '../../access/roles';
import { getClientOverview, saveClientOverview } from '../../services/client-overview/client-overview';
import { accessProcedure, router } from '../../trpc/init';
import { clientOverviewFields, clientOverviewOutput } from '../../contracts/client-overview';

// The admin area (/admin) edits the tenant's configuration, which is the admin's; managers read it for the simulation wizard.
const readers = () => accessProcedure({ roles: ACCESS.managers, clientScoped: true });
const writers = () => accessProcedure({ roles: ACCESS.admins, clientScoped: true });

export const clientOverviewRouter = router({
  get: readers()
    .output(clientOverviewOutput)
    .query(({ ctx }) => ctx.tenant((tx) => getClientOverview(tx, ctx.tenantId))),

  save: writers()
    .input(clientOverviewFields)
    .output(clientOverviewOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => saveClientOverview(tx, ctx.tenantId, input))),
});
