import { rawRows } from '../../../db/tenant';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { scoreLabel } from '../../contracts/score';
import type { DashboardOutput } from '../../contracts/dashboard';
import { teamCondition, type Viewer } from '../team/scope';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const round1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

/** Monday 00:00 UTC of the week of `d` (Postgres date_trunc('week') semantics). */
function weekStart(d: Date): Date {
  const day = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day));
}

/** Weeks of reports the weak spots cover (this one and the 12 before it, about 90 days). */
const WEAK_SPOT_WEEKS = 13;
/** Whether the tenant is a demo one, and how far its demo history has got while it is being made. */
async function demoStatus(tx: Executor, tenantId: string): Promise<DashboardOutput['demo']> {
  const [client] = await rawRows<{ type: string }>(tx, sql`select type from clients where id = ${tenantId}`);
  const [job] = await rawRows<{ progress: unknown }>(
    tx,
    sql`select progress from jobs where queue = 'demo_history' and tenant_id = ${tenantId} and status in ('queued', 'running', 'failed') limit 1`,
  );
  const p = (typeof job?.progress === 'string' ? JSON.parse(job.progress) : job?.progress) as
    { done?: number; total?: number } | null | undefined;
  return {
    isDemo: client?.type === 'demo',
    generating: job ? { done: Number(p?.done ?? 0), total: Number(p?.total ?? 0) } : null,
  };
}

/** Rows of recent activity. */
const RECENT_ROWS = 8;

type RecentRow = DashboardOutput['recent'][number];
const userName = sql.raw(`coalesce(nullif(u.display_name, ''), u.username)`);

/**
 * The team's latest completed assignment calls: each completed exercise once, at the time its
 * counted attempt was scored, with that attempt's score and report. A manager's team: each
 * member's latest through exercises_user_completed_idx; the whole tenant (admins): the tenant's
 * latest through exercises_tenant_completed_idx.
 */
async function recentAssignmentCalls(tx: Executor, viewer: Viewer): Promise<RecentRow[]> {
  const wholeTenant = viewer.role === 'admin' || viewer.role === 'superuser';
  const cols = sql`e.id, ${userName} as user_name, s.name as simulation_name, a.name as assignment_name, e.score, e.completed_at, e.call_id,
                   (select count(*) from calls c2 join reports r2 on r2.call_id = c2.id where c2.exercise_id = e.id and r2.status = 'ready')::int as attempts,
                   (select r.evaluator from reports r where r.id = e.report_id) as evaluator, (select r.original_score from reports r where r.id = e.report_id) as original_score`;
  const rows = await rawRows<{
    id: string;
    user_name: string;
    simulation_name: string;
    assignment_name: string;
    score: string | null;
    completed_at: string | Date;
    call_id: string | null;
    attempts: number;
    evaluator: string | null;
    original_score: string | null;
  }>(
    tx,
    wholeTenant
      ? sql`select ${cols}
            from exercises e join users u on u.id = e.user_id join simulations s on s.id = e.simulation_id join assignments a on a.id = e.assignment_id
            where e.tenant_id = ${viewer.tenantId} and e.status = 'completed' and e.completed_at is not null and ${teamCondition(viewer)}
            order by e.completed_at desc limit ${RECENT_ROWS}`
      : // the latest of each member (index order, no sort), the latest of those, then their names
        sql`select ${cols}
            from (select e1.* from users u0 cross join lateral (
                    select e0.id, e0.user_id, e0.simulation_id, e0.assignment_id, e0.score, e0.completed_at, e0.call_id, e0.report_id
                    from exercises e0
                    where e0.tenant_id = u0.tenant_id and e0.user_id = u0.id and e0.status = 'completed' and e0.completed_at is not null
                    order by e0.completed_at desc nulls last limit ${RECENT_ROWS}) e1
                  where ${teamCondition(viewer, 'u0')}
                  order by e1.completed_at desc nulls last limit ${RECENT_ROWS}) e
            join users u on u.id = e.user_id join simulations s on s.id = e.simulation_id join assignments a on a.id = e.assignment_id
            order by e.completed_at desc nulls last`,
  );
  return rows.map((r) => ({
    kind: 'assignment' as const,
    id: r.id,
    userName: r.user_name,
    simulationName: r.simulation_name,
    assignmentName: r.assignment_name,
    score: round1(num(r.score)),
    ...scoreLabel(r.evaluator, r.original_score),
    completedAt: new Date(r.completed_at).toISOString(),
    callId: r.call_id,
    attempts: Number(r.attempts),
  }));
}

/**
 * The team's latest practice calls (or, with mode 'meeting', real calls) with a ready report. The whole tenant (admins): the tenant's
 * latest reports through reports_tenant_idx, stopping at the first practice calls of sales reps; a
 * manager's team: each member's latest calls in calls_user_idx order (no sort; a report is ready
 * after its call, so these are the member's latest reports too), then the latest of those.
 */
