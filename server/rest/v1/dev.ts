import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../../db/schema';
import { asSystem } from '../../../db/tenant';
import { roleOf } from '../../contracts/roles';
import { createSession } from '../../auth/session';
import { text } from '../../contracts/text';
import { AppError } from '../../errors';
import { isLocalRequest } from '../../http/loopback';
import { sendJson } from '../../http/respond';
import { logger } from '../../logger';
import { defineRoute, type RestRoute } from './route';

/**
 * Development helpers, routed only when their setting is on (server/rest/v1/router.ts). Off by
 * default: a default start answers 404 for them like for any unknown path.
 */

/** A request from another machine (or through a proxy) is answered as if the route did not exist. */
function localOnly(route: RestRoute): RestRoute {
  return {
    ...route,
    handler: async (ctx) => {
      if (!isLocalRequest(ctx.req)) throw new AppError('NOT_FOUND', `No such endpoint: ${route.path}`);
      return route.handler(ctx);
    },
  };
}

/**
 * GET /api/v1/auth/dev-token?email= (DEV_TOKEN_ENABLED): a session for an account without its
 * password, for scripts and tests on this machine. Only a request from loopback with no proxy
 * header is served; a superuser is never signed in this way. Every token minted is audited.
 */
export const devTokenRoutes: RestRoute[] = [
  localOnly(
    defineRoute({
      method: 'GET',
      path: '/api/v1/auth/dev-token',
      auth: 'public',
      query: z.object({ email: text().pipe(z.email('validation.textInvalid')).optional() }),
      handler: async ({ deps, res, query }) => {
        const email = (query.email ?? 'admin@demo.test').toLowerCase();
        const [u] = await asSystem(deps.db, { action: 'auth.dev_token' }, (tx) =>
          tx
            .select({ id: users.id, tenantId: users.tenantId, username: users.username, userType: users.userType })
            .from(users)
            .where(eq(sql`lower(${users.email})`, email))
            .limit(1),
        );
        if (!u) throw new AppError('NOT_FOUND', `No user ${email}`);
        if (roleOf(u.userType) === 'superuser')
          throw new AppError('FORBIDDEN', 'dev-token never signs in a superuser; sign in with the password');
        const { token, expiresAt } = await createSession(deps.db, u.id);
        await asSystem(
          deps.db,
          { action: 'auth.dev_token.issued', actorUserId: u.id, tenantId: u.tenantId, audit: true },
          async () => {},
        );
        logger.warn({ userId: u.id }, 'dev-token issued a session without a password');
        sendJson(res, 200, {
          token,
          expires_at: expiresAt.toISOString(),
          user: { user_id: u.id, username: u.username, user_type: u.userType },
        });
      },
    }),
  ),
];

/** GET /api/v1/auth/debug (DEBUG_ENDPOINTS_ENABLED): whether the caller's own token is valid, and their id. */
export const debugRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/auth/debug',
    handler: async ({ res, session }) => {
      const s = await session();
      sendJson(res, 200, { jwt_valid: !!s, session_valid: !!s, user_id: s?.user.id ?? null });
    },
  },
];
