import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

export interface RequestMeta {
  ip: string;
  secure: boolean;
  origin: string | undefined;
  host: string | undefined;
  userAgent: string | undefined;
}

/**
 * Who sent the request and over what, behind `trustProxy` reverse proxies (a hop count). The
 * address is the one Fastify gives as `request.ip`: X-Forwarded-For read from the right, past the
 * trusted hops, so a client's own X-Forwarded-For entries are never taken for its address. Proto
 * and host are the values the nearest proxy set (the rightmost). Works on the raw request because
 * the call socket's upgrade has no Fastify request.
 */
export function requestMeta(req: IncomingMessage, trustProxy: number): RequestMeta {
  const nearest = (name: string) => {
    const v = req.headers[name];
    return trustProxy && typeof v === 'string' ? (v.split(',').pop() ?? '').trim() : '';
  };
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  return {
    ip: (trustProxy ? proxyAddr(req, (_addr, hop) => hop < trustProxy) : req.socket.remoteAddress) || 'unknown',
    secure: encrypted || nearest('x-forwarded-proto') === 'https',
    origin: typeof req.headers.origin === 'string' ? req.headers.origin : undefined,
    host: nearest('x-forwarded-host') || req.headers.host || undefined,
    userAgent: req.headers['user-agent'],
  };
}

/**
 * Cross-site request protection for mutations: a browser always sends Origin on POST/PUT/DELETE,
 * and it must be this site (or PUBLIC_URL). A request with no Origin is allowed only when it does
 * not ride on the session cookie (a partner using a Bearer token or an API key).
 */
export function isSameOrigin(meta: RequestMeta, publicUrl: string | undefined, usesCookie: boolean): boolean {
  if (!meta.origin) return !usesCookie;
  if (meta.origin === 'null') return false;
  let originHost: string;
  try {
    originHost = new URL(meta.origin).host;
  } catch {
    return false;
  }
  if (meta.host && originHost === meta.host) return true;
  if (publicUrl) {
    try {
      return new URL(publicUrl).host === originHost;
    } catch {
      return false;
    }
  }
  return false;
}
