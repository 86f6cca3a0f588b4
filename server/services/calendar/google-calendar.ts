import {
  CodeChallengeMethod,
  decodeIdToken,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
  type OAuth2Tokens,
} from 'arctic';
import { and, eq, gte, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../../db/client';
import { calendarConnections, meetings } from '../../../db/schema';
import type { TenantRunner } from '../../../db/tenant';
import { GOOGLE_MEET_URL, type CalendarOverview } from '../../contracts/meetings';
import type { Env } from '../../env';
import { exchangeGoogleCode, type GoogleCallback } from '../../auth/google';
import { AppError } from '../../errors';
import { logger } from '../../logger';
import { seal, unseal } from '../../security/sealed';
import { caught } from '../../metrics/caught';

/**
 * Google Calendar for Record Meet: the user connects their calendar (OAuth with arctic,
 * the read-only calendar scope, offline access), its tokens are sealed with ENCRYPTION_KEY, and the
 * Meetings screen lists their upcoming meetings with a Meet link so the bot can be scheduled ahead.
 * Google's OAuth endpoints and the Calendar API are configurable (GOOGLE_OAUTH_AUTHORIZE_URL,
 * GOOGLE_OAUTH_TOKEN_URL, GOOGLE_CALENDAR_API_URL): the tests point them at a loopback fake.
 */

const CALENDAR_SCOPES = ['openid', 'email', 'https://www.googleapis.com/auth/calendar.readonly'];
export const CALENDAR_STATE_COOKIE = 'spar_calendar_state';
export const CALENDAR_VERIFIER_COOKIE = 'spar_calendar_verifier';
const PURPOSE = 'spar-calendar-token';
/** How far ahead the screen looks, and how many meetings it lists. */
const HORIZON_DAYS = 14;
const MAX_EVENTS = 25;

interface CalendarTokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
  scopes: string[];
  email: string | null;
}

/** Google's token endpoint: the code exchange and the refresh. */
export interface CalendarTokens {
  exchange(code: string, codeVerifier: string): Promise<CalendarTokenSet>;
  refresh(refreshToken: string): Promise<CalendarTokenSet>;
}

type CalendarEnv = Pick<
  Env,
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_CLIENT_SECRET'
  | 'ENCRYPTION_KEY'
  | 'GOOGLE_CALENDAR_API_URL'
  | 'GOOGLE_OAUTH_AUTHORIZE_URL'
  | 'GOOGLE_OAUTH_TOKEN_URL'
  | 'OPENAI_TIMEOUT_MS'
>;

/** Connecting a calendar needs the Google OAuth client and a key to seal its tokens with. */
export const calendarAvailable = (env: CalendarEnv) =>
  !!(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET && env.ENCRYPTION_KEY);

export const calendarRedirectUri = (base: string) => new URL('/api/v1/integrations/google/callback', base).toString();

/** arctic's OAuth 2.0 client with Google's endpoints (GOOGLE_OAUTH_AUTHORIZE_URL, GOOGLE_OAUTH_TOKEN_URL). */
function google(env: CalendarEnv, redirectUri: string) {
  if (!calendarAvailable(env))
    throw new AppError(
      'GOOGLE_DISABLED',
      'Google Calendar is not configured (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and ENCRYPTION_KEY)',
    );
  return new OAuth2Client(env.GOOGLE_CLIENT_ID!, env.GOOGLE_CLIENT_SECRET!, redirectUri);
}

function tokenSet(t: OAuth2Tokens): CalendarTokenSet {
  let email: string | null = null;
  try {
    email = (decodeIdToken(t.idToken()) as { email?: string }).email ?? null;
  } catch {
    email = null; // a refresh answer carries no ID token
  }
  let scopes: string[] = [];
  try {
    scopes = t.scopes();
  } catch {
    scopes = [];
  }
  return {
    accessToken: t.accessToken(),
    refreshToken: t.hasRefreshToken() ? t.refreshToken() : null,
    expiresAt: t.accessTokenExpiresAt(),
    scopes,
    email,
  };
}

export function arcticCalendarTokens(env: CalendarEnv, redirectUri: string): CalendarTokens {
  const g = google(env, redirectUri);
  return {
    exchange: async (code, verifier) =>
      tokenSet(await g.validateAuthorizationCode(env.GOOGLE_OAUTH_TOKEN_URL, code, verifier)),
    refresh: async (refreshToken) => tokenSet(await g.refreshAccessToken(env.GOOGLE_OAUTH_TOKEN_URL, refreshToken, [])),
  };
}

