import { Validator } from '@seriousme/openapi-schema-validator';
import { initTRPC } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { users } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import type { RunningApp } from '../../server/app';
import type { ProcedureMeta } from '../../server/rest/meta';
import { buildOpenApiDocument, openApiPath, type OpenApiDocument } from '../../server/rest/openapi';
import { renderApiReference } from '../../server/rest/openapi-page';
import { inputOf, procedureRoute, restProcedures } from '../../server/rest/procedure-routes';
import { restRoutes } from '../../server/rest/v1/router';
import { startTestApp, testEnv } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { useTestDatabase } from '../helpers/db';
import { createSignedInAdmin } from '../helpers/factories';

/**
 * The REST API's OpenAPI document (GET /api/v1/openapi.json) and its page (GET /api/docs): a valid
 * OpenAPI 3.1 document (checked by @seriousme/openapi-schema-validator) that lists exactly the
 * routes the server answers, whose generated endpoints answer what it says.
 */

const ALL_ON = { DEV_TOKEN_ENABLED: 'true', DEBUG_ENDPOINTS_ENABLED: 'true', PUBLIC_URL: 'https://spar.example' };

/** What these tests read of an operation and of the document. */
interface Operation {
  operationId: string;
  summary?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema?: { properties?: object } }> };
  responses: Record<string, unknown>;
}
type Doc = Omit<OpenApiDocument, 'paths'> & { paths: Record<string, Record<string, Operation>> };

const database = useTestDatabase();
let app: RunningApp;
let token: string;
let userId: string;

const getDocument = async (url: string) => {
  const res = await fetch(`${url}/api/v1/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return (await res.json()) as Doc;
};
/** "METHOD /path" of every operation of the document, paths as the router writes them. */
const operationsOf = (doc: Doc) =>
  Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`))
    .sort();

beforeAll(async () => {
  const admin = await createSignedInAdmin(database.db);
  userId = admin.user.id;
  token = admin.token;
  app = await startTestApp(database, ALL_ON);
});
afterAll(() => closeAll(app));

describe('GET /api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, served to anyone, with the server of PUBLIC_URL', async () => {
    const doc = await getDocument(app.url);
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.servers).toEqual([{ url: 'https://spar.example' }]);
    expect(Object.keys(doc.components?.securitySchemes ?? {}).sort()).toEqual([
      'apiKeyBasic',
      'apiKeyBearer',
      'sessionCookie',
      'sessionToken',
    ]);
  });

  it('lists every route the server answers with its method, and nothing else', async () => {
    const doc = await getDocument(app.url);
    const served = restRoutes(testEnv(ALL_ON))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(
      served.filter((r) => !operationsOf(doc).includes(r)),
      'routes missing from the document',
    ).toEqual([]);
    expect(
      operationsOf(doc).filter((r) => !served.includes(r)),
      'documented routes the server does not answer',
    ).toEqual([]);
    // the generated ones and the hand-written binary ones are both there
    expect(served).toEqual(
      expect.arrayContaining([
        'GET /api/v1/auth/me',
        'PUT /api/v1/auth/language',
        'POST /api/v1/calls/:callId/recording',
        'GET /api/v1/reports/:callId/download',
      ]),
    );
    expect(doc.paths[openApiPath('/api/v1/simulations/:simulationId/files')].post.requestBody?.content).toHaveProperty(
      'application/octet-stream',
    );
  });

  it('leaves out the development helpers when they are off, as the server does', async () => {
    const plain = await startTestApp(database, {});
    try {
      const doc = await getDocument(plain.url);
      expect(operationsOf(doc)).toEqual(
        restRoutes(plain.deps.env)
          .map((r) => `${r.method} ${r.path}`)
          .sort(),
      );
      expect(operationsOf(doc)).not.toContain('GET /api/v1/auth/dev-token');
      expect(doc.servers).toEqual([{ url: '/', description: 'This server' }]);
    } finally {
      await plain.stop();
    }
  });
});

