import { z } from 'zod';
import { createIcp, deleteIcp, getIcp, listIcps, updateIcp } from '../../services/icps/icps';
import { clientScopedProcedure, router } from '../../trpc/init';
import { deletedOutput, icpFields, icpId, icpOutput, updateIcpInput } from '../../contracts/icps';

// The admin area edits the tenant's configuration (spec §2 /admin, §6); managers read it for the simulation wizard.
const readers = () => clientScopedProcedure('admin', 'sales_manager');
const writers = () => clientScopedProcedure('admin');

export const icpsRouter = router({
  list: readers()
    .output(z.array(icpOutput))
    .query(({ ctx }) => listIcps(ctx.tx, ctx.tenantId)),

  get: readers()
    .input(icpId)
    .output(icpOutput)
    .query(({ ctx, input }) => getIcp(ctx.tx, ctx.tenantId, input.id)),

  create: writers()
    .input(icpFields)
    .output(icpOutput)
    .mutation(({ ctx, input }) => createIcp(ctx.tx, ctx.tenantId, input)),

  update: writers()
    .input(updateIcpInput)
    .output(icpOutput)
    .mutation(({ ctx, input }) => updateIcp(ctx.tx, ctx.tenantId, input.id, input)),

  delete: writers()
    .input(icpId)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => deleteIcp(ctx.tx, ctx.tenantId, input.id)),
});
