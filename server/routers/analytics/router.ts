import { ACCESS } from '../../access/roles';
import { clientAnalytics } from '../../services/analytics/analytics';
import { accessProcedure, router } from '../../trpc/init';
import { clientAnalyticsOutput } from '../../contracts/analytics';

export const analyticsRouter = router({
  /** Superuser only (client detail tab): pass clientId. */
  client: accessProcedure({ roles: ACCESS.superusers, clientScoped: true })
    .output(clientAnalyticsOutput)
    .query(({ ctx }) => ctx.tenant((tx) => clientAnalytics(tx, ctx.tenantId))),
});
