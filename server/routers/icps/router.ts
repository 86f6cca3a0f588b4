import { z } from 'zod';
import { createIcp, deleteIcp, getIcp, listIcps, updateIcp } from '../../services/icps/icps';
import { clientScopedProcedure, router } from '../../trpc/init';
import { deletedOutput, icpFields, icpId, icpOutput, updateIcpInput } from './schema';

// Managers configure scenarios and the simulation wizard picks from these, so both roles may edit.
const managers = () => clientScopedProcedure('admin', 'sales_manager');

export const icpsRouter = router({
  list: managers()
    .output(z.array(icpOutput))
    .query(({ ctx }) => listIcps(ctx.tx, ctx.tenantId)),

  get: managers()
    .input(icpId)
    .output(icpOutput)
    .query(({ ctx, input }) => getIcp(ctx.tx, ctx.tenantId, input.id)),

  create: managers()
    .input(icpFields)
    .output(icpOutput)
    .mutation(({ ctx, input }) => createIcp(ctx.tx, ctx.tenantId, input)),

  update: managers()
    .input(updateIcpInput)
    .output(icpOutput)
    .mutation(({ ctx, input }) => updateIcp(ctx.tx, ctx.tenantId, input.id, input)),

  delete: managers()
    .input(icpId)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => deleteIcp(ctx.tx, ctx.tenantId, input.id)),
});
