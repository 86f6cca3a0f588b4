import { trace } from '@opentelemetry/api';
import pino from 'pino';

/** The active span's trace and span ids, added to every log line written inside it. */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const c = trace.getActiveSpan()?.spanContext();
  return c && trace.isSpanContextValid(c) ? { trace_id: c.traceId, span_id: c.spanId } : {};
}

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: { app: 'spar' },
  redact: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password', '*.passwordHash'],
  // a line written inside a traced request, job or call carries its trace (server/telemetry/tracing.ts)
  mixin: traceLogFields,
});
