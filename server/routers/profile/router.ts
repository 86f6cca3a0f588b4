import { z } from 'zod';
import { changePassword, getProfile, setLanguage, updateProfile } from '../../services/profile/profile';
import { withTenant } from '../../../db/tenant';
import { authedProcedure, router, tenantProcedure } from '../../trpc/init';
import { changePasswordInput, profileOutput, setLanguageInput, updateProfileInput } from '../../contracts/profile';

const ok = z.object({ ok: z.literal(true) });

export const profileRouter = router({
  get: tenantProcedure.output(profileOutput).query(({ ctx }) => getProfile(ctx.tx, ctx.user.id)),

  update: tenantProcedure
    .input(updateProfileInput)
    .output(profileOutput)
    .mutation(async ({ ctx, input }) => {
      await updateProfile(ctx.tx, ctx.user.id, input);
      return getProfile(ctx.tx, ctx.user.id);
    }),

  setLanguage: tenantProcedure
    .input(setLanguageInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await setLanguage(ctx.tx, ctx.user.id, input.user_language);
      return { ok: true as const };
    }),

  // The new password and the sign-out of the other devices commit together (changePassword ends
  // the sessions in the same tenant transaction, keeping the current one).
  changePassword: authedProcedure
    .input(changePasswordInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await withTenant(ctx.deps.db, ctx.user.tenantId, (tx) => changePassword(tx, ctx.user.id, input, ctx.deps.env.passwordPolicy, ctx.session?.id));
      return { ok: true as const };
    }),
});
