import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { coachingSettings, type LeaderboardNames } from '../../../db/schema/coaching';
import { rawRows } from '../../../db/tenant';
import type { LeaderboardBoard, LeaderboardView } from '../../contracts/leaderboards';
import { hasRole } from '../../contracts/roles';
import type { Viewer } from '../team/scope';

/**
 * Leaderboards of a team, over counted attempts only (attempt_scores: assigned exercises, drills
 * and certification steps with a ready report — never free practice or a call that ended without
 * a report). Three boards: the best score in the last four weeks, the improvement over four weeks
 * (the average of the last two weeks against the two before), and the practice streak (days in a
 * row, up to today, with a counted attempt). A tenant may show reps each other's ranks only: the
 * names are then left out of a rep's answer here, on the server.
 */

const DAY = 86_400_000;
/** Rows a board shows; the caller's own position comes with it whatever it is. */
const TOP = 50;
/** How far back a streak is counted. */
const STREAK_DAYS = 120;
const userName = sql.raw(`coalesce(nullif(u.display_name, ''), u.username)`);
/** A time as a query parameter: postgres.js binds strings, not Date objects (PGlite takes either). */
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export async function leaderboardNames(tx: Executor, tenantId: string): Promise<LeaderboardNames> {
  const [row] = await tx
    .select({ names: coachingSettings.leaderboardNames })
    .from(coachingSettings)
    .where(eq(coachingSettings.tenantId, tenantId));
  return row?.names ?? 'shown';
}

export async function saveLeaderboardNames(tx: Executor, tenantId: string, names: LeaderboardNames) {
  await tx
    .insert(coachingSettings)
    .values({ tenantId, leaderboardNames: names })
    .onConflictDoUpdate({ target: coachingSettings.tenantId, set: { leaderboardNames: names, updatedAt: new Date() } });
  return { leaderboardNames: names };
}

/**
 * The team a board ranks, as a condition on the users alias `u`: a rep's fellow reps (same
 * manager), a manager's direct reports, every rep of the tenant for an admin.
 */
function boardTeam(viewer: Viewer): SQL {
  if (viewer.role === 'admin' || viewer.role === 'superuser')
    return sql`u.tenant_id = ${viewer.tenantId} and u.user_type = 'sales_rep'`;
  if (viewer.role === 'sales_manager') return sql`u.tenant_id = ${viewer.tenantId} and u.manager_id = ${viewer.userId}`;
  return sql`u.tenant_id = ${viewer.tenantId} and u.user_type = 'sales_rep'
             and u.manager_id is not distinct from (select me.manager_id from users me where me.id = ${viewer.userId})`;
}

const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
const isWeekend = (d: string) => [0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay());

/**
 * The practice streak at `today` among `days` (YYYY-MM-DD, UTC): the days with a counted attempt
 * in a row, going back from today. Today without one does not end it (the day is not over), nor
 * does a Saturday or Sunday without one (a weekend attempt still adds a day); the first weekday
 * without one does.
 */
export function streakOf(days: readonly string[], today: string): number {
  return streakDays(days, today).length;
}

/** The days that make the streak (see streakOf), newest first, and the day the walk stopped on. */
function streakDays(days: readonly string[], today: string): string[] & { stoppedAt?: string } {
  const set = new Set(days);
  const out: string[] & { stoppedAt?: string } = [];
  for (let d = today, first = true; ; d = dayBefore(d), first = false) {
    if (set.has(d)) out.push(d);
    else if (!first && !isWeekend(d)) {
      out.stoppedAt = d;
      return out;
    }
  }
}

/** The start of the last weekday before `today`: an attempt since then is needed for a streak above 0. */
function streakHorizon(today: string): Date {
  let d = dayBefore(today);
  while (isWeekend(d)) d = dayBefore(d);
  return new Date(`${d}T00:00:00Z`);
}

interface Scored {
  userId: string;
  name: string;
  value: number;
  attempts: number;
}

async function scores(
  tx: Executor,
  viewer: Viewer,
  board: LeaderboardBoard,
  simulationId: string | undefined,
  now: Date,
): Promise<Scored[]> {
  const sim = simulationId ? sql`and a.simulation_id = ${simulationId}` : sql``;
  const team = boardTeam(viewer);
  if (board === 'streak') return streaks(tx, viewer, { sim, simulationId, team, now });
  const since = new Date(now.getTime() - 28 * DAY);
  const mid = new Date(now.getTime() - 14 * DAY);
  const value =
    board === 'best'
      ? sql`max(a.score)`
      : sql`avg(a.score) filter (where a.at >= ${ts(mid)}) - avg(a.score) filter (where a.at < ${ts(mid)})`;
  const having =
    board === 'best'
      ? sql``
      : sql`having count(*) filter (where a.at >= ${ts(mid)}) > 0 and count(*) filter (where a.at < ${ts(mid)}) > 0`;
  const rows = await rawRows<{ user_id: string; name: string; value: string; attempts: number }>(
    tx,
    sql`select u.id as user_id, ${userName} as name, ${value} as value, count(*)::int as attempts
        from attempt_scores a join users u on u.id = a.user_id
        where a.tenant_id = ${viewer.tenantId} and a.at >= ${ts(since)} and a.at <= ${ts(now)} ${sim} and ${team}
        group by u.id ${having}`,
  );
  return rows.map((r) => ({
    userId: r.user_id,
    name: r.name,
    value: Math.round(Number(r.value) * 10) / 10,
    attempts: r.attempts,
  }));
}

