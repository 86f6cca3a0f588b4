import { ACCESS } from '../../access/roles';
import { z } from 'zod';
import { listTeam, memberHistory } from '../../services/team/team';
import { accessProcedure, router } from '../../trpc/init';
import { memberHistoryOutput, memberIdInput, teamMemberOutput } from '../../contracts/team';

const managerProcedure = accessProcedure({ roles: ACCESS.managers, clientScoped: true });

export const teamRouter = router({
  list: managerProcedure
    .output(z.array(teamMemberOutput))
    .query(({ ctx }) =>
      ctx.tenant((tx) => listTeam(tx, { userId: ctx.user.id, role: ctx.role, tenantId: ctx.tenantId })),
    ),
  history: managerProcedure
    .input(memberIdInput)
    .output(memberHistoryOutput)
    .query(({ ctx, input }) =>
      ctx.tenant((tx) =>
        memberHistory(tx, { userId: ctx.user.id, role: ctx.role, tenantId: ctx.tenantId }, input.userId),
      ),
    ),
});
