CREATE TABLE "lms_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"source" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lms_launches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"package_id" uuid,
	"platform_id" uuid,
	"resource_link_id" uuid,
	"target_kind" text,
	"simulation_id" uuid,
	"certification_id" uuid,
	"user_id" uuid,
	"learner_id" text,
	"learner_name" text,
	"call_id" uuid,
	"return_url" text,
	"score" numeric(5, 1),
	"grade_status" text DEFAULT 'none' NOT NULL,
	"grade_error" text,
	"graded_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lms_signing_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kid" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "lti_login_states" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"platform_id" uuid NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_nonces" (
	"platform_id" uuid NOT NULL,
	"nonce" text NOT NULL,
	"tenant_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lti_nonces_platform_id_nonce_pk" PRIMARY KEY("platform_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "lti_platforms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"deployment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auth_login_url" text NOT NULL,
	"access_token_url" text NOT NULL,
	"jwks_url" text NOT NULL,
	"user_type" text DEFAULT 'sales_rep' NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_resource_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"platform_id" uuid NOT NULL,
	"resource_link_id" text NOT NULL,
	"context_id" text,
	"title" text,
	"target_kind" text NOT NULL,
	"simulation_id" uuid,
	"certification_id" uuid,
	"line_item_url" text,
	"line_items_url" text,
	"ags_scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorm_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"title" text NOT NULL,
	"version" text NOT NULL,
	"target_kind" text NOT NULL,
	"simulation_id" uuid,
	"certification_id" uuid,
	"unknown_learners" text DEFAULT 'guest' NOT NULL,
	"passing_score" integer DEFAULT 70 NOT NULL,
	"key_hash" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lms_identities" ADD CONSTRAINT "lms_identities_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_identities" ADD CONSTRAINT "lms_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_launches" ADD CONSTRAINT "lms_launches_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_launches" ADD CONSTRAINT "lms_launches_package_id_scorm_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."scorm_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_launches" ADD CONSTRAINT "lms_launches_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_launches" ADD CONSTRAINT "lms_launches_resource_link_id_lti_resource_links_id_fk" FOREIGN KEY ("resource_link_id") REFERENCES "public"."lti_resource_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_launches" ADD CONSTRAINT "lms_launches_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_launches" ADD CONSTRAINT "lms_launches_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_launches" ADD CONSTRAINT "lms_launches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_launches" ADD CONSTRAINT "lms_launches_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_signing_keys" ADD CONSTRAINT "lms_signing_keys_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lms_signing_keys" ADD CONSTRAINT "lms_signing_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_login_states" ADD CONSTRAINT "lti_login_states_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_login_states" ADD CONSTRAINT "lti_login_states_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_nonces" ADD CONSTRAINT "lti_nonces_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_nonces" ADD CONSTRAINT "lti_nonces_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_platforms" ADD CONSTRAINT "lti_platforms_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_platforms" ADD CONSTRAINT "lti_platforms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_resource_links" ADD CONSTRAINT "lti_resource_links_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_resource_links" ADD CONSTRAINT "lti_resource_links_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_resource_links" ADD CONSTRAINT "lti_resource_links_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_resource_links" ADD CONSTRAINT "lti_resource_links_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lms_identities_subject_uq" ON "lms_identities" USING btree ("tenant_id","source","issuer","subject");--> statement-breakpoint
CREATE INDEX "lms_launches_tenant_created_idx" ON "lms_launches" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "lms_launches_call_idx" ON "lms_launches" USING btree ("call_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lms_signing_keys_kid_uq" ON "lms_signing_keys" USING btree ("kid");--> statement-breakpoint
CREATE INDEX "lms_signing_keys_tenant_idx" ON "lms_signing_keys" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "lti_login_states_expires_idx" ON "lti_login_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "lti_nonces_expires_idx" ON "lti_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_platforms_issuer_client_uq" ON "lti_platforms" USING btree ("tenant_id","issuer","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_resource_links_uq" ON "lti_resource_links" USING btree ("platform_id","resource_link_id");--> statement-breakpoint
CREATE INDEX "scorm_packages_tenant_idx" ON "scorm_packages" USING btree ("tenant_id","created_at");--> statement-breakpoint
-- Hand-written below (drizzle-kit generated the statements above): row-level security. Keys,
-- platforms, identities, resource links, packages and the launch log are the tenant's own rows;
-- a launch arrives without a tenant (the package or the platform's registration names it) and is
-- found on the system path. Login states and used nonces are reached through the system path only.
SELECT spar_enable_tenant_rls('lms_signing_keys');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('lti_platforms');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('lms_identities');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('lti_resource_links');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('scorm_packages');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('lms_launches');
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['lti_login_states','lti_nonces'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY system_path ON %I TO %I USING (spar_system_path()) WITH CHECK (spar_system_path())', t, current_user);
    EXECUTE format('REVOKE ALL ON %I FROM spar_app', t);
  END LOOP;
END $$;
