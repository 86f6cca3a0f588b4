import type { Database, Db } from '../db/client';
import type { Env } from './env';
import type { ReadCache } from './cache/read-cache';
import type { CodeExchange } from './auth/google';
import type { CallRelayOptions } from './realtime/relay-options';

/** What request handlers need from the running process; built once at start (or per test). */
export interface AppDeps {
  database: Database;
  db: Db;
  env: Env;
  version: string;
  /** This process's name on the call leases it holds (server/services/calls/leases.ts). */
  leaseOwner: string;
  /** Tests replace the Google code exchange (the provider boundary). */
  googleExchange?: CodeExchange;
  /** Health check database timeout (default 5 s). */
  healthTimeoutMs?: number;
  /** Call relay knobs for tests and benchmarks (upstream TLS CA, ring/barge-in timings). */
  calls?: CallRelayOptions;
  /** Short-lived per-viewer cache of expensive reads (dashboard, assignment lists); none in most tests. */
  readCache?: ReadCache;
  /** Background job worker knobs (tests, benchmarks); `disabled` starts no worker. */
  jobs?: {
    disabled?: boolean;
    workerId?: string;
    pollIntervalMs?: number;
    leaseMs?: number;
    backoffBaseMs?: number;
    initialDelayMs?: number;
    webhookScheduleMs?: number[];
    /** The LTI grade passback's retry schedule (tests: a shorter one). */
    ltiScoreScheduleMs?: number[];
  };
}
