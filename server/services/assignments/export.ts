import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { exercises, users } from '../../../db/schema';
import { toCsv } from '../../contracts/csv';
import { exerciseViews, getAssignment } from './assignments';
import type { Actor } from './scope';

const ASSIGNMENT_RESULTS_COLUMNS = [
  'sales_rep',
  'email',
  'simulation',
  'status',
  'attempts',
  'best_score',
  'latest_score',
  'counted_attempt',
  'score',
  'completed_at',
] as const;

const score = (v: number | null) => (v === null ? '' : v.toFixed(1));

/**
 * An assignment's results as CSV, one row per rep and simulation: the attempts, the best and the
 * latest score, which one counts (the assignment's policy) and the score that counts — the same
 * numbers the assignment and the dashboard show. Cells are escaped against formula injection.
 */
export async function exportAssignmentResults(
  tx: Executor,
  actor: Actor,
  assignmentId: string,
): Promise<{ filename: string; csv: string; rows: number }> {
  const a = await getAssignment({ tx, actor, assignmentId }); // access (NOT_FOUND outside the viewer's reach)
  const views = await exerciseViews(tx, eq(exercises.assignmentId, a.id));
  const ids = [...new Set(views.map((e) => e.userId))];
  const emails = new Map(
    (ids.length
      ? await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids))
      : []
    ).map((u) => [u.id, u.email]),
  );
  const rows = views.map((e) => [
    e.userName,
    emails.get(e.userId) ?? '',
    e.simulationName,
    e.status,
    String(e.attempts.filter((x) => x.reportStatus === 'ready').length),
    score(e.bestScore),
    score(e.latestScore),
    a.scorePolicy,
    score(e.score),
    e.completedAt ?? '',
  ]);
  const slug =
    a.name
      .normalize('NFKD')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .toLowerCase() || 'assignment';
  return { filename: `${slug}-results.csv`, csv: toCsv([[...ASSIGNMENT_RESULTS_COLUMNS], ...rows]), rows: rows.length };
}
