-- Per assignment and member rollup (table in 0013), kept by the exercises trigger of 0012, which
-- this migration extends; the assignment lists read it instead of every exercise.
SELECT spar_enable_tenant_rls('assignment_members');
--> statement-breakpoint
-- no exercise is written between the new trigger function and the backfill (rolling deploys)
LOCK TABLE exercises IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
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
-- on the system path (see 0012)
SELECT set_config('app.system', 'on', true);
--> statement-breakpoint
INSERT INTO assignment_members (assignment_id, user_id, tenant_id, exercises, completed, score_sum, scored)
SELECT assignment_id, user_id, min(tenant_id::text)::uuid, count(*), count(*) FILTER (WHERE status = 'completed'),
       coalesce(sum(score) FILTER (WHERE status = 'completed'), 0), count(score) FILTER (WHERE status = 'completed')
FROM exercises GROUP BY assignment_id, user_id;
