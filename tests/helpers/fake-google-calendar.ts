import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for Google's side of the calendar connection, following its documents:
 * the OAuth 2.0 authorization endpoint (the user consents at once: 302 back to `redirect_uri` with
 * a code and the state), the token endpoint (`authorization_code` with the PKCE `code_verifier`
 * checked against the S256 challenge, and `refresh_token`; the client authenticated by HTTP Basic),
 * and the Calendar API's `GET /calendar/v3/calendars/primary/events` (Bearer access token; 401 for
 * any other, as Google answers).
 */
interface FakeCalendarEvent {
  id: string;
  status?: string;
  summary?: string;
  hangoutLink?: string;
  start: { dateTime?: string; date?: string };
  end?: { dateTime?: string; date?: string };
  conferenceData?: { entryPoints: { entryPointType: string; uri: string }[] };
}

export interface FakeGoogleCalendar {
  origin: string;
  apiUrl: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** Access tokens the Calendar API accepts (the token endpoint adds each one it issues). */
  acceptedTokens: Set<string>;
  /** Refresh tokens the token endpoint honours. */
  refreshTokens: Set<string>;
  events: FakeCalendarEvent[];
  /** The e-mail in the ID token. */
  email: string;
  requests: {
    method: string;
    path: string;
    authorization: string | undefined;
    query: Record<string, string>;
    form: Record<string, string>;
  }[];
  close(): Promise<void>;
}

const b64url = (b: Buffer) => b.toString('base64url');

export function startFakeGoogleCalendar(opts: { clientId: string; clientSecret: string }): Promise<FakeGoogleCalendar> {
  const codes = new Map<string, { challenge: string; redirectUri: string; scope: string }>();
  const fake: FakeGoogleCalendar = {
    origin: '',
    apiUrl: '',
    authorizeUrl: '',
    tokenUrl: '',
    acceptedTokens: new Set(),
    refreshTokens: new Set(),
    events: [],
    email: 'user@example.test',
    requests: [],
    close: async () => {},
  };
  const idToken = () =>
    [
      b64url(Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' }))),
      b64url(
        Buffer.from(
          JSON.stringify({
            iss: 'https://accounts.google.com',
            aud: opts.clientId,
            email: fake.email,
            email_verified: true,
          }),
        ),
      ),
      '',
    ].join('.');
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    fake.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      authorization: req.headers.authorization,
      query: Object.fromEntries(url.searchParams),
      form,
    });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      const q = url.searchParams;
      if (
        q.get('client_id') !== opts.clientId ||
        q.get('response_type') !== 'code' ||
        q.get('code_challenge_method') !== 'S256'
      )
        return json(400, { error: 'invalid_request' });
      const code = `code-${randomBytes(6).toString('hex')}`;
      codes.set(code, {
        challenge: q.get('code_challenge') ?? '',
        redirectUri: q.get('redirect_uri') ?? '',
        scope: q.get('scope') ?? '',
      });
      const back = new URL(q.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { Location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const basic = `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== basic) return json(401, { error: 'invalid_client' });
      const issue = (scope: string, withRefresh: boolean) => {
        const access = `ya29.${randomBytes(8).toString('hex')}`;
        fake.acceptedTokens.add(access);
        const refresh = withRefresh ? `1//${randomBytes(8).toString('hex')}` : null;
        if (refresh) fake.refreshTokens.add(refresh);
        return {
          access_token: access,
          expires_in: 3599,
          token_type: 'Bearer',
          scope,
          ...(refresh ? { refresh_token: refresh } : {}),
          ...(withRefresh ? { id_token: idToken() } : {}),
        };
      };
      if (form.grant_type === 'authorization_code') {
        const c = codes.get(form.code ?? '');
        codes.delete(form.code ?? '');
        const challenge = b64url(
          createHash('sha256')
            .update(form.code_verifier ?? '')
            .digest(),
        );
        if (!c || c.challenge !== challenge || c.redirectUri !== form.redirect_uri)
          return json(400, { error: 'invalid_grant' });
        return json(200, issue(c.scope, true));
      }
      if (form.grant_type === 'refresh_token') {
        if (!fake.refreshTokens.has(form.refresh_token ?? ''))
          return json(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        return json(200, issue('https://www.googleapis.com/auth/calendar.readonly', false));
      }
      return json(400, { error: 'unsupported_grant_type' });
    }
    if (req.method === 'GET' && url.pathname === '/calendar/v3/calendars/primary/events') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!token || !fake.acceptedTokens.has(token))
        return json(401, {
          error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
        });
      const min = url.searchParams.get('timeMin');
      const items = fake.events
        .filter((e) => !min || !e.start.dateTime || e.start.dateTime >= min)
        .sort((a, b) => (a.start.dateTime ?? a.start.date ?? '').localeCompare(b.start.dateTime ?? b.start.date ?? ''));
      return json(200, { kind: 'calendar#events', summary: 'primary', items });
    }
    json(404, { error: { code: 404, message: 'Not Found' } });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      fake.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      fake.apiUrl = `${fake.origin}/calendar/v3`;
      fake.authorizeUrl = `${fake.origin}/o/oauth2/v2/auth`;
      fake.tokenUrl = `${fake.origin}/token`;
      fake.close = () => new Promise<void>((r) => server.close(() => r()));
      resolve(fake);
    }),
  );
}
