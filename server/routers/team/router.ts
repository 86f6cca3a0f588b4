import { z } from 'zod';
import { listTeam, memberHistory } from '../../services/team/team';
import { router } from '../../trpc/init';
import { tenantManagers } from '../procedures';
import { memberHistoryOutput, memberIdInput, teamMemberOutput } from '../../contracts/team';

export const teamRouter = router({
  list: tenantManagers()
    .output(z.array(teamMemberOutput))
    .query(({ ctx }) =>
      ctx.tenant((tx) => listTeam(tx, { userId: ctx.user.id, role: ctx.role, tenantId: ctx.tenantId })),
    ),
  history: tenantManagers()
    .input(memberIdInput)
    .output(memberHistoryOutput)
    .query(({ ctx, input }) =>
      ctx.tenant((tx) =>
        memberHistory(tx, { userId: ctx.user.id, role: ctx.role, tenantId: ctx.tenantId }, input.userId),
      ),
    ),
});
