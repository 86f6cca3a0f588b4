import { sessionCookie } from '../../auth/session';
import { finishOidcSignIn, OIDC_CALLBACK_PATH, OIDC_STATE_COOKIE } from '../../services/sso/oidc';
import { SsoFailure } from '../../services/sso/sign-in';
import { caught } from '../../metrics/caught';
import { requestOrigin } from './google-redirect';
import type { RestRoute } from './route';

/** A same-site path to land on after signing in, or the user's home. */
const landing = (returnTo: string | null, home: string) =>
  returnTo && /^\/(?![/\\])/.test(returnTo) ? returnTo : home;

/** Single sign-on by OpenID Connect: the provider sends the browser back here (a redirect, not JSON). */
export const ssoRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: OIDC_CALLBACK_PATH,
    handler: async ({ deps, res, url, meta, cookies }) => {
      const secure = meta.secure || deps.env.isProduction;
      const clearState = `${OIDC_STATE_COOKIE}=; HttpOnly; SameSite=Lax; Path=${OIDC_CALLBACK_PATH}; Max-Age=0${secure ? '; Secure' : ''}`;
      // the URL the provider redirected to, as registered (PUBLIC_URL when set), with its answer
      const callbackUrl = new URL(OIDC_CALLBACK_PATH, deps.env.PUBLIC_URL ?? requestOrigin(meta));
      callbackUrl.search = url.search;
      let location: string;
      const cookiesOut = [clearState];
      try {
        const done = await finishOidcSignIn(deps.db, {
          callbackUrl,
          cookieState: cookies[OIDC_STATE_COOKIE],
          encryptionKey: deps.env.ENCRYPTION_KEY,
          ip: meta.ip,
          userAgent: meta.userAgent,
        });
        cookiesOut.push(sessionCookie(done.token, done.expiresAt, { secure }));
        location = landing(done.returnTo, done.home);
      } catch (e) {
        if (!(e instanceof SsoFailure)) caught('sso_sign_in', 'single sign-on failed', { err: e });
        location = `/login?sso_error=${e instanceof SsoFailure ? e.reason : 'failed'}`;
      }
      res.writeHead(302, { Location: location, 'Set-Cookie': cookiesOut, 'Cache-Control': 'no-store' });
      res.end();
    },
  },
];
