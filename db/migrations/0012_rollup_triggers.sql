-- Dashboard and assignment-list rollups (tables in 0011): tenant isolation, the triggers that keep them exact in the
-- writing transaction, and the backfill of existing data.
SELECT spar_enable_tenant_rls('user_exercise_stats');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('user_week_stats');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('user_week_criteria');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('assignment_members');
--> statement-breakpoint
-- ISO week (Monday) in UTC of a timestamp, as the dashboard buckets it.
CREATE OR REPLACE FUNCTION spar_week(ts timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_trunc('week', ts AT TIME ZONE 'UTC')::date
$$;
--> statement-breakpoint
-- exercises → user_exercise_stats, user_week_stats, assignment_members (a member's row goes with
-- their last exercise of the assignment). An OLD row's contribution is taken away, a NEW
-- row's added; removals only update (the user may be gone), additions upsert.
CREATE OR REPLACE FUNCTION spar_exercise_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.user_id, OLD.assignment_id, OLD.status, OLD.score, OLD.completed_at) IS NOT DISTINCT FROM (NEW.user_id, NEW.assignment_id, NEW.status, NEW.score, NEW.completed_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE user_exercise_stats SET
      pending = pending - (OLD.status <> 'completed')::int,
      completed = completed - (OLD.status = 'completed')::int,
      score_sum = score_sum - CASE WHEN OLD.status = 'completed' THEN coalesce(OLD.score, 0) ELSE 0 END,
      scored = scored - (OLD.status = 'completed' AND OLD.score IS NOT NULL)::int
    WHERE user_id = OLD.user_id;
    IF OLD.status = 'completed' AND OLD.completed_at IS NOT NULL THEN
      UPDATE user_week_stats SET completed = completed - 1, score_sum = score_sum - coalesce(OLD.score, 0), scored = scored - (OLD.score IS NOT NULL)::int
      WHERE user_id = OLD.user_id AND week = spar_week(OLD.completed_at);
    END IF;
    UPDATE assignment_members SET exercises = exercises - 1, completed = completed - (OLD.status = 'completed')::int,
      score_sum = score_sum - CASE WHEN OLD.status = 'completed' THEN coalesce(OLD.score, 0) ELSE 0 END,
      scored = scored - (OLD.status = 'completed' AND OLD.score IS NOT NULL)::int
    WHERE assignment_id = OLD.assignment_id AND user_id = OLD.user_id;
    DELETE FROM assignment_members WHERE assignment_id = OLD.assignment_id AND user_id = OLD.user_id AND exercises <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO user_exercise_stats AS s (user_id, tenant_id, pending, completed, score_sum, scored)
    VALUES (NEW.user_id, NEW.tenant_id, (NEW.status <> 'completed')::int, (NEW.status = 'completed')::int,
            CASE WHEN NEW.status = 'completed' THEN coalesce(NEW.score, 0) ELSE 0 END, (NEW.status = 'completed' AND NEW.score IS NOT NULL)::int)
    ON CONFLICT (user_id) DO UPDATE SET pending = s.pending + excluded.pending, completed = s.completed + excluded.completed,
      score_sum = s.score_sum + excluded.score_sum, scored = s.scored + excluded.scored;
    IF NEW.status = 'completed' AND NEW.completed_at IS NOT NULL THEN
      INSERT INTO user_week_stats AS w (user_id, week, tenant_id, completed, score_sum, scored)
      VALUES (NEW.user_id, spar_week(NEW.completed_at), NEW.tenant_id, 1, coalesce(NEW.score, 0), (NEW.score IS NOT NULL)::int)
      ON CONFLICT (user_id, week) DO UPDATE SET completed = w.completed + 1, score_sum = w.score_sum + excluded.score_sum, scored = w.scored + excluded.scored;
    END IF;
    INSERT INTO assignment_members AS m (assignment_id, user_id, tenant_id, exercises, completed, score_sum, scored)
    VALUES (NEW.assignment_id, NEW.user_id, NEW.tenant_id, 1, (NEW.status = 'completed')::int,
            CASE WHEN NEW.status = 'completed' THEN coalesce(NEW.score, 0) ELSE 0 END, (NEW.status = 'completed' AND NEW.score IS NOT NULL)::int)
    ON CONFLICT (assignment_id, user_id) DO UPDATE SET exercises = m.exercises + 1, completed = m.completed + excluded.completed,
      score_sum = m.score_sum + excluded.score_sum, scored = m.scored + excluded.scored;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER exercises_rollup AFTER INSERT OR UPDATE OR DELETE ON exercises FOR EACH ROW EXECUTE FUNCTION spar_exercise_rollup();
--> statement-breakpoint
-- reports (ready, with criteria levels) → user_week_criteria, by the call's learner.
CREATE OR REPLACE FUNCTION spar_report_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid uuid;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.criteria, OLD.completed_at) IS NOT DISTINCT FROM (NEW.status, NEW.criteria, NEW.completed_at) THEN
    RETURN NULL;
  END IF;
  -- the learner's criterion rows of the weeks involved are locked first, in key order, so two
  -- report writes for the same learner cannot lock them in opposite orders (deadlock)
  SELECT user_id INTO uid FROM calls WHERE id = coalesce(NEW.call_id, OLD.call_id);
  IF uid IS NOT NULL THEN
    PERFORM 1 FROM user_week_criteria
    WHERE user_id = uid AND week IN (spar_week(OLD.completed_at), spar_week(NEW.completed_at))
    ORDER BY week, criterion FOR UPDATE;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'ready' AND OLD.completed_at IS NOT NULL AND jsonb_typeof(OLD.criteria) = 'array' THEN
    SELECT user_id INTO uid FROM calls WHERE id = OLD.call_id;
    IF uid IS NOT NULL THEN
      UPDATE user_week_criteria u SET level_sum = u.level_sum - x.level_sum, n = u.n - x.n
      FROM (SELECT cr->>'name' AS criterion, sum((cr->>'level')::int)::int AS level_sum, count(*)::int AS n
            FROM jsonb_array_elements(OLD.criteria) cr WHERE cr->>'name' IS NOT NULL AND jsonb_typeof(cr->'level') = 'number' GROUP BY 1) x
      WHERE u.user_id = uid AND u.week = spar_week(OLD.completed_at) AND u.criterion = x.criterion;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'ready' AND NEW.completed_at IS NOT NULL AND jsonb_typeof(NEW.criteria) = 'array' THEN
    SELECT user_id INTO uid FROM calls WHERE id = NEW.call_id;
    IF uid IS NOT NULL THEN
      INSERT INTO user_week_criteria AS u (user_id, week, criterion, tenant_id, level_sum, n)
      SELECT uid, spar_week(NEW.completed_at), cr->>'name', NEW.tenant_id, sum((cr->>'level')::int)::int, count(*)::int
      FROM jsonb_array_elements(NEW.criteria) cr WHERE cr->>'name' IS NOT NULL AND jsonb_typeof(cr->'level') = 'number' GROUP BY 3 ORDER BY 3
      ON CONFLICT (user_id, week, criterion) DO UPDATE SET level_sum = u.level_sum + excluded.level_sum, n = u.n + excluded.n;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reports_rollup AFTER INSERT OR UPDATE OR DELETE ON reports FOR EACH ROW EXECUTE FUNCTION spar_report_rollup();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION spar_user_rollup_cleanup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_exercise_stats WHERE user_id = OLD.id;
  DELETE FROM user_week_stats WHERE user_id = OLD.id;
  DELETE FROM user_week_criteria WHERE user_id = OLD.id;
  DELETE FROM assignment_members WHERE user_id = OLD.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_rollup_cleanup AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION spar_user_rollup_cleanup();
