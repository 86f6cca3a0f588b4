import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
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

/**
 * The manager dashboard: counts, the 4-week trend (weekly average exercise score), recent
 * activity and per-criterion weak spots, all over the viewer's team (teamCondition).
 */
export async function getDashboard(tx: Executor, viewer: Viewer, now = new Date()): Promise<DashboardOutput> {
  const team = teamCondition(viewer);
  const since30 = new Date(now.getTime() - 30 * 86_400_000);
  const firstWeek = new Date(weekStart(now).getTime() - 3 * 7 * 86_400_000);
  const since90 = new Date(now.getTime() - 90 * 86_400_000);

  const [members] = await rawRows<{ total: number; active: number }>(
    tx,
    sql`select count(*)::int as total, count(*) filter (where u.last_active_at >= ${since30.toISOString()}::timestamptz)::int as active from users u where ${team}`,
  );
  // A manager's team: per member through the (tenant_id, user_id, status) index, touching only the
  // team's rows. The whole tenant (admins): one scan of the tenant's exercises is cheaper.
  const wholeTenant = viewer.role === 'admin' || viewer.role === 'superuser';
  const [ex] = await rawRows<{ pending: number; completed: number; avg: string | null }>(
    tx,
    wholeTenant
      ? sql`select count(*) filter (where e.status <> 'completed')::int as pending, count(*) filter (where e.status = 'completed')::int as completed,
                   avg(e.score) filter (where e.status = 'completed') as avg
            from exercises e join users u on u.id = e.user_id
            where e.tenant_id = ${viewer.tenantId} and ${team}`
      : sql`select coalesce(sum(x.pending), 0)::int as pending, coalesce(sum(x.completed), 0)::int as completed, sum(x.total) / nullif(sum(x.scored), 0) as avg
            from users u cross join lateral (
              select count(*) filter (where e.status <> 'completed') as pending, count(*) filter (where e.status = 'completed') as completed,
                     sum(e.score) filter (where e.status = 'completed') as total, count(e.score) filter (where e.status = 'completed') as scored
              from exercises e where e.tenant_id = u.tenant_id and e.user_id = u.id) x
            where ${team}`,
  );
  const since = sql`${firstWeek.toISOString()}::timestamptz`;
  const trendRows = await rawRows<{ week: string; avg: string | null; n: number }>(
    tx,
    wholeTenant
      ? sql`select to_char(date_trunc('week', e.completed_at at time zone 'UTC'), 'YYYY-MM-DD') as week, avg(e.score) as avg, count(*)::int as n
            from exercises e join users u on u.id = e.user_id
            where e.tenant_id = ${viewer.tenantId} and e.status = 'completed' and e.completed_at >= ${since} and ${team}
            group by 1`
      : sql`select x.week, sum(x.total) / nullif(sum(x.scored), 0) as avg, sum(x.n)::int as n
            from users u cross join lateral (
              select to_char(date_trunc('week', e.completed_at at time zone 'UTC'), 'YYYY-MM-DD') as week, sum(e.score) as total, count(e.score) as scored, count(*) as n
              from exercises e
              where e.tenant_id = u.tenant_id and e.user_id = u.id and e.status = 'completed' and e.completed_at >= ${since}
              group by 1) x
            where ${team}
            group by 1`,
  );
  const byWeek = new Map(trendRows.map((r) => [r.week, r]));
  const trend = [0, 1, 2, 3].map((i) => {
    const start = new Date(firstWeek.getTime() + i * 7 * 86_400_000).toISOString().slice(0, 10);
    const r = byWeek.get(start);
    return { weekStart: start, averageScore: round1(num(r?.avg ?? null)), completed: r ? Number(r.n) : 0 };
  });
  const recentCols = sql`e.id, coalesce(nullif(u.display_name, ''), u.username) as user_name, s.name as simulation_name, a.name as assignment_name, e.score, e.completed_at, e.call_id`;
  const recent = await rawRows<{ id: string; user_name: string; simulation_name: string; assignment_name: string; score: string | null; completed_at: string | Date; call_id: string | null }>(
    tx,
    wholeTenant
      ? sql`select ${recentCols}
            from exercises e join users u on u.id = e.user_id join simulations s on s.id = e.simulation_id join assignments a on a.id = e.assignment_id
            where e.tenant_id = ${viewer.tenantId} and e.status = 'completed' and e.completed_at is not null and ${team}
            order by e.completed_at desc limit 8`
      : sql`select ${recentCols}
            from users u cross join lateral (
              select * from exercises e0 where e0.tenant_id = u.tenant_id and e0.user_id = u.id and e0.status = 'completed' and e0.completed_at is not null
              order by e0.completed_at desc limit 8) e
            join simulations s on s.id = e.simulation_id join assignments a on a.id = e.assignment_id
            where ${team}
            order by e.completed_at desc limit 8`,
  );
  const weak = await rawRows<{ name: string; avg: string; n: number }>(
    tx,
    sql`select cr->>'name' as name, avg((cr->>'level')::numeric) as avg, count(*)::int as n
        from reports r join calls c on c.id = r.call_id join users u on u.id = c.user_id
        cross join lateral jsonb_array_elements(coalesce(r.criteria, '[]'::jsonb)) cr
        where r.tenant_id = ${viewer.tenantId} and r.status = 'ready' and r.completed_at >= ${since90.toISOString()}::timestamptz and ${team}
        group by 1 order by 2 asc, 1 limit 5`,
  );
  return {
    counts: {
      teamMembers: Number(members?.total ?? 0),
      activeMembers: Number(members?.active ?? 0),
      averageScore: round1(num(ex?.avg ?? null)),
      pendingExercises: Number(ex?.pending ?? 0),
      completedExercises: Number(ex?.completed ?? 0),
    },
    trend,
    recent: recent.map((r) => ({
      exerciseId: r.id,
      userName: r.user_name,
      simulationName: r.simulation_name,
      assignmentName: r.assignment_name,
      score: round1(num(r.score)),
      completedAt: new Date(r.completed_at).toISOString(),
      callId: r.call_id,
    })),
    // level 0..2 → percent of the top level
    weakSpots: weak.map((w) => ({ criterion: w.name, averageLevel: Math.round(Number(w.avg) * 100) / 100, percent: Math.round((Number(w.avg) / 2) * 100), reports: Number(w.n) })),
  };
}
