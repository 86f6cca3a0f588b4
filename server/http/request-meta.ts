import type { IncomingMessage } from 'node:http';

export interface RequestMeta {
  ip: string;
  secure: boolean;
  origin: string | undefined;
  host: string | undefined;
  userAgent: string | undefined;
}

export function requestMeta(req: IncomingMessage, trustProxy: boolean): RequestMeta {
  const fwdFor = trustProxy ? String(req.headers['x-forwarded-for'] ?? '').split(',')[0].trim() : '';
  const fwdProto = trustProxy ? String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim() : '';
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  return {
    ip: fwdFor || req.socket.remoteAddress || 'unknown',
    secure: encrypted || fwdProto === 'https',
    origin: typeof req.headers.origin === 'string' ? req.headers.origin : undefined,
    host: (trustProxy && typeof req.headers['x-forwarded-host'] === 'string' ? req.headers['x-forwarded-host'] : req.headers.host) || undefined,
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