--> statement-breakpoint
-- backfill from what exists, on the system path: with forced RLS a non-superuser table owner sees
-- no rows otherwise (transaction-local, like everything a migration sets)
SELECT set_config('app.system', 'on', true);
--> statement-breakpoint
INSERT INTO user_exercise_stats (user_id, tenant_id, pending, completed, score_sum, scored)
SELECT user_id, min(tenant_id::text)::uuid, count(*) FILTER (WHERE status <> 'completed'), count(*) FILTER (WHERE status = 'completed'),
       coalesce(sum(score) FILTER (WHERE status = 'completed'), 0), count(score) FILTER (WHERE status = 'completed')
FROM exercises GROUP BY user_id;
--> statement-breakpoint
INSERT INTO user_week_stats (user_id, week, tenant_id, completed, score_sum, scored)
SELECT user_id, spar_week(completed_at), min(tenant_id::text)::uuid, count(*), coalesce(sum(score), 0), count(score)
FROM exercises WHERE status = 'completed' AND completed_at IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO user_week_criteria (user_id, week, criterion, tenant_id, level_sum, n)
SELECT c.user_id, spar_week(r.completed_at), cr->>'name', min(r.tenant_id::text)::uuid, sum((cr->>'level')::int), count(*)
FROM reports r JOIN calls c ON c.id = r.call_id CROSS JOIN LATERAL jsonb_array_elements(r.criteria) cr
WHERE r.status = 'ready' AND r.completed_at IS NOT NULL AND jsonb_typeof(r.criteria) = 'array' AND cr->>'name' IS NOT NULL AND jsonb_typeof(cr->'level') = 'number'
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO assignment_members (assignment_id, user_id, tenant_id, exercises, completed, score_sum, scored)
SELECT assignment_id, user_id, min(tenant_id::text)::uuid, count(*), count(*) FILTER (WHERE status = 'completed'),
       coalesce(sum(score) FILTER (WHERE status = 'completed'), 0), count(score) FILTER (WHERE status = 'completed')
FROM exercises GROUP BY assignment_id, user_id;
