import { decodeIdToken, generateCodeVerifier, generateState, Google } from 'arctic';

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
