import { ACCESS } from '../../access/roles';
import { z } from 'zod';
import type { Tx } from '../../../db/client';
import { asSystem, type SystemReason } from '../../../db/tenant';
import {
  clientDeletionPreview,
  createClient,
  deleteClient,
  duplicateClient,
  getClient,
  listClients,
  updateClient,
} from '../../services/clients/clients';
import { accessProcedure, router } from '../../trpc/init';
import { okOutput } from '../../contracts/records';
import type { Context } from '../../trpc/context';
import { auditOrigin } from '../../trpc/audit-origin';
import {
  clientIdParam,
  clientOutput,
  createClientInput,
  deleteClientInput,
  deletionPreviewOutput,
  duplicateClientInput,
  duplicateClientOutput,
  updateClientInput,
} from '../../contracts/clients';

type Authed = Context & { user: NonNullable<Context['user']> };

/** Reads through the system path (clients are cross-tenant by nature); no audit row. */
const read = <T>(ctx: Authed, action: string, fn: (tx: Tx) => Promise<T>) =>
  asSystem(ctx.deps.db, { action, actorUserId: ctx.user.id }, fn);

/**
 * Mutations through the audited system path: the audit_log row is written in the same
 * transaction. `fn` may fill in the reason (the new client's id) before it is recorded.
 */
const audited = <T>(ctx: Authed, action: string, fn: (tx: Tx, reason: SystemReason) => Promise<T>) => {
  const reason: SystemReason = { action, ...auditOrigin(ctx), audit: true };
  return asSystem(ctx.deps.db, reason, (tx) => fn(tx, reason));
};

export const clientsRouter = router({
  list: accessProcedure({ roles: ACCESS.superusers })
    .output(z.array(clientOutput))
    .query(({ ctx }) => read(ctx, 'clients.list', (tx) => listClients(tx))),

  get: accessProcedure({ roles: ACCESS.superusers })
    .input(clientIdParam)
    .output(clientOutput)
    .query(({ ctx, input }) => read(ctx, 'clients.get', (tx) => getClient(tx, input.id))),

  create: accessProcedure({ roles: ACCESS.superusers })
    .input(createClientInput)
    .output(clientOutput)
    .mutation(({ ctx, input }) =>
      audited(ctx, 'clients.create', async (tx, reason) => {
        const c = await createClient(tx, input);
        reason.tenantId = c.id;
        reason.detail = c.schemaName;
        return c;
      }),
    ),

  update: accessProcedure({ roles: ACCESS.superusers })
    .input(updateClientInput)
    .output(clientOutput)
    .mutation(({ ctx, input }) =>
      audited(ctx, 'clients.update', async (tx, reason) => {
        reason.tenantId = input.id;
        return updateClient(tx, input);
      }),
    ),

  duplicate: accessProcedure({ roles: ACCESS.superusers })
    .input(duplicateClientInput)
    .output(duplicateClientOutput)
    .mutation(({ ctx, input }) =>
      audited(ctx, 'clients.duplicate', async (tx, reason) => {
        const result = await duplicateClient(tx, input);
        reason.tenantId = result.client.id;
        reason.detail = `from ${input.id}`;
        return result;
      }),
    ),

  deletionPreview: accessProcedure({ roles: ACCESS.superusers })
    .input(clientIdParam)
    .output(deletionPreviewOutput)
    .query(({ ctx, input }) =>
      read(ctx, 'clients.deletion_preview', (tx) => clientDeletionPreview(tx, input.id, ctx.user.tenantId)),
    ),

  delete: accessProcedure({ roles: ACCESS.superusers })
    .input(deleteClientInput)
    .output(okOutput)
    .mutation(({ ctx, input }) =>
      audited(ctx, 'clients.delete', async (tx, reason) => {
        reason.tenantId = input.id;
        const { schemaName } = await deleteClient(tx, input, ctx.user.tenantId);
        reason.detail = schemaName;
        return { ok: true as const };
      }),
    ),
});
