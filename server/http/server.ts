import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { AppError, type AppErrorCode } from '../errors';
import { logger } from '../logger';
import { postgresRateLimitStore } from './rate-limit-store';
import { allowedMethods, DeferredBodyError, isRestUrl, registerRestRoutes, restRoutes } from '../rest/v1/router';
import { createHttpContext } from '../trpc/context';
import { observeRequest, routeLabel, serveMetrics } from '../metrics/metrics';
import { nameRequestSpan } from '../telemetry/tracing';
import { traceOrigins, withTelemetryMeta } from '../rest/v1/telemetry';
import { realtimeConnectOrigins } from '../realtime/realtime-session';
import { appRouter, type AppRouter } from '../trpc/router';
import { SESSION_COOKIE } from '../auth/session';
import { bookingFrameOrigins } from '../services/campaigns/guest';
import { liveCalls } from '../realtime/registry';
import { isSameOrigin, requestMeta } from './request-meta';
import { errorAnswer, jsonTooDeep, MAX_JSON_BODY, MAX_JSON_DEPTH, parseJsonText } from './respond';
import { createUpgradeHandler } from './ws';
import { isScimUrl, malformedScimUrl, SCIM_PREFIX, scimRoutes } from '../rest/scim/routes';
import { registerBuiltClient, type PageHandler } from './client';

/** The guest's report page (client route /cta/reports/:ctaId?token=…). */
const GUEST_REPORT_PAGE =
  /^\/cta\/reports\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?(?:\?(.*))?$/i;

/** A learning system's launch page (client route /lms/launch/:id; the token is in the fragment). */
const LMS_LAUNCH_PAGE = /^\/lms\/launch\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/?(?:\?.*)?$/i;

export interface HttpServerOptions {
  /** Vite dev middleware (hot reload); otherwise the built client in `clientDir`. */
  dev?: boolean;
  clientDir?: string;
}

export interface SparHttpServer {
  server: Server;
  listen(port: number, host: string): Promise<void>;
  /** Stop accepting, let in-flight requests finish (up to `timeoutMs`), close sockets. */
  shutdown(timeoutMs: number): Promise<void>;
}

/**
 * The page's Content-Security-Policy directives. `connectOrigins`: the only other origins the
 * pages may call (the realtime model's API on a WebRTC call, the telemetry origins whose requests
 * carry trace headers); the call socket is same-origin, which 'self' covers. `frameOrigins`: the
 * only other origins the page may frame (a campaign's scheduler on the guest's report page). Dev
 * adds what Vite's client and React refresh need.
 */
export function cspDirectives(
  dev: boolean,
  connectOrigins: readonly string[],
  frameOrigins: readonly string[] = [],
): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"], // Mantine sets inline style attributes
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", ...(dev ? ['ws:', 'wss:'] : []), ...connectOrigins],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(frameOrigins.length ? { 'frame-src': ["'self'", ...frameOrigins] } : {}),
  };
}

const cspHeader = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

/** Statuses Fastify itself answers (before or instead of a route), as the API's error codes. */
const CODE_OF_STATUS: Record<number, AppErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  431: 'HEADERS_TOO_LARGE',
};

const jsonError = (reply: FastifyReply, code: AppErrorCode, message: string, headers: Record<string, string> = {}) =>
  reply
    .code(new AppError(code).status)
    .headers({ 'Cache-Control': 'no-store', ...headers })
    .type('application/json; charset=utf-8')
    .send({ error: { code, message } });

/**
 * A request Node could not parse (headers or URL too large, malformed request line) never reaches
 * Fastify: it is answered on the socket, in the API's error shape, and the connection closed.
 */
