import { z } from 'zod';
import { ACCESS } from '../../access/roles';
import { samlSettingsOutput, updateSamlInput } from '../../contracts/sso-saml';
import {
  fetchSamlMetadata,
  getSamlSettings,
  samlMetadataUrl,
  updateSamlSettings,
} from '../../services/sso/saml-settings';
import { auditOrigin } from '../../trpc/audit-origin';
import type { Context } from '../../trpc/context';
import { accessProcedure, router } from '../../trpc/init';

/** SAML single sign-on of the admin's own tenant (Admin → Security). */

const admins = () => accessProcedure({ roles: ACCESS.admins });
const allowPrivate = (ctx: Context) => ctx.deps.env.WEBHOOKS_ALLOW_PRIVATE_URLS ?? false;
// the SP's addresses: PUBLIC_URL, else the origin this request came to
const base = (ctx: Context) => ctx.deps.env.PUBLIC_URL ?? `${ctx.req.secure ? 'https' : 'http'}://${ctx.req.host}`;

export const ssoSamlRouter = router({
  get: admins()
    .output(samlSettingsOutput)
    .query(({ ctx }) => ctx.tenant((tx) => getSamlSettings(tx, { tenantId: ctx.tenantId, base: base(ctx) }))),

  /** New metadata (XML, or a URL fetched now) is parsed first: metadata that is not usable saves nothing. */
  update: admins()
    .input(updateSamlInput)
    .output(samlSettingsOutput)
    .mutation(async ({ ctx, input }) => {
      const fetchedXml =
        input.metadataUrl !== undefined ? await fetchSamlMetadata(input.metadataUrl, allowPrivate(ctx)) : undefined;
      return ctx.tenant(async (tx) => {
        await updateSamlSettings(tx, {
          tenantId: ctx.tenantId,
          input: { ...input, fetchedXml },
          origin: auditOrigin(ctx),
        });
        return getSamlSettings(tx, { tenantId: ctx.tenantId, base: base(ctx) });
      });
    }),

  /** Fetches the metadata again from its stored URL (the IdP rotated its certificate). */
  refreshMetadata: admins()
    .input(z.object({}).optional())
    .output(samlSettingsOutput)
    .mutation(async ({ ctx }) => {
      const { url, enabled } = await ctx.tenant((tx) => samlMetadataUrl(tx, ctx.tenantId));
      const fetchedXml = await fetchSamlMetadata(url, allowPrivate(ctx));
      return ctx.tenant(async (tx) => {
        await updateSamlSettings(tx, {
          tenantId: ctx.tenantId,
          input: { enabled, metadataUrl: url, fetchedXml },
          origin: auditOrigin(ctx),
        });
        return getSamlSettings(tx, { tenantId: ctx.tenantId, base: base(ctx) });
      });
    }),
});
