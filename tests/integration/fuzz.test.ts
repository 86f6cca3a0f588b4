import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { asSystem } from '../../db/tenant';
import type { RunningApp } from '../../server/app';
import { createSession } from '../../server/auth/session';
import { restRoutes } from '../../server/rest/v1/router';
import { signedInCaller, startTestApp, type UserRow } from '../helpers/app';
import { seedDemoTenant } from '../helpers/demo-tenant';
import { closeAll } from '../helpers/lifecycle';
import { PROCEDURE_ACCESS, type Caller } from '../helpers/access-table';
import { useTestDatabase, rows } from '../helpers/db';
import { databaseFingerprint } from '../helpers/db-fingerprint';
import { createTenantUser } from '../helpers/factories';
import { inputAccepted, listProcedures, type ProcedureInfo } from '../helpers/procedures';
import {
  applyMutation,
  arbitraryOf,
  jsonSchemaOf,
  mergeObjectSchemas,
  mutationOf,
  poisonText,
} from '../helpers/schema-arbitrary';

/**
 * A property-based fuzz over every tRPC procedure and REST route the server has (found from the
 * router, so procedures added later are covered without edits). Inputs are derived from each
 * procedure's zod schema, then mutated: wrong types, null, huge, deeply nested, NUL, lone
 * surrogates, out-of-range numbers and dates, prototype-pollution keys. Over HTTP, as every role:
 *  - never a 5xx, never a hang;
 *  - every request the schema refuses changes nothing in the database;
 *  - the server is healthy afterwards and no prototype was polluted.
 * Bounded in `npm test`; `npm run test:fuzz` (FUZZ_RUNS, FUZZ_SEED) runs longer.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const REQUEST_TIMEOUT_MS = 20_000;
/** Each test's budget grows with the number of runs. */
const TEST_TIMEOUT_MS = Math.max(120_000, RUNS * 30_000);

const ACTOR_EMAIL: Record<Exclude<Caller, 'anon'>, string> = {
  superuser: 'superuser@demo.test',
  admin: 'admin@demo.test',
  sales_manager: 'manager@demo.test',
  sales_rep: 'rep@demo.test',
  demo_sales_manager: 'demo-manager@demo.test',
  none: 'norole@demo.test',
};

const database = useTestDatabase();
let app: RunningApp;
const tokens = {} as Record<Exclude<Caller, 'anon'>, string>;
let ids: string[] = [];

interface Shot {
  proc: ProcedureInfo;
  caller: Caller;
  input: unknown;
  /** The schema refuses this input: it must change nothing. */
  refused: boolean;
}
interface Failure {
  what: string;
  caller: Caller;
  status: number | 'timeout' | 'network';
  input: string;
  body: string;
}

const preview = (v: unknown) => {
  let s: string;
  try {
    s = JSON.stringify(v) ?? 'undefined';
  } catch {
    s = String(v);
  }
  return s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s;
};

async function send(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  caller: Caller,
  body?: string | Uint8Array<ArrayBuffer>,
  extra: Record<string, string> = {},
) {
  const headers: Record<string, string> = { origin: app.url, ...extra };
  if (caller !== 'anon') headers.authorization = `Bearer ${tokens[caller]}`;
  try {
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      redirect: 'manual',
    });
    const text = await res.text();
    return { status: res.status as number | 'timeout' | 'network', text };
  } catch (e) {
    return {
      status: ((e as Error).name === 'TimeoutError' ? 'timeout' : 'network') as 'timeout' | 'network',
      text: String(e),
    };
  }
}

function shoot(shot: Shot) {
  const encoded = shot.input === undefined ? undefined : JSON.stringify(shot.input);
  if (shot.proc.type === 'query') {
    const q = encoded === undefined ? '' : `?input=${encodeURIComponent(encoded)}`;
    return send('GET', `/trpc/${shot.proc.path}${q}`, shot.caller);
  }
  return send('POST', `/trpc/${shot.proc.path}`, shot.caller, encoded, { 'content-type': 'application/json' });
}

const broken = (status: number | 'timeout' | 'network') => typeof status !== 'number' || status >= 500;

/** Every caller mostly as the roles the procedure admits (to reach its code), sometimes as anyone. */
function callersFor(proc: ProcedureInfo): Caller[] {
  const admitted = (PROCEDURE_ACCESS[proc.path] ?? []).filter((c) => c !== 'anon');
  return admitted.length ? admitted : ['admin'];
}

