import { z } from 'zod';
import { asSystem } from '../../../db/tenant';
import { PROMPT_PLACEHOLDERS } from '../../contracts/prompt-placeholders';
import {
  createPrompt,
  deletePrompt,
  duplicatePrompt,
  getPrompt,
  listPrompts,
  listSystemPrompts,
  updatePrompt,
  updateSystemPrompt,
} from '../../services/prompts/prompts';
import { authedRoleProcedure, clientScopedProcedure, router } from '../../trpc/init';
import { superuserProcedure } from '../clients/procedures';
import { createPromptInput, listPromptsInput, placeholderOutput, promptIdInput, promptOutput, updatePromptInput } from '../../contracts/prompts';

const ok = z.object({ ok: z.literal(true) });
// reads: the simulation wizard of managers picks prompts too; writes: admins
const reader = () => clientScopedProcedure('admin', 'sales_manager');
const writer = () => clientScopedProcedure('admin');

export const promptsRouter = router({
  placeholders: authedRoleProcedure('admin', 'sales_manager')
    .output(z.array(placeholderOutput))
    .query(() => PROMPT_PLACEHOLDERS.map((p) => ({ ...p, kinds: [...p.kinds] }))),

  list: reader()
    .input(listPromptsInput)
    .output(z.array(promptOutput))
    .query(({ ctx, input }) => listPrompts(ctx.tx, ctx.tenantId, input.kind)),

  get: reader()
    .input(promptIdInput)
    .output(promptOutput)
    .query(({ ctx, input }) => getPrompt(ctx.tx, ctx.tenantId, input.id)),

  create: writer()
    .input(createPromptInput)
    .output(promptOutput)
    .mutation(({ ctx, input }) => createPrompt(ctx.tx, ctx.tenantId, input)),

  update: writer()
    .input(updatePromptInput)
    .output(promptOutput)
    .mutation(({ ctx, input }) => updatePrompt(ctx.tx, ctx.tenantId, input)),

  duplicate: writer()
    .input(promptIdInput)
    .output(promptOutput)
    .mutation(({ ctx, input }) => duplicatePrompt(ctx.tx, ctx.tenantId, input.id)),

  delete: writer()
    .input(promptIdInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await deletePrompt(ctx.tx, ctx.tenantId, input.id);
      return { ok: true as const };
    }),

  /** The system prompts alone (the Prompts tab of /spar-admin). */
  listSystem: superuserProcedure
    .output(z.array(promptOutput))
    .query(({ ctx }) => asSystem(ctx.deps.db, { action: 'prompts.list_system', actorUserId: ctx.user.id }, (tx) => listSystemPrompts(tx))),

  /** Superusers may edit a system prompt's texts (never delete it); the edit survives restarts. */
  updateSystem: superuserProcedure
    .input(updatePromptInput)
    .output(promptOutput)
    .mutation(({ ctx, input }) =>
      asSystem(ctx.deps.db, { action: 'prompts.update_system', actorUserId: ctx.user.id, detail: input.id, audit: true }, (tx) => updateSystemPrompt(tx, input)),
    ),
});
