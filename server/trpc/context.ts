import { TRPCError } from '@trpc/server';
import { isDatabaseUnavailable } from '../../db/errors';
import { AppError } from '../errors';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDeps } from '../deps';
import { parseCookie } from 'cookie';
import { SESSION_COOKIE, sessionCookie, validateSessionToken, type SessionUser } from '../auth/session';
import { roleOf, type Role } from '../contracts/roles';
import { requestMeta, type RequestMeta } from '../http/request-meta';
import type { ApiKeyPrincipal } from '../services/api-keys/api-keys';

export interface Context {
  deps: AppDeps;
  user: SessionUser | null;
  role: Role | null;
  session: { id: string; expiresAt: Date } | null;
  req: RequestMeta;
  /** The partner API key the REST adapter authenticated (endpoints with `auth: 'apiKey'`); null otherwise. */
  apiKey: ApiKeyPrincipal | null;
  /** Queue a Set-Cookie header on the response (no-op outside HTTP). */
  setCookie: (cookie: string) => void;
}

/** Reads the session from the cookie or a Bearer token; refreshes the cookie when its expiry moved. */
export async function resolveSession(deps: AppDeps, req: IncomingMessage, meta: RequestMeta) {
  const auth = req.headers.authorization;
  const bearer = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
  const token = bearer || (req.headers.cookie ? parseCookie(req.headers.cookie)[SESSION_COOKIE] : undefined);
  if (!token) return { validated: null, fromCookie: false, token: undefined };
  const validated = await validateSessionToken(deps.db, token).catch((e: unknown) => {
    // the session cannot be read while the database is down: say so (503), not "sign in again"
    if (isDatabaseUnavailable(e))
      throw new TRPCError({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The database is not answering',
        cause: new AppError('UNAVAILABLE', 'The database is not answering'),
      });
    throw e;
  });
  return { validated, fromCookie: !bearer, token, secure: meta.secure };
}

export type ResolvedSession = Awaited<ReturnType<typeof resolveSession>>;

/** The request's context; `resolved` is the session the caller already read (the REST adapter), else it is read here. */
export async function createHttpContext(
  deps: AppDeps,
  req: IncomingMessage,
  res: ServerResponse,
  resolved?: ResolvedSession,
  apiKey: ApiKeyPrincipal | null = null,
): Promise<Context> {
  const meta = requestMeta(req, deps.env.TRUST_PROXY);
  const { validated, fromCookie, token } = resolved ?? (await resolveSession(deps, req, meta));
  const cookies: string[] = [];
  const setCookie = (c: string) => {
    cookies.push(c);
    res.setHeader('Set-Cookie', cookies);
  };
  if (validated?.refreshed && fromCookie && token)
    setCookie(sessionCookie(token, validated.session.expiresAt, { secure: meta.secure }));
  return {
    deps,
    user: validated?.user ?? null,
    role: validated ? roleOf(validated.user.userType) : null,
    session: validated?.session ?? null,
    apiKey,
    req: meta,
    setCookie,
  };
}

/** A context without a request, for createCaller in tests and scripts. */
export function createTestContext(
  deps: AppDeps,
  user: SessionUser | null = null,
  opts: { ip?: string; apiKey?: ApiKeyPrincipal } = {},
): Context & { cookies: string[] } {
  const cookies: string[] = [];
  return {
    deps,
    user,
    role: user ? roleOf(user.userType) : null,
    session: user ? { id: 'test-session', expiresAt: new Date(Date.now() + 86_400_000) } : null,
    apiKey: opts.apiKey ?? null,
    req: { ip: opts.ip ?? '127.0.0.1', secure: false, origin: undefined, host: 'localhost', userAgent: 'test' },
    setCookie: (c) => cookies.push(c),
    cookies,
  };
}
