import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError, z } from 'zod';
import type { Tx } from '../../db/client';
import type { TenantRunner } from '../../db/tenant';
import { resolveTenantAccess } from '../access/tenant-access';
import { tenantRunnerFor } from '../access/tenant-runner';
import { type Role } from '../contracts/roles';
import { AppError, isAppError } from '../errors';
import { isDatabaseUnavailable } from '../../db/errors';
import { logger } from '../logger';
import type { Context } from './context';
import { auditOrigin } from './audit-origin';
import type { ProcedureMeta } from './meta';

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    isDev: false, // never send stack traces
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      const app = isAppError(cause) ? cause : null;
      const zod = cause instanceof ZodError ? cause : null;
      const internal = error.code === 'INTERNAL_SERVER_ERROR' && !app;
      return {
        message: internal ? 'An unexpected error occurred' : zod ? 'Invalid input' : shape.message,
        code: shape.code,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          appCode: app?.code ?? (zod ? 'VALIDATION' : internal ? 'INTERNAL' : error.code),
          details: app?.details ?? null,
          fieldErrors: zod ? (z.flattenError(zod).fieldErrors as Record<string, string[] | undefined>) : null,
        },
      };
    },
  });

/** Converts AppError into the matching tRPC error; logs what is not ours. */
const errorBoundary = t.middleware(async ({ next, path }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (isAppError(cause)) {
      throw new TRPCError({ code: cause.trpcCode, message: cause.message, cause });
    }
    if (isDatabaseUnavailable(cause)) {
      const unavailable = new AppError('UNAVAILABLE', 'The database is not answering');
      throw new TRPCError({ code: unavailable.trpcCode, message: unavailable.message, cause: unavailable });
    }
    if (result.error.code === 'INTERNAL_SERVER_ERROR')
      logger.error({ err: result.error.cause ?? result.error, path }, 'unhandled error');
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.use(errorBoundary);

const authedProcedure = publicProcedure.use(async ({ ctx, next, type }) => {
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', 'Authentication data not available, please log in again');
  const result = await next({ ctx: { ...ctx, user: ctx.user } });
  // a write of the user's tenant: its cached reads (dashboard, lists) are stale now
  if (type === 'mutation' && result.ok) ctx.deps.readCache?.invalidateTenant(ctx.user.tenantId);
  return result;
});

const clientIdInput = z.object({ clientId: z.uuid('errors.CLIENT_ID_REQUIRED').optional() });

/** What an access procedure adds to the context (see accessProcedure). */
interface AccessContext {
  /** The tenant the request acts on (the user's own, or the client a superuser named). */
  tenantId: string;
  /** A superuser acting on another client. */
  foreign: boolean;
  /** Runs `fn` in a short tenant transaction; a superuser's write on a foreign client is audited in it. */
  tenant: TenantRunner;
  /**
   * A cached read: serves the viewer's entry from ctx.deps.readCache when fresh (no database round
   * trip), else runs `load` in a tenant transaction. The key always holds the tenant, the viewer and
   * their role, so an entry never reaches another user; `params` names everything else the result
   * depends on.
   */
  cachedRead: <T>(name: string, params: unknown, load: (tx: Tx) => Promise<T>) => Promise<T>;
}

type AuthedContext = Context & { user: NonNullable<Context['user']> };

/**
 * Resolves the access rule (server/access/tenant-access.ts) and runs the resolver with an
 * AccessContext. No transaction is held around the resolver: it opens `ctx.tenant(...)` where it
 * needs the database. After a successful write on a foreign client its cached reads are dropped
 * and the audit row is written if no tenant transaction carried it.
 */
async function enter<R extends { ok: boolean }>(
  ctx: AuthedContext,
  call: { type: string; path: string; clientId?: string; roles?: readonly Role[] },
  next: (extra: AccessContext) => Promise<R>,
): Promise<R> {
  const mutation = call.type === 'mutation';
  const access = await resolveTenantAccess(ctx.deps.db, ctx.user, ctx.role, {
    roles: call.roles,
    clientId: call.clientId,
    audit: mutation ? { action: `superuser.${call.path}`, origin: auditOrigin(ctx) } : null,
  });
  const { tenantId, foreign } = access;
  const run: TenantRunner = (load) => access.tenant(load);
  const cachedRead = <T>(name: string, params: unknown, load: (tx: Tx) => Promise<T>): Promise<T> => {
    const cache = ctx.deps.readCache;
    return cache
      ? cache.get(tenantId, `${name}:${ctx.user.id}:${ctx.role}:${JSON.stringify(params)}`, () => run(load))
      : run(load);
  };
  const result = await next({ tenantId, foreign, tenant: run, cachedRead });
  if (foreign && mutation && result.ok) {
    ctx.deps.readCache?.invalidateTenant(tenantId);
    await access.settle();
  }
  return result;
}

function ownTenantProcedure(roles?: readonly Role[]) {
  return authedProcedure.use(({ ctx, next, type, path }) =>
    enter(ctx, { type, path, roles }, (extra) => next({ ctx: { ...ctx, ...extra } })),
  );
}

function clientTenantProcedure(roles?: readonly Role[]) {
  return authedProcedure
    .input(clientIdInput)
    .use(({ ctx, input, next, type, path }) =>
      enter(ctx, { type, path, roles, clientId: input.clientId }, (extra) => next({ ctx: { ...ctx, ...extra } })),
    );
}

/**
 * The procedure builder for everything that touches a tenant's data. `roles`: who may call it
 * (superuser passes every check; omitted = any signed-in user, one without a role too).
 * `clientScoped`: the input takes an optional `clientId` by which a superuser acts on another
 * client (the client detail tabs of /spar-admin); anyone else naming a foreign client is FORBIDDEN.
 * The resolver gets `ctx.tenantId`, `ctx.tenant(fn)` and `ctx.cachedRead(...)` (AccessContext).
 */
export function accessProcedure(opts: {
  roles?: readonly Role[];
  clientScoped: true;
}): ReturnType<typeof clientTenantProcedure>;
export function accessProcedure(opts?: {
  roles?: readonly Role[];
  clientScoped?: false;
}): ReturnType<typeof ownTenantProcedure>;
export function accessProcedure(opts: { roles?: readonly Role[]; clientScoped?: boolean } = {}) {
  return opts.clientScoped ? clientTenantProcedure(opts.roles) : ownTenantProcedure(opts.roles);
}

/**
 * The partner API's builder (REST endpoints with `auth: 'apiKey'`): the caller is an API key, never
 * a user. The resolver gets `ctx.apiKey`, `ctx.tenantId` (the key's tenant) and `ctx.tenant(fn)`,
 * a short tenant transaction on it. Over tRPC there is no key: UNAUTHENTICATED.
 */
export const apiKeyProcedure = publicProcedure.use(({ ctx, next }) => {
  const key = ctx.apiKey;
  if (!key) throw new AppError('API_KEY_INVALID', 'A valid API key is required');
  // the API key named its tenant on the system path: the request acts for it
  const tenant: TenantRunner = tenantRunnerFor(ctx.deps.db, key.tenantId);
  return next({ ctx: { ...ctx, apiKey: key, tenantId: key.tenantId, tenant } });
});

/** The root types of this tRPC instance (for routers built by a factory: server/trpc/named-record-router.ts). */
export type RootTypes = typeof t._config.$types;
