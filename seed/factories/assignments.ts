import type { Executor } from '../../db/client';
import { insertRow } from './insert-row';
import { assignmentSimulations, assignments, exercises } from '../../db/schema';

export type AssignmentFields = Partial<typeof assignments.$inferInsert> & {
  tenantId: string;
  simulationIds?: string[];
};

/** An assignment; `simulationIds` lists its simulations (assignees get exercises via createExercise). */
export async function createAssignment(db: Executor, { simulationIds = [], ...f }: AssignmentFields) {
  const row = await insertRow(db, assignments, { name: 'Assignment', ...f });
  if (simulationIds.length)
    await db
      .insert(assignmentSimulations)
      .values(simulationIds.map((simulationId) => ({ tenantId: f.tenantId, assignmentId: row.id, simulationId })));
  return row;
}

export type ExerciseFields = Partial<typeof exercises.$inferInsert> &
  Pick<typeof exercises.$inferInsert, 'tenantId' | 'assignmentId' | 'userId' | 'simulationId'>;

/** One assignee's exercise on one simulation of an assignment. */
export async function createExercise(db: Executor, f: ExerciseFields) {
  const [row] = await db.insert(exercises).values(f).returning();
  return row;
}
