import { newLeaseOwner } from '../../server/services/calls/leases';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { expect } from 'vitest';
import { ZodError, z } from 'zod';
import type { Database } from '../../db/client';
import type { users } from '../../db/schema';
import { startApp, type RunningApp } from '../../server/app';
import { createSession, validateSessionToken, type SessionUser } from '../../server/auth/session';
import type { AppDeps } from '../../server/deps';
import { loadEnv, type Env } from '../../server/env';
import { isAppError, type AppErrorCode } from '../../server/errors';
import { createTestContext, type Context } from '../../server/trpc/context';
import { createCaller } from '../../server/trpc/router';

export type UserRow = typeof users.$inferSelect;
export type EnvOverrides = Record<string, string | undefined>;

/** Env as the server would load it, for tests: NODE_ENV=test and no demo seed unless asked. */
export function testEnv(overrides: EnvOverrides = {}): Env {
  return loadEnv({ NODE_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...overrides });
}

/** AppDeps around a test database, the way startApp builds them (mail goes to the outbox). */
export async function testDeps(
  database: Database,
  envOverrides: EnvOverrides = {},
  extra: Partial<AppDeps> = {},
): Promise<AppDeps> {
  const env = testEnv(envOverrides);
  return { database, db: database.db, env, version: 'test', leaseOwner: newLeaseOwner(), ...extra };
}

export function toSessionUser(u: UserRow): SessionUser {
  return {
    id: u.id,
    tenantId: u.tenantId,
    email: u.email,
    username: u.username,
    displayName: u.displayName,
    userType: u.userType,
    language: u.language,
    photoUrl: u.photoUrl,
  };
}

/** A tRPC caller for nobody (user null), e.g. for auth.login. `ctx.cookies` collects Set-Cookie. */
export function anonymousCaller(deps: AppDeps, opts: { ip?: string } = {}) {
  const ctx = createTestContext(deps, null, opts);
  return { caller: createCaller(ctx), ctx };
}

/** A tRPC caller acting as `user` (a fake session id; see signIn for a real session). */
export function signedInCaller(deps: AppDeps, user: UserRow, opts: { ip?: string } = {}) {
  return createCaller(createTestContext(deps, toSessionUser(user), opts));
}

/** Creates a real session row for `user` and a caller bound to it, as an HTTP request would be. */
export async function signIn(deps: AppDeps, user: UserRow, opts: { ip?: string } = {}) {
  const { token } = await createSession(deps.db, user.id);
  const validated = await validateSessionToken(deps.db, token);
  if (!validated) throw new Error('signIn: fresh session did not validate');
  const ctx: Context & { cookies: string[] } = {
    ...createTestContext(deps, validated.user, opts),
    session: validated.session,
  };
  return { caller: createCaller(ctx), ctx, token, sessionId: validated.session.id };
}

/** The real HTTP server on 127.0.0.1 and a free port, over an already-migrated test database. */
export function startTestApp(
  database: Database,
  envOverrides: EnvOverrides = {},
  deps: Partial<AppDeps> = {},
): Promise<RunningApp> {
  return startApp({ env: testEnv(envOverrides), database, port: 0, host: '127.0.0.1', deps });
}

/**
 * A request to the running app with an optional JSON body and a bearer token: the status, the
 * headers, the body as text and as JSON (null when it is not JSON).
 */
export async function sendJson(
  url: string,
  init: { method?: string; bearer?: string | null; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = null;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer as JSON, read by the expectations
  return { status: res.status, headers: res.headers, json: json as Record<string, any> | null, text };
}

/** Awaits a promise expected to reject and returns the error (fails the test if it resolves). */
export async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** What a tRPC client would learn from an error thrown by createCaller. */
export function describeTrpcError(e: unknown): {
  trpcCode: string;
  httpStatus: number;
  appCode: AppErrorCode | null;
  message: string;
  details?: Record<string, unknown>;
} {
  if (!(e instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(e)}`);
  const app = isAppError(e.cause) ? e.cause : null;
  return {
    trpcCode: e.code,
    httpStatus: getHTTPStatusCodeFromError(e),
    appCode: app?.code ?? null,
    message: e.message,
    details: app?.details,
  };
}

/** The zod field errors a client would receive (error.data.fieldErrors), after checking it is a 400 from zod. */
export function fieldErrors(e: unknown) {
  expect(describeTrpcError(e)).toMatchObject({ trpcCode: 'BAD_REQUEST', httpStatus: 400 });
  const cause = (e as TRPCError).cause;
  expect(cause).toBeInstanceOf(ZodError);
  return z.flattenError(cause as ZodError).fieldErrors as Record<string, string[] | undefined>;
}

/**
 * A tRPC answer over HTTP refusing its input: 400 with appCode VALIDATION and exactly these field
 * errors (i18n keys); returns the body for what else a test checks in it.
 */
export async function expectHttpFieldErrors(res: Response, fields: Record<string, string[]>) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: { message: string; data: { appCode: string; fieldErrors: unknown } } };
  expect(body.error.data.appCode).toBe('VALIDATION');
  expect(body.error.data.fieldErrors).toEqual(fields);
  return body;
}

/** Every zod message per dotted field path, as the client form would show them. */
export function issues(e: unknown): Record<string, string[]> {
  const cause = (e as { cause?: unknown }).cause;
  expect(describeTrpcError(e).trpcCode).toBe('BAD_REQUEST');
  expect(cause).toBeInstanceOf(ZodError);
  const out: Record<string, string[]> = {};
  for (const i of (cause as ZodError).issues) (out[i.path.join('.')] ??= []).push(i.message);
  return out;
}
