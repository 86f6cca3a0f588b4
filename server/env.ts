import { z } from 'zod';
import { LANGUAGES } from './contracts/languages';

import { passwordPolicySchema, type PasswordPolicy } from './contracts/password-policy';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v)));

/** An optional setting where an empty value means unset. */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  schema.optional().or(z.literal('').transform(() => undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: every interface for `npm start`, loopback only for `npm run dev` (Vite serves sources). */
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: optionalText,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * PostgreSQL: the longest one statement of a request or job may run; a database that answers
   * nothing is given up 400 ms later (the request gets 503). 0 turns the deadline off.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(1200),
  DATA_DIR: z.string().default('./data'),
  SEED_DEMO: bool,
  /** With the demo seed: four weeks of demo activity made in the background after the first start. */
  SEED_DEMO_HISTORY: bool,
  /** GET /api/v1/auth/dev-token: a session without a password, loopback only, never a superuser. Off unless set. */
  DEV_TOKEN_ENABLED: bool,
  /** GET /api/v1/auth/debug: whether the caller's own token is valid. Off unless set. */
  DEBUG_ENDPOINTS_ENABLED: bool,
  DEMO_PASSWORD: z.string().min(6).optional(),
  /** The demo tenant's language on the first start: its default language and that of all its demo data. */
  DEMO_LANGUAGE: z.enum(LANGUAGES).default('en'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * How many reverse proxies stand in front of the server (0: none). `true`/`yes` mean one. The
   * client address is the rightmost X-Forwarded-For entry those proxies did not add, so a client
   * cannot choose it by sending its own header.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const t = (v ?? '').trim().toLowerCase();
      if (t === '' || t === 'false' || t === 'no') return 0;
      if (t === 'true' || t === 'yes') return 1;
      if (/^\d{1,2}$/.test(t)) return Number(t);
      ctx.addIssue({ code: 'custom', message: 'a number of proxy hops (0-99), true or false' });
      return z.NEVER;
    }),
  PASSWORD_POLICY: z.string().optional(),
  INTERNAL_CLIENT_SCHEMA: z.string().default('spar-internal'),
  INTERNAL_EMAIL_DOMAINS: z.string().default('spar.internal'),
  SUPPORT_EMAIL: unsetWhenEmpty(z.email()),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Spar <no-reply@spar.local>'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** The Google Calendar API (Record Meet's calendar); tests point it at a loopback fake. */
  GOOGLE_CALENDAR_API_URL: z.url().default('https://www.googleapis.com/calendar/v3'),
  /** Google's OAuth endpoints for the calendar connection; tests point them at a loopback fake. */
  GOOGLE_OAUTH_AUTHORIZE_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** How long a dashboard or assignment list may be served from the per-viewer cache (0 = off). */
  READ_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: unsetWhenEmpty(z.url()),
  OPENAI_MODEL_SCENARIO: z.string().min(1).default('gpt-4.1-mini'),
  OPENAI_MODEL_EVALUATION: z.string().min(1).default('gpt-4.1'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Transcribes uploaded call recordings (a diarizing model says who spoke). */
  OPENAI_MODEL_TRANSCRIPTION: z.string().min(1).default('gpt-4o-transcribe-diarize'),
  /** Model evaluations per call; each criterion keeps the median level (3 recommended for stable scores). */
  EVALUATION_SAMPLES: z.coerce.number().int().min(1).max(9).default(1),
  OPENAI_REALTIME_MODEL: z.string().min(1).default('gpt-realtime'),
  OPENAI_REALTIME_URL: unsetWhenEmpty(z.url()),
  CALLS_MAX_PER_TENANT: z.coerce.number().int().min(1).default(25),
  /** How long a live call's lease holds without renewal (its process renews it every third of that). */
  CALL_LEASE_SECONDS: z.coerce.number().min(1).max(600).default(30),
  /** OpenTelemetry: traces (server spans, and the browser's through POST /api/v1/telemetry/traces) go to this OTLP/HTTP endpoint; unset, telemetry is off. */
  OTEL_EXPORTER_OTLP_ENDPOINT: unsetWhenEmpty(z.url()),
  /** Extra headers for the OTLP endpoint, in OpenTelemetry's OTEL_EXPORTER_OTLP_HEADERS form: `key=value,key2=value2`. */
  OTEL_EXPORTER_OTLP_HEADERS: optionalText,
  /** Browser trace exports a page (its telemetry token) may send per minute, and all pages of one address. */
  TELEMETRY_EXPORTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  TELEMETRY_EXPORTS_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Origins besides the app's own that browser requests may carry trace headers to (comma-separated). */
  TELEMETRY_TRACE_ORIGINS: z.string().default(''),
  /** GET /metrics (Prometheus) answers only `Authorization: Bearer <METRICS_TOKEN>`; unset, it is off (404). */
  METRICS_TOKEN: unsetWhenEmpty(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters')),
  CALL_TICKET_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  /**
   * DNS resolvers (host or host:port, comma-separated) asked for the TXT records that verify a
   * single sign-on domain; unset, the system's.
   */
  DNS_SERVERS: z.string().default(''),
  ENCRYPTION_KEY: unsetWhenEmpty(z.string().min(32, 'ENCRYPTION_KEY must be at least 32 characters')),
  /** Finished jobs (succeeded or given up) are deleted after this many days; their secrets go when they finish. */
  JOB_RETENTION_DAYS: z.coerce.number().min(1).max(3650).default(14),
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  ASSESSMENT_LINK_TTL_HOURS: z.coerce
    .number()
    .min(0.001)
    .max(24 * 30)
    .default(48),
  MAGIC_LINK_MAILS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  WEBHOOKS_ALLOW_PRIVATE_URLS: bool,
  CALL_RECORDING_MAX_MB: z.coerce.number().int().min(1).max(500).default(60),
  /** Meeting bots (Record Meet): which provider sends them; unset, none is configured. */
  MEETING_BOT_PROVIDER: z
    .enum(['attendee', 'recall', ''])
    .optional()
    .transform((v) => (v ? v : undefined)),
  ATTENDEE_BASE_URL: z.url().default('https://app.attendee.dev'),
  ATTENDEE_API_KEY: optionalText,
  ATTENDEE_WEBHOOK_SECRET: optionalText,
  RECALL_BASE_URL: z.url().default('https://us-west-2.recall.ai'),
  RECALL_API_KEY: optionalText,
  RECALL_WEBHOOK_SECRET: optionalText,
  /** The bot's name in meetings when the tenant has not chosen one. */
  MEETING_BOT_NAME: z.string().min(1).max(100).default('Spar Notetaker'),
  /** How often a live bot's status is asked for, in case a webhook was lost. */
  MEETING_BOT_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(30),
});