function shotsFor(proc: ProcedureInfo, runs: number, seed: number): Shot[] {
  if (proc.inputs.length === 0) {
    // no input: the hostile part is an input nobody asked for
    return [{ proc, caller: callersFor(proc)[0], input: { __proto__x: '\u0000', n: 1e308 }, refused: false }];
  }
  const schema = mergeObjectSchemas(proc.inputs.map(jsonSchemaOf));
  const valid = arbitraryOf(schema, { ids, optional: 'random' });
  const callers = callersFor(proc);
  const shots: Shot[] = [];
  const samples = fc.sample(valid, { numRuns: runs, seed });
  samples.forEach((sample, i) => {
    const caller = callers[i % callers.length];
    // a clientId names another tenant: only a superuser gets past that, so the others leave it out
    const base =
      caller === 'superuser' || !sample || typeof sample !== 'object'
        ? sample
        : { ...(sample as object), clientId: undefined };
    shots.push({ proc, caller, input: base, refused: !inputAccepted(proc, base) });
    // every free-text field carrying a character PostgreSQL cannot store
    const poisoned = poisonText(schema, base, i % 2 ? '\uD800' : 'a\u0000b');
    if (poisoned !== base) shots.push({ proc, caller, input: poisoned, refused: !inputAccepted(proc, poisoned) });
    const [m] = fc.sample(mutationOf(base), { numRuns: 1, seed: seed + i + 1 });
    const input = applyMutation(base, m);
    shots.push({ proc, caller, input, refused: !inputAccepted(proc, input) });
    // the same hostile input from a caller the procedure does not admit: refused by the rule, never a 5xx
    shots.push({
      proc,
      caller: i % 2 ? 'anon' : 'none',
      input,
      refused: !(PROCEDURE_ACCESS[proc.path] ?? []).includes(i % 2 ? 'anon' : 'none') || !inputAccepted(proc, input),
    });
  });
  return shots;
}

beforeAll(async () => {
  await seedDemoTenant(database.db);
  const accounts: UserRow[] = await asSystem(database.db, { action: 'test' }, (tx) => tx.select().from(users));
  const byEmail = new Map(accounts.map((u) => [u.email, u]));
  for (const [caller, email] of Object.entries(ACTOR_EMAIL) as [Exclude<Caller, 'anon'>, string][]) {
    const u = byEmail.get(email);
    if (!u) throw new Error(`demo account ${email} missing`);
    tokens[caller] = (await createSession(database.db, u.id)).token;
  }
  app = await startTestApp(database);

  // records for the ids pool: people who are not the actors, an assignment, a call
  const admin = byEmail.get('admin@demo.test')!;
  const rep = byEmail.get('rep2@demo.test')!;
  await createTenantUser(database.db, admin.tenantId, {
    email: 'victim@demo.test',
    username: 'victim',
    userType: 'sales_rep',
  });
  const [sim] = await asSystem(database.db, { action: 'test' }, (tx) =>
    rows<{ id: string }>(tx, sql`select id from simulations where tenant_id = ${admin.tenantId} limit 1`),
  );
  const manager = signedInCaller(app.deps, admin);
  await manager.assignments.create({ name: 'Fuzz target', simulationIds: [sim.id], userIds: [rep.id], dueAt: null });
  await signedInCaller(app.deps, rep).calls.start({ simulationId: sim.id, mode: 'practice' });

  // the mail those writes queued is delivered (to the outbox) before the fuzz starts counting writes
  await vi.waitFor(
    async () => {
      const [{ n }] = await asSystem(database.db, { action: 'test' }, (tx) =>
        rows<{ n: number }>(tx, sql`select count(*)::int as n from jobs where status in ('queued', 'running')`),
      );
      expect(n).toBe(0);
    },
    { timeout: 20_000, interval: 100 },
  );

  const actorEmails = new Set(Object.values(ACTOR_EMAIL));
  ids = await asSystem(database.db, { action: 'test' }, async (tx) => {
    const pool: string[] = [];
    for (const table of [
      'clients',
      'personas',
      'scorecards',
      'simulations',
      'prompts',
      'icps',
      'product_groupings',
      'call_instructions',
      'assignments',
      'calls',
      'exercises',
    ]) {
      for (const r of await rows<{ id: string }>(tx, sql.raw(`select id::text as id from "${table}" limit 5`)))
        pool.push(r.id);
    }
    for (const u of await rows<{ id: string; email: string }>(tx, sql`select id::text as id, email from users`))
      if (!actorEmails.has(u.email)) pool.push(u.id);
    return pool;
  });
  expect(DEMO_ACCOUNTS.length).toBeGreaterThan(0);
});
afterAll(() => closeAll(app));

