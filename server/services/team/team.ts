import { rawRows } from '../../../db/tenant';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { UserType } from '../../contracts/enums';
import { scoreLabel } from '../../contracts/score';
import { AppError } from '../../errors';
import type { TeamMember } from '../../contracts/team';
import { teamCondition, type Viewer } from './scope';

interface MemberRow {
  id: string;
  name: string;
  email: string;
  user_type: UserType;
  last_active_at: string | Date | null;
  pending: number;
  completed: number;
  avg: string | null;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
const toMember = (r: MemberRow): TeamMember => ({
  id: r.id,
  name: r.name,
  email: r.email,
  userType: r.user_type,
  lastActiveAt: iso(r.last_active_at),
  pending: Number(r.pending),
  completed: Number(r.completed),
  averageScore: r.avg === null ? null : Math.round(Number(r.avg) * 10) / 10,
});

function membersQuery(viewer: Viewer, extra = sql``) {
  return sql`select u.id, coalesce(nullif(u.display_name, ''), u.username) as name, u.email, u.user_type, u.last_active_at,
                    coalesce(x.pending, 0)::int as pending, coalesce(x.completed, 0)::int as completed, x.avg
             from users u
             left join lateral (
               select count(*) filter (where e.status <> 'completed') as pending, count(*) filter (where e.status = 'completed') as completed,
                      avg(e.score) filter (where e.status = 'completed') as avg
               from exercises e where e.user_id = u.id
             ) x on true
             where ${teamCondition(viewer)} ${extra}
             order by name`;
}

/** The viewer's team: a manager's reports, or every sales rep for admins. */
export async function listTeam(tx: Executor, viewer: Viewer): Promise<TeamMember[]> {
  return (await rawRows<MemberRow>(tx, membersQuery(viewer))).map(toMember);
}

/** One member's exercises and recent calls; NOT_FOUND outside the viewer's team. */
export async function memberHistory(tx: Executor, viewer: Viewer, userId: string) {
  const [m] = await rawRows<MemberRow>(tx, membersQuery(viewer, sql`and u.id = ${userId}`));
  if (!m) throw new AppError('NOT_FOUND', 'Team member not found');
  const exercises = await rawRows<{
    id: string;
    assignment_name: string;
    simulation_name: string;
    status: 'pending' | 'in_progress' | 'completed';
    score: string | null;
    evaluator: string | null;
    original_score: string | null;
    call_id: string | null;
    completed_at: string | Date | null;
  }>(
    tx,
    sql`select e.id, a.name as assignment_name, s.name as simulation_name, e.status, e.score, r.evaluator, r.original_score, e.call_id, e.completed_at
        from exercises e join assignments a on a.id = e.assignment_id join simulations s on s.id = e.simulation_id left join reports r on r.id = e.report_id
        where e.user_id = ${userId} order by a.sent_at desc, s.name limit 200`,
  );
  const calls = await rawRows<{
    id: string;
    simulation_name: string | null;
    mode: string;
    created_at: string | Date;
    duration_ms: number | null;
    report_status: string | null;
    score: string | null;
    evaluator: string | null;
    original_score: string | null;
  }>(
    tx,
    sql`select c.id, coalesce(s.name, c.simulation_snapshot->'simulation'->>'name') as simulation_name, c.mode, c.created_at, c.duration_ms, r.status as report_status, r.score, r.evaluator, r.original_score
        from calls c left join simulations s on s.id = c.simulation_id left join reports r on r.call_id = c.id
        where c.user_id = ${userId} order by c.created_at desc limit 50`,
  );
  return {
    member: toMember(m),
    exercises: exercises.map((e) => ({
      id: e.id,
      assignmentName: e.assignment_name,
      simulationName: e.simulation_name,
      status: e.status,
      score: e.score === null ? null : Number(e.score),
      ...scoreLabel(e.evaluator, e.original_score),
      callId: e.call_id,
      completedAt: iso(e.completed_at),
    })),
    calls: calls.map((c) => ({
      id: c.id,
      simulationName: c.simulation_name,
      mode: c.mode,
      createdAt: new Date(c.created_at).toISOString(),
      durationMs: c.duration_ms === null ? null : Number(c.duration_ms),
      reportStatus: c.report_status,
      score: c.score === null ? null : Number(c.score),
      ...scoreLabel(c.evaluator, c.original_score),
    })),
  };
}
