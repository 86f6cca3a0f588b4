import { ROLES } from '../../contracts/roles';
import { getReport, getReportStatus, overrideCriterion, retryReport } from '../../services/reports/reports';
import { resolveReportTenant } from '../../services/reports/tenant';
import { authedRoleProcedure, clientIdInput, clientScopedProcedure, router } from '../../trpc/init';
import { overrideInput, overrideResultOutput, reportCallInput, retryOutput, reportOutput, statusOutput } from '../../contracts/reports';

/** Any signed-in user with a role; the service narrows to the call's owner or the tenant's admins/managers. */
const viewerProcedure = clientScopedProcedure(...ROLES);

export const reportsRouter = router({
  get: viewerProcedure
    .input(reportCallInput)
    .output(reportOutput)
    .query(({ ctx, input }) => getReport(ctx.tx, { userId: ctx.user.id, role: ctx.role }, input.callId)),

  /** Polled by the wait screen: the report status and the evaluation job's progress. */
  status: viewerProcedure
    .input(reportCallInput)
    .output(statusOutput)
    .query(({ ctx, input }) => getReportStatus(ctx.tx, { userId: ctx.user.id, role: ctx.role }, input.callId)),

  /** Manager review of one criterion's level (note required); the score is recomputed in code. */
  override: clientScopedProcedure('admin', 'sales_manager')
    .input(overrideInput)
    .output(overrideResultOutput)
    .mutation(({ ctx, input }) => overrideCriterion(ctx.tx, { userId: ctx.user.id, role: ctx.role }, input)),

  /**
   * Requeues the evaluation of a failed report (whoever may see it). Not in a request transaction:
   * the evaluation engine requeues on the system path in its own transaction.
   */
  retry: authedRoleProcedure(...ROLES)
    .input(clientIdInput)
    .input(reportCallInput)
    .output(retryOutput)
    .mutation(async ({ ctx, input }) => {
      const tenantId = await resolveReportTenant(ctx.deps.db, ctx.user, ctx.role, input.clientId);
      return retryReport(ctx.deps.db, tenantId, { userId: ctx.user.id, role: ctx.role }, input.callId);
    }),
});
