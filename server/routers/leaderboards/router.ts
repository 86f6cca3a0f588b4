import { ACCESS } from '../../access/roles';
import {
  coachingSettingsOutput,
  leaderboardInput,
  leaderboardOutput,
  updateCoachingSettingsInput,
} from '../../contracts/leaderboards';
import { leaderboard, leaderboardNames, saveLeaderboardNames } from '../../services/leaderboards/leaderboards';
import { accessProcedure, router } from '../../trpc/init';
import { tenantAdmins } from '../procedures';

export const leaderboardsRouter = router({
  /** One board of the caller's team; a rep's answer names other reps only when the tenant shows names. */
  get: accessProcedure({ roles: ACCESS.anyRole, clientScoped: true })
    .input(leaderboardInput)
    .output(leaderboardOutput)
    .query(({ ctx, input }) =>
      ctx.tenant((tx) => leaderboard(tx, { userId: ctx.user.id, role: ctx.role, tenantId: ctx.tenantId }, input)),
    ),

  /** The tenant's choice: reps see each other's names on leaderboards, or ranks only (admins). */
  settings: tenantAdmins()
    .output(coachingSettingsOutput)
    .query(({ ctx }) => ctx.tenant(async (tx) => ({ leaderboardNames: await leaderboardNames(tx, ctx.tenantId) }))),

  updateSettings: tenantAdmins()
    .input(updateCoachingSettingsInput)
    .output(coachingSettingsOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => saveLeaderboardNames(tx, ctx.tenantId, input.leaderboardNames))),
});
