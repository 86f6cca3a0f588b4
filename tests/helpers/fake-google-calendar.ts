import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for the Google Calendar API's `GET /calendar/v3/calendars/{id}/events`
 * (Bearer access token; `timeMin`, `timeMax`, `singleEvents`, `orderBy`), answering the events the
 * test sets for the tokens it accepts, and 401 for any other token, as Google does.
 */
export interface FakeCalendarEvent {
  id: string;
  status?: string;
  summary?: string;
  hangoutLink?: string;
  start: { dateTime?: string; date?: string };
  end?: { dateTime?: string; date?: string };
  conferenceData?: { entryPoints: { entryPointType: string; uri: string }[] };
}

export interface FakeGoogleCalendar {
  apiUrl: string;
  acceptedTokens: Set<string>;
  events: FakeCalendarEvent[];
  requests: { path: string; authorization: string | undefined; query: Record<string, string> }[];
  close(): Promise<void>;
}

export function startFakeGoogleCalendar(): Promise<FakeGoogleCalendar> {
  const fake: FakeGoogleCalendar = { apiUrl: '', acceptedTokens: new Set(), events: [], requests: [], close: async () => {} };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.requests.push({ path: url.pathname, authorization: req.headers.authorization, query: Object.fromEntries(url.searchParams) });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' || url.pathname !== '/calendar/v3/calendars/primary/events') return json(404, { error: { code: 404, message: 'Not Found' } });
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !fake.acceptedTokens.has(token)) return json(401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
    const min = url.searchParams.get('timeMin');
    const items = fake.events.filter((e) => !min || !e.start.dateTime || e.start.dateTime >= min).sort((a, b) => (a.start.dateTime ?? a.start.date ?? '').localeCompare(b.start.dateTime ?? b.start.date ?? ''));
    json(200, { kind: 'calendar#events', summary: 'primary', items });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      fake.apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar/v3`;
      fake.close = () => new Promise<void>((r) => server.close(() => r()));
      resolve(fake);
    }),
  );
}
