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
import { googleRoundTrip, requestOrigin } from './google-redirect';
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

const roundTrip = googleRoundTrip('/api/v1/auth/google', {
  state: GOOGLE_STATE_COOKIE,
  verifier: GOOGLE_VERIFIER_COOKIE,
});

/** Google sign-in: browser redirects, not JSON (the account endpoints are procedures: server/routers/profile/router.ts). */
export const authRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/auth/google/start',
    handler: async ({ deps, res, meta }) => {
      roundTrip.start(res, meta.secure, startGoogleSignIn(googleConfig(deps, requestOrigin(meta))));
    },
  },
  {
    method: 'GET',
    path: '/api/v1/auth/google/callback',
    handler: async ({ deps, res, url, meta, cookies }) => {
      const cfg = googleConfig(deps, requestOrigin(meta));
      try {
        const { token, expiresAt } = await finishGoogleSignIn({
          db: deps.db,
          params: {
            code: url.searchParams.get('code'),
            state: url.searchParams.get('state'),
            error: url.searchParams.get('error'),
          },
          cookies: roundTrip.read(cookies),
          exchange: deps.googleExchange ?? arcticExchange(cfg),
        });
        roundTrip.finish(res, meta.secure, '/auth/google/done?status=ok', [
          sessionCookie(token, expiresAt, { secure: meta.secure || deps.env.isProduction }),
        ]);
      } catch (e) {
        const code = isAppError(e) ? e.code : 'GOOGLE_FAILED';
        // our own refusals are the user's answer; anything else is ours to see
        if (!isAppError(e)) caught('google_sign_in', 'Google sign-in failed', { err: e });
        roundTrip.finish(res, meta.secure, `/auth/google/done?status=error&code=${code}`);
      }
    },
  },
];
