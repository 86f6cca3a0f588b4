import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caughtFailures } from '../../server/metrics/metrics';
import { bookingFrameOrigins } from '../../server/services/campaigns/guest';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

/*
 * A failure the code goes on from is either a named case it answers, or said in the log and counted
 * in /metrics (spar_caught_failures_total by site) — never dropped without a word.
 */

const count = async (site: string) =>
  (await caughtFailures.get()).values.find((v) => v.labels.site === site)?.value ?? 0;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.cleanup();
});

describe('the scheduler origins of a guest report page', () => {
  it('are none for an unknown link, a named case: nothing counted', async () => {
    const before = await count('booking_frame');
    expect(await bookingFrameOrigins(database.db, randomUUID(), 'not-the-token')).toEqual([]);
    expect(await count('booking_frame')).toBe(before);
  });

  it('are none when the database fails, and the failure is counted', async () => {
    const broken = await createTestDatabase();
    await broken.cleanup();
    const before = await count('booking_frame');
    expect(await bookingFrameOrigins(broken.db, randomUUID(), 'token')).toEqual([]);
    expect(await count('booking_frame')).toBe(before + 1);
  });
});
