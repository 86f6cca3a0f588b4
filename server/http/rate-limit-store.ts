import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { asSystem, rawRows } from '../../db/tenant';

/**
 * A store for `@fastify/rate-limit` in PostgreSQL (table api_rate_limits): one fixed window per
 * key, counted by one upsert, so every server process on the database shares the count and the
 * limit holds for the whole cluster, not per process. On PGlite (one process) it is the same.
 */
export function postgresRateLimitStore(db: Db) {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      _max?: number,
    ): void {
      countHit(db, key, timeWindow).then(
        (count) => callback(null, count),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }
    child(): FastifyRateLimitStore {
      return new PostgresRateLimitStore();
    }
  }
  return PostgresRateLimitStore;
}

/** Counts one hit of `key` in its window of `windowMs`: the hits so far and the milliseconds left. */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const seconds = windowMs / 1000;
  const [row] = await asSystem(db, { action: 'api.rate_limit' }, (tx) =>
    rawRows<{ hits: number; ttl: number }>(
      tx,
      sql`
        insert into api_rate_limits (key, hits, window_start) values (${key}, 1, now())
        on conflict (key) do update set
          hits = case when api_rate_limits.window_start <= now() - make_interval(secs => ${seconds})
                      then 1 else api_rate_limits.hits + 1 end,
          window_start = case when api_rate_limits.window_start <= now() - make_interval(secs => ${seconds})
                      then now() else api_rate_limits.window_start end
        returning hits, greatest(0, extract(epoch from (window_start + make_interval(secs => ${seconds}) - now())) * 1000)::float8 as ttl`,
    ),
  );
  return { current: Number(row.hits), ttl: Math.ceil(Number(row.ttl)) };
}

/** Windows that ended more than a day ago (keys seen once) are deleted with the job retention sweep. */
export async function pruneRateLimits(db: Db): Promise<number> {
  const rows = await asSystem(db, { action: 'api.rate_limit_prune' }, (tx) =>
    rawRows(tx, sql`delete from api_rate_limits where window_start < now() - interval '1 day' returning key`),
  );
  return rows.length;
}
