import {
  auditExportOutput,
  auditFilterInput,
  auditListInput,
  auditListOutput,
  auditSettingsOutput,
  setAuditRetentionInput,
} from '../../contracts/audit';
import { auditRetentionDays, exportAuditLog, listAuditLog, setAuditRetention } from '../../services/audit/audit-log';
import { auditBy } from '../../trpc/audit-origin';
import { router } from '../../trpc/init';
import { tenantAdmins } from '../procedures';

/**
 * Admin → Audit log: the tenant's audit log for its admins (a superuser names a client), its CSV
 * export (recorded itself) and how long it is kept.
 */
export const auditRouter = router({
  list: tenantAdmins()
    .input(auditListInput)
    .output(auditListOutput)
    .query(({ ctx, input }) => ctx.tenant((tx) => listAuditLog(tx, input))),

  /** A query like the other exports (the file is made from the answer), written to the log itself. */
  exportCsv: tenantAdmins()
    .input(auditFilterInput)
    .output(auditExportOutput)
    .query(({ ctx, input }) => ctx.tenant((tx) => exportAuditLog(tx, auditBy(ctx), input))),

  settings: tenantAdmins()
    .output(auditSettingsOutput)
    .query(({ ctx }) => ctx.tenant(async (tx) => ({ retentionDays: await auditRetentionDays(tx) }))),

  setRetention: tenantAdmins()
    .input(setAuditRetentionInput)
    .output(auditSettingsOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => setAuditRetention(tx, auditBy(ctx), input.days))),
});
