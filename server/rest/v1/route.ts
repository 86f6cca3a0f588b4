import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { ValidatedSession } from '../../auth/session';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { RequestMeta } from '../../http/request-meta';
import type { ResolvedSession } from '../../trpc/context';
import type { RestProcedure } from '../meta';

/**
 * What a REST route is and the helpers its handler uses. Kept apart from router.ts (which imports
 * every route file) so route files never import the module that imports them.
 */

export interface RestContext {
  deps: AppDeps;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  meta: RequestMeta;
  /** Path parameters (`:name` segments of the route path), percent-decoded. */
  params: Record<string, string>;
  /** The request's cookies. */
  cookies: Record<string, string | undefined>;
  /** The signed-in session (cookie or Bearer), or null. */
  session: () => Promise<ValidatedSession | null>;
  /** The same session as read from the request (with where it came from), read once per request. */
  resolvedSession: () => Promise<ResolvedSession>;
  /** The JSON body (undefined when there is none); a malformed one throws MALFORMED_JSON here, after the route's own checks. */
  body: () => Promise<unknown>;
  /** The body's text exactly as received, read once (routes with `streamsBody` only). */
  rawBody: () => Promise<string>;
}

type RestHandler = (ctx: RestContext) => Promise<void>;
export interface RestRoute {
  /** OPTIONS: a CORS preflight, for the few routes called from other sites by design. */
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS';
  path: string;
  /** The query string's parameters (each a single string); checked before the handler runs (400 on failure). */
  query?: z.ZodObject;
  /** The JSON body; checked before the handler runs (400 on failure). */
  body?: z.ZodType;
  /** The procedure this route serves (server/rest/procedure-routes.ts); absent on a hand-written route. */
  procedure?: RestProcedure;
  /**
   * The handler reads the request body itself (`ctx.req` as a stream, or `rawBody`): an upload
   * of raw bytes, a signed webhook, an OTLP export. Any content type reaches it; every other route
   * takes only application/json (415 otherwise).
   */
  streamsBody?: true;
  /**
   * A browser posts here from another site by design (an identity provider's SAML answer): the
   * same-origin check of writes is skipped, so the handler must prove the request itself (a
   * signature, a one-time request id) and must not act on the session cookie.
   */
  crossSite?: true;
  /** A hand-written route whose caller is a partner's API key (a procedure route says so in its meta): counted by the key's rate limit. */
  apiKey?: true;
  handler: RestHandler;
}

/**
 * A route whose handler receives its query string (`query`) and JSON body (`input`) already
 * validated. `auth: 'user'` (the default) refuses a signed-out caller (401) before anything is
 * read, so the shape of a request never tells a stranger more than "sign in"; then a malformed
 * query or body is a 400 before the handler runs.
 */
export function defineRoute<
  Q extends z.ZodObject = z.ZodObject<Record<string, never>>,
  B extends z.ZodType = z.ZodUndefined,
  A extends 'user' | 'public' = 'user',
>(route: {
  method: RestRoute['method'];
  path: string;
  auth?: A;
  query?: Q;
  body?: B;
  streamsBody?: true;
  handler: (
    ctx: RestContext & {
      signedIn: A extends 'user' ? ValidatedSession : ValidatedSession | null;
      query: z.output<Q>;
      input: z.output<B>;
    },
  ) => Promise<void>;
}): RestRoute {
  return {
    method: route.method,
    path: route.path,
    query: route.query,
    body: route.body,
    streamsBody: route.streamsBody,
    handler: async (ctx) => {
      const session = await ctx.session();
      if ((route.auth ?? 'user') === 'user') requireSession(session);
      const query = (route.query ? parseInput(route.query, queryObject(ctx.url)) : {}) as z.output<Q>;
      const input = (route.body ? parseInput(route.body, await ctx.body()) : undefined) as z.output<B>;
      return route.handler({
        ...ctx,
        signedIn: session as A extends 'user' ? ValidatedSession : ValidatedSession | null,
        query,
        input,
      });
    },
  };
}

/** The query string as an object; a repeated parameter keeps its first value. */
export function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [k, v] of url.searchParams) if (!(k in out)) out[k] = v;
  return out;
}

export function requireSession(s: ValidatedSession | null): ValidatedSession {
  if (!s) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  return s;
}

/** Parses input with zod; a failure is a 400 VALIDATION with field errors. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value);
  if (!r.success)
    throw new AppError('VALIDATION', 'Invalid request', { fieldErrors: z.flattenError(r.error).fieldErrors });
  return r.data;
}

/**
 * Matches a request path against a route path whose `:name` segments match any one non-empty
 * segment; returns the decoded parameters, or null.
 */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      if (!got[i]) return null;
      try {
        params[want[i].slice(1)] = decodeURIComponent(got[i]);
      } catch {
        return null;
      }
    } else if (want[i] !== got[i]) return null;
  }
  return params;
}
