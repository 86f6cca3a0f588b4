CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"certification_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"verify_token_hash" text NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"lapsed_at" timestamp with time zone,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certification_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"certification_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"simulation_id" uuid,
	"min_score" numeric(5, 1),
	"min_levels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"evidence_required" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"expiry_months" integer,
	"max_attempts" integer,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "certification_step_id" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_steps" ADD CONSTRAINT "certification_steps_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_steps" ADD CONSTRAINT "certification_steps_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_steps" ADD CONSTRAINT "certification_steps_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_token_uq" ON "certificates" USING btree ("verify_token_hash");--> statement-breakpoint
CREATE INDEX "certificates_user_idx" ON "certificates" USING btree ("tenant_id","user_id","earned_at");--> statement-breakpoint
CREATE INDEX "certificates_certification_idx" ON "certificates" USING btree ("certification_id","earned_at");--> statement-breakpoint
CREATE INDEX "certificates_expiry_idx" ON "certificates" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "certification_steps_position_uq" ON "certification_steps" USING btree ("certification_id","position");--> statement-breakpoint
CREATE INDEX "certifications_tenant_idx" ON "certifications" USING btree ("tenant_id","created_at");--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_certification_step_id_certification_steps_id_fk" FOREIGN KEY ("certification_step_id") REFERENCES "public"."certification_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_certification_step_idx" ON "calls" USING btree ("certification_step_id","user_id");--> statement-breakpoint
-- Hand-written below (drizzle-kit generated the statements above): row-level security, and the
-- checks the schema file cannot say.
SELECT spar_enable_tenant_rls('certifications');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('certification_steps');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('certificates');
--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_expiry_check" CHECK ("expiry_months" IS NULL OR "expiry_months" BETWEEN 1 AND 120);
--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_attempts_check" CHECK ("max_attempts" IS NULL OR "max_attempts" BETWEEN 1 AND 100);
--> statement-breakpoint
ALTER TABLE "certification_steps" ADD CONSTRAINT "certification_steps_score_check" CHECK ("min_score" IS NULL OR "min_score" BETWEEN 0 AND 100);
