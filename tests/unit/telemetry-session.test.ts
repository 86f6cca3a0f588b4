import { describe, expect, it } from 'vitest';
import {
  isErrorResult,
  parseSession,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  touchSession,
  traceHeaderUrls,
} from '../../client/lib/telemetry-session';

let n = 0;
const id = () => `s${++n}`;

describe('telemetry usage session', () => {
  it('starts, continues while active, ends after 15 minutes idle or 4 hours in all', () => {
    const t0 = 1_000_000;
    const a = touchSession(null, t0, id);
    expect(a).toEqual({ id: a.id, startedAt: t0, lastActiveAt: t0 });
    const b = touchSession(a, t0 + SESSION_IDLE_MS, id);
    expect(b.id).toBe(a.id); // exactly 15 minutes idle: still the same
    expect(touchSession(b, b.lastActiveAt + SESSION_IDLE_MS + 1, id).id).not.toBe(a.id);
    // active every 10 minutes: the session still ends after 4 hours
    let s = a;
    for (let t = t0; t <= t0 + SESSION_MAX_MS; t += 10 * 60_000) s = touchSession(s, t, id);
    expect(s.id).toBe(a.id);
    expect(touchSession(s, t0 + SESSION_MAX_MS + 1, id).id).not.toBe(a.id);
  });

  it('reads a stored session, ignoring malformed ones', () => {
    expect(parseSession(JSON.stringify({ id: 'x', startedAt: 1, lastActiveAt: 2 }))).toEqual({
      id: 'x',
      startedAt: 1,
      lastActiveAt: 2,
    });
    for (const bad of [
      null,
      '',
      '{',
      JSON.stringify({ id: 1, startedAt: 1, lastActiveAt: 2 }),
      JSON.stringify({ id: 'x' }),
    ])
      expect(parseSession(bad)).toBeNull();
  });
});

describe('trace headers and errors', () => {
  it('go only to the allow-listed origins, exactly', () => {
    const urls = traceHeaderUrls(['https://api.example.com', 'http://127.0.0.1:4000/']);
    const allowed = (u: string) => urls.some((r) => r.test(u));
    expect(allowed('https://api.example.com/v1/x')).toBe(true);
    expect(allowed('https://api.example.com')).toBe(true);
    expect(allowed('http://127.0.0.1:4000/trpc')).toBe(true);
    expect(allowed('https://api.example.com.evil.test/v1')).toBe(false);
    expect(allowed('https://other.example.com/')).toBe(false);
    expect(allowed('http://127.0.0.1:40000/')).toBe(false);
    expect(traceHeaderUrls([])).toEqual([]);
  });

  it('mark responses 400–599 and network failures as errors', () => {
    expect([200, 302, 399].map((status) => isErrorResult({ status }))).toEqual([false, false, false]);
    expect([400, 404, 500, 599].map((status) => isErrorResult({ status }))).toEqual([true, true, true, true]);
    expect(isErrorResult(new TypeError('Failed to fetch'))).toBe(true);
    expect(isErrorResult({ status: 0 })).toBe(true);
  });
});
