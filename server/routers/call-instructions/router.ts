import { z } from 'zod';
import {
  createCallInstruction,
  deleteCallInstruction,
  getCallInstruction,
  listCallInstructions,
  updateCallInstruction,
} from '../../services/call-instructions/call-instructions';
import { clientScopedProcedure, router } from '../../trpc/init';
import { callInstructionFields, callInstructionId, callInstructionOutput, deletedOutput, updateCallInstructionInput } from '../../contracts/call-instructions';

// The admin area edits the tenant's configuration (spec §2 /admin, §6); managers read it for the simulation wizard.
const readers = () => clientScopedProcedure('admin', 'sales_manager');
const writers = () => clientScopedProcedure('admin');

export const callInstructionsRouter = router({
  list: readers()
    .output(z.array(callInstructionOutput))
    .query(({ ctx }) => listCallInstructions(ctx.tx, ctx.tenantId)),

  get: readers()
    .input(callInstructionId)
    .output(callInstructionOutput)
    .query(({ ctx, input }) => getCallInstruction(ctx.tx, ctx.tenantId, input.id)),

  create: writers()
    .input(callInstructionFields)
    .output(callInstructionOutput)
    .mutation(({ ctx, input }) => createCallInstruction(ctx.tx, ctx.tenantId, input)),

  update: writers()
    .input(updateCallInstructionInput)
    .output(callInstructionOutput)
    .mutation(({ ctx, input }) => updateCallInstruction(ctx.tx, ctx.tenantId, input.id, input)),

  delete: writers()
    .input(callInstructionId)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => deleteCallInstruction(ctx.tx, ctx.tenantId, input.id)),
});
