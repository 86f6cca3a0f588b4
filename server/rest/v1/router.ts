import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { withTenant } from '../../../db/tenant';
import type { AppDeps } from '../../deps';
import { AppError, isAppError } from '../../errors';
import { isSameOrigin, requestMeta, type RequestMeta } from '../../http/request-meta';
import { readJsonBody, sendError, sendJson } from '../../http/respond';
import { logger } from '../../logger';
import { resolveSession } from '../../trpc/context';
import type { ValidatedSession } from '../../auth/session';
import { authRoutes } from './auth';
import { healthRoutes } from './health';
import { knowledgeRoutes } from './knowledge';
import { callRoutes } from './calls';
import { reportsRoutes } from './reports';

export interface RestContext {
  deps: AppDeps;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  meta: RequestMeta;
  /** Path parameters (`:name` segments of the route path), percent-decoded. */
  params: Record<string, string>;
  /** The signed-in session (cookie or Bearer), or null. */
  session: () => Promise<ValidatedSession | null>;
  body: () => Promise<unknown>;
}

export type RestHandler = (ctx: RestContext) => Promise<void>;
export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  handler: RestHandler;
}

export function requireSession(s: ValidatedSession | null): ValidatedSession {
  if (!s) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  return s;
}

/** Parses input with zod; a failure is a 400 VALIDATION with field errors. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw new AppError('VALIDATION', 'Invalid request', { fieldErrors: z.flattenError(r.error).fieldErrors });
  return r.data;
}

export { withTenant };

/**
 * Matches a request path against a route path whose `:name` segments match any one non-empty
 * segment; returns the decoded parameters, or null.
 */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      if (!got[i]) return null;
      try {
        params[want[i].slice(1)] = decodeURIComponent(got[i]);
      } catch {
        return null;
      }
    } else if (want[i] !== got[i]) return null;
  }
  return params;
}

export function createRestHandler(deps: AppDeps) {
  const routes: RestRoute[] = [...healthRoutes, ...authRoutes, ...knowledgeRoutes, ...callRoutes, ...reportsRoutes];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const matching = routes.flatMap((r) => {
      const params = matchPath(r.path, path);
      return params ? [{ ...r, params }] : [];
    });
    if (matching.length === 0) return sendError(res, 'NOT_FOUND', `No such endpoint: ${path}`);
    const method = (req.method ?? 'GET').toUpperCase();
    const route = matching.find((r) => r.method === method || (method === 'HEAD' && r.method === 'GET'));
    if (!route) {
      return sendError(res, 'METHOD_NOT_ALLOWED', `Method ${method} not allowed`, {}, { Allow: matching.map((r) => r.method).join(', ') });
    }
    const meta = requestMeta(req, deps.env.TRUST_PROXY ?? false);
    let sessionPromise: Promise<ValidatedSession | null> | undefined;
    let usesCookie = false;
    const ctx: RestContext = {
      deps,
      req,
      res,
      url,
      meta,
      params: route.params,
      session: () =>
        (sessionPromise ??= resolveSession(deps, req, meta).then((r) => {
          usesCookie = r.fromCookie;
          return r.validated;
        })),
      body: () => readJsonBody(req),
    };
    try {
      if (method !== 'GET' && method !== 'HEAD') {
        await ctx.session();
        if (!isSameOrigin(meta, deps.env.PUBLIC_URL, usesCookie)) throw new AppError('CSRF', 'Cross-site request refused');
      }
      await route.handler(ctx);
      // a successful write: the writer's tenant's cached reads (dashboard, lists) are stale now
      if (method !== 'GET' && method !== 'HEAD' && res.statusCode < 400) {
        const s = await ctx.session();
        if (s) deps.readCache?.invalidateTenant(s.user.tenantId);
      }
    } catch (e) {
      if (isAppError(e)) {
        const retry = e.details?.retryAfterSeconds;
        return sendError(res, e.code, e.message, e.details ? { details: e.details } : {}, retry ? { 'Retry-After': String(retry) } : {});
      }
      logger.error({ err: e, path }, 'unhandled REST error');
      if (!res.headersSent) sendError(res, 'INTERNAL', 'An unexpected error occurred');
      else res.destroy();
    }
  };
}

export { sendJson };
