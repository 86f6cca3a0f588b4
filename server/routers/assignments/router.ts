import { tenantAudited } from '../../trpc/audit-origin';
import { ACCESS } from '../../access/roles';
import {
  assignmentOptions,
  createAssignment,
  deleteAssignment,
  getAssignment,
  listAssignments,
  updateAssignment,
  type Actor,
  type MailContext,
} from '../../services/assignments/assignments';
import { myAssignments } from '../../services/assignments/mine';
import { exportAssignmentResults } from '../../services/assignments/export';
import { dismissReminder, remindAssignment } from '../../services/assignments/reminders';
import { accessProcedure, router } from '../../trpc/init';
import type { Context } from '../../trpc/context';
import {
  assignmentDetailOutput,
  assignmentIdInput,
  assignmentListOutput,
  createAssignmentInput,
  createAssignmentOutput,
  deleteOutput,
  dismissReminderOutput,
  exportResultsOutput,
  getAssignmentInput,
  listAssignmentsInput,
  mineInput,
  mineOutput,
  optionsOutput,
  reminderIdInput,
  remindOutput,
  updateAssignmentInput,
} from '../../contracts/assignments';

/** Managers (and demo managers, for demos) send assignments; admins see all of the tenant. */
const managerProcedure = accessProcedure({ roles: ACCESS.assigners, clientScoped: true });
/** Every role may ask for its own assignments (a sales rep's /assignments/sr). */
const anyRoleProcedure = accessProcedure({ roles: ACCESS.anyRole, clientScoped: true });

const actorOf = (ctx: Context & { tenantId: string; user: { id: string } }): Actor => ({
  userId: ctx.user.id,
  role: ctx.role,
  tenantId: ctx.tenantId,
});
const mailOf = (ctx: Context): MailContext => ({
  publicUrl: (ctx.deps.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/$/, ''),
  delivery: ctx.deps.env.SMTP_URL ? 'smtp' : 'outbox',
});

export const assignmentsRouter = router({
  /** Served from the per-viewer read cache when fresh (see server/cache/read-cache.ts). */
  list: accessProcedure({ roles: ACCESS.assigners, clientScoped: true })
    .input(listAssignmentsInput)
    .output(assignmentListOutput)
    .query(({ ctx, input }) => {
      const { status, page, pageSize, timeZone } = input;
      return ctx.cachedRead('assignments', [status, page, pageSize, timeZone ?? null], (tx) =>
        listAssignments(tx, actorOf(ctx), input),
      );
    }),

  get: managerProcedure
    .input(getAssignmentInput)
    .output(assignmentDetailOutput)
    .query(({ ctx, input }) =>
      ctx.tenant((tx) =>
        getAssignment({ tx, actor: actorOf(ctx), assignmentId: input.assignmentId, timeZone: input.timeZone }),
      ),
    ),

  /** The assignment's results as CSV (attempts, best, latest, the score that counts). */
  exportResults: managerProcedure
    .input(assignmentIdInput)
    .output(exportResultsOutput)
    .query(({ ctx, input }) =>
      tenantAudited(
        ctx,
        (tx) => exportAssignmentResults(tx, actorOf(ctx), input.assignmentId),
        (r) => ({ action: 'export.assignment_results', target: r.filename, detail: `${r.rows} rows` }),
      ),
    ),

  /** Simulations and reps the wizard can pick. */
  options: managerProcedure
    .output(optionsOutput)
    .query(({ ctx }) => ctx.tenant((tx) => assignmentOptions(tx, actorOf(ctx)))),

  create: managerProcedure
    .input(createAssignmentInput)
    .output(createAssignmentOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) => createAssignment({ tx, actor: actorOf(ctx), mail: mailOf(ctx), input })),
    ),

  update: managerProcedure
    .input(updateAssignmentInput)
    .output(deleteOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) => updateAssignment({ tx, actor: actorOf(ctx), mail: mailOf(ctx), input })),
    ),

  delete: managerProcedure
    .input(assignmentIdInput)
    .output(deleteOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => deleteAssignment(tx, actorOf(ctx), input.assignmentId))),

  remind: managerProcedure
    .input(assignmentIdInput)
    .output(remindOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) =>
        remindAssignment({ tx, actor: actorOf(ctx), mail: mailOf(ctx), assignmentId: input.assignmentId }),
      ),
    ),

  mine: anyRoleProcedure
    .input(mineInput)
    .output(mineOutput)
    .query(({ ctx, input }) =>
      ctx.tenant((tx) => myAssignments({ tx, actor: actorOf(ctx), timeZone: input.timeZone })),
    ),

  /** The rep closes one of their reminder notices. */
  dismissReminder: anyRoleProcedure
    .input(reminderIdInput)
    .output(dismissReminderOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) => dismissReminder({ tx, actor: actorOf(ctx), reminderId: input.reminderId })),
    ),
});
