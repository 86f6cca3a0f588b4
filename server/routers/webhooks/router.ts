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
import { accessProcedure, router } from '../../trpc/init';

/** Webhook endpoints of the tenant (/assessments): admins and managers. */

export const webhooksRouter = router({
  list: accessProcedure({ roles: ACCESS.managers })
    .output(z.array(webhookEndpointOutput))
    .query(({ ctx }) => ctx.tenant((tx) => listEndpoints(tx))),

  /** The secret is in this answer only. */
  create: accessProcedure({ roles: ACCESS.managers })
    .input(createWebhookInput)
    .output(webhookWithSecretOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) =>
        createEndpoint({
          tx,
          actor: { tenantId: ctx.tenantId, userId: ctx.user.id },
          input,
          allowPrivate: ctx.deps.env.WEBHOOKS_ALLOW_PRIVATE_URLS ?? false,
        }),
      ),
    ),

  update: accessProcedure({ roles: ACCESS.managers })
    .input(updateWebhookInput)
    .output(webhookEndpointOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) => updateEndpoint(tx, input, ctx.deps.env.WEBHOOKS_ALLOW_PRIVATE_URLS ?? false)),
    ),

  rotateSecret: accessProcedure({ roles: ACCESS.managers })
    .input(webhookIdInput)
    .output(webhookWithSecretOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => rotateSecret(tx, input.endpointId))),

  delete: accessProcedure({ roles: ACCESS.managers })
    .input(webhookIdInput)
    .output(z.object({ deleted: z.literal(true) }))
    .mutation(({ ctx, input }) => ctx.tenant((tx) => deleteEndpoint(tx, input.endpointId))),

  deliveries: accessProcedure({ roles: ACCESS.managers })
    .input(deliveriesInput)
    .output(webhookDeliveriesOutput)
    .query(({ ctx, input }) => ctx.tenant((tx) => listDeliveries(tx, input.endpointId, input.page))),

  resend: accessProcedure({ roles: ACCESS.managers })
    .input(deliveryIdInput)
    .output(z.object({ queued: z.literal(true) }))
    .mutation(({ ctx, input }) => ctx.tenant((tx) => resendDelivery(tx, input.deliveryId))),
});
