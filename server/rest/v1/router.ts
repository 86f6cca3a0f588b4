import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { isSameOrigin, requestMeta } from '../../http/request-meta';
import { errorAnswer, readTextBody, sendJson } from '../../http/respond';
import { logger } from '../../logger';
import { resolveSession, type ResolvedSession } from '../../trpc/context';
import { matchPath, type RestContext, type RestRoute } from './route';
import { authRoutes } from './auth';
import { ssoRoutes } from './sso';
import { debugRoutes, devTokenRoutes } from './dev';
import { healthRoutes } from './health';
import { knowledgeRoutes } from './knowledge';
import { callRoutes } from './calls';
import { reportsRoutes } from './reports';
import { certificatesRoutes } from './certificates';
import { assessmentRoutes } from './assessments';
import { ctaRoutes } from './cta';
import { meetingRoutes } from './meetings';
import { telemetryRoutes } from './telemetry';
import { documentationRoutes } from './docs';
import { ssoSamlRoutes } from './sso-saml';
import { scormRoutes } from './scorm';
import { ltiRoutes } from './lti';
import { procedureRoutes } from '../procedure-routes';
import { apiKeyPrefix, presentedApiKey } from '../../services/api-keys/api-keys';

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
    ...ssoRoutes,
    ...ssoSamlRoutes,
    ...(env.devTokenEnabled ? devTokenRoutes : []),
    ...(env.debugEndpointsEnabled ? debugRoutes : []),
    ...knowledgeRoutes,
    ...callRoutes,
    ...reportsRoutes,
    ...certificatesRoutes,
    ...assessmentRoutes,
    ...ctaRoutes,
    ...meetingRoutes,
    ...telemetryRoutes,
    ...scormRoutes,
    ...ltiRoutes,
  ];
  const docs: RestRoute[] = documentationRoutes(() => [...routes, ...docs]);
  return [...routes, ...docs];
}

/** Whether the REST handler answers this request URL: the API under /api/v1 and its reference page. */
export function isRestUrl(url: string): boolean {
  const path = url.split('?')[0];
  return (
    path === '/api/v1' ||
    path.startsWith('/api/v1/') ||
    path === '/api/docs' ||
    path === '/api/docs/' ||
    path === '/health'
  );
}

/**
 * The methods the API answers at `path` (for a 405's Allow), by the same patterns as the routes:
 * Fastify answers only a path and method it knows, the rest reaches its not-found handler.
 */
export function allowedMethods(routes: readonly RestRoute[], path: string): string[] {
  return [...new Set(routes.filter((r) => matchPath(r.path, path)).map((r) => r.method))];
}

/** A value the JSON parser hands over instead of failing, so a route refuses a stranger (401) before it says the body was malformed. */
export class DeferredBodyError {
  constructor(readonly error: unknown) {}
}

/**
 * Registers every REST route on Fastify. A handler writes its answer on the raw response as it
 * always has (JSON, redirects, HTML, ranges and streams), so Fastify's reply is handed over to it
 * (`hijack`); its errors are answered here in the API's error shape.
 */
export function registerRestRoutes(app: FastifyInstance, deps: AppDeps, routes: readonly RestRoute[]) {
  // a partner's API key: API_KEY_RATE_LIMIT_PER_MINUTE requests a minute in this process (429 with
  // Retry-After over it); a request without a valid key is not counted, its handler answers 401
  const keyLimit = {
    max: deps.env.API_KEY_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    // by the key's public prefix, before any lookup: a flood of requests costs no database reads of keys
    keyGenerator: (request: FastifyRequest) => {
      const presented = presentedApiKey(request.headers.authorization);
      const prefix = presented ? apiKeyPrefix(presented) : null;
      return prefix ? `api_key:${prefix}` : '';
    },
    allowList: (_request: FastifyRequest, key: string) => key === '',
    errorResponseBuilder: (_request: FastifyRequest, limit: { ttl: number }) =>
      new AppError('TOO_MANY_REQUESTS', 'Too many requests for this API key', {
        retryAfterSeconds: Math.max(1, Math.ceil(limit.ttl / 1000)),
      }),
  };
  const options = (route: RestRoute) => ({
    method: route.method,
    url: route.path,
    handler: handlerOf(route),
    ...(route.apiKey || route.procedure?.rest.auth === 'apiKey' ? { config: { rateLimit: keyLimit } } : {}),
  });
  const handlerOf = (route: RestRoute) => async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const { raw: req } = request;
    const { raw: res } = reply;
    const method = request.method;
    const url = new URL(req.url ?? '/', 'http://localhost');
    const meta = requestMeta(req, deps.env.TRUST_PROXY);
    let resolvedPromise: Promise<ResolvedSession> | undefined;
    const resolvedSession = () => (resolvedPromise ??= resolveSession(deps, req, meta));
    let text: Promise<string> | undefined;
    const parsed = request.body;
    const ctx: RestContext = {
      deps,
      req,
      res,
      url,
      meta,
      params: { ...(request.params as Record<string, string>) },
      cookies: request.cookies,
      session: () => resolvedSession().then((r) => r.validated),
      resolvedSession,
      body: async () => {
        if (parsed instanceof DeferredBodyError) throw parsed.error;
        return parsed;
      },
      rawBody: () => (text ??= readTextBody(req)),
    };
    try {
      if (method !== 'GET' && method !== 'HEAD' && !route.crossSite) {
        const { fromCookie } = await resolvedSession();
        if (!isSameOrigin(meta, deps.env.PUBLIC_URL, fromCookie))
          throw new AppError('CSRF', 'Cross-site request refused');
      }
      await route.handler(ctx);
      // a successful write: the writer's tenant's cached reads (dashboard, lists) are stale now
      if (method !== 'GET' && method !== 'HEAD' && res.statusCode < 400) {
        const s = await ctx.session();
        if (s) deps.readCache?.invalidateTenant(s.user.tenantId);
      }
    } catch (e) {
      const answer = errorAnswer(e);
      if (answer.status === 503) logger.warn({ path: url.pathname }, 'database unavailable');
      else if (answer.unexpected) logger.error({ err: e, path: url.pathname }, 'unhandled REST error');
      if (!res.headersSent) sendJson(res, answer.status, answer.body, answer.headers);
      else res.destroy();
    }
  };
  // JSON routes: any other content type is a 415, said (like a malformed body) once the route has
  // checked its caller, so a stranger learns nothing but "sign in"; the unread body is discarded
  void app.register(async (scope) => {
    scope.addContentTypeParser('*', (request, _payload, done) =>
      done(
        null,
        new DeferredBodyError(
          new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            `Unsupported Media Type: ${request.headers['content-type'] ?? '(none)'}; send application/json`,
          ),
        ),
      ),
    );
    for (const route of routes.filter((r) => !r.streamsBody)) scope.route(options(route));
  });
  // the routes that read their own body: no parser runs, whatever the content type
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    for (const route of routes.filter((r) => r.streamsBody)) scope.route(options(route));
  });
}

export type { RestRoute };
