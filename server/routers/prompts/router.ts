import { ACCESS } from '../../access/roles';
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
import { accessProcedure, router } from '../../trpc/init';
import { okOutput } from '../../contracts/records';
import { tenantAdmins, tenantManagers } from '../procedures';
import {
  createPromptInput,
  listPromptsInput,
  placeholderOutput,
  promptIdInput,
  promptOutput,
  updatePromptInput,
} from '../../contracts/prompts';

// reads: the simulation wizard of managers picks prompts too; writes: admins
export const promptsRouter = router({
  placeholders: accessProcedure({ roles: ACCESS.managers })
    .output(z.array(placeholderOutput))
    .query(() => PROMPT_PLACEHOLDERS.map((p) => ({ ...p, kinds: [...p.kinds] }))),

  list: tenantManagers()
    .input(listPromptsInput)
    .output(z.array(promptOutput))
    .query(({ ctx, input }) => ctx.tenant((tx) => listPrompts(tx, ctx.tenantId, input.kind))),

  get: tenantManagers()
    .input(promptIdInput)
    .output(promptOutput)
    .query(({ ctx, input }) => ctx.tenant((tx) => getPrompt(tx, ctx.tenantId, input.id))),

  create: tenantAdmins()
    .input(createPromptInput)
    .output(promptOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => createPrompt(tx, ctx.tenantId, input))),

  update: tenantAdmins()
    .input(updatePromptInput)
    .output(promptOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => updatePrompt(tx, ctx.tenantId, input))),

  duplicate: tenantAdmins()
    .input(promptIdInput)
    .output(promptOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => duplicatePrompt(tx, ctx.tenantId, input.id))),

  delete: tenantAdmins()
    .input(promptIdInput)
    .output(okOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant(async (tx) => {
        await deletePrompt(tx, ctx.tenantId, input.id);
        return { ok: true as const };
      }),
    ),

  /** The system prompts alone (the Prompts tab of /spar-admin). */
  listSystem: accessProcedure({ roles: ACCESS.superusers })
    .output(z.array(promptOutput))
    .query(({ ctx }) =>
      asSystem(ctx.deps.db, { action: 'prompts.list_system', actorUserId: ctx.user.id }, (tx) => listSystemPrompts(tx)),
    ),

  /** Superusers may edit a system prompt's texts (never delete it); the edit survives restarts. */
  updateSystem: accessProcedure({ roles: ACCESS.superusers })
    .input(updatePromptInput)
    .output(promptOutput)
    .mutation(({ ctx, input }) =>
      asSystem(
        ctx.deps.db,
        { action: 'prompts.update_system', actorUserId: ctx.user.id, detail: input.id, audit: true },
        (tx) => updateSystemPrompt(tx, input),
      ),
    ),
});