/** Google's consent page for the read-only calendar scope, with a refresh token (offline access). */
export function startCalendarConnect(env: CalendarEnv, redirectUri: string) {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = google(env, redirectUri).createAuthorizationURLWithPKCE(
    env.GOOGLE_OAUTH_AUTHORIZE_URL,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    CALENDAR_SCOPES,
  );
  url.searchParams.set('access_type', 'offline');
  url.searchParams.set('prompt', 'consent');
  url.searchParams.set('include_granted_scopes', 'true');
  return { url, state, codeVerifier };
}

/** Whose calendar: the signed-in user and their tenant. */
interface CalendarUser {
  tenantId: string;
  userId: string;
}

/** Checks state and verifier, exchanges the code, and keeps the user's tokens sealed (replacing an earlier connection). */
export async function finishCalendarConnect({
  tenant,
  env,
  user,
  params,
  cookies,
  tokens,
}: {
  /** The signed-in user's tenant transactions (on `user.tenantId`). */
  tenant: TenantRunner;
  env: CalendarEnv;
  user: CalendarUser;
  tokens: CalendarTokens;
} & GoogleCallback) {
  const t = await exchangeGoogleCode(
    { params, cookies },
    (code, verifier) => tokens.exchange(code, verifier),
    (e) => logger.warn({ err: e }, 'calendar code exchange failed'),
  );
  if (t.scopes.length && !t.scopes.includes('https://www.googleapis.com/auth/calendar.readonly'))
    throw new AppError('GOOGLE_FAILED', 'Calendar access was not granted');
  const key = env.ENCRYPTION_KEY!;
  const values = {
    accountEmail: t.email,
    accessTokenSealed: seal(key, PURPOSE, t.accessToken),
    refreshTokenSealed: t.refreshToken ? seal(key, PURPOSE, t.refreshToken) : null,
    expiresAt: t.expiresAt,
    scopes: t.scopes.join(' '),
    updatedAt: new Date(),
  };
  await tenant((tx) =>
    tx
      .insert(calendarConnections)
      .values({ tenantId: user.tenantId, userId: user.userId, ...values })
      .onConflictDoUpdate({ target: calendarConnections.userId, set: values }),
  );
}

const eventsSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        status: z.string().optional(),
        summary: z.string().optional(),
        hangoutLink: z.string().optional(),
        start: z.object({ dateTime: z.string().optional(), date: z.string().optional() }).optional(),
        end: z.object({ dateTime: z.string().optional(), date: z.string().optional() }).optional(),
        conferenceData: z
          .object({
            entryPoints: z
              .array(z.object({ entryPointType: z.string().optional(), uri: z.string().optional() }))
              .optional(),
          })
          .optional(),
      }),
    )
    .default([]),
});

/** The Meet link of an event (its hangoutLink, else a video entry point), in the plain form the bot takes. */
function meetLinkOf(e: z.infer<typeof eventsSchema>['items'][number]): string | null {
  const candidates = [
    e.hangoutLink,
    ...(e.conferenceData?.entryPoints ?? []).filter((p) => p.entryPointType === 'video').map((p) => p.uri),
  ];
  for (const c of candidates) {
    if (!c) continue;
    const plain = c.split('?')[0];
    if (GOOGLE_MEET_URL.test(plain)) return plain;
  }
  return null;
}

class TokenRejected extends Error {}

async function fetchEvents(env: CalendarEnv, accessToken: string, now: Date) {
  const url = new URL(`${env.GOOGLE_CALENDAR_API_URL.replace(/\/$/, '')}/calendars/primary/events`);
  url.searchParams.set('timeMin', now.toISOString());
  url.searchParams.set('timeMax', new Date(now.getTime() + HORIZON_DAYS * 86_400_000).toISOString());
  url.searchParams.set('singleEvents', 'true');
  url.searchParams.set('orderBy', 'startTime');
  url.searchParams.set('maxResults', '100');
  const res = await fetch(url, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
    signal: AbortSignal.timeout(Math.min(env.OPENAI_TIMEOUT_MS, 20_000)),
  });
  if (res.status === 401) throw new TokenRejected('access token rejected');
  if (!res.ok) throw new Error(`Calendar API answered ${res.status}`);
  return eventsSchema.parse(await res.json());
}

async function connectionOf(tx: Executor, userId: string) {
  const [c] = await tx.select().from(calendarConnections).where(eq(calendarConnections.userId, userId));
  return c ?? null;
}

