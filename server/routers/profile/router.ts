import { z } from 'zod';
import { changePassword, getProfile, setLanguage, updateProfile } from '../../services/profile/profile';
import { withTenant } from '../../../db/tenant';
import { authedProcedure, router, tenantProcedure } from '../../trpc/init';
import { accountOutput, changePasswordInput, profileOutput, setLanguageInput, updateProfileInput } from '../../contracts/profile';

const ok = z.object({ ok: z.literal(true) });

export const profileRouter = router({
  get: tenantProcedure
    .meta({ rest: { method: 'GET', path: '/api/v1/auth/me', summary: 'The signed-in account', auth: 'user', tags: ['Account'], response: accountOutput } })
    .output(profileOutput)
    .query(({ ctx }) => getProfile(ctx.tx, ctx.user.id)),

  update: tenantProcedure
    .meta({ rest: { method: 'PUT', path: '/api/v1/auth/me', summary: 'Change the display name or username of the signed-in account', auth: 'user', tags: ['Account'], response: accountOutput } })
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

  // The REST API's PUT /api/v1/auth/language (it answers the language saved, not { ok })
  setAccountLanguage: tenantProcedure
    .meta({ rest: { method: 'PUT', path: '/api/v1/auth/language', summary: 'Save the language of the signed-in account', auth: 'user', tags: ['Account'] } })
    .input(setLanguageInput)
    .output(setLanguageInput)
    .mutation(async ({ ctx, input }) => {
      await setLanguage(ctx.tx, ctx.user.id, input.user_language);
      return { user_language: input.user_language };
    }),
});
