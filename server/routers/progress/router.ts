import { ACCESS } from '../../access/roles';
import { progressInput, progressOutput, skillMapInput, skillMapOutput } from '../../contracts/progress';
import { criterionProgress, skillMap } from '../../services/progress/progress';
import { accessProcedure, router } from '../../trpc/init';
import { tenantManagers } from '../procedures';

export const progressRouter = router({
  /** A learner's levels by criterion across calls: one's own, or (admin, manager) a team member's. */
  get: accessProcedure({ roles: ACCESS.anyRole, clientScoped: true })
    .input(progressInput)
    .output(progressOutput)
    .query(({ ctx, input }) =>
      ctx.tenant((tx) =>
        criterionProgress(tx, { userId: ctx.user.id, role: ctx.role, tenantId: ctx.tenantId }, input.userId),
      ),
    ),

  /** The team skill map on the dashboard: reps × criteria, latest level and 4-week trend. */
  skillMap: tenantManagers()
    .input(skillMapInput)
    .output(skillMapOutput)
    .query(({ ctx, input }) =>
      ctx.tenant((tx) => skillMap(tx, { userId: ctx.user.id, role: ctx.role, tenantId: ctx.tenantId }, input)),
    ),
});
