/**
 * A short-lived, per-viewer cache for expensive tenant reads (the manager dashboard, the
 * assignment lists), with single-flight: concurrent requests for the same key share one
 * computation, and a hit touches no database at all.
 *
 * Freshness: every successful tenant mutation and every finished background job of a tenant
 * (evaluations complete exercises) bumps that tenant's generation in this process, which drops
 * its entries at once, and is told to the other server processes on the same PostgreSQL
 * (`broadcast`: LISTEN/NOTIFY, wired in server/app.ts), which drop theirs; the TTL only bounds
 * staleness for writes made directly in the database. Keys always include the tenant and the viewer, so nothing crosses tenants or users.
 */
interface Entry<T> {
  generation: number;
  expiresAt: number;
  promise: Promise<T>;
}

export interface ReadCacheStats {
  hits: number;
  misses: number;
  invalidations: number;
}

export class ReadCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly generations = new Map<string, number>();
  readonly stats: ReadCacheStats = { hits: 0, misses: 0, invalidations: 0 };
  /** Tells the other processes a tenant's reads are stale (set when there are other processes to tell). */
  broadcast: ((tenantId: string) => void) | null = null;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value of `key` for `tenantId`, or the result of `compute` (shared by concurrent callers). */
  get<T>(tenantId: string, key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const fullKey = `${tenantId}\u0000${key}`;
    const generation = this.generations.get(tenantId) ?? 0;
    const t = this.now();
    const hit = this.entries.get(fullKey) as Entry<T> | undefined;
    if (hit && hit.generation === generation && hit.expiresAt > t) {
      this.stats.hits++;
      return hit.promise;
    }
    this.stats.misses++;
    const promise = compute();
    const entry: Entry<T> = { generation, expiresAt: t + this.ttlMs, promise };
    this.entries.delete(fullKey); // re-insert at the end: Map order is the eviction order
    this.entries.set(fullKey, entry);
    // a failure is not cached: the next request tries again
    promise.catch(() => {
      if (this.entries.get(fullKey) === entry) this.entries.delete(fullKey);
    });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return promise;
  }

  /** Drops every cached read of the tenant (after a write that may change them), here and in the other processes. */
  invalidateTenant(tenantId: string | null | undefined): void {
    if (!tenantId || this.ttlMs <= 0) return;
    this.drop(tenantId);
    this.broadcast?.(tenantId);
  }

  /** Another process wrote for the tenant: its reads cached here are stale. */
  invalidateFromPeer(tenantId: string): void {
    if (this.ttlMs > 0) this.drop(tenantId);
  }

  private drop(tenantId: string): void {
    this.stats.invalidations++;
    this.generations.set(tenantId, (this.generations.get(tenantId) ?? 0) + 1);
    const prefix = `${tenantId}\u0000`;
    for (const k of this.entries.keys()) if (k.startsWith(prefix)) this.entries.delete(k);
  }

  clear(): void {
    this.entries.clear();
  }
}
