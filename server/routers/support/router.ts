import { z } from 'zod';
import { createSupportRequest } from '../../services/support/support';
import { router, tenantProcedure } from '../../trpc/init';
import { supportInput } from '../../contracts/support';

export const supportRouter = router({
  create: tenantProcedure
    .input(supportInput)
    .output(z.object({ id: z.string(), mailed: z.boolean() }))
    .mutation(({ ctx, input }) =>
      createSupportRequest(ctx.tx, { tenantId: ctx.tenantId, userId: ctx.user.id, email: ctx.user.email }, input, ctx.deps.env.SUPPORT_EMAIL),
    ),
});
