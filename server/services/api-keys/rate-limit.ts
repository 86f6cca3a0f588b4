import { AppError } from '../../errors';

/**
 * Requests per API key per minute, counted in this process (a fixed one-minute window per key).
 * With several server processes each counts its own share; the limit protects the process, and
 * a partner over it gets 429 with Retry-After.
 */
export class ApiKeyRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly perMinute: number) {}

  /** Counts one request; throws TOO_MANY_REQUESTS (with retryAfterSeconds) over the limit. */
  take(apiKeyId: string, now = Date.now()): void {
    const w = this.windows.get(apiKeyId);
    if (!w || now - w.start >= 60_000) {
      this.windows.set(apiKeyId, { start: now, count: 1 });
      if (this.windows.size > 10_000) this.prune(now);
      return;
    }
    w.count += 1;
    if (w.count > this.perMinute) {
      const retryAfterSeconds = Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000));
      throw new AppError('TOO_MANY_REQUESTS', 'Too many requests for this API key', { retryAfterSeconds });
    }
  }

  private prune(now: number) {
    for (const [k, w] of this.windows) if (now - w.start >= 60_000) this.windows.delete(k);
  }
}
