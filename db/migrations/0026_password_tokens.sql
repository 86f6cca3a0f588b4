CREATE TABLE "password_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lost_leases" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_tokens_user_idx" ON "password_tokens" USING btree ("user_id");--> statement-breakpoint
-- A system table like sessions: reached only through the audited system path.
REVOKE ALL ON password_tokens FROM spar_app;
--> statement-breakpoint
DO $$
BEGIN
  ALTER TABLE password_tokens ENABLE ROW LEVEL SECURITY;
  ALTER TABLE password_tokens FORCE ROW LEVEL SECURITY;
  EXECUTE format('CREATE POLICY system_path ON password_tokens TO %I USING (spar_system_path()) WITH CHECK (spar_system_path())', current_user);
END $$;
