import { z } from 'zod';
import { ACCESS } from '../../access/roles';
import {
  createdScimTokenOutput,
  createScimTokenInput,
  scimGroupOutput,
  scimInfoOutput,
  scimTokenIdInput,
  scimTokenOutput,
  setScimGroupMappingInput,
} from '../../contracts/scim';
import { baseUrlOf } from '../../services/assessments/links';
import { listGroupViews, setGroupMapping } from '../../services/scim/mapping';
import { createScimToken, listScimTokens, revokeScimToken } from '../../services/scim/tokens';
import { auditOrigin } from '../../trpc/audit-origin';
import { accessProcedure, router } from '../../trpc/init';
import { SCIM_PREFIX } from '../../rest/scim/routes';

/** Admin → Provisioning (SCIM): the tenant's admins manage its SCIM tokens and what its groups mean. */
const admins = () => accessProcedure({ roles: ACCESS.admins });

export const scimRouter = router({
  /** Where the identity provider sends its requests. */
  info: admins()
    .output(scimInfoOutput)
    .query(({ ctx }) => ({ baseUrl: `${baseUrlOf(ctx.deps.env, ctx.req)}${SCIM_PREFIX}` })),

  tokens: admins()
    .output(z.array(scimTokenOutput))
    .query(({ ctx }) => ctx.tenant((tx) => listScimTokens(tx))),

  /** The full token is in this answer only. */
  createToken: admins()
    .input(createScimTokenInput)
    .output(createdScimTokenOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) => createScimToken(tx, { tenantId: ctx.tenantId, origin: auditOrigin(ctx) }, input.name)),
    ),

  revokeToken: admins()
    .input(scimTokenIdInput)
    .output(scimTokenOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) => revokeScimToken(tx, { tenantId: ctx.tenantId, origin: auditOrigin(ctx) }, input.tokenId)),
    ),

  groups: admins()
    .output(z.array(scimGroupOutput))
    .query(({ ctx }) => ctx.tenant((tx) => listGroupViews(tx))),

  /** What membership of a group gives: a user type, a team, or nothing; its members get it at once. */
  setGroupMapping: admins()
    .input(setScimGroupMappingInput)
    .output(scimGroupOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) => setGroupMapping(tx, { tenantId: ctx.tenantId, origin: auditOrigin(ctx) }, input)),
    ),
});
