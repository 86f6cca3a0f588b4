import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../../server/app';
import { signedInCaller, startTestApp } from '../helpers/app';
import { closeAll } from '../helpers/lifecycle';
import { useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';

/*
 * The API-key limit is counted by the key's public prefix before the key is looked up, and in the
 * database: two server processes on one database share one count.
 */
const RATE = 6;
const database = useTestDatabase();
let one: RunningApp;
let two: RunningApp;
let key: string;

const get = (app: RunningApp, k: string) =>
  fetch(`${app.url}/api/v1/assessments/simulations`, { headers: { authorization: `Bearer ${k}` } }).then(
    (r) => r.status,
  );

beforeAll(async () => {
  const t = await createTenant(database.db, { name: 'Limit Co' });
  const admin = await createTenantUser(database.db, t.id, { email: 'a@limit.test', username: 'a', userType: 'admin' });
  const env = { API_KEY_RATE_LIMIT_PER_MINUTE: String(RATE) };
  one = await startTestApp(database, env, { jobs: { disabled: true } });
  two = await startTestApp(database, env, { jobs: { disabled: true } });
  key = (await signedInCaller(one.deps, admin).apiKeys.generate({ integration: 'Limit ATS' })).key;
}, 60_000);
afterAll(() => closeAll(one, two));

describe('the API-key rate limit', () => {
  it('holds across two servers on one database, and counts guesses at a key by its prefix', async () => {
    const statuses: number[] = [];
    // a wrong secret under the real prefix is counted before any lookup (and refused)
    statuses.push(await get(one, `${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`));
    for (let i = 0; i < RATE; i++) statuses.push(await get(i % 2 ? one : two, key));
    expect(statuses).toEqual([401, 200, 200, 200, 200, 200, 429]);
    // either server now refuses the key until the window ends
    expect(await get(one, key)).toBe(429);
    expect(await get(two, key)).toBe(429);
  });
});