/**
 * The user's calendar on the Meetings screen: whether it can be connected, whether it is, and the
 * meetings with a Meet link in the next two weeks (each saying whether a bot is already scheduled
 * for it). An expired access token is refreshed (and kept, sealed); a refused refresh asks the user
 * to connect again.
 */
export async function calendarOverview({
  tenant,
  env,
  user,
  tokens,
  now = new Date(),
}: {
  /** The signed-in user's tenant transactions (on `user.tenantId`). */
  tenant: TenantRunner;
  env: CalendarEnv;
  user: CalendarUser;
  tokens: CalendarTokens | null;
  now?: Date;
}): Promise<CalendarOverview> {
  const available = calendarAvailable(env);
  const conn = await tenant((tx) => connectionOf(tx, user.userId));
  if (!available || !conn) return { available, connected: false, email: null, problem: null, events: [] };
  const key = env.ENCRYPTION_KEY!;
  let access = unseal(key, PURPOSE, conn.accessTokenSealed);
  const base = { available, connected: true, email: conn.accountEmail };
  const refresh = async () => {
    const refreshToken = conn.refreshTokenSealed ? unseal(key, PURPOSE, conn.refreshTokenSealed) : null;
    if (!refreshToken || !tokens) return null;
    try {
      const t = await tokens.refresh(refreshToken);
      await tenant((tx) =>
        tx
          .update(calendarConnections)
          .set({
            accessTokenSealed: seal(key, PURPOSE, t.accessToken),
            ...(t.refreshToken ? { refreshTokenSealed: seal(key, PURPOSE, t.refreshToken) } : {}),
            expiresAt: t.expiresAt,
            updatedAt: new Date(),
          })
          .where(eq(calendarConnections.id, conn.id)),
      );
      return t.accessToken;
    } catch (e) {
      caught('calendar_refresh', 'calendar token refresh failed', { err: e }, 'warn');
      return null;
    }
  };
  if (!access || conn.expiresAt.getTime() - 60_000 < now.getTime()) access = await refresh();
  if (!access) return { ...base, problem: 'reconnect', events: [] };
  let data;
  try {
    data = await fetchEvents(env, access, now);
  } catch (e) {
    if (!(e instanceof TokenRejected)) {
      caught('calendar_events', 'calendar events could not be read', { err: e }, 'warn');
      return { ...base, problem: 'unavailable', events: [] };
    }
    const again = await refresh();
    if (!again) return { ...base, problem: 'reconnect', events: [] };
    try {
      data = await fetchEvents(env, again, now);
    } catch (err) {
      if (err instanceof TokenRejected) return { ...base, problem: 'reconnect', events: [] };
      caught('calendar_events', 'calendar events could not be read after a token refresh', { err }, 'warn');
      return { ...base, problem: 'unavailable', events: [] };
    }
  }
  const events = data.items
    .filter((e) => e.status !== 'cancelled' && e.start?.dateTime)
    .map((e) => ({
      id: e.id,
      title: e.summary?.trim() || '',
      start: new Date(e.start!.dateTime!).toISOString(),
      end: e.end?.dateTime ? new Date(e.end.dateTime).toISOString() : null,
      meetUrl: meetLinkOf(e),
    }))
    .filter((e): e is typeof e & { meetUrl: string } => e.meetUrl !== null)
    .slice(0, MAX_EVENTS);
  // a bot already on its way (or scheduled) for this meeting link
  const booked = events.length
    ? await tenant((tx) =>
        tx
          .select({ url: meetings.meetingUrl, joinAt: meetings.joinAt })
          .from(meetings)
          .where(
            and(
              eq(meetings.userId, user.userId),
              eq(meetings.source, 'bot'),
              inArray(
                meetings.meetingUrl,
                events.map((e) => e.meetUrl),
              ),
              gte(meetings.createdAt, new Date(now.getTime() - 86_400_000)),
              inArray(meetings.status, ['scheduled', 'requested', 'joining', 'waiting_room', 'in_call', 'recording']),
            ),
          ),
      )
    : [];
  return {
    ...base,
    problem: null,
    events: events.map((e) => ({ ...e, botScheduled: booked.some((b) => b.url === e.meetUrl) })),
  };
}

/** Forgets the user's calendar (its tokens are deleted). */
export async function disconnectCalendar(tenant: TenantRunner, user: CalendarUser) {
  await tenant((tx) => tx.delete(calendarConnections).where(eq(calendarConnections.userId, user.userId)));
  return { ok: true as const };
}
