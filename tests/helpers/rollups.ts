import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client';
import { asSystem, rawRows } from '../../db/tenant';

/* The dashboard rollups (migrations 0011, 0012, 0015) against a recomputation from the source rows. */
const recomputed = {
  // exercises per learner, and their practice calls with a ready report
  stats: sql`select coalesce(x.user_id, p.user_id)::text as user_id, coalesce(x.pending, 0)::int as pending, coalesce(x.completed, 0)::int as completed,
                    coalesce(x.score_sum, 0)::numeric(12,1)::text as score_sum, coalesce(x.scored, 0)::int as scored, coalesce(p.n, 0)::int as practice_calls
             from (select user_id, count(*) filter (where status <> 'completed') as pending, count(*) filter (where status = 'completed') as completed,
                          sum(score) filter (where status = 'completed') as score_sum, count(score) filter (where status = 'completed') as scored
                   from exercises group by 1) x
             full join (select c.user_id, count(*) as n from reports r join calls c on c.id = r.call_id
                        where c.mode = 'practice' and r.status = 'ready' and c.user_id is not null group by 1) p on p.user_id = x.user_id
             order by 1`,
  weeks: sql`select user_id::text, spar_week(completed_at)::text as week, count(*)::int as completed, coalesce(sum(score), 0)::numeric(12,1)::text as score_sum, count(score)::int as scored
             from exercises where status = 'completed' and completed_at is not null group by 1, 2 order by 1, 2`,
  members: sql`select assignment_id::text, user_id::text, count(*)::int as exercises, count(*) filter (where status = 'completed')::int as completed,
                      coalesce(sum(score) filter (where status = 'completed'), 0)::numeric(12,1)::text as score_sum, count(score) filter (where status = 'completed')::int as scored
               from exercises group by 1, 2 order by 1, 2`,
  // the reports that count: practice calls', and the attempt each completed exercise counts
  criteria: sql`select c.user_id::text, spar_week(r.completed_at)::text as week, cr->>'name' as criterion, sum((cr->>'level')::int)::int as level_sum, count(*)::int as n
                from reports r join calls c on c.id = r.call_id cross join lateral jsonb_array_elements(r.criteria) cr
                where r.status = 'ready' and r.completed_at is not null and c.user_id is not null
                  and (c.mode = 'practice' or exists (select 1 from exercises e where e.report_id = r.id and e.status = 'completed'))
                group by 1, 2, 3 order by 1, 2, 3`,
};
const rolled = {
  // rows whose counts fell to zero carry no information: compare the non-empty ones
  stats: sql`select user_id::text, pending, completed, score_sum::numeric(12,1)::text as score_sum, scored, practice_calls from user_exercise_stats
             where pending <> 0 or completed <> 0 or scored <> 0 or practice_calls <> 0 order by 1`,
  weeks: sql`select user_id::text, week::text, completed, score_sum::numeric(12,1)::text as score_sum, scored from user_week_stats where completed <> 0 order by 1, 2`,
  criteria: sql`select user_id::text, week::text, criterion, level_sum, n from user_week_criteria where n <> 0 order by 1, 2, 3`,
  // a member's row goes when their last exercise of the assignment goes: compared whole
  members: sql`select assignment_id::text, user_id::text, exercises, completed, score_sum::numeric(12,1)::text as score_sum, scored from assignment_members order by 1, 2`,
};

export async function expectRollupsConsistent(db: Db) {
  await asSystem(db, { action: 'test' }, async (tx) => {
    for (const k of ['stats', 'weeks', 'criteria', 'members'] as const) {
      expect({ [k]: await rawRows(tx, rolled[k]) }).toEqual({ [k]: await rawRows(tx, recomputed[k]) });
    }
  });
}
