import { z } from 'zod';
import { changePassword, getProfile, setLanguage, updateProfile } from '../../services/profile/profile';
import { accessProcedure, router } from '../../trpc/init';
import { changePasswordInput, profileOutput, setLanguageInput, updateProfileInput } from '../../contracts/profile';

const ok = z.object({ ok: z.literal(true) });

export const profileRouter = router({
  get: accessProcedure().output(profileOutput).query(({ ctx }) => ctx.tenant((tx) => getProfile(tx, ctx.user.id))),

  update: accessProcedure()
    .input(updateProfileInput)
    .output(profileOutput)
    .mutation(({ ctx, input }) => ctx.tenant(async (tx) => {
      await updateProfile(tx, ctx.user.id, input);
      return getProfile(tx, ctx.user.id);
    })),

  setLanguage: accessProcedure()
    .input(setLanguageInput)
    .output(ok)
    .mutation(({ ctx, input }) => ctx.tenant(async (tx) => {
      await setLanguage(tx, ctx.user.id, input.user_language);
      return { ok: true as const };
    })),

  // argon2 runs between two short transactions; the new password and the sign-out of the other
  // devices commit together (changePassword keeps the current session).
  changePassword: accessProcedure()
    .input(changePasswordInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.tenant, ctx.user.id, input, ctx.deps.env.passwordPolicy, ctx.session?.id);
      return { ok: true as const };
    }),
});
