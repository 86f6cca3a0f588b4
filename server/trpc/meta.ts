/**
 * The metadata a tRPC procedure carries to be served as a REST endpoint under /api/v1
 * (server/rest/procedure-routes.ts) and described in the OpenAPI document (server/rest/openapi.ts).
 * A procedure without `rest` is tRPC only.
 *
 *   get: accessProcedure()
 *     .meta({ rest: { method: 'GET', path: '/api/v1/auth/me', summary: 'The signed-in account', auth: 'user' } })
 *     .output(profileOutput).query(({ ctx }) => ctx.tenant(…))
 *
 * The REST request maps onto the procedure's input: path parameters (`:name` or `{name}` segments)
 * and, for GET/DELETE, the query string's parameters (strings: use `z.coerce` for numbers), or, for
 * POST/PUT/PATCH, the JSON body's fields. The answer is the procedure's `.output()` as JSON, or
 * the part of it that `response` keeps (the REST API may show fewer fields than the app).
 */

import type { AppErrorCode } from '../errors';
import type { AnyRouter } from '@trpc/server';
import type { z } from 'zod';

type RestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call the endpoint. The adapter refuses a caller without it (401) before reading the
 * request; the procedure's builder applies its own role rules as over tRPC.
 *  - 'user': a signed-in session (the session cookie, or its token as `Authorization: Bearer`);
 *  - 'public': anyone.
 *  - 'apiKey': a partner's API key, as `Authorization: Bearer <key>` or HTTP Basic with the key as
 *    the username and an empty password (Greenhouse's way); the adapter resolves it to the key's
 *    tenant (`apiKeyProcedure` in server/trpc/init.ts), 401 API_KEY_INVALID without one.
 */
export type RestAuth = 'user' | 'public' | 'apiKey';

export interface RestMeta {
  method: RestMethod;
  /** The full path, under /api/v1. */
  path: `/api/v1/${string}`;
  /** One line for the reference (OpenAPI `summary`). */
  summary: string;
  description?: string;
  auth: RestAuth;
  /** Groups in the reference; the path's segment after /api/v1 when absent. */
  tags?: string[];
  /** The status of a successful answer (200 when absent). */
  successStatus?: 200 | 201;
  /** Request headers passed to the input: header name → input field (e.g. Idempotency-Key → idempotency_key). */
  headers?: Record<string, string>;
  /** The answer's schema when it is narrower than the procedure's output (its extra fields are dropped). */
  response?: z.ZodType;
  /**
   * The error codes the endpoint's own logic answers (a link that expired, a conflict): the
   * reference lists their statuses beside those every endpoint of its kind may answer.
   */
  errors?: AppErrorCode[];
}

/** The metadata of every procedure (`initTRPC.meta<ProcedureMeta>()` in server/trpc/init.ts). */
export interface ProcedureMeta {
  rest?: RestMeta;
}

/** A procedure served as a REST route (found by server/rest/procedure-routes.ts; named by route files as their `procedure`). */
export interface RestProcedure {
  /** The procedure's path in the app router ('profile.account'). */
  name: string;
  type: 'query' | 'mutation';
  rest: RestMeta;
  /** Every `.input()` of the procedure, in order. */
  inputs: z.ZodType[];
  output?: z.ZodType;
  /** The router it belongs to (the app router but in tests), called through its caller. */
  router: AnyRouter;
}
