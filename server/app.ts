import { readFileSync } from 'node:fs';
import { ReadCache } from './cache/read-cache';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from '../seed/demo';
import type { AppDeps } from './deps';
import type { Env } from './env';
import { createHttpServer, type HttpServerOptions } from './http/server';
import { logger } from './logger';
import { ensureSystemPrompts } from './services/prompts/system-prompts';
import { startJobRetention, startJobWorker, wireDomainEvents, wireMetrics } from './wiring';
import { liveCalls } from './realtime/registry';
import { startServerTelemetry, stopServerTelemetry } from './telemetry/tracing';
import { closeAbandonedCalls, newLeaseOwner, renewLeases } from './services/calls/leases';
import { databaseRoleProblem, securityNotices } from './security-notices';
import { caught } from './metrics/caught';

function appVersion(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const p of [path.join(here, '..', 'package.json'), path.join(here, '..', '..', 'package.json')]) {
    try {
      return JSON.parse(readFileSync(p, 'utf8')).version as string;
    } catch {
      /* next */
    }
  }
  return '0.0.0';
}

export interface StartOptions extends HttpServerOptions {
  env: Env;
  /** An already-open database (tests); otherwise opened from env. */
  database?: Database;
  port?: number;
  host?: string;
  deps?: Partial<AppDeps>;
}

export interface RunningApp {
  url: string;
  /** Warnings about conveniences that weaken this start (logged; index.ts prints them too). */
  notices: string[];
  deps: AppDeps;
  stop(): Promise<void>;
}

/** Opens the database, applies migrations, seeds the demo on first start, and listens. */
export async function startApp(opts: StartOptions): Promise<RunningApp> {
  const { env } = opts;
  wireDomainEvents();
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolSize: env.DATABASE_POOL_SIZE,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS || undefined,
    }));
  // several processes starting on one PostgreSQL migrate and seed one at a time
  const prepare = (unhurried = database) => prepareDatabase(unhurried, env);
  try {
    // a role that escapes row-level security is refused in production (warned about otherwise)
    const role = env.isProduction ? await databaseRoleProblem(database) : null;
    if (role) throw new Error(role);
    await (database.exclusive ? database.exclusive('spar:startup', prepare) : prepare());
  } catch (e) {
    await database.close();
    throw e;
  }
  startServerTelemetry(env, appVersion());
  const deps: AppDeps = {
    database,
    db: database.db,
    env,
    version: appVersion(),
    leaseOwner: newLeaseOwner(),
    readCache: new ReadCache(env.READ_CACHE_TTL_MS),
    ...opts.deps,
  };
  const http = await createHttpServer(deps, opts);
  const port = opts.port ?? env.PORT;
  // `npm run dev` serves sources through Vite: this machine only, unless HOST says otherwise
  const host = opts.host ?? env.HOST ?? (opts.dev ? '127.0.0.1' : '0.0.0.0');
  await http.listen(port, host);
  const addr = http.server.address();
  const actualPort = typeof addr === 'object' && addr ? addr.port : port;
  // background work starts once the server answers: a first start's demo history never delays it
  const worker = await startJobWorker(deps);
  const retention = startJobRetention(deps);
  wireMetrics(database.db);
  const leases = startLeaseKeeper(deps);
  const peers = await shareCacheInvalidation(deps);
  const notices = await securityNotices(
    database,
    env,
    { host, port: actualPort, dev: !!opts.dev },
    DEMO_ACCOUNTS.map((a) => a.email),
  );
  for (const n of notices) logger.warn(n);
  let stopping: Promise<void> | undefined;
  return {
    notices,
    url: `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${actualPort}`,
    deps,
    stop: () =>
      (stopping ??= (async () => {
        await http.shutdown(env.SHUTDOWN_TIMEOUT_MS);
        await leases.stop();
        await stopServerTelemetry();
        await peers
          ?.unlisten()
          .catch((err: unknown) => caught('read_cache_unlisten', 'read cache channel not closed', { err }, 'warn'));
        await retention.stop();
        await worker?.stop();
        if (!opts.database) await database.close();
      })()),
  };
}

/**
 * Keeps this process's call leases alive (every third of a lease) and closes the calls of
 * processes that died (their lease ran out) — at start too, so a restart closes what the crash
 * left open. Several processes may sweep: each call is ended once.
 */
function startLeaseKeeper(deps: AppDeps) {
  const leaseMs = deps.env.CALL_LEASE_SECONDS * 1000;
  let running: Promise<unknown> = Promise.resolve();
  const tick = (sweep: boolean) => {
    running = running
      .then(async () => {
        const live = [...liveCalls.entries()].map(([callId, s]) => ({
          callId,
          tenantId: s.tenantId,
          tenant: s.tenant,
        }));
        if (live.length) await renewLeases({ owner: deps.leaseOwner, live, leaseMs });
        if (sweep) await closeAbandonedCalls(deps.db, leaseMs);
      })
      .catch((err: unknown) => caught('call_lease_upkeep', 'call lease upkeep failed', { err }));
  };
  tick(true);
  // every third of a lease: renew this process's leases and close calls whose lease ran out, so a
  // call of a dead process is closed at most a lease and a third after its last renewal
  const timer = setInterval(() => tick(true), Math.round(leaseMs / 3));
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

const READ_CACHE_CHANNEL = 'spar_read_cache';

/**
 * Several processes on one PostgreSQL: a write in one drops the tenant's cached dashboard and
 * assignment reads in every other (NOTIFY `<process>|<tenant>` on READ_CACHE_CHANNEL, each process
 * LISTENing and ignoring its own), so the cache TTL no longer bounds staleness between processes.
 */
async function shareCacheInvalidation(deps: AppDeps) {
  const cache = deps.readCache;
  const { listen, notify } = deps.database;
  if (!cache || cache.ttlMs <= 0 || !listen || !notify) return null;
  const me = deps.leaseOwner;
  const sub = await listen(READ_CACHE_CHANNEL, (payload) => {
    const cut = payload.lastIndexOf('|');
    if (cut > 0 && payload.slice(0, cut) !== me) cache.invalidateFromPeer(payload.slice(cut + 1));
  });
  cache.broadcast = (tenantId) =>
    void notify(READ_CACHE_CHANNEL, `${me}|${tenantId}`).catch((err) =>
      caught('read_cache_notify', 'read cache notify failed', { err }, 'warn'),
    );
  return sub;
}

/** Migrations, the system prompts and (first start) the demo tenant. */
async function prepareDatabase(database: Database, env: Env) {
  await migrateDatabase(database);
  await ensureSystemPrompts(database.db);
  if (env.seedDemo) {
    const seeded = await seedDemoIfEmpty(database.db, {
      password: env.DEMO_PASSWORD,
      policy: env.passwordPolicy,
      internalSchema: env.INTERNAL_CLIENT_SCHEMA,
      history: env.seedDemoHistory,
      language: env.DEMO_LANGUAGE,
    });
    if (seeded.seeded && seeded.generated) {
      // printed once, on the first start only
      process.stdout.write(
        `\nDemo tenant seeded. Sign in as admin@demo.test, manager@demo.test, rep@demo.test, superuser@demo.test …\n` +
          `Demo password (shown once): ${seeded.password}\n\n`,
      );
    } else if (seeded.seeded) logger.info('demo tenant seeded with DEMO_PASSWORD');
  }
}
