import { ACCESS } from '../../access/roles';
import { createTextProvider } from '../../ai/create-provider';
import { createDrillInput, createDrillOutput } from '../../contracts/drills';
import { createDrill } from '../../services/drills/drills';
import { accessProcedure, router } from '../../trpc/init';

export const drillsRouter = router({
  /**
   * "Practise this": a drill simulation from a scored call the caller may see (a rep their own, an
   * admin or manager any of the tenant). The model, when configured, runs outside any transaction.
   */
  create: accessProcedure({ roles: ACCESS.callers, clientScoped: true })
    .input(createDrillInput)
    .output(createDrillOutput)
    .mutation(({ ctx, input, signal }) =>
      createDrill({
        tenant: ctx.tenant,
        tenantId: ctx.tenantId,
        viewer: { userId: ctx.user.id, role: ctx.role },
        callId: input.callId,
        provider: createTextProvider(ctx.deps.env),
        signal,
      }),
    ),
});
