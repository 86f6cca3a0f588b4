CREATE TABLE "saml_assertion_ids" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"require_sso" boolean DEFAULT false NOT NULL,
	"require_admin_two_factor" boolean DEFAULT false NOT NULL,
	"audit_retention_days" integer DEFAULT 365 NOT NULL,
	"sso_user_type" text DEFAULT 'user' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"protocol" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"oidc_issuer" text,
	"oidc_client_id" text,
	"oidc_client_secret_sealed" text,
	"saml_metadata_xml" text,
	"saml_metadata_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"verification_token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_login_states" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"protocol" text NOT NULL,
	"code_verifier" text,
	"nonce" text,
	"return_to" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_label" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "outcome" text DEFAULT 'success' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "saml_assertion_ids" ADD CONSTRAINT "saml_assertion_ids_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_settings" ADD CONSTRAINT "security_settings_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_login_states" ADD CONSTRAINT "sso_login_states_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saml_assertion_ids_expires_idx" ON "saml_assertion_ids" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_connections_tenant_protocol_uq" ON "sso_connections" USING btree ("tenant_id","protocol");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_tenant_domain_uq" ON "sso_domains" USING btree ("tenant_id",lower("domain"));--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_verified_uq" ON "sso_domains" USING btree (lower("domain")) WHERE "sso_domains"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "sso_login_states_expires_idx" ON "sso_login_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_external_id_uq" ON "users" USING btree ("tenant_id","external_id");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_created_idx" ON "audit_log" USING btree ("tenant_id","created_at");--> statement-breakpoint
-- Hand-written below (drizzle-kit generated the statements above): row-level security. The
-- tenant's settings, identity providers and domains are its own rows; sign-in states and the SAML
-- replay cache are reached through the system path only.
SELECT spar_enable_tenant_rls('security_settings');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('sso_connections');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('sso_domains');
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['sso_login_states','saml_assertion_ids'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY system_path ON %I TO %I USING (spar_system_path()) WITH CHECK (spar_system_path())', t, current_user);
    EXECUTE format('REVOKE ALL ON %I FROM spar_app', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- The audit log is append-only for the app role: it reads and adds its own tenant's rows and has
-- no UPDATE or DELETE grant, so not even a bug in a tenant transaction can rewrite history. The
-- system path (owner role) keeps its policy: superuser actions, and the retention sweep.
GRANT SELECT, INSERT ON audit_log TO spar_app;
--> statement-breakpoint
CREATE POLICY audit_tenant_read ON audit_log FOR SELECT TO spar_app USING (tenant_id = spar_current_tenant());
--> statement-breakpoint
CREATE POLICY audit_tenant_append ON audit_log FOR INSERT TO spar_app WITH CHECK (tenant_id = spar_current_tenant());
