import { blankSessionCookie, invalidateSession, sessionCookie } from '../../auth/session';
import { homePathFor, roleOf } from '../../contracts/roles';
import { clientInfoFor, loginWithPassword } from '../../services/auth/login';
import { publicProcedure, router } from '../../trpc/init';
import { okOutput } from '../../contracts/records';
import type { Context } from '../../trpc/context';
import { logger } from '../../logger';
import { z } from 'zod';
import type { UserType } from '../../contracts/enums';
import {
  confirmTwoFactorEnrolmentInput,
  confirmTwoFactorEnrolmentOutput,
  loginInput,
  loginOutput,
  meOutput,
  passwordLinkInput,
  setPasswordWithLinkInput,
  twoFactorChallengeInput,
  twoFactorEnrolmentOutput,
  verifyTwoFactorInput,
  verifyTwoFactorOutput,
} from '../../contracts/auth';
import { passwordLinkAccount, setPasswordWithLink } from '../../auth/password-links';
import { loginLimits } from '../../auth/throttle';
import { confirmSignInEnrolment, startSignInEnrolment, verifySignIn } from '../../services/two-factor/sign-in';

const throttleLimits = (ctx: Context) => loginLimits(ctx.deps.env);

/** Sets the session cookie of a finished sign-in and says where the user's home is. */
function signedIn(ctx: Context, s: { userId: string; userType: UserType; token: string; expiresAt: Date }) {
  ctx.setCookie(sessionCookie(s.token, s.expiresAt, { secure: ctx.req.secure || ctx.deps.env.isProduction }));
  logger.info({ userId: s.userId }, 'signed in');
  return { home: homePathFor(roleOf(s.userType)) };
}

const secondStepInput = (ctx: Context, input: { challenge: string; code: string }) => ({
  ...input,
  env: ctx.deps.env,
  ip: ctx.req.ip,
  userAgent: ctx.req.userAgent,
  limits: throttleLimits(ctx),
});

function isInternalUser(ctx: Context, email: string, clientSchema: string): boolean {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  return clientSchema === ctx.deps.env.INTERNAL_CLIENT_SCHEMA || ctx.deps.env.internalEmailDomains.includes(domain);
}

export const authRouter = router({
  login: publicProcedure
    .input(loginInput)
    .output(loginOutput)
    .mutation(async ({ ctx, input }) => {
      const r = await loginWithPassword(
        ctx.deps.db,
        { ...input, ip: ctx.req.ip, userAgent: ctx.req.userAgent },
        throttleLimits(ctx),
      );
      if (r.kind === 'twoFactor') return { twoFactor: r.step, challenge: r.challenge };
      return signedIn(ctx, r);
    }),

  /** The second step of a password sign-in: a code from the authenticator app or a recovery code. */
  verifyTwoFactor: publicProcedure
    .input(verifyTwoFactorInput)
    .output(verifyTwoFactorOutput)
    .mutation(async ({ ctx, input }) => signedIn(ctx, await verifySignIn(ctx.deps.db, secondStepInput(ctx, input)))),

  /** An admin who must set up two-factor sign-in first: the secret of a new authenticator (QR code and text). */
  startTwoFactorEnrolment: publicProcedure
    .input(twoFactorChallengeInput)
    .output(twoFactorEnrolmentOutput)
    .mutation(({ ctx, input }) => startSignInEnrolment(ctx.deps.db, { challenge: input.challenge, env: ctx.deps.env })),

  /** Confirms the new authenticator with its first code: the session, and the recovery codes to keep. */
  confirmTwoFactorEnrolment: publicProcedure
    .input(confirmTwoFactorEnrolmentInput)
    .output(confirmTwoFactorEnrolmentOutput)
    .mutation(async ({ ctx, input }) => {
      const r = await confirmSignInEnrolment(ctx.deps.db, secondStepInput(ctx, input));
      return { ...signedIn(ctx, r), recoveryCodes: r.recoveryCodes };
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
