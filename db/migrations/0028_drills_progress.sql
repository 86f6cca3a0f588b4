CREATE TABLE "criterion_levels" (
	"report_id" uuid NOT NULL,
	"criterion_id" text NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"call_id" uuid NOT NULL,
	"criterion" text NOT NULL,
	"level" integer,
	"quote" text,
	"turn_seq" integer,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "criterion_levels_report_id_criterion_id_pk" PRIMARY KEY("report_id","criterion_id")
);
--> statement-breakpoint
ALTER TABLE "simulations" ADD COLUMN "kind" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "simulations" ADD COLUMN "source_call_id" uuid;--> statement-breakpoint
ALTER TABLE "simulations" ADD COLUMN "source_moment" jsonb;--> statement-breakpoint
ALTER TABLE "simulations" ADD COLUMN "drill_criteria" jsonb;--> statement-breakpoint
ALTER TABLE "criterion_levels" ADD CONSTRAINT "criterion_levels_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criterion_levels" ADD CONSTRAINT "criterion_levels_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criterion_levels" ADD CONSTRAINT "criterion_levels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "criterion_levels_user_idx" ON "criterion_levels" USING btree ("tenant_id","user_id","criterion","at");--> statement-breakpoint
CREATE INDEX "criterion_levels_tenant_at_idx" ON "criterion_levels" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "simulations_source_call_idx" ON "simulations" USING btree ("source_call_id");--> statement-breakpoint
-- Hand-written below (drizzle-kit generated the statements above): a drill's source call (the calls
-- table refers to simulations, so the schema file leaves this key out), the kinds of simulation,
-- and criterion_levels kept by a trigger on reports.
ALTER TABLE "simulations" ADD CONSTRAINT "simulations_source_call_id_calls_id_fk" FOREIGN KEY ("source_call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "simulations" ADD CONSTRAINT "simulations_kind_check" CHECK ("kind" IN ('standard', 'drill'));
--> statement-breakpoint
SELECT spar_enable_tenant_rls('criterion_levels');
--> statement-breakpoint
-- The rows of one report: each criterion of a ready report of a learner's call (not a test or a
-- dry run), with its current level and the first verified quote behind it, dated by the report.
CREATE OR REPLACE FUNCTION spar_criterion_levels_of(rid uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM criterion_levels WHERE report_id = rid;
  INSERT INTO criterion_levels (report_id, criterion_id, tenant_id, user_id, call_id, criterion, level, quote, turn_seq, at)
  SELECT DISTINCT ON (cr->>'criterionId') rp.id, cr->>'criterionId', rp.tenant_id, c.user_id, c.id, cr->>'name',
    CASE WHEN jsonb_typeof(cr->'level') = 'number' THEN (cr->>'level')::int END,
    CASE WHEN jsonb_typeof(cr->'level') = 'number' AND (cr->>'level')::int > 0 THEN cr->'evidence'->0->>'quote' END,
    CASE WHEN jsonb_typeof(cr->'level') = 'number' AND (cr->>'level')::int > 0 AND jsonb_typeof(cr->'evidence'->0->'turnSeq') = 'number' THEN (cr->'evidence'->0->>'turnSeq')::int END,
    rp.completed_at
  FROM reports rp
  JOIN calls c ON c.id = rp.call_id
  CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(rp.criteria) = 'array' THEN rp.criteria ELSE '[]'::jsonb END) cr
  WHERE rp.id = rid AND rp.status = 'ready' AND rp.completed_at IS NOT NULL AND c.user_id IS NOT NULL
    AND c.mode NOT IN ('test', 'dry_run') AND cr->>'criterionId' IS NOT NULL AND cr->>'name' IS NOT NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION spar_report_criterion_levels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.criteria, OLD.completed_at) IS NOT DISTINCT FROM (NEW.status, NEW.criteria, NEW.completed_at) THEN
    RETURN NULL;
  END IF;
  PERFORM spar_criterion_levels_of(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reports_criterion_levels AFTER INSERT OR UPDATE ON reports FOR EACH ROW EXECUTE FUNCTION spar_report_criterion_levels();
--> statement-breakpoint
-- the reports written before this migration, on the system path (see 0012)
SELECT set_config('app.system', 'on', true);
--> statement-breakpoint
SELECT spar_criterion_levels_of(id) FROM reports WHERE status = 'ready';