async function recentPracticeCalls(
  tx: Executor,
  viewer: Viewer,
  mode: 'practice' | 'meeting' = 'practice',
): Promise<RecentRow[]> {
  const wholeTenant = viewer.role === 'admin' || viewer.role === 'superuser';
  const rows = await rawRows<{
    id: string;
    user_name: string;
    simulation_name: string | null;
    score: string | null;
    completed_at: string | Date;
    evaluator: string | null;
    original_score: string | null;
  }>(
    tx,
    wholeTenant
      ? sql`select c.id, ${userName} as user_name, coalesce(s.name, c.simulation_snapshot->'simulation'->>'name') as simulation_name, r.score, r.completed_at, r.evaluator, r.original_score
            from reports r join calls c on c.id = r.call_id join users u on u.id = c.user_id left join simulations s on s.id = c.simulation_id
            where r.tenant_id = ${viewer.tenantId} and r.status = 'ready' and r.completed_at is not null and c.mode = ${mode} and ${teamCondition(viewer)}
            order by r.completed_at desc limit ${RECENT_ROWS}`
      : sql`select x.id, ${userName} as user_name, coalesce(s.name, x.simulation_snapshot->'simulation'->>'name') as simulation_name, x.score, x.completed_at, x.evaluator, x.original_score
            from users u cross join lateral (
              select c.id, c.simulation_id, c.simulation_snapshot, r.score, r.completed_at, r.evaluator, r.original_score
              from calls c join reports r on r.call_id = c.id
              where c.user_id = u.id and c.mode = ${mode} and r.status = 'ready' and r.completed_at is not null
              order by c.created_at desc limit ${RECENT_ROWS}) x
            left join simulations s on s.id = x.simulation_id
            where ${teamCondition(viewer)}
            order by x.completed_at desc limit ${RECENT_ROWS}`,
  );
  return rows.map((r) => ({
    kind: mode === 'meeting' ? ('real' as const) : ('practice' as const),
    id: r.id,
    userName: r.user_name,
    simulationName: r.simulation_name ?? '',
    assignmentName: null,
    score: round1(num(r.score)),
    ...scoreLabel(r.evaluator, r.original_score),
    completedAt: new Date(r.completed_at).toISOString(),
    callId: r.id,
    attempts: 1,
  }));
}

/**
 * The manager dashboard over the viewer's team (teamCondition). It counts three things, each the
 * same way wherever it appears:
 *  - completed assignment calls: exercises completed, each by the one attempt its assignment
 *    counts (best or latest) — the tiles, the trend, the average score and recent activity;
 *  - practice calls: the team's own practice calls with a ready report — their tile and recent
 *    activity;
 *  - reports: those two kinds of calls' reports (one each) — weak spots.
 * Retakes that do not count, tests and dry runs are in none of them.
 *
 * Counts, trend and weak spots read the per-learner rollups (user_exercise_stats, user_week_stats,
 * user_week_criteria) that triggers keep exact in every writing transaction (migrations 0012, 0015),
 * so the cost grows with the team's size, not with its history.
 */
export async function getDashboard(tx: Executor, viewer: Viewer, now = new Date()): Promise<DashboardOutput> {
  const team = teamCondition(viewer);
  const since30 = new Date(now.getTime() - 30 * 86_400_000);
  const thisWeek = weekStart(now);
  const firstWeek = new Date(thisWeek.getTime() - 3 * 7 * 86_400_000);
  const firstWeakWeek = new Date(thisWeek.getTime() - (WEAK_SPOT_WEEKS - 1) * 7 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);

  const [members] = await rawRows<{
    total: number;
    active: number;
    pending: number;
    completed: number;
    practice: number;
    avg: string | null;
  }>(
    tx,
    sql`select count(*)::int as total, count(*) filter (where u.last_active_at >= ${since30.toISOString()}::timestamptz)::int as active,
               coalesce(sum(s.pending), 0)::int as pending, coalesce(sum(s.completed), 0)::int as completed,
               coalesce(sum(s.practice_calls), 0)::int as practice,
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
  // real calls (transcripts of meetings) are listed with their own label, never in the practice figures
  const recent = [
    ...(await recentAssignmentCalls(tx, viewer)),
    ...(await recentPracticeCalls(tx, viewer)),
    ...(await recentPracticeCalls(tx, viewer, 'meeting')),
  ]
    .sort((a, b) => b.completedAt.localeCompare(a.completedAt) || b.id.localeCompare(a.id))
    .slice(0, RECENT_ROWS);
  const weak = await rawRows<{ name: string; avg: string; n: number }>(
    tx,
    sql`select c.criterion as name, sum(c.level_sum)::numeric / sum(c.n) as avg, sum(c.n)::int as n
        from users u join user_week_criteria c on c.user_id = u.id and c.week >= ${day(firstWeakWeek)}::date
        where ${team}
        group by c.criterion having sum(c.n) > 0
        order by 2 asc, 1 limit 5`,
  );
  return {
    demo: await demoStatus(tx, viewer.tenantId),
    counts: {
      teamMembers: Number(members?.total ?? 0),
      activeMembers: Number(members?.active ?? 0),
      averageScore: round1(num(members?.avg ?? null)),
      pendingExercises: Number(members?.pending ?? 0),
      completedExercises: Number(members?.completed ?? 0),
      practiceCalls: Number(members?.practice ?? 0),
    },
    trend,
    recent,
    // level 0..2 → percent of the top level
    weakSpots: weak.map((w) => ({
      criterion: w.name,
      averageLevel: Math.round(Number(w.avg) * 100) / 100,
      percent: Math.round((Number(w.avg) / 2) * 100),
      reports: Number(w.n),
    })),
  };
}
