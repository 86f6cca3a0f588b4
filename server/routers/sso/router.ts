import { z } from 'zod';
import {
  addDomainInput,
  domainIdInput,
  ssoPolicyInput,
  ssoSettingsOutput,
  updateOidcInput,
  type SsoSettings,
} from '../../contracts/sso';
import type { UserType } from '../../contracts/enums';
import { okOutput } from '../../contracts/records';
import type { Context } from '../../trpc/context';
import { OIDC_CALLBACK_PATH } from '../../services/sso/oidc';
import {
  addSsoDomain,
  removeSsoDomain,
  saveOidcProvider,
  saveSsoPolicy,
  ssoSettings,
  verifySsoDomain,
} from '../../services/sso/settings';
import { auditOrigin } from '../../trpc/audit-origin';
import { router } from '../../trpc/init';
import { tenantAdmins } from '../procedures';

/** This server's address as the browser sees it (PUBLIC_URL when set): redirect URIs are built on it. */
export function publicBase(ctx: Pick<Context, 'req' | 'deps'>): string {
  return ctx.deps.env.PUBLIC_URL ?? `${ctx.req.secure ? 'https' : 'http'}://${ctx.req.host ?? 'localhost'}`;
}

const dnsServers = (ctx: Pick<Context, 'deps'>) =>
  ctx.deps.env.DNS_SERVERS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Single sign-on of the tenant (Admin → Security): the OpenID Connect provider, domains, policy. */
export const ssoRouter = router({
  get: tenantAdmins()
    .output(ssoSettingsOutput)
    .query(({ ctx }): Promise<SsoSettings> =>
      ctx.tenant((tx) =>
        ssoSettings(tx, {
          tenantId: ctx.tenantId,
          redirectUri: new URL(OIDC_CALLBACK_PATH, publicBase(ctx)).toString(),
          canKeepSecrets: !!ctx.deps.env.ENCRYPTION_KEY,
        }),
      ),
    ),

  updateOidc: tenantAdmins()
    .input(updateOidcInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await saveOidcProvider({
        tenant: ctx.tenant,
        tenantId: ctx.tenantId,
        input,
        encryptionKey: ctx.deps.env.ENCRYPTION_KEY,
        origin: auditOrigin(ctx),
      });
      return { ok: true as const };
    }),

  addDomain: tenantAdmins()
    .input(addDomainInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) => addSsoDomain(tx, { tenantId: ctx.tenantId, domain: input.domain, origin: auditOrigin(ctx) })),
    ),

  verifyDomain: tenantAdmins()
    .input(domainIdInput)
    .output(z.object({ verified: z.boolean() }))
    .mutation(({ ctx, input }) =>
      verifySsoDomain({
        tenant: ctx.tenant,
        tenantId: ctx.tenantId,
        id: input.id,
        dnsServers: dnsServers(ctx),
        origin: auditOrigin(ctx),
      }),
    ),

  removeDomain: tenantAdmins()
    .input(domainIdInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.tenant((tx) => removeSsoDomain(tx, { tenantId: ctx.tenantId, id: input.id, origin: auditOrigin(ctx) }));
      return { ok: true as const };
    }),

  updatePolicy: tenantAdmins()
    .input(ssoPolicyInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.tenant((tx) =>
        saveSsoPolicy(tx, {
          tenantId: ctx.tenantId,
          requireSso: input.requireSso,
          ssoUserType: input.ssoUserType as UserType,
          origin: auditOrigin(ctx),
        }),
      );
      return { ok: true as const };
    }),
});
