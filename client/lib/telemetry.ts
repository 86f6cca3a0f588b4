import { SpanStatusCode, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { DocumentLoadInstrumentation } from '@opentelemetry/instrumentation-document-load';
import { FetchInstrumentation } from '@opentelemetry/instrumentation-fetch';
import { UserInteractionInstrumentation } from '@opentelemetry/instrumentation-user-interaction';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ExportResultCode } from '@opentelemetry/core';
import { WebTracerProvider } from '@opentelemetry/sdk-trace-web';
import { isErrorResult, parseSession, touchSession, traceHeaderUrls, type UsageSession } from './telemetry-session';

/**
 * Usage telemetry in the browser, loaded only when the server says it is on
 * (GET /api/v1/telemetry/config): the OpenTelemetry web SDK with document-load, fetch and
 * user-interaction instrumentation; spans batched (at most 30 per export, every 1,000 ms) and sent
 * to the app's own server, which forwards them to the collector; trace headers only on same-origin
 * requests and the allow-listed origins; responses 400–599 and network failures marked as errors;
 * every span tagged with the usage session (15 minutes idle, 4 hours at most).
 */
export interface TelemetryConfig {
  enabled: boolean;
  traceOrigins: string[];
  serviceVersion: string;
  environment: string;
  /** This page's export token (GET /api/v1/telemetry/config); absent in the config inlined in index.html. */
  token?: string | null;
}

/**
 * The page's telemetry token: the config's own, else a fresh one from the server (index.html is
 * the same for every page, so its inlined config carries none).
 */
function telemetryToken(config: TelemetryConfig): Promise<string | null> {
  if (config.token) return Promise.resolve(config.token);
  return fetch('/api/v1/telemetry/config', { cache: 'no-store' })
    .then((r) => (r.ok ? (r.json() as Promise<TelemetryConfig>) : null))
    .then((c) => c?.token ?? null)
    .catch(() => null);
}

/**
 * Exports through an OTLP exporter made once the page's token is known (the server refuses an
 * export without one); spans ended before that wait for it. Without a token nothing is sent.
 */
function tokenExporter(token: Promise<string | null>): SpanExporter {
  const exporter = token.then((t) =>
    t
      ? new OTLPTraceExporter({
          url: `${location.origin}/api/v1/telemetry/traces`,
          headers: { 'X-Spar-Telemetry-Token': t },
        })
      : null,
  );
  return {
    export: (spans, done) =>
      void exporter.then((e) =>
        e ? e.export(spans, done) : done({ code: ExportResultCode.FAILED, error: new Error('no telemetry token') }),
      ),
    shutdown: () => exporter.then((e) => e?.shutdown()),
    forceFlush: () => exporter.then((e) => e?.forceFlush()),
  };
}

export const BATCH = { maxExportBatchSize: 30, scheduledDelayMillis: 1000 } as const;
const SESSION_KEY = 'spar.telemetry.session';

/** Tags each span with the usage session, renewing it as the user stays active. */
class SessionProcessor implements SpanProcessor {
  private session: UsageSession | null = null;
  onStart(span: Span): void {
    let stored: UsageSession | null = this.session;
    try {
      stored = parseSession(localStorage.getItem(SESSION_KEY)) ?? stored;
    } catch {
      /* storage unavailable: keep the in-memory session */
    }
    this.session = touchSession(stored, Date.now(), () => crypto.randomUUID());
    try {
      localStorage.setItem(SESSION_KEY, JSON.stringify(this.session));
    } catch {
      /* private mode */
    }
    span.setAttribute('session.id', this.session.id);
  }
  onEnd(): void {}
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

export function startTelemetry(config: TelemetryConfig): WebTracerProvider {
  const exporter = tokenExporter(telemetryToken(config));
  const provider = new WebTracerProvider({
    resource: resourceFromAttributes({
      'service.name': 'spar-web',
      'service.version': config.serviceVersion,
      'deployment.environment': config.environment,
    }),
    spanProcessors: [new SessionProcessor(), new BatchSpanProcessor(exporter, BATCH)],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new DocumentLoadInstrumentation(),
      new UserInteractionInstrumentation({ eventNames: ['click', 'submit'] }),
      new FetchInstrumentation({
        // same-origin requests always carry the headers; other origins only when allow-listed
        propagateTraceHeaderCorsUrls: traceHeaderUrls(config.traceOrigins),
        ignoreUrls: [/\/api\/v1\/telemetry\//],
        // the resource-timing events would make a batch of 30 spans too large for a keepalive request
        ignoreNetworkEvents: true,
        applyCustomAttributesOnSpan: (span, _request, result) => {
          if (isErrorResult(result as Response | Error))
            span.setStatus({
              code: SpanStatusCode.ERROR,
              message: result instanceof Error ? result.message : `HTTP ${(result as Response).status}`,
            });
        },
      }),
    ],
  });
  // what is still batched goes out when the page is hidden or closed
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void provider.forceFlush();
  });
  return provider;
}
