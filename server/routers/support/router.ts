import { z } from 'zod';
import { createSupportRequest } from '../../services/support/support';
import { accessProcedure, router } from '../../trpc/init';
import { supportInput } from '../../contracts/support';

export const supportRouter = router({
  create: accessProcedure()
    .input(supportInput)
    .output(z.object({ id: z.string(), mailed: z.boolean() }))
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) =>
        createSupportRequest({
          tx,
          requester: { tenantId: ctx.tenantId, userId: ctx.user.id, email: ctx.user.email },
          input,
          supportEmail: ctx.deps.env.SUPPORT_EMAIL,
        }),
      ),
    ),
});
