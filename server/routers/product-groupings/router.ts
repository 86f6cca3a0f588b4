import { z } from 'zod';
import { createProductGrouping, deleteProductGrouping, getProductGrouping, listProductGroupings, updateProductGrouping } from '../../services/product-groupings/product-groupings';
import { clientScopedProcedure, router } from '../../trpc/init';
import { deletedOutput, productGroupingFields, productGroupingId, productGroupingOutput, updateProductGroupingInput } from './schema';

// Managers configure scenarios and the simulation wizard picks from these, so both roles may edit.
const managers = () => clientScopedProcedure('admin', 'sales_manager');

export const productGroupingsRouter = router({
  list: managers()
    .output(z.array(productGroupingOutput))
    .query(({ ctx }) => listProductGroupings(ctx.tx, ctx.tenantId)),

  get: managers()
    .input(productGroupingId)
    .output(productGroupingOutput)
    .query(({ ctx, input }) => getProductGrouping(ctx.tx, ctx.tenantId, input.id)),

  create: managers()
    .input(productGroupingFields)
    .output(productGroupingOutput)
    .mutation(({ ctx, input }) => createProductGrouping(ctx.tx, ctx.tenantId, input)),

  update: managers()
    .input(updateProductGroupingInput)
    .output(productGroupingOutput)
    .mutation(({ ctx, input }) => updateProductGrouping(ctx.tx, ctx.tenantId, input.id, input)),

  delete: managers()
    .input(productGroupingId)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => deleteProductGrouping(ctx.tx, ctx.tenantId, input.id)),
});
