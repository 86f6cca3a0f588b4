import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError, z } from 'zod';
import { eq } from 'drizzle-orm';
import { clients } from '../../db/schema';
import type { Tx } from '../../db/client';
import { asSystem, withTenant } from '../../db/tenant';
import { requireRole } from '../auth/roles';
import { type Role } from '../contracts/roles';
import { AppError, isAppError } from '../errors';
import { logger } from '../logger';
import type { Context } from './context';
import type { AppDeps } from '../deps';
import type { ProcedureMeta } from '../rest/meta';

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
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
    if (result.error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: result.error.cause ?? result.error, path }, 'unhandled error');
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export const publicProcedure = t.procedure.use(errorBoundary);

export const authedProcedure = publicProcedure.use(async ({ ctx, next, type }) => {
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', 'Authentication data not available, please log in again');
  const result = await next({ ctx: { ...ctx, user: ctx.user } });
  // a write of the user's tenant: its cached reads (dashboard, lists) are stale now
  if (type === 'mutation' && result.ok) ctx.deps.readCache?.invalidateTenant(ctx.user.tenantId);
  return result;
});

/** Signed in with one of `roles` (superuser passes), no transaction: the resolver opens its own. */
export function authedRoleProcedure(...roles: Role[]) {
  return authedProcedure.use(({ ctx, next }) => {
    requireRole(ctx.role, roles);
    return next();
  });
}

/**
 * Runs the resolver inside a tenant transaction (RLS context set): `ctx.tx` only ever sees the
 * user's tenant. A failing resolver rolls the transaction back.
 */
export const tenantProcedure = authedProcedure.use(async ({ ctx, next }) => {
  const tenantId = ctx.user.tenantId;
  return withTenant(ctx.deps.db, tenantId, async (tx) => {
    const result = await next({ ctx: { ...ctx, tx, tenantId } });
    if (!result.ok) throw result.error; // roll back
    return result;
  });
});

/** Role check after the tenant context; `superuser` passes every check. Deny is FORBIDDEN. */
export function roleProcedure(...roles: Role[]) {
  return tenantProcedure.use(({ ctx, next }) => {
    requireRole(ctx.role, roles);
    return next();
  });
}

export const clientIdInput = z.object({ clientId: z.uuid('errors.CLIENT_ID_REQUIRED').optional() });

/**
 * Tenant-configuration procedures (personas, scorecards, prompts, users…). A tenant's admin or
 * manager acts on their own tenant; a superuser may name another client with `clientId` (the
 * client detail tabs of /spar-admin) — the same services run under that tenant's RLS context,
 * and each mutation is written to audit_log. Anyone else naming a foreign client is FORBIDDEN.
 */
async function resolveClientTenant(ctx: { deps: AppDeps; user: { id: string; tenantId: string }; role: Role | null }, clientId: string | undefined) {
  const own = ctx.user.tenantId;
  const foreign = !!clientId && clientId !== own;
  if (!foreign) return { tenantId: own, foreign };
  if (ctx.role !== 'superuser') throw new AppError('FORBIDDEN', 'You do not have access to this client');
  const exists = await asSystem(ctx.deps.db, { action: 'client.resolve', actorUserId: ctx.user.id }, (tx) =>
    tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId!)).limit(1),
  );
  if (!exists.length) throw new AppError('NOT_FOUND', 'Client not found');
  return { tenantId: clientId!, foreign };
}

export function clientScopedProcedure(...roles: Role[]) {
  return authedProcedure.input(clientIdInput).use(async ({ ctx, input, next, type, path }) => {
    requireRole(ctx.role, roles);
    const { tenantId, foreign } = await resolveClientTenant(ctx, input.clientId);
    const result = await withTenant(ctx.deps.db, tenantId, async (tx) => {
      const r = await next({ ctx: { ...ctx, tx, tenantId } });
      if (!r.ok) throw r.error;
      return r;
    });
    if (foreign && type === 'mutation') {
      ctx.deps.readCache?.invalidateTenant(tenantId);
      await asSystem(ctx.deps.db, { action: `superuser.${path}`, actorUserId: ctx.user.id, tenantId, audit: true }, async () => {});
    }
    return result;
  });
}

/**
 * A cached read with the access rules of clientScopedProcedure. `ctx.cachedRead(name, params, load)`
 * serves the viewer's entry from ctx.deps.readCache when fresh (no database round trip), else runs
 * `load` in a tenant transaction. The key always holds the tenant, the viewer and their role, so an
 * entry never reaches another user; `params` names everything else the result depends on.
 */
export function clientScopedReadProcedure(...roles: Role[]) {
  return authedProcedure.input(clientIdInput).use(async ({ ctx, input, next, type }) => {
    if (type !== 'query') throw new Error('clientScopedReadProcedure is for queries');
    requireRole(ctx.role, roles);
    const { tenantId } = await resolveClientTenant(ctx, input.clientId);
    const cachedRead = <T>(name: string, params: unknown, load: (tx: Tx) => Promise<T>): Promise<T> => {
      const run = () => withTenant(ctx.deps.db, tenantId, load);
      const cache = ctx.deps.readCache;
      return cache ? cache.get(tenantId, `${name}:${ctx.user.id}:${ctx.role}:${JSON.stringify(params)}`, run) : run();
    };
    return next({ ctx: { ...ctx, tenantId, cachedRead } });
  });
}