function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', 'The request line or headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'BAD_REQUEST', 'The request took too long to arrive']
        : [400, 'Bad Request', 'BAD_REQUEST', 'Malformed HTTP request'];
  const body = JSON.stringify({ error: { code, message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export async function createHttpServer(deps: AppDeps, opts: HttpServerOptions = {}): Promise<SparHttpServer> {
  const dev = !!opts.dev;
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // requests are counted by the metrics and traced; the log keeps errors only (the error handler)
    logController: new LogController({ disableRequestLogging: true }),
    // the same hop count as requestMeta: `request.ip` is the rightmost address no trusted proxy added
    trustProxy: (_address: string, hop: number) => hop < deps.env.TRUST_PROXY,
    bodyLimit: MAX_JSON_BODY,
    requestTimeout: 60_000,
    keepAliveTimeout: 5_000,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    clientErrorHandler,
    // a URL Fastify cannot route (bad percent-encoding, an over-long parameter)
    frameworkErrors: (_err, req, reply) =>
      isScimUrl(req.url) ? malformedScimUrl(reply) : jsonError(reply, 'BAD_REQUEST', 'Malformed request URL'),
  });
  app.server.headersTimeout = 30_000;
  const routes = restRoutes(deps.env);
  // the browser calls the realtime model itself on a WebRTC call (its SDP offer)
  const connectOrigins = [...traceOrigins(deps.env), ...realtimeConnectOrigins(deps.env)];

  app.addHook('onRequest', (request, reply, done) => {
    observeRequest(request.raw, reply.raw);
    nameRequestSpan(request.raw, routeLabel(request.url));
    done();
  });
  await app.register(fastifyCookie);
  // per-route limits only (the API-key routes: server/rest/v1/router.ts), counted in PostgreSQL so
  // the limit holds across every process of the cluster
  await app.register(fastifyRateLimit, { global: false, store: postgresRateLimitStore(deps.db) });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(dev, connectOrigins) },
    // only over https (below): a plain-http answer must not pin the host to https
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('Permissions-Policy', 'microphone=(self), camera=(), geolocation=()');
    if (request.protocol === 'https')
      reply.raw.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    done();
  });

  // JSON only: no text or form parser, so any other content type is a 415 before a handler runs.
  // A malformed or too deeply nested body is refused by the route once it has checked the caller.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
    try {
      done(null, parseJsonText(text as string));
    } catch (e) {
      done(null, new DeferredBodyError(e));
    }
  });

  app.setErrorHandler((err, request, reply) => {
    // a refused body the client is still sending: read and drop it so it can read the answer
    if (!request.raw.complete) request.raw.resume();
    const status = (err as { statusCode?: number }).statusCode;
    const fastifyCode = (err as { code?: string }).code ?? '';
    if (fastifyCode.startsWith('FST_') && status && status < 500) {
      const code = CODE_OF_STATUS[status] ?? 'BAD_REQUEST';
      const message =
        fastifyCode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? `Unsupported Media Type: ${request.headers['content-type'] ?? '(none)'}`
          : fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? `Request body exceeds ${MAX_JSON_BODY} bytes`
            : (err as Error).message;
      return jsonError(reply, code, message);
    }
    const answer = errorAnswer(err);
    if (answer.unexpected) logger.error({ err: err as Error, url: request.url }, 'request failed');
    return reply
      .code(answer.status)
      .headers({ 'Cache-Control': 'no-store', ...answer.headers })
      .type('application/json; charset=utf-8')
      .send(answer.body);
  });

  app.get('/metrics', (request, reply) => {
    reply.hijack();
    return serveMetrics(request.raw, reply.raw, deps.env.METRICS_TOKEN);
  });

  // tRPC: the same-origin rule for writes, nothing cached, JSON no deeper than the REST API takes
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
      const usesCookie = !!request.cookies[SESSION_COOKIE] && !request.headers.authorization;
      if (!isSameOrigin(requestMeta(request.raw, deps.env.TRUST_PROXY), deps.env.PUBLIC_URL, usesCookie))
        throw new AppError('CSRF', 'Cross-site request refused');
    });
    scope.addHook('preHandler', async (request) => {
      const input = (request.query as Record<string, unknown> | undefined)?.input;
      for (const text of [request.body, input]) {
        if (typeof text === 'string' && jsonTooDeep(text))
          throw new AppError('MALFORMED_JSON', `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
      }
    });
    await scope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: ({ req, res }) => createHttpContext(deps, req.raw, res.raw),
        responseMeta: () => ({ headers: { 'Cache-Control': 'no-store' } }),
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });

  registerRestRoutes(app, deps, routes);
  // SCIM provisioning for identity providers: its own plugin, token, content types and error shape
  await app.register(scimRoutes(deps), { prefix: SCIM_PREFIX });

  // a guest's report page may frame its campaign's scheduler, and only that (Book a Call); a
  // learning system's launch page may be framed by the course that opened it (any origin: the
  // package runs on the customer's LMS), and by nothing else of Spar's
  const guestFrameCsp = async (request: FastifyRequest, reply: FastifyReply) => {
    if (LMS_LAUNCH_PAGE.test(request.url)) {
      reply.raw.removeHeader('X-Frame-Options');
      reply.raw.setHeader(
        'Content-Security-Policy',
        cspHeader({ ...cspDirectives(dev, connectOrigins), 'frame-ancestors': ['*'] }),
      );
      return;
    }
    const guest = GUEST_REPORT_PAGE.exec(request.url);
    if (!guest) return;
    const origins = await bookingFrameOrigins(
      deps.db,
      guest[1],
      new URLSearchParams(guest[2] ?? '').get('token') ?? '',
    );
    if (origins.length)
      reply.raw.setHeader('Content-Security-Policy', cspHeader(cspDirectives(dev, connectOrigins, origins)));
  };

  let closeVite: (() => Promise<void>) | undefined;
  let client: PageHandler;
  if (dev) {
    const { createServer: createVite } = await import('vite');
    const vite = await createVite({
      configFile: path.resolve('vite.config.ts'),
      // never serve the embedded database, keys or env files through /@fs/, whatever HOST says
      server: {
        middlewareMode: true,
        hmr: { server: app.server },
        fs: {
          deny: ['.env', '.env.*', '*.{crt,pem,key}', '**/.git/**', '**/data/**', '**/.data-*/**', '**/tests/.tmp/**'],
        },
      },
      appType: 'spa',
      // the telemetry config in index.html, as the built client gets it
      plugins: [
        { name: 'spar-telemetry-meta', transformIndexHtml: (html: string) => withTelemetryMeta(html, deps.env) },
      ],
    });
    client = async (request, reply) => {
      await guestFrameCsp(request, reply);
      reply.hijack();
      vite.middlewares(request.raw, reply.raw, () => {
        reply.raw.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        reply.raw.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not Found' } }));
      });
    };
    closeVite = () => vite.close();
  } else {
    client = await registerBuiltClient(app, {
      root: opts.clientDir ?? 'dist/client',
      indexHtml: (html) => withTelemetryMeta(html, deps.env),
      beforePage: guestFrameCsp,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    if (isRestUrl(request.url) || pathname === '/trpc' || pathname.startsWith('/trpc/')) {
      const trimmed = pathname.replace(/\/+$/, '') || '/';
      const allow = allowedMethods(routes, trimmed);
      if (allow.length)
        return jsonError(reply, 'METHOD_NOT_ALLOWED', `Method ${request.method} not allowed`, {
          Allow: allow.join(', '),
        });
      return jsonError(reply, 'NOT_FOUND', `No such endpoint: ${trimmed}`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return jsonError(reply, 'METHOD_NOT_ALLOWED', `Method ${request.method} not allowed`, { Allow: 'GET, HEAD' });
    return client(request, reply);
  });

  const upgrade = createUpgradeHandler(deps, { ownsAllPaths: !dev });
  app.server.on('upgrade', (req, socket, head) => {
    void upgrade.handler(req, socket, head);
  });
  await app.ready();

  const server = app.server;
  return {
    server,
    async listen(port, host) {
      await app.listen({ port, host });
    },
    async shutdown(timeoutMs) {
      // the listener closes at once (Fastify's close would first run its hooks): a new connection is refused
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const fastifyClosed = app.close();
      server.closeIdleConnections();
      // A keep-alive socket turns idle when its in-flight response ends; close it then instead of
      // waiting for the client or keepAliveTimeout to drop it.
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      // live calls of this server record their end (turns so far, reason) before the database closes
      const ours = [...liveCalls.values()].filter((c) => upgrade.wss.clients.has(c.ws));
      await Promise.allSettled(
        ours.map((c) => c.end('error', 'The server restarted. What was said so far has been kept.')),
      );
      for (const ws of upgrade.wss.clients) ws.close(1001, 'server shutting down');
      const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
      await closed;
      await fastifyClosed;
      clearTimeout(timer);
      clearInterval(idle);
      await upgrade.close();
      await closeVite?.();
    },
  };
}
