import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarConnections, meetings } from '../../db/schema';
import { asSystem, withTenant } from '../../db/tenant';
import type { RunningApp } from '../../server/app';
import { unseal } from '../../server/security/sealed';
import { createLinkedSimulations } from '../helpers/assignments';
import { signIn, signedInCaller, startTestApp, type UserRow } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { useTestDatabase } from '../helpers/db';
import { ANA, createTenant, createTenantUser } from '../helpers/factories';
import { startFakeGoogleCalendar, type FakeGoogleCalendar } from '../helpers/fake-google-calendar';
import { SCENARIO } from '../helpers/scenario';

/**
 * Google Calendar for Record Meet, tested up to the provider boundary: the consent redirect, the
 * callback (state and PKCE verifier checked, the code exchanged at the token endpoint), the tokens
 * kept sealed, the upcoming meetings with a Meet link read from the Calendar API, an expired token
 * refreshed, a refused one asking to reconnect, and disconnecting — Google's endpoints played by a
 * loopback stand-in (tests/helpers/fake-google-calendar.ts).
 */

const ENCRYPTION_KEY = 'an-operator-encryption-key-of-32-characters-or-more';
const CLIENT = { clientId: 'client-id.apps.googleusercontent.com', clientSecret: 'client-secret' };
const database = useTestDatabase();
let app: RunningApp;
let plain: RunningApp;
let cal: FakeGoogleCalendar;
let rep: UserRow;
let tenant: string;

const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

beforeAll(async () => {
  cal = await startFakeGoogleCalendar(CLIENT);
  cal.email = 'ana@acme.test';
  tenant = (await createTenant(database.db, { name: 'Acme' })).id;
  rep = await createTenantUser(database.db, tenant, ANA);
  await withTenant(database.db, tenant, (tx) =>
    createLinkedSimulations(tx, tenant, [
      { name: 'Discovery', language: 'en', callProvider: 'offline', scenarioDetails: SCENARIO },
    ]),
  );
  const google = {
    GOOGLE_CLIENT_ID: CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
    GOOGLE_CALENDAR_API_URL: cal.apiUrl,
    GOOGLE_OAUTH_AUTHORIZE_URL: cal.authorizeUrl,
    GOOGLE_OAUTH_TOKEN_URL: cal.tokenUrl,
  };
  app = await startTestApp(database, { ...google, ENCRYPTION_KEY }, { jobs: { disabled: true } });
  plain = await startTestApp(database, google, { jobs: { disabled: true } });
  cal.events = [
    {
      id: 'e1',
      summary: 'Acme discovery',
      hangoutLink: 'https://meet.google.com/abc-defg-hij',
      start: { dateTime: inHours(2) },
      end: { dateTime: inHours(3) },
    },
    { id: 'e2', summary: 'Internal planning', start: { dateTime: inHours(4) } }, // no Meet link
    {
      id: 'e3',
      summary: 'Beta demo',
      start: { dateTime: inHours(5) },
      conferenceData: {
        entryPoints: [
          { entryPointType: 'phone', uri: 'tel:+1-555' },
          { entryPointType: 'video', uri: 'https://meet.google.com/xyz-abcd-efg?authuser=0' },
        ],
      },
    },
    {
      id: 'e4',
      summary: 'Cancelled call',
      status: 'cancelled',
      hangoutLink: 'https://meet.google.com/qqq-qqqq-qqq',
      start: { dateTime: inHours(6) },
    },
    {
      id: 'e5',
      summary: 'Offsite',
      hangoutLink: 'https://meet.google.com/www-wwww-www',
      start: { date: '2026-12-24' },
    }, // all day
  ];
}, 60_000);

afterAll(() => closeAll(app, plain, cal));

const get = (target: RunningApp, path: string, token: string, cookie = '') =>
  fetch(`${target.url}${path}`, {
    redirect: 'manual',
    headers: { authorization: `Bearer ${token}`, ...(cookie ? { cookie } : {}) },
  });

