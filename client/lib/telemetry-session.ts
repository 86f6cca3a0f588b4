/**
 * The browser's usage session for telemetry: a session ends after 15 minutes without
 * activity or after 4 hours at most; every span carries its id (`session.id`). Pure functions:
 * the storage is the caller's (localStorage in the app, so tabs share the session).
 */
export const SESSION_IDLE_MS = 15 * 60_000;
export const SESSION_MAX_MS = 4 * 60 * 60_000;

export interface UsageSession {
  id: string;
  startedAt: number;
  lastActiveAt: number;
}

/** The session in force at `now` (a new one when there is none, it idled out or it is too long), touched. */
export function touchSession(stored: UsageSession | null, now: number, newId: () => string): UsageSession {
  if (!stored || now - stored.lastActiveAt > SESSION_IDLE_MS || now - stored.startedAt > SESSION_MAX_MS)
    return { id: newId(), startedAt: now, lastActiveAt: now };
  return { ...stored, lastActiveAt: now };
}

/** Reads a stored session, ignoring anything malformed. */
export function parseSession(raw: string | null): UsageSession | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Partial<UsageSession>;
    return typeof s.id === 'string' && typeof s.startedAt === 'number' && typeof s.lastActiveAt === 'number'
      ? { id: s.id, startedAt: s.startedAt, lastActiveAt: s.lastActiveAt }
      : null;
  } catch {
    return null;
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The URLs besides the app's own that may carry trace headers: exactly the allow-listed
 * origins — an origin that merely starts like one (https://api.example.com.evil.test) does not.
 */
export function traceHeaderUrls(origins: readonly string[]): RegExp[] {
  return origins.map((o) => new RegExp(`^${escape(o.replace(/\/$/, ''))}(?:[/?#]|$)`));
}

/** Whether a response or a failure marks its span as an error: HTTP 400–599, or no response at all. */
export function isErrorResult(result: { status?: number } | Error | null | undefined): boolean {
  if (!result || result instanceof Error) return true;
  return typeof result.status === 'number' && (result.status === 0 || (result.status >= 400 && result.status <= 599));
}
