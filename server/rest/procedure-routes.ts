import type { IncomingMessage } from 'node:http';
import { TRPCError, type AnyRouter, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { AppDeps } from '../deps';
import { z, ZodError } from 'zod';
import { AppError, isAppError, type AppErrorCode } from '../errors';
import { sendJson } from '../http/respond';
import { createHttpContext } from '../trpc/context';
import { createCallerFactory } from '../trpc/init';
import { appRouter } from '../trpc/router';
import type { RestMeta, RestProcedure } from './meta';
import { authenticateApiKey, presentedApiKey, type ApiKeyPrincipal } from '../services/api-keys/api-keys';
import { queryObject, type RestContext, type RestRoute } from './v1/route';

/**
 * The one adapter that serves procedures carrying `meta.rest` (server/rest/meta.ts) as REST
 * endpoints: it finds them in the app router, builds each request's input from its path, query
 * string or JSON body, calls the procedure through `createCaller` with the request's context, and
 * answers its output as JSON. Errors become the REST error shape in server/rest/v1/router.ts.
 */

export type { RestProcedure } from './meta';

interface ProcedureDef {
  _def: {
    type: 'query' | 'mutation' | 'subscription';
    inputs?: z.ZodType[];
    output?: z.ZodType;
    meta?: { rest?: RestMeta };
  };
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** A route path with `{name}` segments written as `:name` (the form every route of the router uses). */
const colonPath = (path: string) => path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');

/** Every procedure of the app router with REST metadata, checked: a wrong declaration fails at start. */
export function restProcedures(router: AnyRouter = appRouter): RestProcedure[] {
  const procedures = (router as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def.procedures;
  const found: RestProcedure[] = [];
  for (const [name, p] of Object.entries(procedures)) {
    const rest = p._def.meta?.rest;
    if (!rest) continue;
    const type = p._def.type;
    if (type === 'subscription') throw new Error(`${name}: a subscription cannot be a REST endpoint`);
    if ((rest.method === 'GET') !== (type === 'query'))
      throw new Error(`${name}: GET serves queries only, and a query is served by GET only`);
    const inputs = p._def.inputs ?? [];
    if (!BODY_METHODS.has(rest.method) && inputs.some((i) => !(i instanceof z.ZodObject))) {
      throw new Error(`${name}: the input of a ${rest.method} endpoint must be an object (its query string)`);
    }
    if (!rest.path.startsWith('/api/v1/')) throw new Error(`${name}: a REST path starts with /api/v1/`);
    found.push({ name, type, rest, inputs, output: p._def.output, router });
  }
  return found.sort(
    (a, b) =>
      colonPath(a.rest.path).localeCompare(colonPath(b.rest.path)) || a.rest.method.localeCompare(b.rest.method),
  );
}

/** tRPC codes raised by tRPC itself (not by our AppError), as our error codes. */
const FROM_TRPC: Partial<Record<TRPC_ERROR_CODE_KEY, AppErrorCode>> = {
  BAD_REQUEST: 'BAD_REQUEST',
  PARSE_ERROR: 'MALFORMED_JSON',
  UNAUTHORIZED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_SUPPORTED: 'METHOD_NOT_ALLOWED',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  SERVICE_UNAVAILABLE: 'UNAVAILABLE',
};

/**
 * The AppError behind what a procedure threw: ours as it was (status, details, Retry-After), an
 * input that failed its schema as 400 VALIDATION with field errors. Anything else is returned
 * unchanged, and the router answers it as a logged 500.
 */
function appErrorOf(e: unknown): unknown {
  if (!(e instanceof TRPCError)) return e;
  if (isAppError(e.cause)) return e.cause;
  if (e.cause instanceof ZodError)
    return new AppError('VALIDATION', 'Invalid request', { fieldErrors: z.flattenError(e.cause).fieldErrors });
  const code = FROM_TRPC[e.code];
  return code ? new AppError(code, e.message) : e;
}

/** The procedure's input from the request: path parameters over the query string (GET, DELETE) or the JSON body. */
export async function inputOf(p: RestProcedure, ctx: Pick<RestContext, 'params' | 'url' | 'body'>): Promise<unknown> {
  const params = ctx.params;
  if (!BODY_METHODS.has(p.rest.method)) return p.inputs.length ? { ...queryObject(ctx.url), ...params } : undefined;
  const body = await ctx.body();
  if (Object.keys(params).length === 0) return body;
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new AppError('VALIDATION', 'Invalid request', { fieldErrors: {} });
  }
  return { ...(body as object), ...params };
}

/** A REST route serving the procedure. */
export function procedureRoute(p: RestProcedure): RestRoute {
  const objects = p.inputs.filter((i): i is z.ZodObject => i instanceof z.ZodObject);
  return {
    method: p.rest.method,
    path: colonPath(p.rest.path),
    query:
      BODY_METHODS.has(p.rest.method) || !objects.length
        ? undefined
        : z.object(Object.assign({}, ...objects.map((o) => o.shape))),
    procedure: p,
    handler: async (ctx) => {
      const apiKey = p.rest.auth === 'apiKey' ? await requestApiKey(ctx) : null;
      const context = await createHttpContext(ctx.deps, ctx.req, ctx.res, await ctx.resolvedSession(), apiKey);
      // refused before the request is read: its shape tells a stranger nothing but "sign in"
      if (p.rest.auth === 'user' && !context.user) throw new AppError('UNAUTHENTICATED', 'Authentication required');
      const input = withHeaders(p, ctx, await inputOf(p, ctx));
      let fn: unknown = createCallerFactory(p.router as typeof appRouter)(context);
      for (const part of p.name.split('.')) fn = (fn as Record<string, unknown>)[part];
      const output = await (fn as (i: unknown) => Promise<unknown>)(input).catch((e: unknown) => {
        throw appErrorOf(e);
      });
      sendJson(ctx.res, p.rest.successStatus ?? 200, p.rest.response ? p.rest.response.parse(output) : output);
    },
  };
}

const principals = new WeakMap<IncomingMessage, Promise<ApiKeyPrincipal | null>>();

/** The API key a request presents, authenticated once per request (the rate limit keys on it before the handler reads it). */
function apiKeyOf(deps: AppDeps, req: IncomingMessage): Promise<ApiKeyPrincipal | null> {
  let principal = principals.get(req);
  if (!principal) {
    const presented = presentedApiKey(req.headers.authorization);
    principal = presented ? authenticateApiKey(deps.db, presented) : Promise.resolve(null);
    principals.set(req, principal);
  }
  return principal;
}

/** The partner's API key of an `auth: 'apiKey'` endpoint (Bearer or Basic); 401 API_KEY_INVALID without a valid one. */
export async function requestApiKey(ctx: Pick<RestContext, 'req' | 'res' | 'deps'>): Promise<ApiKeyPrincipal> {
  const principal = await apiKeyOf(ctx.deps, ctx.req);
  if (!principal) {
    ctx.res.setHeader('WWW-Authenticate', 'Basic realm="Spar API", charset="UTF-8"');
    throw new AppError('API_KEY_INVALID', 'A valid API key is required');
  }
  return principal;
}

/** The declared request headers (`rest.headers`) added to the input under their field names. */
function withHeaders(p: RestProcedure, ctx: Pick<RestContext, 'req'>, input: unknown): unknown {
  const declared = Object.entries(p.rest.headers ?? {});
  if (!declared.length) return input;
  const extra: Record<string, string> = {};
  for (const [header, field] of declared) {
    const value = ctx.req.headers[header.toLowerCase()];
    if (typeof value === 'string') extra[field] = value;
  }
  if (!Object.keys(extra).length) return input;
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) {
    throw new AppError('VALIDATION', 'Invalid request', { fieldErrors: {} });
  }
  return { ...(input as object | undefined), ...extra };
}

/** Every procedure's REST route. */
export const procedureRoutes = (): RestRoute[] => restProcedures().map(procedureRoute);
