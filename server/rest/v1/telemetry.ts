import type { Env } from '../../env';
import { AppError } from '../../errors';
import { readRawBody, sendJson } from '../../http/respond';
import type { AppDeps } from '../../deps';
import { countHit } from '../../http/rate-limit-store';
import { issueTelemetryToken, telemetryKey, verifyTelemetryToken } from '../../auth/telemetry-tokens';
import { logger } from '../../logger';
import { otlpHeaders } from '../../telemetry/otlp-headers';
import { defineRoute, type RestRoute } from './route';

/**
 * Browser telemetry. The browser's OpenTelemetry SDK exports its spans to
 * this server, which forwards them to OTEL_EXPORTER_OTLP_ENDPOINT: the page needs no third-party
 * origin in its Content-Security-Policy, and the collector's credentials never reach a browser.
 * Off (404) when no endpoint is configured.
 */
const TELEMETRY_MAX_BODY = 512 * 1024;

export const traceOrigins = (env: Pick<Env, 'TELEMETRY_TRACE_ORIGINS'>) =>
  env.TELEMETRY_TRACE_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter((o) => /^https?:\/\/[^/]+$/.test(o));

/** What the browser needs to know to run its telemetry (or that it is off); the token comes from GET /api/v1/telemetry/config. */
export function telemetryConfig(
  env: Pick<Env, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'TELEMETRY_TRACE_ORIGINS' | 'isProduction' | 'NODE_ENV'>,
) {
  return {
    enabled: !!env.OTEL_EXPORTER_OTLP_ENDPOINT,
    traceOrigins: traceOrigins(env),
    serviceVersion: '1.0.0',
    environment: env.isProduction ? 'production' : env.NODE_ENV,
  };
}

const escapeAttribute = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with the telemetry config in a `<meta name="spar-telemetry">`: the page knows before
 * its first request whether to start the SDK, and starts it before React adds its delegated
 * listeners (the click instrumentation wraps addEventListener, so listeners added earlier go
 * untraced). The same config as GET /api/v1/telemetry/config.
 */
export function withTelemetryMeta(html: string, env: Parameters<typeof telemetryConfig>[0]): string {
  const meta = `<meta name="spar-telemetry" content="${escapeAttribute(JSON.stringify(telemetryConfig(env)))}" />`;
  return html.includes('</head>') ? html.replace('</head>', `    ${meta}\n  </head>`) : html;
}

/**
 * GET /api/v1/telemetry/config — whether the browser should load its telemetry, where trace
 * headers may go, and (telemetry on) a fresh token for this page's exports.
 */
const config = defineRoute({
  method: 'GET',
  path: '/api/v1/telemetry/config',
  auth: 'public',
  handler: async ({ deps, res }) => {
    const c = telemetryConfig(deps.env);
    const token = c.enabled ? issueTelemetryToken(await telemetryKey(deps.db)) : null;
    res.setHeader('Cache-Control', 'no-store');
    sendJson(res, 200, { ...c, token });
  },
});

/** Counts one export against a limit in the shared store; 429 past it. */
async function countAgainst(deps: AppDeps, key: string, max: number) {
  const r = await countHit(deps.db, key, 60_000);
  if (r.current > max)
    throw new AppError('TOO_MANY_REQUESTS', 'Too many telemetry exports', {
      retryAfterSeconds: Math.max(1, Math.ceil(r.ttl / 1000)),
    });
}

/**
 * POST /api/v1/telemetry/traces — an OTLP/HTTP trace export (JSON or protobuf) from a page holding
 * a telemetry token (`X-Spar-Telemetry-Token`), limited per token and per address, forwarded byte
 * for byte. Without a valid token: 401 (the collector's credentials are spent for our pages only).
 */
const traces = defineRoute({
  method: 'POST',
  path: '/api/v1/telemetry/traces',
  streamsBody: true,
  auth: 'public',
  handler: async ({ deps, req, res, meta }) => {
    const endpoint = deps.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    if (!endpoint) throw new AppError('NOT_FOUND', 'Telemetry is off');
    const presented = req.headers['x-spar-telemetry-token'];
    const page = typeof presented === 'string' ? verifyTelemetryToken(await telemetryKey(deps.db), presented) : null;
    if (!page) {
      req.resume();
      throw new AppError('UNAUTHENTICATED', 'A telemetry token from GET /api/v1/telemetry/config is required');
    }
    await countAgainst(deps, `telemetry:page:${page.pageId}`, deps.env.TELEMETRY_EXPORTS_PER_MINUTE);
    await countAgainst(deps, `telemetry:ip:${meta.ip}`, deps.env.TELEMETRY_EXPORTS_PER_MINUTE_PER_ADDRESS);
    const type = String(req.headers['content-type'] ?? '')
      .split(';')[0]
      .trim();
    if (type !== 'application/json' && type !== 'application/x-protobuf')
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'OTLP/HTTP takes application/json or application/x-protobuf');
    const body = await readRawBody(req, TELEMETRY_MAX_BODY);
    if (type === 'application/json') {
      try {
        JSON.parse(body.toString('utf8'));
      } catch {
        throw new AppError('MALFORMED_JSON', 'Malformed JSON body');
      }
    }
    const target = `${endpoint.replace(/\/$/, '')}/v1/traces`;
    try {
      const r = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': type, ...otlpHeaders(deps.env.OTEL_EXPORTER_OTLP_HEADERS) },
        body: new Uint8Array(body),
        signal: AbortSignal.timeout(10_000),
      });
      await r.arrayBuffer();
      if (!r.ok) {
        logger.warn({ status: r.status }, 'the telemetry collector refused an export');
        return sendJson(res, 502, {
          error: { code: 'UNAVAILABLE', message: 'The telemetry collector refused the export' },
        });
      }
      // no body: the browser's exporter sends with `keepalive` and never reads the answer, and an
      // unread body would keep its request counted against the browser's 64 KB keepalive quota
      res.writeHead(204, { 'Cache-Control': 'no-store' });
      res.end();
    } catch (e) {
      logger.warn({ err: e }, 'the telemetry collector could not be reached');
      throw new AppError('UNAVAILABLE', 'The telemetry collector could not be reached');
    }
  },
});

export const telemetryRoutes: RestRoute[] = [config, traces];