/** Days a streak is first looked for in: a streak still running at its start is read again over STREAK_DAYS. */
const STREAK_FIRST_DAYS = 14;

/**
 * The practice streaks of the reps with an attempt since the last weekday before today (UTC; any
 * other rep's streak is 0). Their attempt days of the last two weeks are read first; the few whose
 * streak runs past them are read again over STREAK_DAYS. Attempts: those on the streak's days.
 */
async function streaks(
  tx: Executor,
  viewer: Viewer,
  { sim, simulationId, team, now }: { sim: SQL; simulationId: string | undefined; team: SQL; now: Date },
): Promise<Scored[]> {
  const today = now.toISOString().slice(0, 10);
  const horizon = streakHorizon(today);
  const recentSim = simulationId ? sql`and r.simulation_id = ${simulationId}` : sql``;
  const read = (days: number, only: string[] | null) =>
    rawRows<{ user_id: string; name: string; day: string; n: number }>(
      tx,
      sql`select u.id as user_id, ${userName} as name, to_char(a.at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
          from attempt_scores a join users u on u.id = a.user_id
          where a.tenant_id = ${viewer.tenantId} and a.at >= ${ts(new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY))}
            and a.at <= ${ts(now)} ${sim} and ${team}
            and ${
              only
                ? sql`u.id = any(${sql.param(only)}::uuid[])`
                : sql`u.id in (select r.user_id from attempt_scores r
                             where r.tenant_id = ${viewer.tenantId} and r.at >= ${ts(horizon)} and r.at <= ${ts(now)} ${recentSim})`
            }
          group by u.id, 3`,
    );
  const collect = (rows: Awaited<ReturnType<typeof read>>) => {
    const byUser = new Map<string, { name: string; days: Map<string, number> }>();
    for (const r of rows) {
      const u = byUser.get(r.user_id) ?? { name: r.name, days: new Map<string, number>() };
      u.days.set(r.day, r.n);
      byUser.set(r.user_id, u);
    }
    return byUser;
  };
  const first = collect(await read(STREAK_FIRST_DAYS, null));
  const windowStart = new Date(Date.parse(`${today}T00:00:00Z`) - (STREAK_FIRST_DAYS - 1) * DAY)
    .toISOString()
    .slice(0, 10);
  const longer = [...first].filter(([, u]) => {
    const run = streakDays([...u.days.keys()], today);
    return run.length > 0 && (run.stoppedAt ?? '') < windowStart;
  });
  if (longer.length) {
    const again = collect(
      await read(
        STREAK_DAYS,
        longer.map(([id]) => id),
      ),
    );
    for (const [id, u] of again) first.set(id, u);
  }
  return [...first]
    .map(([userId, u]) => {
      const run = streakDays([...u.days.keys()], today);
      return { userId, name: u.name, value: run.length, attempts: run.reduce((n, d) => n + (u.days.get(d) ?? 0), 0) };
    })
    .filter((r) => r.value > 0);
}

/** One board of the viewer's team, ranked (1, 2, 2, 4 on ties), with the viewer's own position. */
export async function leaderboard(
  tx: Executor,
  viewer: Viewer,
  input: { board: LeaderboardBoard; simulationId?: string; now?: Date },
): Promise<LeaderboardView> {
  const now = input.now ?? new Date();
  const names = await leaderboardNames(tx, viewer.tenantId);
  const scored = await scores(tx, viewer, input.board, input.simulationId, now);
  scored.sort((a, b) => b.value - a.value || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  // a manager or an admin always sees names; a rep sees other reps' names unless the tenant hides them
  const hide = names === 'ranks_only' && !hasRole(viewer.role, ['admin', 'sales_manager']);
  let rank = 0;
  const ranked = scored.map((s, i) => {
    if (i === 0 || s.value !== scored[i - 1].value) rank = i + 1;
    const me = s.userId === viewer.userId;
    return {
      rank,
      userId: hide && !me ? null : s.userId,
      name: hide && !me ? null : s.name,
      value: s.value,
      attempts: s.attempts,
      me,
    };
  });
  const simulations = await rawRows<{ id: string; name: string }>(
    tx,
    sql`select s.id, s.name from simulations s
        where s.tenant_id = ${viewer.tenantId}
          and exists (select 1 from attempt_scores a where a.tenant_id = s.tenant_id and a.simulation_id = s.id)
        order by lower(s.name), s.id`,
  );
  return {
    board: input.board,
    simulationId: input.simulationId ?? null,
    names,
    rows: ranked.slice(0, TOP),
    me: ranked.find((r) => r.me) ?? null,
    simulations,
  };
}
