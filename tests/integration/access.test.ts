import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '../../server/contracts/enums';
import type { RunningApp } from '../../server/app';
import { createSession } from '../../server/auth/session';
import { isAppError } from '../../server/errors';
import { restRoutes } from '../../server/rest/v1/router';
import { anonymousCaller, signedInCaller, startTestApp, testEnv, type UserRow } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { CALLERS, PROCEDURE_ACCESS, ROUTE_ACCESS, type Caller } from '../helpers/access-table';
import { useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';
import { callProcedure, listProcedures } from '../helpers/procedures';
import { arbitraryOf, jsonSchemaOf, mergeObjectSchemas } from '../helpers/schema-arbitrary';

/**
 * The product's access rules (tests/helpers/access-table.ts), checked against every
 * procedure and REST route the server has: each caller in the table is admitted, every other one
 * is refused, and a procedure or route missing from the table fails here.
 */

const USER_TYPE: Record<Exclude<Caller, 'anon'>, UserType> = {
  none: 'user',
  sales_rep: 'sales_rep',
  demo_sales_manager: 'demo_manager',
  sales_manager: 'manager',
  admin: 'admin',
  superuser: 'superuser',
};

const database = useTestDatabase();
let app: RunningApp;
const users = {} as Record<Exclude<Caller, 'anon'>, UserRow>;
const tokens = {} as Record<Exclude<Caller, 'anon'>, string>;

beforeAll(async () => {
  const tenant = await createTenant(database.db, { name: 'Access Co' });
  for (const [caller, userType] of Object.entries(USER_TYPE) as [Exclude<Caller, 'anon'>, UserType][]) {
    users[caller] = await createTenantUser(database.db, tenant.id, {
      email: `${caller}@access.test`,
      username: caller.replace(/_/g, '-'),
      userType,
    });
    tokens[caller] = (await createSession(database.db, users[caller].id)).token;
  }
  // every route exists, development helpers included
  app = await startTestApp(database, { DEV_TOKEN_ENABLED: 'true', DEBUG_ENDPOINTS_ENABLED: 'true' });
});
afterAll(() => closeAll(app));

type Outcome = 'admitted' | 'refused';

/** Refused means the access rule said no: not signed in, no role, or the role gate. Anything else got past it. */
function outcomeOf(error: unknown): Outcome {
  if (error === null) return 'admitted';
  const cause = (error as { cause?: unknown }).cause;
  if (!isAppError(cause)) return 'admitted'; // a validation error or a service's own answer: past the gate
  if (cause.code === 'UNAUTHENTICATED' || cause.code === 'NO_ROLE' || cause.code === 'API_KEY_INVALID')
    return 'refused';
  if (cause.code === 'FORBIDDEN' && cause.details?.rule === 'role') return 'refused';
  return 'admitted';
}

/** The paths the server serves and the access table's entries are the same set. */
function expectTableCovers(served: string[], table: Record<string, unknown>, kind: 'procedures' | 'routes') {
  expect(
    served.filter((p) => !(p in table)),
    `${kind} with no entry in tests/helpers/access-table.ts`,
  ).toEqual([]);
  expect(
    Object.keys(table).filter((p) => !served.includes(p)),
    `entries for ${kind} that do not exist`,
  ).toEqual([]);
}

describe('the access table covers the server', () => {
  it('has an entry for every tRPC procedure, and no entry for one that does not exist', () => {
    expectTableCovers(
      listProcedures().map((p) => p.path),
      PROCEDURE_ACCESS,
      'procedures',
    );
  });

  it('has an entry for every REST route, and no entry for one that does not exist', () => {
    const env = testEnv({ DEV_TOKEN_ENABLED: 'true', DEBUG_ENDPOINTS_ENABLED: 'true' });
    expectTableCovers(
      restRoutes(env).map((r) => `${r.method} ${r.path}`),
      ROUTE_ACCESS,
      'routes',
    );
  });
});

describe('every tRPC procedure admits exactly the callers the access table gives it', () => {
  for (const proc of listProcedures()) {
    it(proc.path, async () => {
      // the smallest valid input (optional fields left out: no foreign clientId)
      const input = fc.sample(arbitraryOf(mergeObjectSchemas(proc.inputs.map(jsonSchemaOf)), { optional: 'omit' }), {
        numRuns: 1,
        seed: 10,
      })[0];
      const allowed = new Set(PROCEDURE_ACCESS[proc.path] ?? []);
      const seen: Record<string, Outcome> = {};
      for (const caller of CALLERS) {
        const trpc = caller === 'anon' ? anonymousCaller(app.deps).caller : signedInCaller(app.deps, users[caller]);
        const error = await callProcedure(trpc, proc, proc.inputs.length ? input : undefined).then(
          () => null,
          (e: unknown) => e,
        );
        seen[caller] = outcomeOf(error);
      }
      const expected = Object.fromEntries(CALLERS.map((c) => [c, allowed.has(c) ? 'admitted' : 'refused']));
      expect(seen).toEqual(expected);
    });
  }
});

describe('every REST route admits exactly the callers the access table gives it', () => {
  const routes = restRoutes(testEnv({ DEV_TOKEN_ENABLED: 'true', DEBUG_ENDPOINTS_ENABLED: 'true' }));
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    it(key, async () => {
      const allowed = new Set(ROUTE_ACCESS[key] ?? []);
      const path = route.path.replace(/:[a-zA-Z]+/g, '7d1f5c2e-4b8a-4f3e-9c6d-2a1b0c9d8e7f');
      const seen: Record<string, Outcome> = {};
      for (const caller of CALLERS) {
        const headers: Record<string, string> = caller === 'anon' ? {} : { authorization: `Bearer ${tokens[caller]}` };
        let body: string | Uint8Array<ArrayBuffer> | undefined;
        if (route.method === 'PUT') {
          headers['content-type'] = 'application/json';
          body = '{}';
        } else if (route.method === 'POST') {
          headers['content-type'] = 'audio/webm';
          headers['x-file-name'] = 'notes.txt';
          body = new Uint8Array(Buffer.from('some bytes'));
        }
        const res = await fetch(`${app.url}${path}`, { method: route.method, headers, body, redirect: 'manual' });
        await res.arrayBuffer();
        seen[caller] = res.status === 401 || res.status === 403 ? 'refused' : 'admitted';
      }
      const expected = Object.fromEntries(CALLERS.map((c) => [c, allowed.has(c) ? 'admitted' : 'refused']));
      expect(seen).toEqual(expected);
    });
  }
});