export type Env = Omit<z.infer<typeof envSchema>, 'PASSWORD_POLICY' | 'INTERNAL_EMAIL_DOMAINS'> & {
  passwordPolicy: PasswordPolicy;
  internalEmailDomains: string[];
  isProduction: boolean;
  seedDemo: boolean;
  seedDemoHistory: boolean;
  devTokenEnabled: boolean;
  debugEndpointsEnabled: boolean;
};

export class EnvError extends Error {}

/** Validates every setting; throws EnvError with one readable line per problem. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  let policyInput: unknown = { schemaVersion: 1 };
  if (e.PASSWORD_POLICY) {
    try {
      policyInput = JSON.parse(e.PASSWORD_POLICY);
    } catch {
      throw new EnvError('Invalid configuration:\n  - PASSWORD_POLICY: not valid JSON');
    }
  }
  const policy = passwordPolicySchema.safeParse(policyInput);
  if (!policy.success) {
    const lines = policy.error.issues.map((i) => `  - PASSWORD_POLICY.${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (!!e.GOOGLE_CLIENT_ID !== !!e.GOOGLE_CLIENT_SECRET) {
    throw new EnvError('Invalid configuration:\n  - GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  if (e.MEETING_BOT_PROVIDER === 'attendee' && !e.ATTENDEE_API_KEY)
    throw new EnvError('Invalid configuration:\n  - ATTENDEE_API_KEY: required with MEETING_BOT_PROVIDER=attendee');
  if (e.MEETING_BOT_PROVIDER === 'recall' && !e.RECALL_API_KEY)
    throw new EnvError('Invalid configuration:\n  - RECALL_API_KEY: required with MEETING_BOT_PROVIDER=recall');
  const { PASSWORD_POLICY: _p, INTERNAL_EMAIL_DOMAINS, ...rest } = e;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && e.DEV_TOKEN_ENABLED) {
    throw new EnvError(
      'Invalid configuration:\n  - DEV_TOKEN_ENABLED: a password-free sign-in cannot be enabled with NODE_ENV=production',
    );
  }
  return {
    ...rest,
    passwordPolicy: policy.data,
    internalEmailDomains: INTERNAL_EMAIL_DOMAINS.split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    isProduction,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    seedDemoHistory: e.SEED_DEMO_HISTORY ?? true,
    devTokenEnabled: e.DEV_TOKEN_ENABLED ?? false,
    debugEndpointsEnabled: e.DEBUG_ENDPOINTS_ENABLED ?? false,
  };
}
