import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import type { AppDeps } from '../deps';
import { logger } from '../logger';
import { createRestHandler, isRestUrl } from '../rest/v1/router';
import { createHttpContext } from '../trpc/context';
import { observeRequest, routeLabel, serveMetrics } from '../metrics/metrics';
import { nameRequestSpan } from '../telemetry/tracing';
import { traceOrigins, withTelemetryMeta } from '../rest/v1/telemetry';
import { realtimeConnectOrigins } from '../realtime/realtime-session';
import { appRouter } from '../trpc/router';
import { parseCookies, SESSION_COOKIE } from '../auth/session';
import { isSameOrigin, requestMeta } from './request-meta';
import { MAX_JSON_BODY, sendError } from './respond';
import { applySecurityHeaders, contentSecurityPolicy } from './security-headers';
import { bookingFrameOrigins } from '../services/campaigns/guest';

/** The guest's report page (client route /cta/reports/:ctaId?token=…). */
const GUEST_REPORT_PAGE = /^\/cta\/reports\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?(?:\?(.*))?$/i;
import { createStaticHandler } from './static';
import { liveCalls } from '../realtime/registry';
import { createUpgradeHandler } from './ws';

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface HttpServerOptions {
  /** Vite dev middleware (hot reload); otherwise the built client in `clientDir`. */
  dev?: boolean;
  clientDir?: string;
}

export interface SparHttpServer {
  server: Server;
  /** Stop accepting, let in-flight requests finish (up to `timeoutMs`), close sockets. */
  shutdown(timeoutMs: number): Promise<void>;
}

export async function createHttpServer(deps: AppDeps, opts: HttpServerOptions = {}): Promise<SparHttpServer> {
  const rest = createRestHandler(deps);
  const server = createServer({ requestTimeout: 60_000, headersTimeout: 30_000, keepAliveTimeout: 5_000 });
  let client: Handler;
  let closeVite: (() => Promise<void>) | undefined;
  if (opts.dev) {
    const { createServer: createVite } = await import('vite');
    const vite = await createVite({
      configFile: path.resolve('vite.config.ts'),
      // never serve the embedded database, keys or env files through /@fs/, whatever HOST says
      server: { middlewareMode: true, hmr: { server }, fs: { deny: ['.env', '.env.*', '*.{crt,pem,key}', '**/.git/**', '**/data/**', '**/.data-*/**', '**/tests/.tmp/**'] } },
      appType: 'spa',
      // the telemetry config in index.html, as the built client gets it (createStaticHandler below)
      plugins: [{ name: 'spar-telemetry-meta', transformIndexHtml: (html: string) => withTelemetryMeta(html, deps.env) }],
    });
    client = (req, res) =>
      vite.middlewares(req, res, () => {
        res.statusCode = 404;
        res.end('Not Found');
      });
    closeVite = () => vite.close();
  } else {
    client = createStaticHandler(opts.clientDir ?? path.resolve('dist/client'), { indexHtml: (html) => withTelemetryMeta(html, deps.env) });
  }

  const trpc: Handler = async (req, res) => {
    const meta = requestMeta(req, deps.env.TRUST_PROXY ?? false);
    const usesCookie = !!parseCookies(req.headers.cookie)[SESSION_COOKIE] && !req.headers.authorization;
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS' && !isSameOrigin(meta, deps.env.PUBLIC_URL, usesCookie)) {
      return sendError(res, 'CSRF', 'Cross-site request refused');
    }
    const procPath = new URL(req.url ?? '/', 'http://x').pathname.slice('/trpc/'.length);
    await nodeHTTPRequestHandler({
      router: appRouter,
      req,
      res,
      path: procPath,
      maxBodySize: MAX_JSON_BODY,
      createContext: ({ req: r, res: s }) => createHttpContext(deps, r, s),
      responseMeta: () => ({ headers: { 'Cache-Control': 'no-store' } }),
    });
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    observeRequest(req, res);
    nameRequestSpan(req, routeLabel(req.url ?? '/'));
    handleRequest(req, res);
  });
  // the browser calls the realtime model itself on a WebRTC call (its SDP offer)
  const connectOrigins = [...traceOrigins(deps.env), ...realtimeConnectOrigins(deps.env)];
  const handleRequest = (req: IncomingMessage, res: ServerResponse) => {
    const meta = requestMeta(req, deps.env.TRUST_PROXY ?? false);
    applySecurityHeaders(res, !!opts.dev, meta.secure, connectOrigins);
    const url = req.url ?? '/';
    if (url === '/metrics' || url.startsWith('/metrics?')) {
      void serveMetrics(req, res, deps.env.METRICS_TOKEN).catch((e) => {
        logger.error({ err: e }, 'metrics failed');
        if (!res.headersSent) sendError(res, 'INTERNAL', 'An unexpected error occurred');
      });
      return;
    }
    const handler: Handler = url.startsWith('/trpc/') ? trpc : isRestUrl(url) ? rest : client;
    const guestReport = handler === client ? GUEST_REPORT_PAGE.exec(url) : null;
    // a guest's report page may frame its campaign's scheduler, and only that (Book a Call)
    const frame = guestReport
      ? bookingFrameOrigins(deps.db, guestReport[1], new URLSearchParams(guestReport[2] ?? '').get('token') ?? '').then((origins) => {
          if (origins.length && !res.headersSent) res.setHeader('Content-Security-Policy', contentSecurityPolicy(!!opts.dev, origins, connectOrigins));
        })
      : null;
    const run = () => Promise.resolve(handler(req, res));
    (frame ? frame.then(run) : run()).catch((e) => {
      logger.error({ err: e, url }, 'request failed');
      if (!res.headersSent) sendError(res, 'INTERNAL', 'An unexpected error occurred');
      else res.destroy();
    });
  };

  const upgrade = createUpgradeHandler(deps, { ownsAllPaths: !opts.dev });
  server.on('upgrade', (req, socket, head) => {
    void upgrade.handler(req, socket, head);
  });

  return {
    server,
    async shutdown(timeoutMs) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // A keep-alive socket turns idle when its in-flight response ends; close it then instead of
      // waiting for the client or keepAliveTimeout to drop it.
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      // live calls of this server record their end (turns so far, reason) before the database closes
      const ours = [...liveCalls.values()].filter((c) => upgrade.wss.clients.has(c.ws));
      await Promise.allSettled(ours.map((c) => c.end('error', 'The server restarted. What was said so far has been kept.')));
      for (const ws of upgrade.wss.clients) ws.close(1001, 'server shutting down');
      const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
      await closed;
      clearTimeout(timer);
      clearInterval(idle);
      await upgrade.close();
      await closeVite?.();
    },
  };
}