describe(`fuzz: every procedure and route (${RUNS} runs each, seed ${SEED})`, () => {
  let failures: Failure[] = [];
  const record = (
    what: string,
    caller: Caller,
    input: unknown,
    r: { status: number | 'timeout' | 'network'; text: string },
  ) => {
    if (broken(r.status))
      failures.push({ what, caller, status: r.status, input: preview(input), body: r.text.slice(0, 300) });
  };
  /** No request gave a 5xx or hung; the message lists the first ten that did. */
  const expectNoFailures = () =>
    expect(
      failures,
      failures
        .slice(0, 10)
        .map((f) => `${f.status} ${f.what} as ${f.caller}: ${f.input}\n  ${f.body}`)
        .join('\n'),
    ).toEqual([]);
  beforeEach(() => {
    failures = [];
  });

  it(
    'refused inputs: never a 5xx or a hang, and the database is unchanged',
    async () => {
      const procs = listProcedures();
      expect(procs.length).toBeGreaterThan(50);
      const shots = procs.flatMap((p, i) => shotsFor(p, RUNS, SEED + i * 1000)).filter((s) => s.refused);
      const before = await databaseFingerprint(database.db);
      for (const shot of shots) record(shot.proc.path, shot.caller, shot.input, await shoot(shot));
      const after = await databaseFingerprint(database.db);
      expectNoFailures();
      const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
      expect(changed, 'tables written by refused requests').toEqual([]);
      expect(shots.length).toBeGreaterThan(procs.length);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'accepted inputs (valid, or hostile parts the schema drops): never a 5xx or a hang',
    async () => {
      const shots = listProcedures()
        .filter((p) => p.path !== 'auth.logout') // would end the session the rest of the run uses
        .flatMap((p, i) => shotsFor(p, RUNS, SEED + i * 1000))
        .filter((s) => !s.refused);
      for (const shot of shots) record(shot.proc.path, shot.caller, shot.input, await shoot(shot));
      expectNoFailures();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'REST routes: hostile path parameters, query strings, headers and bodies never give a 5xx',
    async () => {
      const routes = restRoutes(app.deps.env);
      const segments = [
        '%00',
        '%ED%A0%80',
        '%FF%FE',
        'x'.repeat(3000),
        '..%2F..%2Fetc%2Fpasswd',
        '%E2%80%AE',
        '00000000-0000-0000-0000-000000000000',
        ...ids.slice(0, 3),
      ];
      const values = [
        '%00',
        '%ED%A0%80',
        'a%00b',
        '%C0%80',
        '',
        'x'.repeat(4000),
        '-1',
        '99999999999999999999',
        '__proto__',
      ];
      const headerSets: Record<string, string>[] = [
        { range: 'bytes=0-99999999999999999999' },
        { range: 'bytes=-0', 'if-range': '"x"' },
        { 'x-file-name': '%00.txt', 'content-type': 'audio/webm' },
        { 'x-file-name': '%ED%A0%80.pdf', 'content-type': 'application/pdf' },
        { 'x-file-name': `${'a'.repeat(5000)}.txt` },
        { 'accept-language': 'zz-ZZ;q=2, *;q=-1' },
        { 'content-type': 'application/json; charset=utf-16' },
      ];
      const bodies: (string | undefined)[] = [
        undefined,
        '',
        'null',
        '{"display_name":"a\\u0000b"}',
        '{"user_language":"\\ud800"}',
        '{"__proto__":{"polluted":"yes"}}',
        '[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]',
        '{"display_name":' + '"x"'.padEnd(200_000, ' ') + '}',
      ];
      const rng = fc.sample(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat(), fc.nat()), {
        numRuns: Math.max(RUNS * 4, 8) * routes.length,
        seed: SEED,
      });
      let k = 0;
      for (const route of routes) {
        for (let i = 0; i < Math.max(RUNS * 4, 8); i++) {
          const [a, b, c, d, e] = rng[k++];
          const path = route.path.replace(/:[a-zA-Z]+/g, () => segments[a % segments.length]);
          const query = `?${['clientId', 'lang', 'email', ...Object.keys(route.query?.shape ?? {})].map((n, j) => `${n}=${values[(b + j) % values.length]}`).join('&')}`;
          const caller: Caller = (['admin', 'sales_manager', 'sales_rep', 'superuser', 'none', 'anon'] as const)[c % 6];
          const body = route.method === 'GET' ? undefined : bodies[d % bodies.length];
          const headers = { 'content-type': 'application/json', ...headerSets[e % headerSets.length] };
          const r = await send(route.method as 'GET' | 'POST' | 'PUT', path + query, caller, body, headers);
          record(`${route.method} ${route.path}`, caller, { path, query, headers, body: body?.slice(0, 80) }, r);
        }
      }
      expectNoFailures();
    },
    TEST_TIMEOUT_MS,
  );

  it('afterwards the server is healthy and no prototype was polluted', async () => {
    const health = await fetch(`${app.url}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    // a signed-in request still works end to end
    const me = await send('GET', '/api/v1/auth/me', 'admin');
    expect(me.status).toBe(200);
  });
});
