import { ACCESS } from '../../access/roles';
import { z } from 'zod';
import {
  createWebhookInput,
  deliveriesInput,
  deliveryIdInput,
  updateWebhookInput,
  webhookDeliveriesOutput,
  webhookEndpointOutput,
  webhookIdInput,
  webhookWithSecretOutput,
} from '../../contracts/webhooks';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  rotateSecret,
  updateEndpoint,
} from '../../services/webhooks/endpoints';
import { tenantAudited } from '../../trpc/audit-origin';
import { accessProcedure, router } from '../../trpc/init';

/** Webhook endpoints of the tenant (/assessments): admins and managers. */

/** An endpoint as the audit log names it: without its query, which may carry a receiver's token. */
function shown(url: string): string {
  const u = URL.parse(url);
  return u ? `${u.origin}${u.pathname}` : url;
}

export const webhooksRouter = router({
  list: accessProcedure({ roles: ACCESS.managers })
    .output(z.array(webhookEndpointOutput))
    .query(({ ctx }) => ctx.tenant((tx) => listEndpoints(tx))),

  /** The secret is in this answer only. */
  create: accessProcedure({ roles: ACCESS.managers })
    .input(createWebhookInput)
    .output(webhookWithSecretOutput)
    .mutation(({ ctx, input }) =>
      tenantAudited(
        ctx,
        (tx) =>
          createEndpoint({
            tx,
            actor: { tenantId: ctx.tenantId, userId: ctx.user.id },
            input,
            allowPrivate: ctx.deps.env.WEBHOOKS_ALLOW_PRIVATE_URLS ?? false,
          }),
        (r) => ({ action: 'webhooks.created', target: shown(r.endpoint.url), detail: r.endpoint.events.join(', ') }),
      ),
    ),

  update: accessProcedure({ roles: ACCESS.managers })
    .input(updateWebhookInput)
    .output(webhookEndpointOutput)
    .mutation(({ ctx, input }) =>
      tenantAudited(
        ctx,
        (tx) => updateEndpoint(tx, input, ctx.deps.env.WEBHOOKS_ALLOW_PRIVATE_URLS ?? false),
        (e) => ({ action: 'webhooks.updated', target: shown(e.url), detail: `${e.status}; ${e.events.join(', ')}` }),
      ),
    ),

  rotateSecret: accessProcedure({ roles: ACCESS.managers })
    .input(webhookIdInput)
    .output(webhookWithSecretOutput)
    .mutation(({ ctx, input }) =>
      tenantAudited(
        ctx,
        (tx) => rotateSecret(tx, input.endpointId),
        (r) => ({ action: 'webhooks.secret_rotated', target: shown(r.endpoint.url) }),
      ),
    ),

  delete: accessProcedure({ roles: ACCESS.managers })
    .input(webhookIdInput)
    .output(z.object({ deleted: z.literal(true) }))
    .mutation(({ ctx, input }) =>
      tenantAudited(
        ctx,
        (tx) => deleteEndpoint(tx, input.endpointId),
        (r) => ({ action: 'webhooks.deleted', target: shown(r.url) }),
      ),
    ),

  deliveries: accessProcedure({ roles: ACCESS.managers })
    .input(deliveriesInput)
    .output(webhookDeliveriesOutput)
    .query(({ ctx, input }) => ctx.tenant((tx) => listDeliveries(tx, input.endpointId, input.page))),

  resend: accessProcedure({ roles: ACCESS.managers })
    .input(deliveryIdInput)
    .output(z.object({ queued: z.literal(true) }))
    .mutation(({ ctx, input }) => ctx.tenant((tx) => resendDelivery(tx, input.deliveryId))),
});
