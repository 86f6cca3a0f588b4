import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Env } from '../env';
import { otlpHeaders } from '../rest/v1/telemetry';

/**
 * Server traces (issue 17) with the OpenTelemetry Node SDK, exported over OTLP/HTTP to
 * OTEL_EXPORTER_OTLP_ENDPOINT; off (the API's no-op tracer, no cost to speak of) when it is unset.
 * Spans: every HTTP request (continuing the browser's trace from its `traceparent`), every
 * database transaction, every background job, evaluations and calls. Logs carry the trace and
 * span ids (server/logger.ts).
 */
/** The app's tracer (looked up each time: a restart of the SDK in this process registers a new provider). */
export const tracer = () => trace.getTracer('spar');

let provider: NodeTracerProvider | null = null;

/** Starts the SDK once per process when an endpoint is configured; returns whether it runs. */
export function startServerTelemetry(env: Pick<Env, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_HEADERS' | 'isProduction' | 'NODE_ENV'>, version: string): boolean {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return false;
  if (provider) return true;
  const exporter = new OTLPTraceExporter({ url: `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces`, headers: otlpHeaders(env.OTEL_EXPORTER_OTLP_HEADERS) });
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'spar-server', 'service.version': version, 'deployment.environment': env.isProduction ? 'production' : env.NODE_ENV }),
    spanProcessors: [new BatchSpanProcessor(exporter, { maxExportBatchSize: 256, scheduledDelayMillis: 1000 })],
  });
  // AsyncLocalStorage context and W3C trace-context propagation
  provider.register();
  return true;
}

/** Sends what is batched and stops (at shutdown). */
export async function stopServerTelemetry() {
  const p = provider;
  provider = null;
  if (!p) return;
  await p.shutdown().catch(() => undefined);
  // unregistered, so a later start in this process registers afresh
  trace.disable();
  context.disable();
  propagation.disable();
}

/** Runs `fn` in a span named `name` (ended when it settles; a throw marks it as an error). */
export async function inSpan<T>(name: string, attributes: Record<string, string | number | boolean>, fn: (span: Span) => Promise<T>): Promise<T> {
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
 * The server span of an HTTP request, continuing the caller's trace (W3C `traceparent`): named by
 * method and route, with its status; 5xx marks it as an error. `run` executes inside it.
 */
export function traceRequest(req: IncomingMessage, res: ServerResponse, route: string, run: () => void) {
  const parent = propagation.extract(ROOT_CONTEXT, req.headers);
  const method = req.method ?? 'GET';
  const span = tracer().startSpan(`${method} ${route}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method, 'http.route': route, 'url.path': (req.url ?? '/').split('?')[0] } }, parent);
  res.once('finish', () => {
    span.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  res.once('close', () => {
    if (!res.writableFinished) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'connection closed before the response ended' });
      span.end();
    }
  });
  context.with(trace.setSpan(parent, span), run);
}
