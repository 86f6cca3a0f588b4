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
import { ssoStartInput } from '../../contracts/sso';
import { AppError } from '../../errors';
import { asSystem } from '../../../db/tenant';
import { OIDC_CALLBACK_PATH, OIDC_STATE_COOKIE, startOidcSignIn } from '../../services/sso/oidc';
import { ssoTenantForEmail } from '../../services/sso/settings';
import { SsoFailure } from '../../services/sso/sign-in';
import { publicBase } from '../sso/router';

/** A path of this site to land on after signing in; anything else (another site, `//host`) is dropped. */
const safeReturnTo = (p: string | undefined) => (p && /^\/(?![/\\])/.test(p) ? p : null);
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

  /**
   * "Continue with SSO": the organisation is found by the address's verified domain; the answer is
   * where the browser goes next (the OpenID Connect provider, or the SAML sign-in route).
   */
  ssoStart: publicProcedure
    .input(ssoStartInput)
    .output(z.object({ url: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const found = await asSystem(ctx.deps.db, { action: 'auth.sso_lookup' }, (tx) =>
        ssoTenantForEmail(tx, input.email),
      );
      const returnTo = safeReturnTo(input.returnTo);
      if (found?.protocols.includes('oidc')) {
        try {
          const { url, state } = await startOidcSignIn(ctx.deps.db, {
            tenantId: found.tenantId,
            redirectUri: new URL(OIDC_CALLBACK_PATH, publicBase(ctx)).toString(),
            returnTo,
            encryptionKey: ctx.deps.env.ENCRYPTION_KEY,
          });
          const secure = ctx.req.secure || ctx.deps.env.isProduction;
          ctx.setCookie(
            `${OIDC_STATE_COOKIE}=${state}; HttpOnly; SameSite=Lax; Path=${OIDC_CALLBACK_PATH}; Max-Age=600${secure ? '; Secure' : ''}`,
          );
          return { url };
        } catch (e) {
          if (e instanceof SsoFailure && e.reason === 'not_configured') throw new AppError('SSO_NOT_CONFIGURED');
          logger.warn({ err: e }, 'single sign-on could not start');
          throw new AppError('SSO_FAILED', 'The identity provider could not be reached');
        }
      }
      if (found?.protocols.includes('saml')) {
        const q = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
        return { url: `/api/v1/auth/sso/saml/${encodeURIComponent(found.schemaName)}/login${q}` };
      }
      throw new AppError('SSO_NOT_CONFIGURED', 'No single sign-on is set up for this e-mail domain');
    }),

  passwordPolicy: publicProcedure.query(({ ctx }) => ctx.deps.env.passwordPolicy),
});
