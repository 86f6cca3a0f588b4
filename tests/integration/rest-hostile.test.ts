import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../../server/app';
import { signedInCaller, startTestApp } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { useTestDatabase, rows } from '../helpers/db';
import { createSignedInAdmin } from '../helpers/factories';

/**
 * Every route the OpenAPI document lists, sent what a careless or hostile client sends: text
 * PostgreSQL cannot store (NUL, a lone surrogate) in the body, the query and the path; JSON nested
 * 10,000 deep; a JSON body under another content type; a 20 kB query string. Each answer is a 4xx
 * that the document lists for that operation, in our JSON error shape — or, for a page a browser is
 * sent to (an LTI launch), the HTML page the document lists for that status — and the database
 * holds exactly the rows it held before.
 */

interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, { type?: unknown }> } }> };
  responses: Record<string, { content?: Record<string, unknown> } | undefined>;
}
type Doc = { paths: Record<string, Record<string, Operation>> };

const NUL = 'a\u0000b';
const SURROGATE = 'a\ud800b';
const SOME_UUID = '00000000-0000-4000-8000-000000000000';

const database = useTestDatabase();
let app: RunningApp;
let sessionToken: string;
let apiKey: string;
let doc: Doc;

beforeAll(async () => {
  const { user: admin, token } = await createSignedInAdmin(database.db);
  sessionToken = token;
  app = await startTestApp(database, { PUBLIC_URL: 'http://127.0.0.1' }, { jobs: { disabled: true } });
  apiKey = (await signedInCaller(app.deps, admin).apiKeys.generate({ integration: 'Edge tests' })).key;
  doc = (await (await fetch(`${app.url}/api/v1/openapi.json`)).json()) as Doc;
}, 60_000);

afterAll(() => closeAll(app));

/**
 * Row counts of every table: what a refused request must leave as it was. api_rate_limits is
 * left out: counting a key's requests, refused ones included, is its job.
 */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = await rows<{ name: string }>(
    database.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'api_rate_limits' order by 1`,
  );
  const out: Record<string, number> = {};
  for (const { name } of tables) {
    const [{ n }] = await rows<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from "${name}"`));
    out[name] = n;
  }
  return out;
}

function authHeaders(op: Operation): Record<string, string> {
  const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
  if (schemes.includes('apiKeyBearer')) return { authorization: `Bearer ${apiKey}` };
  if (schemes.includes('sessionToken')) return { authorization: `Bearer ${sessionToken}` };
  return {};
}

/** A JSON body shaped like the operation's: each string field holds `value`, the rest left out. */
function bodyWith(op: Operation, value: string): Record<string, unknown> {
  const props = op.requestBody?.content['application/json']?.schema?.properties ?? {};
  const body: Record<string, unknown> = { [value]: value };
  for (const [k, p] of Object.entries(props)) if (p.type === 'string' || p.type === undefined) body[k] = value;
  return body;
}

interface Probe {
  what: string;
  path: string;
  query?: string;
  contentType?: string;
  body?: string;
}

function probesFor(path: string, method: string, op: Operation): Probe[] {
  const concrete = path.replace(/\{[^}]+\}/g, SOME_UUID);
  const hostilePath = path.replace(/\{[^}]+\}/g, encodeURIComponent(NUL));
  const queryNames = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const query = (v: string) =>
    (queryNames.length ? queryNames : ['q']).map((n) => `${n}=${encodeURIComponent(v)}`).join('&');
  const probes: Probe[] = [
    { what: 'a NUL in the query', path: concrete, query: query(NUL) },
    { what: 'a lone surrogate in the query', path: concrete, query: `${query('a')}&x=%ED%A0%80` },
    { what: 'a 20 kB query string', path: concrete, query: `q=${'a'.repeat(20_000)}` },
  ];
  if (hostilePath !== concrete) probes.push({ what: 'a NUL in the path', path: hostilePath });
  if (['post', 'put', 'patch'].includes(method)) {
    const json = 'application/json';
    probes.push(
      { what: 'NUL in the JSON body', path: concrete, contentType: json, body: JSON.stringify(bodyWith(op, NUL)) },
      {
        what: 'a lone surrogate in the JSON body',
        path: concrete,
        contentType: json,
        body: JSON.stringify(bodyWith(op, SURROGATE)),
      },
      {
        what: 'JSON nested 10,000 deep',
        path: concrete,
        contentType: json,
        body: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
      },
      {
        what: 'JSON nested 10,000 deep in an array',
        path: concrete,
        contentType: json,
        body: `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
      },
      {
        what: 'JSON as text/plain',
        path: concrete,
        contentType: 'text/plain',
        body: JSON.stringify(bodyWith(op, 'x')),
      },
      { what: 'a form', path: concrete, contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=2' },
      { what: 'XML', path: concrete, contentType: 'application/xml', body: '<a><b>1</b></a>' },
    );
  }
  return probes;
}

describe('every documented route, sent hostile input', () => {
  it('answers a documented 4xx in the JSON error shape and changes nothing', async () => {
    const before = await tableCounts();
    const failures: string[] = [];
    let sent = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const probe of probesFor(path, method, op)) {
          const url = `${app.url}${probe.path}${probe.query ? `?${probe.query}` : ''}`;
          const headers: Record<string, string> = {
            ...authHeaders(op),
            ...(probe.contentType ? { 'content-type': probe.contentType } : {}),
          };
          const res = await fetch(url, { method: method.toUpperCase(), headers, body: probe.body, redirect: 'manual' });
          sent++;
          const text = await res.text();
          const label = `${method.toUpperCase()} ${path} with ${probe.what}: ${res.status}`;
          if (res.status < 400 || res.status >= 500) {
            // a refused input must never succeed or crash; a GET (or a CORS preflight) that ignores an
            // unknown parameter may succeed
            if (!(res.status < 400 && (method === 'get' || method === 'options') && !probe.body))
              failures.push(`${label} (${text.slice(0, 120)})`);
            continue;
          }
          if (!(String(res.status) in op.responses))
            failures.push(`${label} is not among the documented ${Object.keys(op.responses).join(', ')}`);
          // a browser's page documented as HTML for this status: a page in words, not JSON
          const documentedHtml = !!op.responses[String(res.status)]?.content?.['text/html'];
          if (documentedHtml && res.headers.get('content-type')?.startsWith('text/html')) {
            if (!/<html/i.test(text)) failures.push(`${label} is not an HTML page`);
            continue;
          }
          let body: { error?: { code?: unknown; message?: unknown } } | null = null;
          try {
            body = JSON.parse(text);
          } catch {
            body = null;
          }
          if (
            !res.headers.get('content-type')?.startsWith('application/json') ||
            typeof body?.error?.code !== 'string' ||
            typeof body.error.message !== 'string'
          ) {
            failures.push(
              `${label} is not our JSON error shape: ${res.headers.get('content-type')} ${text.slice(0, 120)}`,
            );
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(200);
    expect(failures).toEqual([]);
    expect(await tableCounts()).toEqual(before);
  }, 120_000);
});