describe('Google Calendar for Record Meet', () => {
  it('connects through Google’s consent with the read-only calendar scope and keeps the tokens sealed', async () => {
    const { token } = await signIn(app.deps, rep);
    const start = await get(app, '/api/v1/integrations/google/start', token);
    expect(start.status).toBe(302);
    const to = new URL(start.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe(cal.authorizeUrl);
    expect(to.searchParams.get('scope')!.split(' ')).toContain('https://www.googleapis.com/auth/calendar.readonly');
    expect(to.searchParams.get('redirect_uri')).toBe(`${app.url}/api/v1/integrations/google/callback`);
    expect([to.searchParams.get('access_type'), to.searchParams.get('code_challenge_method')]).toEqual([
      'offline',
      'S256',
    ]);
    const cookies = start.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    // Google: the user consents and is sent back with a code and the state
    const consent = await fetch(to, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    expect(back.pathname).toBe('/api/v1/integrations/google/callback');

    // another state is refused and nothing is kept
    const forged = await get(
      app,
      `/api/v1/integrations/google/callback?code=${back.searchParams.get('code')}&state=forged`,
      token,
      cookies,
    );
    expect(forged.headers.get('location')).toBe('/meetings?calendar=error&code=GOOGLE_FAILED');
    expect(await asSystem(database.db, { action: 'test' }, (tx) => tx.select().from(calendarConnections))).toEqual([]);

    // the real return: the state matches, the code is exchanged with the PKCE verifier
    const done = await get(app, `${back.pathname}${back.search}`, token, cookies);
    expect([done.status, done.headers.get('location')]).toEqual([302, '/integrations/google/success']);
    const exchange = cal.requests.find((r) => r.path === '/token' && r.form.grant_type === 'authorization_code')!;
    expect(exchange.form.code_verifier).toBeTruthy();
    const [row] = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select().from(calendarConnections).where(eq(calendarConnections.userId, rep.id)),
    );
    expect(row.accountEmail).toBe('ana@acme.test');
    const access = unseal(ENCRYPTION_KEY, 'spar-calendar-token', row.accessTokenSealed)!;
    expect(cal.acceptedTokens.has(access)).toBe(true);
    expect(JSON.stringify(row)).not.toContain(access);
    expect(cal.refreshTokens.has(unseal(ENCRYPTION_KEY, 'spar-calendar-token', row.refreshTokenSealed!)!)).toBe(true);
  });

  it('lists the upcoming meetings with a Meet link, saying which already have a bot', async () => {
    await withTenant(database.db, tenant, (tx) =>
      tx.insert(meetings).values({
        tenantId: tenant,
        userId: rep.id,
        source: 'bot',
        title: 'Beta demo',
        status: 'scheduled',
        meetingUrl: 'https://meet.google.com/xyz-abcd-efg',
        joinAt: new Date(inHours(5)),
      }),
    );
    const overview = await signedInCaller(app.deps, rep).meetings.calendar();
    expect(overview).toMatchObject({ available: true, connected: true, email: 'ana@acme.test', problem: null });
    expect(overview.events.map((e) => [e.title, e.meetUrl, e.botScheduled])).toEqual([
      ['Acme discovery', 'https://meet.google.com/abc-defg-hij', false],
      ['Beta demo', 'https://meet.google.com/xyz-abcd-efg', true],
    ]);
    const req = cal.requests.at(-1)!;
    expect(req.authorization).toMatch(/^Bearer ya29\./);
    expect(req.query).toMatchObject({ singleEvents: 'true', orderBy: 'startTime' });
  });

  it('refreshes an expired access token (kept sealed), and asks to reconnect when Google refuses the refresh', async () => {
    await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.update(calendarConnections).set({ expiresAt: new Date(Date.now() - 1000) }),
    );
    const before = cal.requests.filter((r) => r.form.grant_type === 'refresh_token').length;
    const fresh = await signedInCaller(app.deps, rep).meetings.calendar();
    expect(fresh.events).toHaveLength(2);
    expect(cal.requests.filter((r) => r.form.grant_type === 'refresh_token').length).toBe(before + 1);
    const [row] = await asSystem(database.db, { action: 'test' }, (tx) => tx.select().from(calendarConnections));
    const renewed = unseal(ENCRYPTION_KEY, 'spar-calendar-token', row.accessTokenSealed)!;
    expect(cal.requests.at(-1)!.authorization).toBe(`Bearer ${renewed}`);
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now());
    // Google revokes everything: the calendar answers 401 and the refresh is refused
    cal.acceptedTokens.clear();
    cal.refreshTokens.clear();
    expect(await signedInCaller(app.deps, rep).meetings.calendar()).toMatchObject({
      connected: true,
      problem: 'reconnect',
      events: [],
    });
  });

  it('disconnecting deletes the tokens', async () => {
    await signedInCaller(app.deps, rep).meetings.disconnectCalendar();
    expect(await asSystem(database.db, { action: 'test' }, (tx) => tx.select().from(calendarConnections))).toEqual([]);
    expect(await signedInCaller(app.deps, rep).meetings.calendar()).toMatchObject({
      available: true,
      connected: false,
      events: [],
    });
  });

  it('is not offered without ENCRYPTION_KEY (tokens are never kept in clear)', async () => {
    expect(await signedInCaller(plain.deps, rep).meetings.calendar()).toMatchObject({
      available: false,
      connected: false,
    });
    const { token } = await signIn(plain.deps, rep);
    const r = await get(plain, '/api/v1/integrations/google/start', token);
    expect(r.status).toBe(404);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('GOOGLE_DISABLED');
  });
});
