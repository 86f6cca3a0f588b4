import type { ServerResponse } from 'node:http';

/**
 * CSP for the built app; dev adds what Vite's client and React refresh need. `frameOrigins`: the
 * only other origins the page may frame (a campaign's scheduler on the guest's report page).
 * `connectOrigins`: other origins the pages may call (TELEMETRY_TRACE_ORIGINS: the APIs whose
 * requests carry trace headers).
 */
export function contentSecurityPolicy(dev: boolean, frameOrigins: readonly string[] = [], connectOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    dev ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'" : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'", // Mantine sets inline style attributes
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src 'self' ws: wss:${connectOrigins.length ? ` ${connectOrigins.join(' ')}` : ''}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(frameOrigins.length ? [`frame-src 'self' ${frameOrigins.join(' ')}`] : []),
  ].join('; ');
}

export function applySecurityHeaders(res: ServerResponse, dev: boolean, secure: boolean, connectOrigins: readonly string[] = []) {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(dev, [], connectOrigins));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
  res.setHeader('Permissions-Policy', 'microphone=(self), camera=(), geolocation=()');
  if (secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}
