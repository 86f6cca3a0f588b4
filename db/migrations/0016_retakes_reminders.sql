CREATE TABLE "reminder_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"assignment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "score_policy" text DEFAULT 'best' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_exercise_stats" ADD COLUMN "practice_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_notices" ADD CONSTRAINT "reminder_notices_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_notices" ADD CONSTRAINT "reminder_notices_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_notices" ADD CONSTRAINT "reminder_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_notices" ADD CONSTRAINT "reminder_notices_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_notices_user_idx" ON "reminder_notices" USING btree ("tenant_id","user_id","created_at" DESC NULLS LAST) WHERE dismissed_at is null;--> statement-breakpoint
CREATE INDEX "reminder_notices_assignment_idx" ON "reminder_notices" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "exercises_report_idx" ON "exercises" USING btree ("report_id");--> statement-breakpoint
-- Hand-written below (drizzle-kit generated the statements above): reminder notices are tenant
-- rows; the rollups of 0012 learn retakes, the practice-call count and which reports count.
SELECT spar_enable_tenant_rls('reminder_notices');
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) one ready report's criterion levels in user_week_criteria,
-- under its call's learner and its week. Removals only update (the user may be gone).
CREATE OR REPLACE FUNCTION spar_criteria_rollup(uid uuid, tenant uuid, st text, at timestamptz, criteria jsonb, sign int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF uid IS NULL OR st IS DISTINCT FROM 'ready' OR at IS NULL OR jsonb_typeof(criteria) IS DISTINCT FROM 'array' THEN
    RETURN;
  END IF;
  IF sign > 0 THEN
    INSERT INTO user_week_criteria AS u (user_id, week, criterion, tenant_id, level_sum, n)
    SELECT uid, spar_week(at), cr->>'name', tenant, sum((cr->>'level')::int)::int, count(*)::int
    FROM jsonb_array_elements(criteria) cr WHERE cr->>'name' IS NOT NULL AND jsonb_typeof(cr->'level') = 'number' GROUP BY 3 ORDER BY 3
    ON CONFLICT (user_id, week, criterion) DO UPDATE SET level_sum = u.level_sum + excluded.level_sum, n = u.n + excluded.n;
  ELSE
    UPDATE user_week_criteria u SET level_sum = u.level_sum - x.level_sum, n = u.n - x.n
    FROM (SELECT cr->>'name' AS criterion, sum((cr->>'level')::int)::int AS level_sum, count(*)::int AS n
          FROM jsonb_array_elements(criteria) cr WHERE cr->>'name' IS NOT NULL AND jsonb_typeof(cr->'level') = 'number' GROUP BY 1) x
    WHERE u.user_id = uid AND u.week = spar_week(at) AND u.criterion = x.criterion;
  END IF;
END
$$;
--> statement-breakpoint
-- The criteria of the report an exercise counts (exercises.report_id), when it is an exercise's
-- attempt (a practice call's report is counted by the reports trigger already).
CREATE OR REPLACE FUNCTION spar_counted_report_rollup(rid uuid, sign int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  SELECT c.user_id, c.mode, rp.tenant_id, rp.status, rp.completed_at, rp.criteria INTO r FROM reports rp JOIN calls c ON c.id = rp.call_id WHERE rp.id = rid;
  IF FOUND AND r.mode <> 'practice' THEN
    PERFORM spar_criteria_rollup(r.user_id, r.tenant_id, r.status, r.completed_at, r.criteria, sign);
  END IF;
END
$$;
--> statement-breakpoint
-- exercises → user_exercise_stats, user_week_stats, assignment_members (as in 0012), and the
-- criteria of the attempt the exercise counts → user_week_criteria.
CREATE OR REPLACE FUNCTION spar_exercise_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.user_id, OLD.assignment_id, OLD.status, OLD.score, OLD.completed_at, OLD.report_id) IS NOT DISTINCT FROM (NEW.user_id, NEW.assignment_id, NEW.status, NEW.score, NEW.completed_at, NEW.report_id) THEN
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
    IF OLD.status = 'completed' AND OLD.report_id IS NOT NULL
       AND (TG_OP = 'DELETE' OR (OLD.status, OLD.report_id) IS DISTINCT FROM (NEW.status, NEW.report_id)) THEN
      PERFORM spar_counted_report_rollup(OLD.report_id, -1);
    END IF;
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
    IF NEW.status = 'completed' AND NEW.report_id IS NOT NULL
       AND (TG_OP = 'INSERT' OR (OLD.status, OLD.report_id) IS DISTINCT FROM (NEW.status, NEW.report_id)) THEN
      PERFORM spar_counted_report_rollup(NEW.report_id, 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- reports → user_week_criteria (the reports that count: a practice call's, or the attempt its
-- exercise counts) and user_exercise_stats.practice_calls (practice calls with a ready report).
CREATE OR REPLACE FUNCTION spar_report_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid uuid;
  call_mode text;
  ex uuid;
  aid uuid;
  counted boolean;
  practice int;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.criteria, OLD.completed_at) IS NOT DISTINCT FROM (NEW.status, NEW.criteria, NEW.completed_at) THEN
    RETURN NULL;
  END IF;
  SELECT c.user_id, c.mode, c.exercise_id INTO uid, call_mode, ex FROM calls c WHERE c.id = coalesce(NEW.call_id, OLD.call_id);
  IF uid IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT e.assignment_id INTO aid FROM exercises e WHERE e.id = ex;
  counted := call_mode = 'practice' OR EXISTS (SELECT 1 FROM exercises e WHERE e.report_id = coalesce(NEW.id, OLD.id) AND e.status = 'completed');
  -- one lock order for every exercise and report write (server/services/assignments/locks.ts): the
  -- assignment row, the learner's stats row, then their criterion rows in key order
  IF aid IS NOT NULL THEN
    PERFORM 1 FROM assignments WHERE id = aid FOR NO KEY UPDATE;
  END IF;
  PERFORM 1 FROM user_exercise_stats WHERE user_id = uid FOR UPDATE;
  PERFORM 1 FROM user_week_criteria
  WHERE user_id = uid AND week IN (spar_week(OLD.completed_at), spar_week(NEW.completed_at))
  ORDER BY week, criterion FOR UPDATE;
  IF call_mode = 'practice' THEN
    practice := (CASE WHEN TG_OP <> 'DELETE' AND NEW.status = 'ready' THEN 1 ELSE 0 END) - (CASE WHEN TG_OP <> 'INSERT' AND OLD.status = 'ready' THEN 1 ELSE 0 END);
    IF practice > 0 THEN
      INSERT INTO user_exercise_stats AS s (user_id, tenant_id, practice_calls) VALUES (uid, NEW.tenant_id, practice)
      ON CONFLICT (user_id) DO UPDATE SET practice_calls = s.practice_calls + excluded.practice_calls;
    ELSIF practice < 0 THEN
      UPDATE user_exercise_stats SET practice_calls = practice_calls + practice WHERE user_id = uid;
    END IF;
  END IF;
  IF counted THEN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      PERFORM spar_criteria_rollup(uid, OLD.tenant_id, OLD.status, OLD.completed_at, OLD.criteria, -1);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      PERFORM spar_criteria_rollup(uid, NEW.tenant_id, NEW.status, NEW.completed_at, NEW.criteria, 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- backfill on the system path (see 0012): practice calls, and the criteria of the counted reports only
SELECT set_config('app.system', 'on', true);
--> statement-breakpoint
INSERT INTO user_exercise_stats AS s (user_id, tenant_id, practice_calls)
SELECT c.user_id, min(r.tenant_id::text)::uuid, count(*)::int
FROM reports r JOIN calls c ON c.id = r.call_id JOIN users u ON u.id = c.user_id
WHERE c.mode = 'practice' AND r.status = 'ready'
GROUP BY c.user_id
ON CONFLICT (user_id) DO UPDATE SET practice_calls = excluded.practice_calls;
--> statement-breakpoint
DELETE FROM user_week_criteria;
--> statement-breakpoint
INSERT INTO user_week_criteria (user_id, week, criterion, tenant_id, level_sum, n)
SELECT c.user_id, spar_week(r.completed_at), cr->>'name', min(r.tenant_id::text)::uuid, sum((cr->>'level')::int), count(*)
FROM reports r JOIN calls c ON c.id = r.call_id CROSS JOIN LATERAL jsonb_array_elements(r.criteria) cr
WHERE r.status = 'ready' AND r.completed_at IS NOT NULL AND c.user_id IS NOT NULL AND jsonb_typeof(r.criteria) = 'array'
  AND cr->>'name' IS NOT NULL AND jsonb_typeof(cr->'level') = 'number'
  AND (c.mode = 'practice' OR EXISTS (SELECT 1 FROM exercises e WHERE e.report_id = r.id AND e.status = 'completed'))
GROUP BY 1, 2, 3;
