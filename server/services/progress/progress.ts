import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rawRows } from '../../../db/tenant';
import { hasRole } from '../../contracts/roles';
import type { ProgressView, SkillMapView } from '../../contracts/progress';
import { AppError } from '../../errors';
import { teamCondition, type Viewer } from '../team/scope';

/**
 * Progress by criterion, from criterion_levels (one row per criterion of every scored call of a
 * learner, kept by a trigger on reports): a learner's levels on each criterion across calls of any
 * kind with the quote behind each, and the team skill map (reps × criteria, latest level and the
 * 4-week trend). Criteria are matched by name, across scorecards and their versions.
 */

/** The latest levels shown per criterion on the progress page. */
const POINTS_PER_CRITERION = 20;
const DAY = 86_400_000;
const userName = sql.raw(`coalesce(nullif(u.display_name, ''), u.username)`);
/** A time as a query parameter: postgres.js binds strings, not Date objects (PGlite takes either). */
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

const isManager = (viewer: Viewer) => hasRole(viewer.role, ['admin', 'sales_manager']);

/** The members of the viewer's team (a manager's reports; every rep for an admin), by name. */
async function teamMembers(tx: Executor, viewer: Viewer, limit = 2000) {
  return rawRows<{ id: string; name: string }>(
    tx,
    sql`select u.id, ${userName} as name from users u where ${teamCondition(viewer)} order by lower(${userName}), u.id limit ${limit}`,
  );
}

/**
 * A learner's progress: the caller's own, or (admin, manager) a member of their team. Anyone else
 * is refused, as the API answers only what the caller may see.
 */
export async function criterionProgress(tx: Executor, viewer: Viewer, userId?: string): Promise<ProgressView> {
  const subject = userId ?? viewer.userId;
  const team = isManager(viewer) ? await teamMembers(tx, viewer) : [];
  if (subject !== viewer.userId && !team.some((m) => m.id === subject))
    throw new AppError('FORBIDDEN', 'You can only see the progress of your own team', {
      messageKey: 'dashboard.progress.errors.notYourTeam',
    });
  const [me] = await rawRows<{ id: string; name: string }>(
    tx,
    sql`select u.id, ${userName} as name from users u where u.id = ${subject}`,
  );
  if (!me) throw new AppError('NOT_FOUND', 'User not found');
  const rows = await rawRows<{
    criterion: string;
    level: number | null;
    quote: string | null;
    at: string | Date;
    call_id: string;
    mode: string;
    kind: string | null;
    title: string | null;
  }>(
    tx,
    sql`select x.criterion, x.level, x.quote, x.at, x.call_id, c.mode, s.kind,
               coalesce(s.name, c.simulation_snapshot->'simulation'->>'name') as title
        from (select cl.*, row_number() over (partition by cl.criterion order by cl.at desc) as n
              from criterion_levels cl where cl.tenant_id = ${viewer.tenantId} and cl.user_id = ${subject}) x
        join calls c on c.id = x.call_id left join simulations s on s.id = c.simulation_id
        where x.n <= ${POINTS_PER_CRITERION}
        order by x.criterion, x.at`,
  );
  const byName = new Map<string, ProgressView['criteria'][number]>();
  for (const r of rows) {
    const entry = byName.get(r.criterion) ?? { name: r.criterion, latest: null, points: [] };
    entry.points.push({
      callId: r.call_id,
      at: new Date(r.at).toISOString(),
      level: r.level,
      quote: r.quote,
      kind:
        r.mode === 'meeting'
          ? 'real'
          : r.mode === 'exercise'
            ? 'assignment'
            : r.mode === 'assessment' || r.mode === 'magic_link'
              ? 'assessment'
              : r.kind === 'drill'
                ? 'drill'
                : 'practice',
      title: r.title,
    });
    entry.latest = r.level;
    byName.set(r.criterion, entry);
  }
  // weakest first: where the learner stands lowest now is where to look first
  const criteria = [...byName.values()].sort(
    (a, b) => (a.latest ?? 3) - (b.latest ?? 3) || a.name.localeCompare(b.name),
  );
  const people = isManager(viewer) ? team : [me];
  return { user: me, people: people.some((p) => p.id === me.id) ? people : [me, ...people], criteria };
}

/**
 * The team skill map: a page of the viewer's team (by name, optionally searched) against the
 * criteria of one scorecard — the latest level of each rep on each criterion and its average in
 * each of the last four weeks. Built from criterion_levels by the (tenant, user, criterion, at)
 * index, a page of reps at a time.
 */
