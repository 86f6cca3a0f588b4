import { context, propagation, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { Env } from '../env';
import { otlpHeaders } from './otlp-headers';
import { traceStatements } from './db-statements';
import { caught } from '../metrics/caught';

/**
 * Server traces with the OpenTelemetry Node SDK, exported over OTLP/HTTP to
 * OTEL_EXPORTER_OTLP_ENDPOINT; off (the API's no-op tracer, no cost to speak of) when it is unset.
 * Spans: every HTTP request (the SDK's HTTP instrumentation, continuing the browser's trace from
 * its `traceparent`; named here by route), every outgoing fetch (its undici instrumentation: the
 * model, the ATS, meeting bots, webhooks — each carrying the trace on), every database
 * transaction (db/tenant.ts) and every SQL statement in it (./db-statements.ts: postgres.js and
 * PGlite have no OpenTelemetry instrumentation), every background job, evaluations and calls.
 * Logs carry the trace and span ids (server/logger.ts).
 */
/** The app's tracer (looked up each time: a restart of the SDK in this process registers a new provider). */
export const tracer = () => trace.getTracer('spar');

let provider: NodeTracerProvider | null = null;
let unregister: (() => void) | null = null;

/** The browser's own exports pass through here on their way to the collector: not traced again. */
const UNTRACED = /^\/(api\/v1\/telemetry\/traces|metrics|health)(\?|$)/;

/** Starts the SDK once per process when an endpoint is configured; returns whether it runs. */
export function startServerTelemetry(
  env: Pick<Env, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_HEADERS' | 'isProduction' | 'NODE_ENV'>,
  version: string,
): boolean {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return false;
  if (provider) return true;
  const exporter = new OTLPTraceExporter({
    url: `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces`,
    headers: otlpHeaders(env.OTEL_EXPORTER_OTLP_HEADERS),
  });
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': 'spar-server',
      'service.version': version,
      'deployment.environment': env.isProduction ? 'production' : env.NODE_ENV,
    }),
    spanProcessors: [new BatchSpanProcessor(exporter, { maxExportBatchSize: 256, scheduledDelayMillis: 1000 })],
  });
  // AsyncLocalStorage context and W3C trace-context propagation
  provider.register();
  const unregisterHttp = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => UNTRACED.test(req.url ?? '') }),
      new UndiciInstrumentation(),
    ],
  });
  const untraceStatements = traceStatements();
  unregister = () => {
    unregisterHttp();
    untraceStatements();
  };
  // The HTTP instrumentation patches node:http when it is required; the bundle imported it before
  // the SDK started, so ask for it again: the hook patches the loaded module in place (its Server
  // prototype, which every server of this process shares).
  const require = createRequire(import.meta.url);
  require('node:http');
  require('node:https');
  return true;
}

/** Sends what is batched and stops (at shutdown). */
export async function stopServerTelemetry() {
  const p = provider;
  provider = null;
  if (!p) return;
  unregister?.();
  unregister = null;
  await p
    .shutdown()
    .catch((err: unknown) => caught('trace_flush', 'the trace exporter did not flush at shutdown', { err }, 'warn'));
  // unregistered, so a later start in this process registers afresh
  trace.disable();
  context.disable();
  propagation.disable();
}

/** Runs `fn` in a span named `name` (ended when it settles; a throw marks it as an error). */
export async function inSpan<T>(
  name: string,
  attributes: Record<string, string | number | boolean>,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (e) {
      span.recordException(e as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (e as Error).message });
      throw e;
    } finally {
      span.end();
    }
  });
}

/**
 * Names the HTTP instrumentation's server span of this request by method and route (its status,
 * the caller's trace and the error marking for 5xx are the instrumentation's). Nothing when
 * telemetry is off.
 */
export function nameRequestSpan(req: IncomingMessage, route: string) {
  const span = trace.getActiveSpan();
  if (!span || !provider) return;
  span.updateName(`${req.method ?? 'GET'} ${route}`);
  span.setAttribute('http.route', route);
}
