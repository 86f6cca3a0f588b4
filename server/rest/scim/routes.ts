import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../../db/errors';
import type { Tx } from '../../../db/client';
import { tenantRunnerFor } from '../../access/tenant-runner';
import type { AppDeps } from '../../deps';
import { AppError, isAppError } from '../../errors';
import { requestMeta } from '../../http/request-meta';
import { parseJsonText } from '../../http/respond';
import { logger } from '../../logger';
import { baseUrlOf } from '../../services/assessments/links';
import { resourceTypes, schemas, serviceProviderConfig } from '../../services/scim/discovery';
import {
  createScimGroup,
  deleteScimGroup,
  getScimGroup,
  listScimGroups,
  patchScimGroup,
  replaceScimGroup,
} from '../../services/scim/groups';
import type { ScimCaller } from '../../services/scim/patch';
import { authenticateScimToken } from '../../services/scim/tokens';
import {
  createScimUser,
  deleteScimUser,
  getScimUser,
  listScimUsers,
  patchScimUser,
  replaceScimUser,
} from '../../services/scim/users';
import { parseListQuery, SCHEMA } from '../../services/scim/wire';
import { queryObject } from '../v1/route';

/**
 * SCIM 2.0 user provisioning at /scim/v2 for a tenant's identity provider (Okta, Entra ID): its own
 * Fastify plugin, apart from the REST API and its OpenAPI document. A request is authenticated by
 * a SCIM bearer token (401 otherwise, before its body is looked at), and everything after runs in
 * the token's tenant (row-level security). Bodies are `application/scim+json` or `application/json`;
 * answers are `application/scim+json`, errors in SCIM's error message.
 */
export const SCIM_PREFIX = '/scim/v2';

/** Every SCIM route, as "METHOD path" (tests/helpers/access-table.ts lists who may call each). */
export const SCIM_ROUTES = [
  'GET /ServiceProviderConfig',
  'GET /Schemas',
  'GET /ResourceTypes',
  'GET /Users',
  'POST /Users',
  'GET /Users/:id',
  'PUT /Users/:id',
  'PATCH /Users/:id',
  'DELETE /Users/:id',
  'GET /Groups',
  'POST /Groups',
  'GET /Groups/:id',
  'PUT /Groups/:id',
  'PATCH /Groups/:id',
  'DELETE /Groups/:id',
] as const;
type ScimRoute = (typeof SCIM_ROUTES)[number];

const SCIM_TYPE = 'application/scim+json; charset=utf-8';

/** A body the parser could not read, kept until the caller is known to hold a token. */
class DeferredBody {
  constructor(readonly error: AppError) {}
}

/** Whether a request URL is under the SCIM prefix (its refusals are SCIM error messages). */
export const isScimUrl = (url: string) => url === SCIM_PREFIX || url.startsWith(`${SCIM_PREFIX}/`);

function scimErrorBody(status: number, detail: string, scimType?: unknown) {
  return {
    schemas: [SCHEMA.error],
    status: String(status),
    ...(typeof scimType === 'string' ? { scimType } : {}),
    detail,
  };
}

/** A URL Fastify could not route (bad percent-encoding) under the SCIM prefix: SCIM's 400. */
export const malformedScimUrl = (reply: FastifyReply) =>
  sendScim(reply, 400, scimErrorBody(400, 'Malformed request URL', 'invalidSyntax'));

function sendScim(reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}) {
  reply.code(status).headers({ 'Cache-Control': 'no-store', ...headers });
  if (body === undefined) return reply.send();
  return reply.type(SCIM_TYPE).send(JSON.stringify(body));
}

/** Any failure as SCIM's error message: our codes with their status, the parser's 400/413/415, anything else a 500 that says nothing. */
function answerError(err: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (!request.raw.complete) request.raw.resume();
  if (isAppError(err)) {
    const scimType =
      err.details?.scimType ??
      (err.code === 'MALFORMED_JSON' ? 'invalidSyntax' : err.code === 'VALIDATION' ? 'invalidValue' : undefined);
    const headers: Record<string, string> =
      err.code === 'UNAUTHENTICATED' ? { 'WWW-Authenticate': 'Bearer realm="SCIM"' } : {};
    return sendScim(reply, err.status, scimErrorBody(err.status, err.message, scimType), headers);
  }
  const status = (err as { statusCode?: number }).statusCode;
  const fastifyCode = (err as { code?: string }).code ?? '';
  if (fastifyCode.startsWith('FST_') && status && status < 500)
    return sendScim(reply, status, scimErrorBody(status, (err as Error).message));
  if (isDatabaseUnavailable(err))
    return sendScim(reply, 503, scimErrorBody(503, 'The database is not answering'), { 'Retry-After': '5' });
  logger.error({ err: err as Error, path: request.url.split('?')[0] }, 'SCIM request failed');
  return sendScim(reply, 500, scimErrorBody(500, 'An unexpected error occurred'));
}

interface ScimRequest {
  caller: ScimCaller;
  tenant: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  id: string;
  query: Record<string, string>;
  body: () => unknown;
}

type Answer = { status: number; body?: unknown; location?: string };
type ScimHandler = (r: ScimRequest) => Promise<Answer>;

