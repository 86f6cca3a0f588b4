CREATE TABLE "assignment_members" (
	"assignment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"exercises" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"score_sum" numeric DEFAULT 0 NOT NULL,
	"scored" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "assignment_members_assignment_id_user_id_pk" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_exercise_stats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"score_sum" numeric DEFAULT 0 NOT NULL,
	"scored" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_week_criteria" (
	"user_id" uuid NOT NULL,
	"week" date NOT NULL,
	"criterion" text NOT NULL,
	"tenant_id" uuid NOT NULL,
	"level_sum" integer DEFAULT 0 NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_week_criteria_user_id_week_criterion_pk" PRIMARY KEY("user_id","week","criterion")
);
--> statement-breakpoint
CREATE TABLE "user_week_stats" (
	"user_id" uuid NOT NULL,
	"week" date NOT NULL,
	"tenant_id" uuid NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"score_sum" numeric DEFAULT 0 NOT NULL,
	"scored" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_week_stats_user_id_week_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
ALTER TABLE "assignment_members" ADD CONSTRAINT "assignment_members_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_exercise_stats" ADD CONSTRAINT "user_exercise_stats_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_week_criteria" ADD CONSTRAINT "user_week_criteria_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_week_stats" ADD CONSTRAINT "user_week_stats_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_members_user_idx" ON "assignment_members" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "user_week_criteria_tenant_week_idx" ON "user_week_criteria" USING btree ("tenant_id","week");--> statement-breakpoint
CREATE INDEX "user_week_stats_tenant_week_idx" ON "user_week_stats" USING btree ("tenant_id","week");--> statement-breakpoint
CREATE INDEX "exercises_user_completed_idx" ON "exercises" USING btree ("tenant_id","user_id","completed_at" DESC NULLS LAST) WHERE status = 'completed';