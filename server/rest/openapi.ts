import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import type { oas31, ZodOpenApiPathsObject } from 'zod-openapi';
import { AppError } from '../errors';
import { ERROR_COMPONENTS, errors, SECURITY_SCHEMES, securityOf, type ErrorStatus } from './openapi-common';
import { HANDWRITTEN_OPERATIONS } from './openapi-handwritten';
import type { RestProcedure } from './meta';
import type { RestRoute } from './v1/route';

/**
 * The OpenAPI 3.1 document of the REST API, of the routes the server answers. trpc-to-openapi
 * writes it: a procedure's operation from its metadata and zod schemas (the same ones that check
 * the request), and beside them the hand-written routes (server/rest/openapi-handwritten.ts).
 * What the generator cannot say is added by `withOurConventions`. A route with neither is left
 * out, and tests/integration/openapi.test.ts names it.
 */

export type OpenApiDocument = oas31.OpenAPIObject;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** `/api/v1/calls/:callId` as OpenAPI writes it: `/api/v1/calls/{callId}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

// the generator reads a tRPC router; this one only describes: its procedures are never called
const described = initTRPC.meta<OpenApiMeta>().create();
const neverCalled = () => {
  throw new Error('a described procedure is never called');
};

/**
 * Our procedures as trpc-to-openapi reads them: `rest` (server/trpc/meta.ts) as its `openapi`
 * meta, the request headers that fill an input field (`rest.headers`) as header parameters, and
 * the answer narrowed to `rest.response`. Its own error answers (another shape than ours) are left
 * out (`errorResponses: []`): `withOurConventions` adds ours.
 */
function describedRouter(procedures: RestProcedure[]) {
  const fieldSchema = (p: RestProcedure, field: string) =>
    p.inputs.flatMap((i) => (i instanceof z.ZodObject && field in i.shape ? [i.shape[field] as z.ZodType] : []))[0] ??
    z.string().optional();
  return described.router(
    Object.fromEntries(
      procedures.map((p) => {
        const { rest } = p;
        const headers = Object.entries(rest.headers ?? {});
        const meta: OpenApiMeta = {
          openapi: {
            method: rest.method,
            path: openApiPath(rest.path) as `/${string}`,
            operationId: p.name,
            summary: rest.summary,
            description: rest.description,
            tags: rest.tags ?? [rest.path.split('/')[3] ?? 'API'],
            protect: false,
            successDescription: 'Success.',
            errorResponses: [],
            ...(headers.length
              ? { requestHeaders: z.object(Object.fromEntries(headers.map(([h, f]) => [h, fieldSchema(p, f)]))) }
              : {}),
          },
        };
        let builder = described.procedure.meta(meta);
        for (const input of p.inputs) builder = builder.input(input) as unknown as typeof builder;
        const answering = builder.output(rest.response ?? p.output ?? z.unknown());
        const procedure = p.type === 'query' ? answering.query(neverCalled) : answering.mutation(neverCalled);
        // a flat key per procedure ('profile_update'); the operation keeps its dotted name as operationId
        return [p.name.replaceAll('.', '_'), procedure];
      }),
    ),
  );
}

/** The error statuses a procedure's route can answer: from its input, its caller, its own refusals, and the database. */
function procedureErrorStatuses(p: RestProcedure): ErrorStatus[] {
  const { rest } = p;
  const hasBody = BODY_METHODS.has(rest.method);
  const statuses: ErrorStatus[] = [];
  if (p.inputs.length || hasBody) statuses.push('400');
  if (rest.auth === 'user') statuses.push('401', '403');
  else if (rest.auth === 'apiKey') statuses.push('401', '404', '429');
  else if (hasBody) statuses.push('403'); // CSRF
  if (hasBody) statuses.push('413');
  for (const code of rest.errors ?? []) statuses.push(String(new AppError(code).status) as ErrorStatus);
  statuses.push('500', '503');
  return statuses;
}

/**
 * What trpc-to-openapi cannot express, added to its document:
 *  - who may call a procedure's route: its security is that of `rest.auth` (the generator gives
 *    every protected operation every scheme);
 *  - a success other than 200 (`rest.successStatus`);
 *  - our error shape, as references to the error answers (`components.responses.E<status>`): of a
 *    procedure by `procedureErrorStatuses`, and on every route those answered before its own code
 *    runs — headers or query too large (431); on a route with a body a malformed or too deeply
 *    nested one (400), one over the size limit (413) or of a content type it does not take (415);
 *  - the server's address when PUBLIC_URL is unset (this server), and the tags in the order they appear.
 */
function withOurConventions(
  doc: OpenApiDocument,
  procedures: RestProcedure[],
  publicUrl: string | undefined,
): OpenApiDocument {
  const byOperation = new Map(procedures.map((p) => [`${p.rest.method.toLowerCase()} ${openApiPath(p.rest.path)}`, p]));
  const paths: oas31.PathsObject = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const methods: oas31.PathItemObject = {};
    for (const [method, operation] of Object.entries(item) as [string, oas31.OperationObject][]) {
      const p = byOperation.get(`${method} ${path}`);
      let { security } = operation;
      let responses: oas31.ResponsesObject = operation.responses ?? {};
      if (p) {
        security = securityOf(p.rest.auth);
        const { '200': success, ...others } = responses;
        responses = {
          ...others,
          [String(p.rest.successStatus ?? 200)]: success,
          ...errors(...procedureErrorStatuses(p)),
        };
      }
      const edge: ErrorStatus[] = BODY_METHODS.has(method.toUpperCase()) ? ['400', '413', '415', '431'] : ['431'];
      responses = { ...errors(...edge.filter((s) => !(s in responses))), ...responses };
      const sorted = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
      (methods as Record<string, oas31.OperationObject>)[method] = { ...operation, security, responses: sorted };
    }
    paths[path] = methods;
  }
  const operations = Object.values(paths).flatMap((item) => Object.values(item) as oas31.OperationObject[]);
  const tags = [...new Set(operations.flatMap((o) => o.tags ?? []))];
  return {
    ...doc,
    servers: [publicUrl ? { url: publicUrl.replace(/\/+$/, '') } : { url: '/', description: 'This server' }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      ...doc.components,
      schemas: { ...doc.components?.schemas, ...ERROR_COMPONENTS.schemas },
      responses: ERROR_COMPONENTS.responses,
    },
  };
}

export async function buildOpenApiDocument(
  routes: RestRoute[],
  opts: { version: string; publicUrl?: string },
): Promise<OpenApiDocument> {
  const procedures = routes.flatMap((r) => (r.procedure ? [r.procedure] : []));
  const handwritten: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const operation = route.procedure ? undefined : HANDWRITTEN_OPERATIONS[`${route.method} ${route.path}`];
    if (operation) (handwritten[openApiPath(route.path)] ??= {})[route.method.toLowerCase() as 'get'] = operation;
  }
  // loaded on the first request for the document, not at every start (it loads h3 and its adapters)
  const { generateOpenApiDocument } = await import('trpc-to-openapi');
  const generated = generateOpenApiDocument(describedRouter(procedures), {
    title: 'Spar REST API',
    version: opts.version,
    description:
      'The REST endpoints of Spar under /api/v1. Requests and answers are JSON unless an endpoint says otherwise. Every error is `{ "error": { "code", "message", "details"? } }` with the status of its code.',
    baseUrl: '/',
    securitySchemes: SECURITY_SCHEMES,
    paths: handwritten,
  });
  return withOurConventions(generated, procedures, opts.publicUrl);
}
