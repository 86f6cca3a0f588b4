import { z } from 'zod';
import {
  createScorecard,
  deleteScorecard,
  getScorecard,
  listScorecards,
  listScorecardVersions,
  updateScorecard,
} from '../../services/scorecards/scorecards';
import { clientScopedProcedure, router } from '../../trpc/init';
import {
  deleteScorecardOutput,
  scorecardIdInput,
  scorecardInput,
  scorecardListItemOutput,
  scorecardOutput,
  scorecardVersionOutput,
  updateScorecardInput,
} from '../../contracts/scorecards';

/** Scorecards are configured by a tenant's admins and managers (and a superuser via clientId). */
const procedure = clientScopedProcedure('admin', 'sales_manager');

export const scorecardsRouter = router({
  list: procedure.output(z.array(scorecardListItemOutput)).query(({ ctx }) => listScorecards(ctx.tx)),

  get: procedure
    .input(scorecardIdInput)
    .output(scorecardOutput)
    .query(({ ctx, input }) => getScorecard(ctx.tx, input.id)),

  versions: procedure
    .input(scorecardIdInput)
    .output(z.array(scorecardVersionOutput))
    .query(({ ctx, input }) => listScorecardVersions(ctx.tx, input.id)),

  create: procedure
    .input(scorecardInput)
    .output(scorecardOutput)
    .mutation(({ ctx, input }) => {
      const { clientId: _clientId, ...values } = input;
      return createScorecard(ctx.tx, ctx.tenantId, values);
    }),

  update: procedure
    .input(updateScorecardInput)
    .output(scorecardOutput.extend({ newVersion: z.boolean() }))
    .mutation(({ ctx, input }) => {
      const { clientId: _clientId, id, ...values } = input;
      return updateScorecard(ctx.tx, ctx.tenantId, id, values);
    }),

  delete: procedure
    .input(scorecardIdInput)
    .output(deleteScorecardOutput)
    .mutation(({ ctx, input }) => deleteScorecard(ctx.tx, input.id)),
});