describe('a generated endpoint answers what the document says', () => {
  const put = (path: string, body: unknown) =>
    fetch(`${app.url}${path}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('PUT /api/v1/auth/me changes the username, answers the documented fields, and the database holds it', async () => {
    const doc = await getDocument(app.url);
    const op = doc.paths['/api/v1/auth/me'].put;
    expect(op.operationId).toBe('profile.update');
    expect(
      Object.keys((op.requestBody?.content['application/json'].schema?.properties ?? {}) as object).sort(),
    ).toEqual(['displayName', 'username']);
    const res = await put('/api/v1/auth/me', { username: 'renamed-by-api' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({ user_id: userId, username: 'renamed-by-api', user_type: 'admin', user_language: null });
    const documented = (
      op.responses['200'] as unknown as {
        content: Record<string, { schema: { properties: object; required: string[] } }>;
      }
    ).content['application/json'].schema;
    expect(Object.keys(body).sort()).toEqual(Object.keys(documented.properties).sort());
    expect([...documented.required].sort()).toEqual(Object.keys(body).sort());
    const [row] = await asSystem(database.db, { action: 'test' }, (tx) =>
      tx.select({ username: users.username }).from(users).where(eq(users.id, userId)),
    );
    expect(row.username).toBe('renamed-by-api');
  });

  it('refuses a value its schema refuses with 400 VALIDATION and the field, a stranger with 401, another method with 405 and Allow', async () => {
    const bad = await put('/api/v1/auth/me', { username: 'a' });
    expect(bad.status).toBe(400);
    const error = (
      (await bad.json()) as { error: { code: string; details: { fieldErrors: Record<string, string[]> } } }
    ).error;
    expect(error.code).toBe('VALIDATION');
    expect(error.details.fieldErrors).toEqual({ username: ['profile.usernameTooShort'] });
    const stranger = await fetch(`${app.url}/api/v1/auth/me`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"username":"x"}',
    });
    expect(stranger.status).toBe(401);
    expect(((await stranger.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
    const other = await fetch(`${app.url}/api/v1/auth/me`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(other.status).toBe(405);
    expect(other.headers.get('allow')).toBe('GET, PUT');
  });
});

describe('GET /api/docs', () => {
  it('is a page with every operation of the document, no script, under the CSP', async () => {
    const doc = await getDocument(app.url);
    const res = await fetch(`${app.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).not.toMatch(/<script|<link|src=/i);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(html).toContain(`<article id="${op.operationId}">`);
        expect(html).toContain(`${method.toUpperCase()}</span><code>${path}</code>`);
      }
    }
    expect(html).toContain('href="/api/v1/openapi.json"');
  });

  it('escapes every text of the document', async () => {
    const doc = await getDocument(app.url);
    const evil = '<img src=x onerror=alert(1)>"\'&';
    const op = doc.paths['/api/v1/auth/me'].get;
    const tampered: Doc = {
      ...doc,
      info: { ...doc.info, title: evil },
      paths: { ...doc.paths, [`/api/v1/${evil}`]: { get: { ...op, summary: evil, operationId: evil } } },
    };
    const html = renderApiReference(tampered as unknown as OpenApiDocument);
    expect(html).not.toContain(evil);
    expect(html).not.toMatch(/<img/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;');
  });
});

describe('a REST declaration the adapter cannot serve', () => {
  const t = initTRPC.meta<ProcedureMeta>().create();
  const { router, procedure: publicProcedure } = t;
  const rest = (method: 'GET' | 'PUT', path = '/api/v1/x') => ({
    rest: { method, path: path as `/api/v1/${string}`, summary: 'x', auth: 'user' as const },
  });

  it('fails when the router is read (at start), naming the procedure', () => {
    const cases = [
      [router({ write: publicProcedure.meta(rest('GET')).mutation(() => 1) }), /write: GET serves queries only/],
      [router({ read: publicProcedure.meta(rest('PUT')).query(() => 1) }), /read: GET serves queries only/],
      [
        router({
          read: publicProcedure
            .meta(rest('GET'))
            .input(z.string())
            .query(() => 1),
        }),
        /read: the input of a GET endpoint must be an object/,
      ],
      [
        router({ read: publicProcedure.meta(rest('GET', '/elsewhere')).query(() => 1) }),
        /read: a REST path starts with \/api\/v1\//,
      ],
    ] as const;
    for (const [r, message] of cases) expect(() => restProcedures(r)).toThrow(message);
    expect(
      restProcedures(
        router({
          read: publicProcedure
            .meta(rest('GET'))
            .input(z.object({ q: z.string() }))
            .query(() => 1),
        }),
      ).map((p) => p.name),
    ).toEqual(['read']);
  });
});

describe('path parameters', () => {
  const t = initTRPC.meta<ProcedureMeta>().create();
  const items = t.router({
    get: t.procedure
      .meta({ rest: { method: 'GET', path: '/api/v1/items/{itemId}', summary: 'An item', auth: 'public' } })
      .input(z.object({ itemId: z.uuid(), q: z.string().optional() }))
      .query(({ input }) => input),
    rename: t.procedure
      .meta({ rest: { method: 'PUT', path: '/api/v1/items/:itemId', summary: 'Rename an item', auth: 'user' } })
      .input(z.object({ itemId: z.uuid(), name: z.string() }))
      .mutation(({ input }) => input),
  });
  const byName = (name: string) => restProcedures(items).find((p) => p.name === name)!;
  const [get, rename] = [byName('get'), byName('rename')];
  const itemId = '7d1f5c2e-4b8a-4f3e-9c6d-2a1b0c9d8e7f';
  const request = (query: string, body: unknown) => ({
    params: { itemId },
    url: new URL(`http://x/api/v1/items/${itemId}${query}`),
    body: async () => body,
  });

  it('join the query string (GET) or the JSON body (PUT) in the input, over any field of the same name', async () => {
    expect(await inputOf(get, request('?q=hi&itemId=other', undefined))).toEqual({ q: 'hi', itemId });
    expect(await inputOf(rename, request('?q=ignored', { name: 'New', itemId: 'other' }))).toEqual({
      name: 'New',
      itemId,
    });
    await expect(inputOf(rename, request('', [1]))).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('are documented as required path parameters, the rest as query parameters or the body', async () => {
    const doc = (await buildOpenApiDocument([procedureRoute(get), procedureRoute(rename)], {
      version: '1.0.0',
    })) as Doc;
    expect((await new Validator().validate(doc as unknown as Record<string, unknown>)).valid).toBe(true);
    const ops = doc.paths['/api/v1/items/{itemId}'];
    expect(ops.get.parameters).toEqual([
      { name: 'itemId', in: 'path', required: true, schema: expect.objectContaining({ format: 'uuid' }) },
      // optional: `required` left out (OpenAPI's default is false)
      { name: 'q', in: 'query', schema: { type: 'string' } },
    ]);
    expect(ops.put.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(['path itemId']);
    expect(ops.put.requestBody?.content['application/json'].schema).toEqual({
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    });
    expect(Object.keys(ops.put.responses)).toEqual(['200', '400', '401', '403', '413', '415', '431', '500', '503']);
  });
});
