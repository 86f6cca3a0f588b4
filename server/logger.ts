import { trace } from '@opentelemetry/api';
import pino, { type DestinationStream } from 'pino';

/** The active span's trace and span ids, added to every log line written inside it. */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const c = trace.getActiveSpan()?.spanContext();
  return c && trace.isSpanContextValid(c) ? { trace_id: c.traceId, span_id: c.spanId } : {};
}

/*
 * Errors are logged by allow-list, never as they are: a database error carries the statement's
 * parameter values (drizzle puts them in its message as "params: …", PostgreSQL in `detail` as
 * "Key (email)=(…)", postgres.js in `parameters`), and those are candidates' e-mails and names,
 * sealed keys, tokens. What is kept says what failed and where: the error's type, its message
 * without the values, the statement's SQL text (placeholders only), PostgreSQL's code, constraint,
 * table and column, network codes, the stack frames, and the same for its cause.
 */
const KEPT_FIELDS = [
  'code',
  'constraint',
  'constraint_name',
  'table',
  'table_name',
  'column',
  'column_name',
  'schema',
  'schema_name',
  'severity',
  'routine',
  'status',
  'statusCode',
  'errno',
  'syscall',
  'address',
  'port',
] as const;

/** A message without the parameter values a failed query appends to it. */
function withoutValues(message: string): string {
  return message
    .replace(/\nparams:[\s\S]*$/, '')
    .replace(/(invalid input (?:syntax|value) for (?:type|enum) [\w ]+): .*$/gm, '$1: [value]')
    .replace(/(Key \([^)]*\))=\(.*?\)/g, '$1=[value]');
}

function safeError(e: unknown, depth = 0): Record<string, unknown> {
  if (!(e instanceof Error)) return { type: typeof e, message: '[not an Error]' };
  const out: Record<string, unknown> = { type: e.name || e.constructor?.name, message: withoutValues(e.message) };
  const fields = e as unknown as Record<string, unknown>;
  for (const k of KEPT_FIELDS) {
    const v = fields[k];
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  }
  // drizzle's failed query: the statement's SQL text, whose values are placeholders
  if (typeof fields.query === 'string') out.query = fields.query.slice(0, 2000);
  if (e.stack)
    out.stack = [
      `${String(out.type)}: ${String(out.message)}`,
      ...e.stack.split('\n').filter((l) => /^\s+at /.test(l)),
    ].join('\n');
  if (e.cause !== undefined && depth < 4) out.cause = safeError(e.cause, depth + 1);
  return out;
}

/** An error's message as it may be logged or stored (a job's last error): without parameter values. */
export function safeErrorMessage(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = e.cause instanceof Error ? e.cause : null;
  const own = withoutValues(e.message);
  // drizzle wraps the driver's error: the driver's words (code, constraint) say what went wrong
  if (cause && fields(cause).code) {
    const c = fields(cause);
    return `${own}: ${withoutValues(cause.message)} (code ${String(c.code)}${c.constraint_name || c.constraint ? `, constraint ${String(c.constraint_name ?? c.constraint)}` : ''})`;
  }
  return own;
}
const fields = (e: Error) => e as unknown as Record<string, unknown>;

/** A pino logger with Spar's redaction and error allow-list (server/logger.ts); `destination` for tests. */
export function createLogger(opts: { level?: string; destination?: DestinationStream } = {}) {
  return pino(
    {
      level: opts.level ?? process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
      base: { app: 'spar' },
      redact: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password', '*.passwordHash'],
      serializers: { err: safeError, error: (v: unknown) => (v instanceof Error ? safeError(v) : v) },
      // a line written inside a traced request, job or call carries its trace (server/telemetry/tracing.ts)
      mixin: traceLogFields,
    },
    opts.destination,
  );
}

export const logger = createLogger();
