import { TRPCError } from '@trpc/server';
import { isDatabaseUnavailable } from '../../../db/errors';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDeps } from '../../deps';
import { AppError, isAppError } from '../../errors';
import { isSameOrigin, requestMeta } from '../../http/request-meta';
import { parseJsonText, readTextBody, sendError } from '../../http/respond';
import { logger } from '../../logger';
import { resolveSession, type ResolvedSession } from '../../trpc/context';
import { matchPath, type RestContext, type RestRoute } from './route';
import { authRoutes } from './auth';
import { debugRoutes, devTokenRoutes } from './dev';
import { healthRoutes } from './health';
import { knowledgeRoutes } from './knowledge';
import { callRoutes } from './calls';
import { reportsRoutes } from './reports';
import { assessmentRoutes } from './assessments';
import { ctaRoutes } from './cta';
import { meetingRoutes } from './meetings';
import { telemetryRoutes } from './telemetry';
import { realtimeRoutes } from './realtime';
import { documentationRoutes } from './docs';
import { procedureRoutes } from '../procedure-routes';

/**
 * Every route this server answers: the procedures declared as REST endpoints, the hand-written
 * ones (redirects, binary uploads and downloads, health, development helpers) and the API's own
 * reference. Development helpers exist only when their setting is on: when off they are not routes
 * at all, so they answer 404 like any unknown path.
 */
export function restRoutes(env: AppDeps['env']): RestRoute[] {
  const routes: RestRoute[] = [
    ...healthRoutes,
    ...procedureRoutes(),
    ...authRoutes,
    ...(env.devTokenEnabled ? devTokenRoutes : []),
    ...(env.debugEndpointsEnabled ? debugRoutes : []),
    ...knowledgeRoutes,
    ...callRoutes,
    ...reportsRoutes,
    ...assessmentRoutes,
    ...ctaRoutes,
    ...meetingRoutes,
    ...telemetryRoutes,
    ...realtimeRoutes,
  ];
  const docs: RestRoute[] = documentationRoutes(() => [...routes, ...docs]);
  return [...routes, ...docs];
}

/** Whether the REST handler answers this request URL: the API under /api/v1 and its reference page. */
export function isRestUrl(url: string): boolean {
  const path = url.split('?')[0];
  return path === '/api/v1' || path.startsWith('/api/v1/') || path === '/api/docs' || path === '/api/docs/';
}

export function createRestHandler(deps: AppDeps) {
  const routes = restRoutes(deps.env);
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    // a literal segment wins over a parameter: /assessments/simulations before /assessments/:id
    const matching = routes
      .flatMap((r) => {
        const params = matchPath(r.path, path);
        return params ? [{ ...r, params }] : [];
      })
      .sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length);
    if (matching.length === 0) return sendError(res, 'NOT_FOUND', `No such endpoint: ${path}`);
    const method = (req.method ?? 'GET').toUpperCase();
    const route = matching.find((r) => r.method === method || (method === 'HEAD' && r.method === 'GET'));
    if (!route) {
      return sendError(res, 'METHOD_NOT_ALLOWED', `Method ${method} not allowed`, {}, { Allow: matching.map((r) => r.method).join(', ') });
    }
    const meta = requestMeta(req, deps.env.TRUST_PROXY ?? false);
    let resolvedPromise: Promise<ResolvedSession> | undefined;
    const resolvedSession = () => (resolvedPromise ??= resolveSession(deps, req, meta));
    let text: Promise<string> | undefined;
    const rawBody = () => (text ??= readTextBody(req));
    const ctx: RestContext = {
      deps,
      req,
      res,
      url,
      meta,
      params: route.params,
      session: () => resolvedSession().then((r) => r.validated),
      resolvedSession,
      body: async () => parseJsonText(await rawBody()),
      rawBody,
    };
    try {
      if (method !== 'GET' && method !== 'HEAD') {
        const { fromCookie } = await resolvedSession();
        if (!isSameOrigin(meta, deps.env.PUBLIC_URL, fromCookie)) throw new AppError('CSRF', 'Cross-site request refused');
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
      const cause = e instanceof TRPCError ? e.cause : e;
      if (isAppError(cause)) return sendError(res, cause.code, cause.message);
      if (isDatabaseUnavailable(e)) {
        logger.warn({ path }, 'database unavailable');
        if (!res.headersSent) return sendError(res, 'UNAVAILABLE', 'The database is not answering', {}, { 'Retry-After': '5' });
      }
      logger.error({ err: e, path }, 'unhandled REST error');
      if (!res.headersSent) sendError(res, 'INTERNAL', 'An unexpected error occurred');
      else res.destroy();
    }
  };
}

export type { RestContext, RestRoute };
