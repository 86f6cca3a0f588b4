import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { assignmentMembers, assignments, users } from '../../../db/schema';
import type { Role } from '../../contracts/roles';
import { AppError } from '../../errors';

export interface Actor {
  userId: string;
  role: Role | null;
  tenantId: string;
}

/** Qualified explicitly: drizzle renders bare column names inside single-table selects. */
export const aId = sql.raw('"assignments"."id"');

/** The columns every list of assignments shows (a manager's list and a rep's own). */
export const assignmentListColumns = {
  id: assignments.id,
  name: assignments.name,
  status: assignments.status,
  dueAt: assignments.dueAt,
  sentAt: assignments.sentAt,
  scorePolicy: assignments.scorePolicy,
};
export const displayName = sql<string>`coalesce(nullif(${users.displayName}, ''), ${users.username})`;

/** admin/superuser see every assignment of the tenant; managers those they created or that include their team. */
export function visibleTo(actor: Actor): SQL | undefined {
  if (actor.role === 'admin' || actor.role === 'superuser') return undefined;
  if (actor.role === 'demo_sales_manager') return eq(assignments.createdBy, actor.userId);
  // the team's assignment ids are computed once (hashed subplan) from the per-member rollup
  return or(
    eq(assignments.createdBy, actor.userId),
    sql`${aId} in (select am.assignment_id from ${assignmentMembers} am join ${users} u on u.id = am.user_id where u.manager_id = ${actor.userId})`,
  );
}

/** An assignment the actor may change; NOT_FOUND otherwise (another tenant, another team). */
export async function loadEditable(tx: Executor, actor: Actor, assignmentId: string) {
  const [row] = await tx
    .select({
      id: assignments.id,
      name: assignments.name,
      dueAt: assignments.dueAt,
      createdBy: assignments.createdBy,
      scorePolicy: assignments.scorePolicy,
    })
    .from(assignments)
    .where(and(eq(assignments.id, assignmentId), eq(assignments.tenantId, actor.tenantId), visibleTo(actor)));
  if (!row) throw new AppError('NOT_FOUND', 'Assignment not found');
  return row;
}
