import { tenantAudited } from '../../trpc/audit-origin';
import { ACCESS } from '../../access/roles';
import type { Role } from '../../contracts/roles';
import {
  certificateIdInput,
  certificationDetailOutput,
  certificationIdInput,
  certificationListOutput,
  certificationValues,
  exportCertificatesOutput,
  myCertificatesOutput,
  updateCertificationInput,
  verifyCertificateInput,
  verifyCertificateOutput,
} from '../../contracts/certifications';
import { asSystem } from '../../../db/tenant';
import {
  archiveCertification,
  createCertification,
  exportCertificates,
  getCertification,
  listCertifications,
  myCertificates,
  newVerificationLink,
  revokeCertificate,
  updateCertification,
  verifyCertificate,
} from '../../services/certifications/certifications';
import { accessProcedure, publicProcedure, router } from '../../trpc/init';
import { tenantManagers } from '../procedures';
import { z } from 'zod';

/** Anyone with a role: the service narrows what each role sees. */
const anyRole = () => accessProcedure({ roles: ACCESS.anyRole, clientScoped: true });
const viewerOf = (ctx: { tenantId: string; user: { id: string }; role: Role | null }) => ({
  tenantId: ctx.tenantId,
  userId: ctx.user.id,
  role: ctx.role,
});
const idOutput = z.object({ id: z.uuid() });

export const certificationsRouter = router({
  list: anyRole()
    .output(certificationListOutput)
    .query(({ ctx }) => ctx.tenant((tx) => listCertifications(tx, viewerOf(ctx)))),
  get: anyRole()
    .input(certificationIdInput)
    .output(certificationDetailOutput)
    .query(({ ctx, input }) => ctx.tenant((tx) => getCertification(tx, viewerOf(ctx), { id: input.id }))),
  mine: anyRole()
    .output(myCertificatesOutput)
    .query(({ ctx }) => ctx.tenant((tx) => myCertificates(tx, viewerOf(ctx)))),
  create: tenantManagers()
    .input(certificationValues)
    .output(idOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => createCertification(tx, viewerOf(ctx), input))),
  update: tenantManagers()
    .input(updateCertificationInput)
    .output(idOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => updateCertification(tx, viewerOf(ctx), input))),
  archive: tenantManagers()
    .input(certificationIdInput)
    .output(idOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => archiveCertification(tx, viewerOf(ctx), input.id))),
  /** A new public verification link (the previous one stops verifying); the token is shown once. */
  newLink: anyRole()
    .input(certificateIdInput)
    .output(z.object({ token: z.string() }))
    .mutation(({ ctx, input }) => ctx.tenant((tx) => newVerificationLink(tx, viewerOf(ctx), input))),
  revoke: tenantManagers()
    .input(certificateIdInput)
    .output(idOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => revokeCertificate(tx, viewerOf(ctx), input))),
  export: tenantManagers()
    .output(exportCertificatesOutput)
    .query(({ ctx }) =>
      tenantAudited(
        ctx,
        (tx) => exportCertificates(tx, viewerOf(ctx)),
        (r) => ({ action: 'export.certificates', target: r.filename, detail: `${r.rows} rows` }),
      ),
    ),
  /** The public verification page: signed out, by the link's token alone (read on the system path). */
  verify: publicProcedure
    .input(verifyCertificateInput)
    .output(verifyCertificateOutput)
    .query(({ ctx, input }) =>
      asSystem(ctx.deps.db, { action: 'certificate.verify' }, (tx) => verifyCertificate(tx, input.token)),
    ),
});
