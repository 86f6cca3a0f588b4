import { ACCESS } from '../../access/roles';
import { z } from 'zod';
import {
  createLtiPlatformInput,
  ltiPlatformIdInput,
  ltiPlatformOutput,
  ltiPlatformsOutput,
  setLtiPlatformEnabledInput,
  updateLtiPlatformInput,
} from '../../contracts/lti';
import {
  createLtiPlatform,
  deleteLtiPlatform,
  listLtiPlatforms,
  setLtiPlatformEnabled,
  updateLtiPlatform,
} from '../../services/lms/lti/platforms';
import { tenantAudited } from '../../trpc/audit-origin';
import type { Context } from '../../trpc/context';
import { accessProcedure, router } from '../../trpc/init';

/** The LTI 1.3 platforms of the admin's own tenant (Admin → LMS). */

const admins = () => accessProcedure({ roles: ACCESS.admins });
const allowPrivate = (ctx: Context) => ctx.deps.env.WEBHOOKS_ALLOW_PRIVATE_URLS ?? false;
// Spar's addresses the LMS is given: PUBLIC_URL, else the origin this request came to
const base = (ctx: Context) => ctx.deps.env.PUBLIC_URL ?? `${ctx.req.secure ? 'https' : 'http'}://${ctx.req.host}`;

export const ltiRouter = router({
  list: admins()
    .output(ltiPlatformsOutput)
    .query(({ ctx }) => ctx.tenant((tx) => listLtiPlatforms(tx, { base: base(ctx), tenantId: ctx.tenantId }))),

  create: admins()
    .input(createLtiPlatformInput)
    .output(ltiPlatformOutput)
    .mutation(({ ctx, input }) =>
      tenantAudited(
        ctx,
        (tx) =>
          createLtiPlatform(tx, {
            tenantId: ctx.tenantId,
            userId: ctx.user.id,
            input,
            allowPrivate: allowPrivate(ctx),
            base: base(ctx),
          }),
        (p) => ({ action: 'lti.platform_created', target: p.name, detail: `${p.issuer}; ${p.clientId}` }),
      ),
    ),

  update: admins()
    .input(updateLtiPlatformInput)
    .output(ltiPlatformOutput)
    .mutation(({ ctx, input: { platformId, ...input } }) =>
      tenantAudited(
        ctx,
        (tx) => updateLtiPlatform(tx, { platformId, input, allowPrivate: allowPrivate(ctx), base: base(ctx) }),
        (p) => ({ action: 'lti.platform_updated', target: p.name, detail: `${p.issuer}; ${p.clientId}` }),
      ),
    ),

  setEnabled: admins()
    .input(setLtiPlatformEnabledInput)
    .output(ltiPlatformOutput)
    .mutation(({ ctx, input }) =>
      tenantAudited(
        ctx,
        (tx) => setLtiPlatformEnabled(tx, { ...input, base: base(ctx) }),
        (p) => ({ action: p.disabledAt ? 'lti.platform_disabled' : 'lti.platform_enabled', target: p.name }),
      ),
    ),

  delete: admins()
    .input(ltiPlatformIdInput)
    .output(z.object({ deleted: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await tenantAudited(
        ctx,
        (tx) => deleteLtiPlatform(tx, input.platformId),
        (p) => ({ action: 'lti.platform_deleted', target: p.name, detail: p.issuer }),
      );
      return { deleted: true as const };
    }),
});
