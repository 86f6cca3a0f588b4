import { z } from 'zod';
import { createProductGrouping, deleteProductGrouping, getProductGrouping, listProductGroupings, updateProductGrouping } from '../../services/product-groupings/product-groupings';
import { clientScopedProcedure, router } from '../../trpc/init';
import { deletedOutput, productGroupingFields, productGroupingId, productGroupingOutput, updateProductGroupingInput } from '../../contracts/product-groupings';

// The admin area edits the tenant's configuration (spec §2 /admin, §6); managers read it for the simulation wizard.
const readers = () => clientScopedProcedure('admin', 'sales_manager');
const writers = () => clientScopedProcedure('admin');

export const productGroupingsRouter = router({
  list: readers()
    .output(z.array(productGroupingOutput))
    .query(({ ctx }) => listProductGroupings(ctx.tx, ctx.tenantId)),

  get: readers()
    .input(productGroupingId)
    .output(productGroupingOutput)
    .query(({ ctx, input }) => getProductGrouping(ctx.tx, ctx.tenantId, input.id)),

  create: writers()
    .input(productGroupingFields)
    .output(productGroupingOutput)
    .mutation(({ ctx, input }) => createProductGrouping(ctx.tx, ctx.tenantId, input)),

  update: writers()
    .input(updateProductGroupingInput)
    .output(productGroupingOutput)
    .mutation(({ ctx, input }) => updateProductGrouping(ctx.tx, ctx.tenantId, input.id, input)),

  delete: writers()
    .input(productGroupingId)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => deleteProductGrouping(ctx.tx, ctx.tenantId, input.id)),
});
