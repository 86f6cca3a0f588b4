import { z } from 'zod';
import { mailSupportRequest, storeSupportRequest } from '../../services/support/support';
import { outsideTransaction } from '../../../db/tenant';
import { logger } from '../../logger';
import { router, tenantProcedure } from '../../trpc/init';
import { supportInput } from './schema';

export const supportRouter = router({
  create: tenantProcedure
    .input(supportInput)
    .output(z.object({ id: z.string(), mailed: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const row = await storeSupportRequest(ctx.tx, ctx.tenantId, ctx.user.id, input);
      const { db, mailer, env } = ctx.deps;
      const req = { id: row.id, tenantId: ctx.tenantId, from: ctx.user.email, ...input };
      // mail after the request's transaction commits; a mail failure never loses the stored request
      outsideTransaction(() =>
        setImmediate(() => {
          mailSupportRequest(db, mailer, env.SUPPORT_EMAIL, req).catch((e) => logger.error({ err: e }, 'support mail failed'));
        }),
      );
      return { id: row.id, mailed: !!env.SUPPORT_EMAIL };
    }),
});
