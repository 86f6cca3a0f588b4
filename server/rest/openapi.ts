import { AppError } from '../errors';
import {
  COMPONENTS,
  errors,
  json,
  pathParameter,
  schemaOf,
  securityOf,
  type ErrorStatus,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  type Parameter,
} from './openapi-common';
import { HANDWRITTEN_OPERATIONS } from './openapi-handwritten';
import { pathParams, type RestProcedure } from './procedure-routes';
import type { RestRoute } from './v1/route';

/**
 * The OpenAPI 3.1 document of the REST API, written from the routes the server answers: a
 * procedure's route from its metadata and zod schemas (the same ones that check the request), a
 * hand-written route from server/rest/openapi-handwritten.ts. A route with neither is left out,
 * and tests/integration/openapi.test.ts names it.
 */

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** `/api/v1/calls/:callId` as OpenAPI writes it: `/api/v1/calls/{callId}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

interface ObjectSchema {
  properties: Record<string, JsonSchema>;
  required: string[];
}

/** The procedure's inputs as one object schema (tRPC parses the same raw input with each). */
function mergedInput(p: RestProcedure): ObjectSchema {
  const merged: ObjectSchema = { properties: {}, required: [] };
  for (const input of p.inputs) {
    const s = schemaOf(input, 'input');
    Object.assign(merged.properties, (s.properties as Record<string, JsonSchema> | undefined) ?? {});
    merged.required.push(...((s.required as string[] | undefined) ?? []));
  }
  return merged;
}

function procedureOperation(p: RestProcedure): Operation {
  const { rest } = p;
  const inPath = pathParams(rest.path);
  const input = p.inputs.length ? mergedInput(p) : null;
  const parameters: Parameter[] = inPath.map((name) => pathParameter(name, input?.properties[name]));
  const outside = input ? Object.keys(input.properties).filter((k) => !inPath.includes(k)) : [];
  const hasBody = BODY_METHODS.has(rest.method);
  const fromHeaders = Object.entries(rest.headers ?? {});
  for (const [header, field] of fromHeaders) {
    parameters.push({
      name: header,
      in: 'header',
      required: false,
      schema: input?.properties[field] ?? { type: 'string' },
    });
  }
  const headerFields = new Set(fromHeaders.map(([, field]) => field));
  if (input && !hasBody) {
    for (const name of outside.filter((k) => !headerFields.has(k)))
      parameters.push({ name, in: 'query', required: input.required.includes(name), schema: input.properties[name] });
  }
  let requestBody: Operation['requestBody'];
  if (hasBody && p.inputs.length) {
    // one input and no path parameter: its schema as it is (every keyword kept); else the merged fields
    const schema: JsonSchema =
      p.inputs.length === 1 && !inPath.length && !headerFields.size
        ? schemaOf(p.inputs[0], 'input')
        : {
            type: 'object',
            properties: Object.fromEntries(
              outside.filter((k) => !headerFields.has(k)).map((k) => [k, input!.properties[k]]),
            ),
            required: input!.required.filter((k) => outside.includes(k) && !headerFields.has(k)),
          };
    requestBody = { required: true, content: { 'application/json': { schema } } };
  }
  const statuses: ErrorStatus[] = [];
  if (p.inputs.length || hasBody) statuses.push('400');
  if (rest.auth === 'user') statuses.push('401', '403');
  else if (rest.auth === 'apiKey') statuses.push('401', '404', '429');
  else if (hasBody) statuses.push('403'); // CSRF
  if (hasBody) statuses.push('413');
  // the endpoint's own refusals, and a database that does not answer
  for (const code of rest.errors ?? []) statuses.push(String(new AppError(code).status) as ErrorStatus);
  statuses.push('500', '503');
  const answer = rest.response ?? p.output;
  return {
    operationId: p.name,
    summary: rest.summary,
    ...(rest.description ? { description: rest.description } : {}),
    tags: rest.tags ?? [rest.path.split('/')[3] ?? 'API'],
    security: securityOf(rest.auth),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [String(rest.successStatus ?? 200)]: json('Success.', answer ? schemaOf(answer, 'output') : {}),
      ...errors(...statuses),
    },
  };
}

/**
 * The answers every route can give before its own code runs: headers or query too large (431) on
 * any route; on a route with a body, a malformed or too deeply nested one (400), one over the size
 * limit (413) or of a content type the route does not take (415).
 */
function withEdgeStatuses(method: string, operation: Operation): Operation {
  const edge: ErrorStatus[] = BODY_METHODS.has(method) ? ['400', '413', '415', '431'] : ['431'];
  const missing = edge.filter((s) => !(s in operation.responses));
  if (!missing.length) return operation;
  const responses = { ...operation.responses, ...errors(...missing) };
  return {
    ...operation,
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
  };
}

export function buildOpenApiDocument(
  routes: RestRoute[],
  opts: { version: string; publicUrl?: string },
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const operation = route.procedure
      ? procedureOperation(route.procedure)
      : HANDWRITTEN_OPERATIONS[`${route.method} ${route.path}`];
    if (!operation) continue;
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = withEdgeStatuses(route.method, operation);
  }
  const tags = [...new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((o) => o.tags)))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Spar REST API',
      version: opts.version,
      description:
        'The REST endpoints of Spar under /api/v1. Requests and answers are JSON unless an endpoint says otherwise. Every error is `{ "error": { "code", "message", "details"? } }` with the status of its code.',
    },
    servers: [opts.publicUrl ? { url: opts.publicUrl.replace(/\/+$/, '') } : { url: '/', description: 'This server' }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: COMPONENTS,
  };
}
