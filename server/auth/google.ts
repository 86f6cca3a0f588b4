import { decodeIdToken, generateCodeVerifier, generateState, Google } from 'arctic';
import { AppError } from '../errors';

/** What the ID token says of the user (only verified emails sign in: server/services/auth/google.ts). */
export interface GoogleClaims {
  email?: unknown;
  email_verified?: unknown;
  sub?: unknown;
}

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

/** What Google sends back to the redirect URI, and the cookies set when the flow started. */
export interface GoogleCallback {
  params: { code?: string | null; state?: string | null; error?: string | null };
  cookies: { state?: string; verifier?: string };
}

/**
 * The end of a Google authorization (sign-in or calendar connection): the state must match the
 * cookie's, then the code is exchanged with the PKCE verifier. Any failure is GOOGLE_FAILED;
 * `onExchangeError` sees why the exchange itself failed.
 */
export async function exchangeGoogleCode<T>(
  { params, cookies }: GoogleCallback,
  exchange: (code: string, codeVerifier: string) => Promise<T>,
  onExchangeError?: (e: unknown) => void,
): Promise<T> {
  if (params.error) throw new AppError('GOOGLE_FAILED', `Google returned ${params.error}`);
  if (!params.code || !params.state || !cookies.state || !cookies.verifier)
    throw new AppError('GOOGLE_FAILED', 'Missing state or code');
  if (params.state !== cookies.state) throw new AppError('GOOGLE_FAILED', 'State mismatch');
  try {
    return await exchange(params.code, cookies.verifier);
  } catch (e) {
    onExchangeError?.(e);
    throw new AppError('GOOGLE_FAILED', 'Google code exchange failed');
  }
}
