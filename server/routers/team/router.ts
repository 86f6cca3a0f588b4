import { z } from 'zod';
import { listTeam, memberHistory } from '../../services/team/team';
import { clientScopedProcedure, router } from '../../trpc/init';
import { memberHistoryOutput, memberIdInput, teamMemberOutput } from '../../contracts/team';

const managerProcedure = clientScopedProcedure('admin', 'sales_manager');

export const teamRouter = router({
  list: managerProcedure.output(z.array(teamMemberOutput)).query(({ ctx }) => listTeam(ctx.tx, { userId: ctx.user.id, role: ctx.role, tenantId: ctx.tenantId })),
  history: managerProcedure
    .input(memberIdInput)
    .output(memberHistoryOutput)
    .query(({ ctx, input }) => memberHistory(ctx.tx, { userId: ctx.user.id, role: ctx.role, tenantId: ctx.tenantId }, input.userId)),
});
