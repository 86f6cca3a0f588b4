CREATE TABLE "attempt_scores" (
	"call_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"simulation_id" uuid,
	"kind" text NOT NULL,
	"score" numeric(5, 1) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coaching_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"leaderboard_names" text DEFAULT 'shown' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attempt_scores" ADD CONSTRAINT "attempt_scores_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_scores" ADD CONSTRAINT "attempt_scores_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_scores" ADD CONSTRAINT "attempt_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_settings" ADD CONSTRAINT "coaching_settings_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempt_scores_tenant_at_idx" ON "attempt_scores" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "attempt_scores_simulation_idx" ON "attempt_scores" USING btree ("tenant_id","simulation_id","at");--> statement-breakpoint
CREATE INDEX "attempt_scores_user_idx" ON "attempt_scores" USING btree ("tenant_id","user_id","at");--> statement-breakpoint
-- Hand-written below (drizzle-kit generated the statements above): row-level security, and
-- attempt_scores kept by a trigger on reports.
SELECT spar_enable_tenant_rls('attempt_scores');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('coaching_settings');
--> statement-breakpoint
-- The counted attempt of one report, if it is one: a ready, scored report of a learner's assigned
-- exercise, certification step, or practice call on a drill.
CREATE OR REPLACE FUNCTION spar_attempt_score_of(rid uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
  k text;
BEGIN
  SELECT rp.call_id, rp.tenant_id, rp.status, rp.score, rp.completed_at, c.user_id, c.mode, c.simulation_id, s.kind AS sim_kind
    INTO r FROM reports rp JOIN calls c ON c.id = rp.call_id LEFT JOIN simulations s ON s.id = c.simulation_id WHERE rp.id = rid;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  DELETE FROM attempt_scores WHERE call_id = r.call_id;
  k := CASE WHEN r.mode = 'exercise' THEN 'assignment' WHEN r.mode = 'certification' THEN 'certification'
            WHEN r.mode = 'practice' AND r.sim_kind = 'drill' THEN 'drill' END;
  IF k IS NULL OR r.status IS DISTINCT FROM 'ready' OR r.score IS NULL OR r.completed_at IS NULL OR r.user_id IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO attempt_scores (call_id, tenant_id, user_id, simulation_id, kind, score, at)
  VALUES (r.call_id, r.tenant_id, r.user_id, r.simulation_id, k, r.score, r.completed_at);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION spar_report_attempt_score() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.score, OLD.completed_at) IS NOT DISTINCT FROM (NEW.status, NEW.score, NEW.completed_at) THEN
    RETURN NULL;
  END IF;
  PERFORM spar_attempt_score_of(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reports_attempt_score AFTER INSERT OR UPDATE ON reports FOR EACH ROW EXECUTE FUNCTION spar_report_attempt_score();
--> statement-breakpoint
-- the reports written before this migration, on the system path (see 0012)
SELECT set_config('app.system', 'on', true);
--> statement-breakpoint
SELECT spar_attempt_score_of(id) FROM reports WHERE status = 'ready';
