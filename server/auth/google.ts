import { decodeIdToken, generateCodeVerifier, generateState, Google } from 'arctic';
import type { Db } from '../../db/client';
import { AppError } from '../errors';
import { signInWithGoogleClaims, type GoogleClaims } from '../services/auth/google';

export const GOOGLE_STATE_COOKIE = 'spar_google_state';
export const GOOGLE_VERIFIER_COOKIE = 'spar_google_verifier';

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** Exchanges the code (with the PKCE verifier) for the ID token's claims; the provider boundary. */
export type CodeExchange = (code: string, codeVerifier: string) => Promise<GoogleClaims>;

export function arcticExchange(cfg: GoogleConfig): CodeExchange {
  const google = new Google(cfg.clientId, cfg.clientSecret, cfg.redirectUri);
  return async (code, verifier) => {
    const tokens = await google.validateAuthorizationCode(code, verifier);
    return decodeIdToken(tokens.idToken()) as GoogleClaims;
  };
}

export function startGoogleSignIn(cfg: GoogleConfig) {
  const google = new Google(cfg.clientId, cfg.clientSecret, cfg.redirectUri);
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = google.createAuthorizationURL(state, codeVerifier, ['openid', 'email', 'profile']);
  url.searchParams.set('prompt', 'select_account');
  return { url, state, codeVerifier };
}

/** Checks state and PKCE verifier, then signs in an existing user by verified email. */
export async function finishGoogleSignIn(
  db: Db,
  params: { code?: string | null; state?: string | null; error?: string | null },
  cookies: { state?: string; verifier?: string },
  exchange: CodeExchange,
) {
  if (params.error) throw new AppError('GOOGLE_FAILED', `Google returned ${params.error}`);
  if (!params.code || !params.state || !cookies.state || !cookies.verifier) throw new AppError('GOOGLE_FAILED', 'Missing state or code');
  if (params.state !== cookies.state) throw new AppError('GOOGLE_FAILED', 'State mismatch');
  let claims: GoogleClaims;
  try {
    claims = await exchange(params.code, cookies.verifier);
  } catch {
    throw new AppError('GOOGLE_FAILED', 'Google code exchange failed');
  }
  return signInWithGoogleClaims(db, claims);
}
