import { z } from 'zod';
import { ACCESS } from '../../access/roles';
import { listScormPackagesInput, scormPackageIdInput, scormPackageOutput } from '../../contracts/scorm';
import { listScormPackages, revokeScormPackage } from '../../services/lms/scorm/packages';
import { tenantAudited } from '../../trpc/audit-origin';
import { accessProcedure, router } from '../../trpc/init';

/**
 * SCORM packages (the admin LMS page, a simulation's or certification's page): managers and
 * admins list and revoke their tenant's packages. A package is created, with its zip, by
 * POST /api/v1/lms/scorm/packages (server/rest/v1/scorm.ts).
 */
export const scormRouter = router({
  list: accessProcedure({ roles: ACCESS.managers })
    .input(listScormPackagesInput)
    .output(z.array(scormPackageOutput))
    .query(({ ctx, input }) => ctx.tenant((tx) => listScormPackages(tx, input ?? {}))),

  revoke: accessProcedure({ roles: ACCESS.managers })
    .input(scormPackageIdInput)
    .output(scormPackageOutput)
    .mutation(({ ctx, input }) =>
      tenantAudited(
        ctx,
        (tx) => revokeScormPackage(tx, { userId: ctx.user.id }, input.packageId),
        (p) => ({ action: 'scorm.package_revoked', target: p.title, detail: p.id }),
      ),
    ),
});
