import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { scoreLabel } from '../../contracts/score';
import { rawRows } from '../../jobs/queue';
import type { DashboardOutput } from '../../routers/dashboard/schema';
import { teamCondition, type Viewer } from '../team/scope';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const round1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

/** Monday 00:00 UTC of the week of `d` (Postgres date_trunc('week') semantics). */
function weekStart(d: Date): Date {
  const day = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day));
}

/** Weeks of reports the weak spots cover (this one and the 12 before it, about 90 days). */
export const WEAK_SPOT_WEEKS = 13;

/**
 * The manager dashboard: counts, the 4-week trend (weekly average exercise score), recent
 * activity and per-criterion weak spots, all over the viewer's team (teamCondition).
 *
 * Counts, trend and weak spots read the per-learner rollups (user_exercise_stats, user_week_stats,
 * user_week_criteria) that triggers keep exact in every writing transaction (migration 0012), so
 * the cost grows with the team's size, not with its history.
 */
export async function getDashboard(tx: Executor, viewer: Viewer, now = new Date()): Promise<DashboardOutput> {
  const team = teamCondition(viewer);
  const since30 = new Date(now.getTime() - 30 * 86_400_000);
  const thisWeek = weekStart(now);
  const firstWeek = new Date(thisWeek.getTime() - 3 * 7 * 86_400_000);
  const firstWeakWeek = new Date(thisWeek.getTime() - (WEAK_SPOT_WEEKS - 1) * 7 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);

  const [members] = await rawRows<{ total: number; active: number; pending: number; completed: number; avg: string | null }>(
    tx,
    sql`select count(*)::int as total, count(*) filter (where u.last_active_at >= ${since30.toISOString()}::timestamptz)::int as active,
               coalesce(sum(s.pending), 0)::int as pending, coalesce(sum(s.completed), 0)::int as completed,
               sum(s.score_sum) / nullif(sum(s.scored), 0) as avg
        from users u left join user_exercise_stats s on s.user_id = u.id
        where ${team}`,
  );
  const trendRows = await rawRows<{ week: string; avg: string | null; n: number }>(
    tx,
    sql`select to_char(w.week, 'YYYY-MM-DD') as week, sum(w.score_sum) / nullif(sum(w.scored), 0) as avg, sum(w.completed)::int as n
        from users u join user_week_stats w on w.user_id = u.id and w.week >= ${day(firstWeek)}::date
        where ${team}
        group by w.week`,
  );
  const byWeek = new Map(trendRows.map((r) => [r.week, r]));
  const trend = [0, 1, 2, 3].map((i) => {
    const start = new Date(firstWeek.getTime() + i * 7 * 86_400_000).toISOString().slice(0, 10);
    const r = byWeek.get(start);
    return { weekStart: start, averageScore: round1(num(r?.avg ?? null)), completed: r ? Number(r.n) : 0 };
  });
  // A manager's team: each member's latest through exercises_user_completed_idx. The whole tenant
  // (admins): the tenant's latest through exercises_tenant_completed_idx.
  const wholeTenant = viewer.role === 'admin' || viewer.role === 'superuser';
  const recentCols = sql`e.id, coalesce(nullif(u.display_name, ''), u.username) as user_name, s.name as simulation_name, a.name as assignment_name, e.score, e.completed_at, e.call_id,
                         (select r.evaluator from reports r where r.id = e.report_id) as evaluator, (select r.original_score from reports r where r.id = e.report_id) as original_score`;
  const recent = await rawRows<{ id: string; user_name: string; simulation_name: string; assignment_name: string; score: string | null; completed_at: string | Date; call_id: string | null; evaluator: string | null; original_score: string | null }>(
    tx,
    wholeTenant
      ? sql`select ${recentCols}
            from exercises e join users u on u.id = e.user_id join simulations s on s.id = e.simulation_id join assignments a on a.id = e.assignment_id
            where e.tenant_id = ${viewer.tenantId} and e.status = 'completed' and e.completed_at is not null and ${team}
            order by e.completed_at desc limit 8`
      : // the 8 latest of each member (index order, no sort), the 8 latest of those, then their names
        sql`select ${recentCols}
            from (select e1.* from users u0 cross join lateral (
                    select e0.id, e0.user_id, e0.simulation_id, e0.assignment_id, e0.score, e0.completed_at, e0.call_id, e0.report_id
                    from exercises e0
                    where e0.tenant_id = u0.tenant_id and e0.user_id = u0.id and e0.status = 'completed' and e0.completed_at is not null
                    order by e0.completed_at desc nulls last limit 8) e1
                  where ${teamCondition(viewer, 'u0')}
                  order by e1.completed_at desc nulls last limit 8) e
            join users u on u.id = e.user_id join simulations s on s.id = e.simulation_id join assignments a on a.id = e.assignment_id
            order by e.completed_at desc nulls last`,
  );
  const weak = await rawRows<{ name: string; avg: string; n: number }>(
    tx,
    sql`select c.criterion as name, sum(c.level_sum)::numeric / sum(c.n) as avg, sum(c.n)::int as n
        from users u join user_week_criteria c on c.user_id = u.id and c.week >= ${day(firstWeakWeek)}::date
        where ${team}
        group by c.criterion having sum(c.n) > 0
        order by 2 asc, 1 limit 5`,
  );
  return {
    counts: {
      teamMembers: Number(members?.total ?? 0),
      activeMembers: Number(members?.active ?? 0),
      averageScore: round1(num(members?.avg ?? null)),
      pendingExercises: Number(members?.pending ?? 0),
      completedExercises: Number(members?.completed ?? 0),
    },
    trend,
    recent: recent.map((r) => ({
      exerciseId: r.id,
      userName: r.user_name,
      simulationName: r.simulation_name,
      assignmentName: r.assignment_name,
      score: round1(num(r.score)),
      ...scoreLabel(r.evaluator, r.original_score),
      completedAt: new Date(r.completed_at).toISOString(),
      callId: r.call_id,
    })),
    // level 0..2 → percent of the top level
    weakSpots: weak.map((w) => ({ criterion: w.name, averageLevel: Math.round(Number(w.avg) * 100) / 100, percent: Math.round((Number(w.avg) / 2) * 100), reports: Number(w.n) })),
  };
}
