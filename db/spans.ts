import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

/**
 * Runs `fn` in a client span of the database (a transaction, db/tenant.ts; a statement,
 * server/telemetry/db-statements.ts): ended when it settles, a throw marks it as an error. A no-op
 * span when the server does not trace.
 */
export function inDbSpan<T>(name: string, attributes: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  return trace
    .getTracer('spar')
    .startActiveSpan(
      name,
      { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql', ...attributes } },
      async (span) => {
        try {
          return await fn();
        } catch (e) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: (e as Error).message });
          throw e;
        } finally {
          span.end();
        }
      },
    );
}
