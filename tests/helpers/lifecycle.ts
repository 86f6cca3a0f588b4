import { Server } from 'node:net';
import { beforeAll } from 'vitest';
import type { AppDeps } from '../../server/deps';
import { testDeps, type UserRow } from './app';
import type { TestDatabase } from './db';
import { createTwoTenants, type Cast } from './factories';

type Closable =
  | { cleanup(): Promise<unknown> }
  | { stop(): Promise<unknown> }
  | { close(): Promise<unknown> }
  | Server
  | null
  | undefined;

/**
 * What a test file started, released in the order given: a test database is dropped (cleanup), an
 * app stopped, a fake or a plain server closed. Unset ones are skipped: beforeAll may have failed early.
 */
export async function closeAll(...resources: Closable[]) {
  for (const r of resources) {
    if (!r) continue;
    if (r instanceof Server) await new Promise((resolve) => r.close(resolve));
    else if ('cleanup' in r) await r.cleanup();
    else if ('stop' in r) await r.stop();
    else await r.close();
  }
}

/**
 * AppDeps on the file's database, two customer tenants (`tenantA`, `tenantB`: their ids) with the
 * users `cast` names, and a superuser: made by a beforeAll that runs before the file's own.
 */
export function useTwoTenants<A extends Cast, B extends Cast>(
  database: TestDatabase,
  cast: { a: A; b: B },
  names?: [string, string],
) {
  const fixture = {} as { deps: AppDeps; tenantA: string; tenantB: string; superuser: UserRow } & Record<
    keyof A | keyof B,
    UserRow
  >;
  beforeAll(async () => {
    const made = await createTwoTenants(database.db, cast, names);
    const deps = await testDeps(database);
    Object.assign(fixture, made.users, { deps, tenantA: made.a.id, tenantB: made.b.id, superuser: made.superuser });
  });
  return fixture;
}
