import { z } from 'zod';
import { createTextProvider } from '../../ai/provider';
import { generateScenarioForDraft, listGenerations } from '../../services/simulations/generate';
import { simulationOptions } from '../../services/simulations/options';
import {
  createSimulation,
  deleteSimulation,
  duplicateSimulation,
  getSimulation,
  listSimulations,
  updateSimulation,
} from '../../services/simulations/simulations';
import { clientScopedProcedure, router } from '../../trpc/init';
import { clientResolvedProcedure } from './procedures';
import {
  deletedOutput,
  generatedScenarioOutput,
  generationOutput,
  generationsInput,
  scenarioDraftInput,
  simulationIdInput,
  simulationInput,
  simulationListItemOutput,
  simulationOptionsOutput,
  simulationOutput,
  updateSimulationInput,
} from '../../contracts/simulations';

/** Simulations are configured by a tenant's admins and managers (and a superuser via clientId). */
const managers = () => clientScopedProcedure('admin', 'sales_manager');

export const simulationsRouter = router({
  list: managers()
    .output(z.array(simulationListItemOutput))
    .query(({ ctx }) => listSimulations(ctx.tx, ctx.tenantId)),

  get: managers()
    .input(simulationIdInput)
    .output(simulationOutput)
    .query(({ ctx, input }) => getSimulation(ctx.tx, ctx.tenantId, input.id)),

  options: managers()
    .output(simulationOptionsOutput)
    .query(({ ctx }) => simulationOptions(ctx.tx, ctx.tenantId)),

  create: managers()
    .input(simulationInput)
    .output(simulationOutput)
    .mutation(({ ctx, input }) => createSimulation(ctx.tx, ctx.tenantId, ctx.user.id, input)),

  update: managers()
    .input(updateSimulationInput)
    .output(simulationOutput)
    .mutation(({ ctx, input }) => updateSimulation(ctx.tx, ctx.tenantId, input.id, input)),

  duplicate: managers()
    .input(simulationIdInput)
    .output(simulationOutput)
    .mutation(({ ctx, input }) => duplicateSimulation(ctx.tx, ctx.tenantId, ctx.user.id, input.id)),

  delete: managers()
    .input(simulationIdInput)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => deleteSimulation(ctx.tx, ctx.tenantId, input.id)),

  /** The model call runs outside any transaction (see clientResolvedProcedure). */
  generateScenario: clientResolvedProcedure('admin', 'sales_manager')
    .input(scenarioDraftInput)
    .output(generatedScenarioOutput)
    .mutation(({ ctx, input, signal }) =>
      generateScenarioForDraft({
        db: ctx.deps.db,
        tenantId: ctx.tenantId,
        userId: ctx.user.id,
        draft: input,
        provider: createTextProvider(ctx.deps.env),
        signal,
      }),
    ),

  /** What was sent to the model (or the offline generator) for this simulation's scenarios. */
  generations: managers()
    .input(generationsInput)
    .output(z.array(generationOutput))
    .query(({ ctx, input }) => listGenerations(ctx.tx, ctx.tenantId, input.simulationId)),
});
