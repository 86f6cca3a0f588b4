import { clientAnalytics } from '../../services/analytics/analytics';
import { clientScopedProcedure, router } from '../../trpc/init';
import { clientAnalyticsOutput } from '../../contracts/analytics';

export const analyticsRouter = router({
  /** Superuser only (client detail tab): pass clientId. */
  client: clientScopedProcedure('superuser')
    .output(clientAnalyticsOutput)
    .query(({ ctx }) => clientAnalytics(ctx.tx, ctx.tenantId)),
});
