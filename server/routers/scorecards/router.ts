import { tenantAudited } from '../../trpc/audit-origin';
import { z } from 'zod';
import {
  createScorecard,
  deleteScorecard,
  getScorecard,
  listScorecards,
  listScorecardVersions,
  updateScorecard,
} from '../../services/scorecards/scorecards';
import { router } from '../../trpc/init';
import { tenantManagers } from '../procedures';
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
const procedure = tenantManagers();

export const scorecardsRouter = router({
  list: procedure.output(z.array(scorecardListItemOutput)).query(({ ctx }) => ctx.tenant((tx) => listScorecards(tx))),

  get: procedure
    .input(scorecardIdInput)
    .output(scorecardOutput)
    .query(({ ctx, input }) => ctx.tenant((tx) => getScorecard(tx, input.id))),

  versions: procedure
    .input(scorecardIdInput)
    .output(z.array(scorecardVersionOutput))
    .query(({ ctx, input }) => ctx.tenant((tx) => listScorecardVersions(tx, input.id))),

  create: procedure
    .input(scorecardInput)
    .output(scorecardOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant(async (tx) => {
        const { clientId: _clientId, ...values } = input;
        return createScorecard(tx, ctx.tenantId, values);
      }),
    ),

  update: procedure
    .input(updateScorecardInput)
    .output(scorecardOutput.extend({ newVersion: z.boolean() }))
    .mutation(({ ctx, input }) =>
      ctx.tenant(async (tx) => {
        const { clientId: _clientId, id, ...values } = input;
        return updateScorecard({ tx, tenantId: ctx.tenantId, id, input: values });
      }),
    ),

  delete: procedure
    .input(scorecardIdInput)
    .output(deleteScorecardOutput)
    .mutation(({ ctx, input }) =>
      tenantAudited(
        ctx,
        (tx) => deleteScorecard(tx, input.id),
        (r) => ({ action: 'scorecards.deleted', target: r.name, detail: r.mode }),
      ),
    ),
});
