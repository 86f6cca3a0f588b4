import type { Env } from '../../env';

/** The product's public base URL: PUBLIC_URL, else the request's own origin (its scheme and host as the HTTP layer reads them). No trailing slash. */
export function baseUrlOf(env: Pick<Env, 'PUBLIC_URL'>, req: { secure: boolean; host: string | undefined }): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  return `${req.secure ? 'https' : 'http'}://${req.host ?? 'localhost'}`;
}

export const candidateLink = (baseUrl: string, assessmentId: string, token: string) =>
  `${baseUrl}/assessment/${assessmentId}?token=${encodeURIComponent(token)}`;
