import { z } from 'zod';
import {
  createCallInstruction,
  deleteCallInstruction,
  getCallInstruction,
  listCallInstructions,
  updateCallInstruction,
} from '../../services/call-instructions/call-instructions';
import { clientScopedProcedure, router } from '../../trpc/init';
import { callInstructionFields, callInstructionId, callInstructionOutput, deletedOutput, updateCallInstructionInput } from './schema';

// Managers configure scenarios and the simulation wizard picks from these, so both roles may edit.
const managers = () => clientScopedProcedure('admin', 'sales_manager');

export const callInstructionsRouter = router({
  list: managers()
    .output(z.array(callInstructionOutput))
    .query(({ ctx }) => listCallInstructions(ctx.tx, ctx.tenantId)),

  get: managers()
    .input(callInstructionId)
    .output(callInstructionOutput)
    .query(({ ctx, input }) => getCallInstruction(ctx.tx, ctx.tenantId, input.id)),

  create: managers()
    .input(callInstructionFields)
    .output(callInstructionOutput)
    .mutation(({ ctx, input }) => createCallInstruction(ctx.tx, ctx.tenantId, input)),

  update: managers()
    .input(updateCallInstructionInput)
    .output(callInstructionOutput)
    .mutation(({ ctx, input }) => updateCallInstruction(ctx.tx, ctx.tenantId, input.id, input)),

  delete: managers()
    .input(callInstructionId)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => deleteCallInstruction(ctx.tx, ctx.tenantId, input.id)),
});
