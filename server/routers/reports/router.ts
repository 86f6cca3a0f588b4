import { ACCESS } from '../../access/roles';
import { getReport, getReportStatus, overrideCriterion, retryReport } from '../../services/reports/reports';
import { accessProcedure, router } from '../../trpc/init';
import { tenantManagers } from '../procedures';
import {
  overrideInput,
  overrideResultOutput,
  reportCallInput,
  retryOutput,
  reportOutput,
  statusOutput,
} from '../../contracts/reports';

/** Any signed-in user with a role; the service narrows to the call's owner or the tenant's admins/managers. */
const viewerProcedure = accessProcedure({ roles: ACCESS.anyRole, clientScoped: true });

export const reportsRouter = router({
  get: viewerProcedure
    .input(reportCallInput)
    .output(reportOutput)
    .query(({ ctx, input }) =>
      ctx.tenant((tx) => getReport(tx, { userId: ctx.user.id, role: ctx.role }, input.callId)),
    ),

  /** Polled by the wait screen: the report status and the evaluation job's progress. */
  status: viewerProcedure
    .input(reportCallInput)
    .output(statusOutput)
    .query(({ ctx, input }) =>
      ctx.tenant((tx) => getReportStatus(tx, { userId: ctx.user.id, role: ctx.role }, input.callId)),
    ),

  /** Manager review of one criterion's level (note required); the score is recomputed in code. */
  override: tenantManagers()
    .input(overrideInput)
    .output(overrideResultOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) => overrideCriterion(tx, { userId: ctx.user.id, role: ctx.role }, input)),
    ),

  /**
   * Requeues the evaluation of a failed report (whoever may see it). Not in a request transaction:
   * the evaluation engine requeues on the system path in its own transaction.
   */
  retry: viewerProcedure
    .input(reportCallInput)
    .output(retryOutput)
    .mutation(({ ctx, input }) =>
      retryReport({
        db: ctx.deps.db,
        tenant: ctx.tenant,
        tenantId: ctx.tenantId,
        viewer: { userId: ctx.user.id, role: ctx.role },
        callId: input.callId,
      }),
    ),
});
