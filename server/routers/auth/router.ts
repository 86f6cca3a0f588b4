import { blankSessionCookie, invalidateSession, sessionCookie } from '../../auth/session';
import { homePathFor, roleOf } from '../../contracts/roles';
import { clientInfoFor, loginWithPassword } from '../../services/auth/login';
import { publicProcedure, router } from '../../trpc/init';
import { okOutput } from '../../contracts/records';
import type { Context } from '../../trpc/context';
import { logger } from '../../logger';
import { z } from 'zod';
import { loginInput, loginOutput, meOutput, passwordLinkInput, setPasswordWithLinkInput } from '../../contracts/auth';
import { passwordLinkAccount, setPasswordWithLink } from '../../auth/password-links';

function throttleLimits(ctx: Context) {
  const e = ctx.deps.env;
  return {
    perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    perAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
    windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
  };
}

function isInternalUser(ctx: Context, email: string, clientSchema: string): boolean {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  return clientSchema === ctx.deps.env.INTERNAL_CLIENT_SCHEMA || ctx.deps.env.internalEmailDomains.includes(domain);
}

export const authRouter = router({
  login: publicProcedure
    .input(loginInput)
    .output(loginOutput)
    .mutation(async ({ ctx, input }) => {
      const { userId, userType, token, expiresAt } = await loginWithPassword(
        ctx.deps.db,
        { ...input, ip: ctx.req.ip, userAgent: ctx.req.userAgent },
        throttleLimits(ctx),
      );
      ctx.setCookie(sessionCookie(token, expiresAt, { secure: ctx.req.secure || ctx.deps.env.isProduction }));
      logger.info({ userId }, 'signed in');
      return { home: homePathFor(roleOf(userType)) };
    }),

  /** Whose one-time "choose your password" link this is (the page greets them), or PASSWORD_LINK_INVALID. */
  passwordLink: publicProcedure
    .input(passwordLinkInput)
    .output(z.object({ email: z.string(), name: z.string() }))
    .query(({ ctx, input }) => passwordLinkAccount(ctx.deps.db, input.token)),

  /** Sets the password through a one-time link; the link, the user's other links and sessions end. */
  setPasswordWithLink: publicProcedure
    .input(setPasswordWithLinkInput)
    .output(z.object({ email: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const r = await setPasswordWithLink(ctx.deps.db, { ...input, policy: ctx.deps.env.passwordPolicy });
      logger.info('password chosen through a one-time link');
      return r;
    }),

  logout: publicProcedure.output(okOutput).mutation(async ({ ctx }) => {
    if (ctx.session) await invalidateSession(ctx.deps.db, ctx.session.id);
    ctx.setCookie(blankSessionCookie({ secure: ctx.req.secure || ctx.deps.env.isProduction }));
    return { ok: true as const };
  }),

  me: publicProcedure.output(meOutput).query(async ({ ctx }) => {
    if (!ctx.user) return null;
    const u = ctx.user;
    const client_info = await clientInfoFor(ctx.deps.db, u.tenantId);
    const role = roleOf(u.userType);
    return {
      user: {
        user_id: u.id,
        email: u.email,
        username: u.username,
        name: u.displayName,
        photoUrl: u.photoUrl,
        user_type: u.userType,
        user_language: u.language,
        role,
      },
      client_info,
      home: homePathFor(role),
      internal: isInternalUser(ctx, u.email, client_info.client_schema),
    };
  }),

  providers: publicProcedure.output(z.object({ google: z.boolean() })).query(({ ctx }) => ({
    google: !!(ctx.deps.env.GOOGLE_CLIENT_ID && ctx.deps.env.GOOGLE_CLIENT_SECRET),
  })),

  passwordPolicy: publicProcedure.query(({ ctx }) => ctx.deps.env.passwordPolicy),
});
