import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../server/cache/read-cache';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('ReadCache', () => {
  it('serves a fresh entry without computing, until the TTL passes', async () => {
    let t = 1_000;
    const cache = new ReadCache(10_000, 100, () => t);
    let n = 0;
    const load = async () => ++n;
    expect(await cache.get(A, 'k', load)).toBe(1);
    t += 9_999;
    expect(await cache.get(A, 'k', load)).toBe(1);
    t += 1;
    expect(await cache.get(A, 'k', load)).toBe(2);
    expect(cache.stats).toMatchObject({ hits: 1, misses: 2 });
  });

  it('shares one computation between concurrent callers (single flight)', async () => {
    const cache = new ReadCache(10_000);
    let n = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const load = async () => {
      n++;
      await gate;
      return 'v';
    };
    const all = Promise.all(Array.from({ length: 50 }, () => cache.get(A, 'k', load)));
    release();
    expect(await all).toEqual(Array(50).fill('v'));
    expect(n).toBe(1);
  });

  it('keeps tenants and keys apart; invalidating a tenant drops only its entries', async () => {
    const cache = new ReadCache(10_000);
    let n = 0;
    const load = async () => ++n;
    const a1 = await cache.get(A, 'dashboard:u1', load);
    const a2 = await cache.get(A, 'dashboard:u2', load);
    const b1 = await cache.get(B, 'dashboard:u1', load);
    expect(new Set([a1, a2, b1]).size).toBe(3);
    cache.invalidateTenant(A);
    expect(await cache.get(A, 'dashboard:u1', load)).toBe(4);
    expect(await cache.get(B, 'dashboard:u1', load)).toBe(b1);
  });

  it('a computation that started before an invalidation is not kept after it', async () => {
    const cache = new ReadCache(10_000);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = cache.get(A, 'k', async () => {
      await gate;
      return 'old';
    });
    cache.invalidateTenant(A);
    release();
    expect(await slow).toBe('old'); // its own callers get it
    expect(await cache.get(A, 'k', async () => 'new')).toBe('new');
  });

  it('does not cache failures', async () => {
    const cache = new ReadCache(10_000);
    await expect(cache.get(A, 'k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get(A, 'k', async () => 'ok')).toBe('ok');
  });

  it('evicts the oldest entry beyond its size, and TTL 0 turns it off', async () => {
    const cache = new ReadCache(10_000, 2);
    let n = 0;
    const load = async () => ++n;
    await cache.get(A, 'a', load);
    await cache.get(A, 'b', load);
    await cache.get(A, 'c', load);
    expect(await cache.get(A, 'a', load)).toBe(4); // 'a' was evicted
    const off = new ReadCache(0);
    let m = 0;
    await off.get(A, 'k', async () => ++m);
    await off.get(A, 'k', async () => ++m);
    expect(m).toBe(2);
  });
});
