import type { ServerResponse } from 'node:http';
import type { RestContext } from './route';

/*
 * The browser side of a Google OAuth round trip (sign-in, and connecting a calendar): the two
 * short-lived cookies (its state and PKCE verifier, scoped to the routes that read them) and the
 * redirects that set or clear them, never cached.
 */

/** The origin the request came to, for a redirect URI when PUBLIC_URL is not set. */
export const requestOrigin = (meta: RestContext['meta']) => `${meta.secure ? 'https' : 'http'}://${meta.host}`;

export function googleRoundTrip(path: string, names: { state: string; verifier: string }) {
  const cookie = (name: string, value: string, secure: boolean, maxAge: number) =>
    `${name}=${value}; HttpOnly; SameSite=Lax; Path=${path}; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
  return {
    /** To Google, with ten minutes to come back. */
    start(res: ServerResponse, secure: boolean, to: { url: URL; state: string; codeVerifier: string }) {
      redirect(res, to.url.toString(), [
        cookie(names.state, to.state, secure, 600),
        cookie(names.verifier, to.codeVerifier, secure, 600),
      ]);
    },
    /** The cookies Google's answer is checked against. */
    read: (cookies: Record<string, string | undefined>) => ({
      state: cookies[names.state],
      verifier: cookies[names.verifier],
    }),
    /** Back from Google to `location`, the round trip's cookies cleared (and `cookies` set). */
    finish(res: ServerResponse, secure: boolean, location: string, cookies: string[] = []) {
      redirect(res, location, [cookie(names.state, '', secure, 0), cookie(names.verifier, '', secure, 0), ...cookies]);
    },
  };
}

function redirect(res: ServerResponse, location: string, cookies: string[]) {
  res.writeHead(302, { Location: location, 'Set-Cookie': cookies, 'Cache-Control': 'no-store' });
  res.end();
}
