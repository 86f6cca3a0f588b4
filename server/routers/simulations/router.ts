import { tenantAudited } from '../../trpc/audit-origin';
import { z } from 'zod';
import { createTextProvider } from '../../ai/create-provider';
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
import { router } from '../../trpc/init';
import { tenantManagers } from '../procedures';
import { deletedOutput } from '../../contracts/records';
import {
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
export const simulationsRouter = router({
  list: tenantManagers()
    .output(z.array(simulationListItemOutput))
    .query(({ ctx }) => ctx.tenant((tx) => listSimulations(tx, ctx.tenantId))),

  get: tenantManagers()
    .input(simulationIdInput)
    .output(simulationOutput)
    .query(({ ctx, input }) => ctx.tenant((tx) => getSimulation(tx, ctx.tenantId, input.id))),

  options: tenantManagers()
    .output(simulationOptionsOutput)
    .query(({ ctx }) => ctx.tenant((tx) => simulationOptions(tx, ctx.tenantId))),

  create: tenantManagers()
    .input(simulationInput)
    .output(simulationOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) => createSimulation({ tx, tenantId: ctx.tenantId, userId: ctx.user.id, values: input })),
    ),

  update: tenantManagers()
    .input(updateSimulationInput)
    .output(simulationOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) => updateSimulation({ tx, tenantId: ctx.tenantId, id: input.id, values: input })),
    ),

  duplicate: tenantManagers()
    .input(simulationIdInput)
    .output(simulationOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) => duplicateSimulation({ tx, tenantId: ctx.tenantId, userId: ctx.user.id, id: input.id })),
    ),

  delete: tenantManagers()
    .input(simulationIdInput)
    .output(deletedOutput)
    .mutation(({ ctx, input }) =>
      tenantAudited(
        ctx,
        (tx) => deleteSimulation(tx, ctx.tenantId, input.id),
        (r) => ({ action: 'simulations.deleted', target: r.name }),
      ),
    ),

  /** The model call runs outside any transaction: generateScenarioForDraft opens its own short ones. */
  generateScenario: tenantManagers()
    .input(scenarioDraftInput)
    .output(generatedScenarioOutput)
    .mutation(({ ctx, input, signal }) =>
      generateScenarioForDraft({
        tenant: ctx.tenant,
        tenantId: ctx.tenantId,
        userId: ctx.user.id,
        draft: input,
        provider: createTextProvider(ctx.deps.env),
        signal,
      }),
    ),

  /** What was sent to the model (or the offline generator) for this simulation's scenarios. */
  generations: tenantManagers()
    .input(generationsInput)
    .output(z.array(generationOutput))
    .query(({ ctx, input }) => ctx.tenant((tx) => listGenerations(tx, ctx.tenantId, input.simulationId))),
});
