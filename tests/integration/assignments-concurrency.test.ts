import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignments } from '../../db/schema';
import { createAssignment, createExercise } from '../../seed/factories';
import { withTenant } from '../../db/tenant';
import { startExercise, updateAssignment, type Actor } from '../../server/services/assignments/assignments';
import { createLinkedSimulations } from '../helpers/assignments';
import type { UserRow } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';
import { createTenant, createTenantUser } from '../helpers/factories';
import { expectRollupsConsistent } from '../helpers/rollups';

/*
 * Exercise writes update per-learner rollup rows through triggers, so every path must lock in one
 * order (assignment, then learners by id). Reps starting their exercises while their manager adds
 * a simulation to the same assignment must all succeed — no deadlock — and leave exact rollups.
 * (On PGlite, one connection, this runs one after another; on Postgres the transactions overlap.)
 */
const database = useTestDatabase();
let tenantId: string;
let manager: UserRow;
const reps: UserRow[] = [];
let sims: string[] = [];

beforeAll(async () => {
  tenantId = (await createTenant(database.db, { name: 'Acme' })).id;
  manager = await createTenantUser(database.db, tenantId, { userType: 'manager' });
  for (let i = 0; i < 6; i++)
    reps.push(await createTenantUser(database.db, tenantId, { userType: 'sales_rep', managerId: manager.id }));
  sims = await withTenant(database.db, tenantId, async (tx) => {
    const { sims } = await createLinkedSimulations(tx, tenantId, [{ name: 'S0' }, { name: 'S1' }]);
    return sims.map((s) => s.id);
  });
}, 60_000);

describe('exercise writes under concurrency', () => {
  it('reps starting exercises while the manager edits the assignment: every request succeeds', async () => {
    const actor: Actor = { userId: manager.id, role: 'sales_manager', tenantId };
    for (let round = 0; round < 8; round++) {
      const { assignmentId, mine } = await withTenant(database.db, tenantId, async (tx) => {
        const a = await createAssignment(tx, { tenantId, name: `Round ${round}`, createdBy: manager.id });
        const rows = [];
        for (const r of reps)
          rows.push(await createExercise(tx, { tenantId, assignmentId: a.id, userId: r.id, simulationId: sims[0] }));
        return { assignmentId: a.id, mine: rows };
      });
      const results = await Promise.allSettled([
        ...mine.map((e) =>
          withTenant(database.db, tenantId, (tx) =>
            startExercise({ tx, actor: { tenantId, userId: e.userId }, exerciseId: e.id, simulationId: sims[0] }),
          ),
        ),
        withTenant(database.db, tenantId, (tx) =>
          updateAssignment({
            tx,
            actor,
            mail: { publicUrl: 'http://localhost', delivery: 'outbox' },
            input: { assignmentId, simulationIds: sims },
          }),
        ),
        withTenant(database.db, tenantId, (tx) =>
          updateAssignment({
            tx,
            actor,
            mail: { publicUrl: 'http://localhost', delivery: 'outbox' },
            input: { assignmentId, name: `Round ${round} (renamed)` },
          }),
        ),
      ]);
      const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
      expect(failures).toEqual([]);
    }
    await expectRollupsConsistent(database.db);
  });

  // The interleaving that deadlocked before the lock order: the manager's edit holds the assignment
  // row; the rep's start must wait for it before touching any rollup row. Needs real concurrency.
  it.runIf(!!process.env.DATABASE_URL)(
    'a rep starting while the edit holds the assignment waits, then both commit',
    async () => {
      const actor: Actor = { userId: manager.id, role: 'sales_manager', tenantId };
      const { assignmentId, mine } = await withTenant(database.db, tenantId, async (tx) => {
        const a = await createAssignment(tx, { tenantId, name: 'Interleaved', createdBy: manager.id });
        return {
          assignmentId: a.id,
          mine: await createExercise(tx, { tenantId, assignmentId: a.id, userId: reps[0].id, simulationId: sims[0] }),
        };
      });
      const waiting = async () =>
        (
          (await database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { n: number }[]
        )[0].n;
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let holding!: () => void;
      const held = new Promise<void>((r) => (holding = r));
      const edit = withTenant(database.db, tenantId, async (tx) => {
        await tx.update(assignments).set({ name: 'Interleaved (editing)' }).where(eq(assignments.id, assignmentId));
        holding();
        await gate;
        return updateAssignment({
          tx,
          actor,
          mail: { publicUrl: 'http://localhost', delivery: 'outbox' },
          input: { assignmentId, simulationIds: sims },
        });
      });
      await held; // the edit holds the assignment row
      const start = withTenant(database.db, tenantId, (tx) =>
        startExercise({ tx, actor: { tenantId, userId: reps[0].id }, exerciseId: mine.id, simulationId: sims[0] }),
      );
      await expect.poll(waiting, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(1); // the start is blocked on a lock
      release();
      const results = await Promise.allSettled([edit, start]);
      expect(results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []))).toEqual([]);
      await expectRollupsConsistent(database.db);
    },
  );
});