export async function skillMap(
  tx: Executor,
  viewer: Viewer,
  input: { scorecardId?: string; search?: string; page: number; pageSize: number; now?: Date },
): Promise<SkillMapView> {
  const now = input.now ?? new Date();
  const since = new Date(now.getTime() - 28 * DAY);
  const scorecards = await rawRows<{ id: string; name: string; lineage_id: string }>(
    tx,
    sql`select id, name, lineage_id from scorecards
        where tenant_id = ${viewer.tenantId} and is_current and deleted_at is null order by lower(name), id`,
  );
  let lineage: string | null = null;
  if (input.scorecardId) {
    const [chosen] = await rawRows<{ lineage_id: string }>(
      tx,
      sql`select lineage_id from scorecards where tenant_id = ${viewer.tenantId} and id = ${input.scorecardId}`,
    );
    if (!chosen)
      throw new AppError('NOT_FOUND', 'Scorecard not found', {
        messageKey: 'dashboard.progress.errors.scorecardNotFound',
      });
    lineage = chosen.lineage_id;
  } else {
    // the scorecard the tenant's calls used most in the last four weeks (calls_tenant_recent_scorecard_idx, index only)
    const [used] = await rawRows<{ lineage_id: string }>(
      tx,
      sql`select sc.lineage_id
          from (select c.scorecard_id, count(*) as n from calls c
                where c.tenant_id = ${viewer.tenantId} and c.created_at >= ${ts(since)} and c.mode not in ('test', 'dry_run')
                group by c.scorecard_id) x
          join scorecards sc on sc.id = x.scorecard_id
          group by sc.lineage_id order by sum(x.n) desc, sc.lineage_id limit 1`,
    );
    lineage = used?.lineage_id ?? null;
  }
  const current = scorecards.find((s) => s.lineage_id === lineage) ?? (lineage ? null : scorecards[0]) ?? null;
  const criteria = current
    ? (
        await rawRows<{ name: string }>(
          tx,
          sql`select name from scorecard_criteria where scorecard_id = ${current.id} order by position`,
        )
      ).map((c) => c.name)
    : [];

  const search = input.search?.trim() ? `%${input.search.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const filter = search ? sql`and ${userName} ilike ${search}` : sql``;
  const [{ total }] = await rawRows<{ total: number }>(
    tx,
    sql`select count(*)::int as total from users u where ${teamCondition(viewer)} ${filter}`,
  );
  const members = await rawRows<{ id: string; name: string }>(
    tx,
    sql`select u.id, ${userName} as name from users u where ${teamCondition(viewer)} ${filter}
        order by lower(${userName}), u.id limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
  );
  const ids = members.map((m) => m.id);
  const latest =
    ids.length && criteria.length
      ? await rawRows<{ user_id: string; criterion: string; level: number; at: string | Date; call_id: string }>(
          tx,
          sql`select u.id as user_id, k.criterion, l.level, l.at, l.call_id
              from unnest(${sql.param(ids)}::uuid[]) as u(id)
              cross join unnest(${sql.param(criteria)}::text[]) as k(criterion)
              cross join lateral (
                select cl.level, cl.at, cl.call_id from criterion_levels cl
                where cl.tenant_id = ${viewer.tenantId} and cl.user_id = u.id and cl.criterion = k.criterion and cl.level is not null
                order by cl.at desc limit 1) l`,
        )
      : [];
  const weeks =
    ids.length && criteria.length
      ? await rawRows<{ user_id: string; criterion: string; week: number; avg: string }>(
          tx,
          sql`select cl.user_id, cl.criterion, floor(extract(epoch from (${ts(now)} - cl.at)) / 604800)::int as week,
                     avg(cl.level) as avg
              from criterion_levels cl
              where cl.tenant_id = ${viewer.tenantId} and cl.user_id = any(${sql.param(ids)}::uuid[])
                and cl.criterion = any(${sql.param(criteria)}::text[]) and cl.at >= ${ts(since)} and cl.at <= ${ts(now)} and cl.level is not null
              group by 1, 2, 3`,
        )
      : [];
  const key = (u: string, c: string) => `${u}\n${c}`;
  const latestOf = new Map(latest.map((l) => [key(l.user_id, l.criterion), l]));
  const trendOf = new Map<string, (number | null)[]>();
  for (const w of weeks) {
    if (w.week < 0 || w.week > 3) continue;
    const t = trendOf.get(key(w.user_id, w.criterion)) ?? [null, null, null, null];
    // oldest first: three weeks ago … this week
    t[3 - w.week] = Math.round(Number(w.avg) * 100) / 100;
    trendOf.set(key(w.user_id, w.criterion), t);
  }
  return {
    scorecards: scorecards.map((s) => ({ id: s.id, name: s.name })),
    scorecardId: current?.id ?? null,
    criteria,
    rows: members.map((m) => ({
      userId: m.id,
      name: m.name,
      cells: criteria.map((c) => {
        const l = latestOf.get(key(m.id, c));
        return {
          criterion: c,
          latest: l ? { level: l.level, at: new Date(l.at).toISOString(), callId: l.call_id } : null,
          trend: trendOf.get(key(m.id, c)) ?? [null, null, null, null],
        };
      }),
    })),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}
