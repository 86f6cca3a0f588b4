import { changePassword, getProfile, setLanguage, updateProfile } from '../../services/profile/profile';
import { accessProcedure, router } from '../../trpc/init';
import { okOutput } from '../../contracts/records';
import {
  accountOutput,
  changePasswordInput,
  profileOutput,
  setLanguageInput,
  updateProfileInput,
} from '../../contracts/profile';

export const profileRouter = router({
  get: accessProcedure()
    .meta({
      rest: {
        method: 'GET',
        path: '/api/v1/auth/me',
        summary: 'The signed-in account',
        auth: 'user',
        tags: ['Account'],
        response: accountOutput,
      },
    })
    .output(profileOutput)
    .query(({ ctx }) => ctx.tenant((tx) => getProfile(tx, ctx.user.id))),

  update: accessProcedure()
    .meta({
      rest: {
        method: 'PUT',
        path: '/api/v1/auth/me',
        errors: ['CONFLICT'],
        summary: 'Change the display name or username of the signed-in account',
        auth: 'user',
        tags: ['Account'],
        response: accountOutput,
      },
    })
    .input(updateProfileInput)
    .output(profileOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant(async (tx) => {
        await updateProfile(tx, ctx.user.id, input);
        return getProfile(tx, ctx.user.id);
      }),
    ),

  setLanguage: accessProcedure()
    .input(setLanguageInput)
    .output(okOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant(async (tx) => {
        await setLanguage(tx, ctx.user.id, input.user_language);
        return { ok: true as const };
      }),
    ),

  // argon2 runs between two short transactions; the new password and the sign-out of the other
  // devices commit together (changePassword keeps the current session).
  changePassword: accessProcedure()
    .input(changePasswordInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await changePassword({
        tenant: ctx.tenant,
        userId: ctx.user.id,
        input,
        policy: ctx.deps.env.passwordPolicy,
        currentSessionId: ctx.session?.id,
      });
      return { ok: true as const };
    }),

  // The REST API's PUT /api/v1/auth/language (it answers the language saved, not { ok })
  setAccountLanguage: accessProcedure()
    .meta({
      rest: {
        method: 'PUT',
        path: '/api/v1/auth/language',
        summary: 'Save the language of the signed-in account',
        auth: 'user',
        tags: ['Account'],
      },
    })
    .input(setLanguageInput)
    .output(setLanguageInput)
    .mutation(({ ctx, input }) =>
      ctx.tenant(async (tx) => {
        await setLanguage(tx, ctx.user.id, input.user_language);
        return { user_language: input.user_language };
      }),
    ),
});
