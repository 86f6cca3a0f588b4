import {
  arcticExchange,
  GOOGLE_STATE_COOKIE,
  GOOGLE_VERIFIER_COOKIE,
  startGoogleSignIn,
  type GoogleConfig,
} from '../../auth/google';
import { finishGoogleSignIn } from '../../services/auth/google';
import { sessionCookie } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { AppError, isAppError } from '../../errors';
import type { RestRoute } from './route';
import { caught } from '../../metrics/caught';

function googleConfig(deps: AppDeps, origin: string): GoogleConfig {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, PUBLIC_URL } = deps.env;
  if (!GOOGLE_CLIENT_ID || !GOOGLE_CLIENT_SECRET)
    throw new AppError('GOOGLE_DISABLED', 'Google sign-in is not configured');
  const base = PUBLIC_URL ?? origin;
  return {
    clientId: GOOGLE_CLIENT_ID,
    clientSecret: GOOGLE_CLIENT_SECRET,
    redirectUri: new URL('/api/v1/auth/google/callback', base).toString(),
  };
}

const shortCookie = (name: string, value: string, secure: boolean, maxAge = 600) =>
  `${name}=${value}; HttpOnly; SameSite=Lax; Path=/api/v1/auth/google; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;

/** Google sign-in: browser redirects, not JSON (the account endpoints are procedures: server/routers/profile/router.ts). */
export const authRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/auth/google/start',
    handler: async ({ deps, res, meta }) => {
      const cfg = googleConfig(deps, `${meta.secure ? 'https' : 'http'}://${meta.host}`);
      const { url, state, codeVerifier } = startGoogleSignIn(cfg);
      res.writeHead(302, {
        Location: url.toString(),
        'Set-Cookie': [
          shortCookie(GOOGLE_STATE_COOKIE, state, meta.secure),
          shortCookie(GOOGLE_VERIFIER_COOKIE, codeVerifier, meta.secure),
        ],
        'Cache-Control': 'no-store',
      });
      res.end();
    },
  },
  {
    method: 'GET',
    path: '/api/v1/auth/google/callback',
    handler: async ({ deps, res, url, meta, cookies }) => {
      const cfg = googleConfig(deps, `${meta.secure ? 'https' : 'http'}://${meta.host}`);
      const clear = [
        shortCookie(GOOGLE_STATE_COOKIE, '', meta.secure, 0),
        shortCookie(GOOGLE_VERIFIER_COOKIE, '', meta.secure, 0),
      ];
      try {
        const { token, expiresAt } = await finishGoogleSignIn({
          db: deps.db,
          params: {
            code: url.searchParams.get('code'),
            state: url.searchParams.get('state'),
            error: url.searchParams.get('error'),
          },
          cookies: { state: cookies[GOOGLE_STATE_COOKIE], verifier: cookies[GOOGLE_VERIFIER_COOKIE] },
          exchange: deps.googleExchange ?? arcticExchange(cfg),
        });
        res.writeHead(302, {
          Location: '/auth/google/done?status=ok',
          'Set-Cookie': [...clear, sessionCookie(token, expiresAt, { secure: meta.secure || deps.env.isProduction })],
          'Cache-Control': 'no-store',
        });
      } catch (e) {
        const code = isAppError(e) ? e.code : 'GOOGLE_FAILED';
        // our own refusals are the user's answer; anything else is ours to see
        if (!isAppError(e)) {
          caught('google_sign_in', 'Google sign-in failed', { err: e });
        }
        res.writeHead(302, {
          Location: `/auth/google/done?status=error&code=${code}`,
          'Set-Cookie': clear,
          'Cache-Control': 'no-store',
        });
      }
      res.end();
    },
  },
];
