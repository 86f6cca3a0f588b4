import { z } from 'zod';
import { changePassword, getProfile, setLanguage, updateProfile } from '../../services/profile/profile';
import { invalidateUserSessions } from '../../auth/session';
import { withTenant } from '../../../db/tenant';
import { authedProcedure, router, tenantProcedure } from '../../trpc/init';
import { changePasswordInput, profileOutput, setLanguageInput, updateProfileInput } from './schema';

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

  // Not a tenantProcedure: the sessions are invalidated after the password change commits. Inside
  // the tenant transaction, a second transaction on ctx.deps.db would wait forever on PGlite's
  // single connection (and on Postgres could sign devices out for a change that then rolls back).
  changePassword: authedProcedure
    .input(changePasswordInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await withTenant(ctx.deps.db, ctx.user.tenantId, (tx) => changePassword(tx, ctx.user.id, input, ctx.deps.env.passwordPolicy));
      // other devices must sign in again with the new password
      await invalidateUserSessions(ctx.deps.db, ctx.user.id, ctx.session?.id);
      return { ok: true as const };
    }),
});