const ok = (body: unknown): Answer => ({ status: 200, body });
const created = (body: { meta: { location: string } }): Answer => ({ status: 201, body, location: body.meta.location });
const noContent: Answer = { status: 204 };

const HANDLERS: Record<ScimRoute, ScimHandler> = {
  'GET /ServiceProviderConfig': async (r) => ok(serviceProviderConfig(r.caller.baseUrl)),
  'GET /Schemas': async (r) => ok(schemas(r.caller.baseUrl)),
  'GET /ResourceTypes': async (r) => ok(resourceTypes(r.caller.baseUrl)),
  'GET /Users': async (r) => {
    const q = parseListQuery(r.query);
    return ok(await r.tenant((tx) => listScimUsers(tx, r.caller, q)));
  },
  'POST /Users': async (r) => created(await r.tenant((tx) => createScimUser(tx, r.caller, r.body()))),
  'GET /Users/:id': async (r) => ok(await r.tenant((tx) => getScimUser(tx, r.caller, r.id))),
  'PUT /Users/:id': async (r) =>
    ok(await r.tenant((tx) => replaceScimUser(tx, r.caller, { id: r.id, body: r.body() }))),
  'PATCH /Users/:id': async (r) =>
    ok(await r.tenant((tx) => patchScimUser(tx, r.caller, { id: r.id, body: r.body() }))),
  'DELETE /Users/:id': async (r) => {
    await r.tenant((tx) => deleteScimUser(tx, r.caller, r.id));
    return noContent;
  },
  'GET /Groups': async (r) => {
    const q = parseListQuery(r.query);
    return ok(await r.tenant((tx) => listScimGroups(tx, r.caller, q)));
  },
  'POST /Groups': async (r) => created(await r.tenant((tx) => createScimGroup(tx, r.caller, r.body()))),
  'GET /Groups/:id': async (r) =>
    ok(
      await r.tenant((tx) => getScimGroup(tx, r.caller, { id: r.id, excludedAttributes: r.query.excludedAttributes })),
    ),
  'PUT /Groups/:id': async (r) =>
    ok(await r.tenant((tx) => replaceScimGroup(tx, r.caller, { id: r.id, body: r.body() }))),
  'PATCH /Groups/:id': async (r) =>
    ok(await r.tenant((tx) => patchScimGroup(tx, r.caller, { id: r.id, body: r.body() }))),
  'DELETE /Groups/:id': async (r) => {
    await r.tenant((tx) => deleteScimGroup(tx, r.caller, r.id));
    return noContent;
  },
};

/** Registers the SCIM routes under SCIM_PREFIX (`app.register(scimRoutes(deps), { prefix: SCIM_PREFIX })`). */
export function scimRoutes(deps: AppDeps) {
  return async (scope: FastifyInstance) => {
    const parse = (_req: FastifyRequest, text: string | Buffer, done: (err: null, body: unknown) => void) => {
      try {
        done(null, parseJsonText(text as string));
      } catch (e) {
        done(null, new DeferredBody(isAppError(e) ? e : new AppError('MALFORMED_JSON', 'Malformed JSON body')));
      }
    };
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(['application/scim+json', 'application/json'], { parseAs: 'string' }, parse);
    scope.addContentTypeParser('*', (request, _payload, done) =>
      done(
        null,
        new DeferredBody(
          new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            `Unsupported Media Type: ${request.headers['content-type'] ?? '(none)'}; send application/scim+json`,
          ),
        ),
      ),
    );
    scope.setErrorHandler((err, request, reply) => answerError(err, request, reply));
    // any other path under the prefix (the built client's static wildcard would take a GET otherwise)
    const unknown = (request: FastifyRequest, reply: FastifyReply) =>
      sendScim(reply, 404, scimErrorBody(404, `No such SCIM endpoint: ${request.url.split('?')[0].slice(0, 200)}`));
    scope.setNotFoundHandler(unknown);
    scope.all('/*', unknown);

    for (const route of SCIM_ROUTES) {
      const [method, path] = route.split(' ') as [string, string];
      scope.route({
        method: method as 'GET',
        url: path,
        handler: async (request, reply) => {
          const meta = requestMeta(request.raw, deps.env.TRUST_PROXY);
          const principal = await authenticateScimToken(deps.db, request.headers.authorization);
          if (!principal) throw new AppError('UNAUTHENTICATED', 'A valid SCIM bearer token is required');
          const caller: ScimCaller = {
            tenantId: principal.tenantId,
            origin: {
              actorUserId: null,
              actorLabel: `SCIM token ${principal.name}`,
              ip: meta.ip,
              userAgent: meta.userAgent ?? null,
            },
            baseUrl: `${baseUrlOf(deps.env, meta)}${SCIM_PREFIX}`,
          };
          const answer = await HANDLERS[route]({
            caller,
            tenant: tenantRunnerFor(deps.db, principal.tenantId),
            id: (request.params as { id?: string }).id ?? '',
            query: queryObject(new URL(request.url, 'http://localhost')),
            body: () => {
              if (request.body instanceof DeferredBody) throw request.body.error;
              return request.body;
            },
          });
          if (method !== 'GET') deps.readCache?.invalidateTenant(principal.tenantId);
          return sendScim(reply, answer.status, answer.body, answer.location ? { Location: answer.location } : {});
        },
      });
    }
  };
}
