import { auditBy, auditOrigin, tenantAudited } from '../../trpc/audit-origin';
import { z } from 'zod';
import { AppError } from '../../errors';
import { router } from '../../trpc/init';
import { tenantAdmins, tenantManagers } from '../procedures';
import { exportUsersCsv } from '../../services/users/export';
import { importStatus, startImport } from '../../services/users/import-jobs';
import { baseUrlOf } from '../../services/assessments/links';
import {
  createManagedUser,
  deleteManagedUsers,
  listManagers,
  listUsers,
  updateManagedUser,
  type Actor,
} from '../../services/users/users';
import type { Role } from '../../contracts/roles';
import {
  bulkDeleteInput,
  createUserInput,
  createUserOutput,
  idInput,
  importCsvInput,
  importStatusInput,
  importStatusOutput,
  managedUserOutput,
  managerOutput,
  updateUserInput,
} from '../../contracts/users';

const admin = tenantAdmins();
const actor = (ctx: Parameters<typeof auditBy>[0] & { user: { id: string }; role: Role | null }): Actor => ({
  id: ctx.user.id,
  role: ctx.role,
  by: auditBy(ctx),
});

export const usersRouter = router({
  list: admin.output(z.array(managedUserOutput)).query(({ ctx }) => ctx.tenant((tx) => listUsers(tx))),

  /** For the "manager" picker: admins and managers edit teams, so both may read it. */
  managers: tenantManagers()
    .output(z.array(managerOutput))
    .query(({ ctx }) => ctx.tenant((tx) => listManagers(tx))),

  /**
   * Admins create any account. A sales manager adds team members (the Team page): only Sales Reps,
   * and always on their own team.
   */
  create: tenantManagers()
    .input(createUserInput)
    .output(createUserOutput)
    .mutation(({ ctx, input }) => {
      const { clientId: _c, ...fields } = input;
      if (ctx.role === 'sales_manager') {
        if (fields.userType !== 'sales_rep')
          throw new AppError('FORBIDDEN', 'Managers can add Sales Reps only', { field: 'userType' });
        fields.managerId = ctx.user.id;
      }
      return createManagedUser({
        tenant: ctx.tenant,
        by: auditBy(ctx),
        input: fields,
        policy: ctx.deps.env.passwordPolicy,
      });
    }),

  update: admin
    .input(updateUserInput)
    .output(managedUserOutput)
    .mutation(({ ctx, input }) => {
      const { clientId: _c, ...fields } = input;
      return updateManagedUser({
        tenant: ctx.tenant,
        actor: actor(ctx),
        input: fields,
        policy: ctx.deps.env.passwordPolicy,
        currentSessionId: ctx.session?.id,
      });
    }),

  delete: admin
    .input(idInput)
    .output(z.object({ deleted: z.number() }))
    .mutation(({ ctx, input }) => ctx.tenant((tx) => deleteManagedUsers(tx, actor(ctx), [input.id]))),

  /** All or none, in the request's transaction. */
  bulkDelete: admin
    .input(bulkDeleteInput)
    .output(z.object({ deleted: z.number() }))
    .mutation(({ ctx, input }) => ctx.tenant((tx) => deleteManagedUsers(tx, actor(ctx), input.ids))),

  exportCsv: admin
    .output(z.object({ csv: z.string(), count: z.number() }))
    .query(({ ctx }) =>
      tenantAudited(ctx, exportUsersCsv, (r) => ({ action: 'export.users', detail: `${r.count} rows` })),
    ),

  bulkImport: router({
    /** Checks the file's shape, starts the all-or-nothing import job and returns its id. */
    start: admin
      .input(importCsvInput)
      .output(z.object({ id: z.string(), total: z.number() }))
      .mutation(({ ctx, input }) =>
        ctx.tenant((tx) =>
          startImport({
            db: tx,
            tenantId: ctx.tenantId,
            actorUserId: ctx.user.id,
            origin: auditOrigin(ctx),
            csv: input.csv,
            baseUrl: baseUrlOf(ctx.deps.env, ctx.req),
          }),
        ),
      ),

    /** Progress; rejected rows when it failed; the created accounts, with one-time password links, once when done. */
    status: admin
      .input(importStatusInput)
      .output(importStatusOutput)
      .query(({ ctx, input }) =>
        ctx.tenant((tx) => importStatus({ db: tx, id: input.id, tenantId: ctx.tenantId, actorUserId: ctx.user.id })),
      ),
  }),
});
