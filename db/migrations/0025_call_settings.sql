CREATE TABLE "call_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"transport" text DEFAULT 'auto' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_settings" ADD CONSTRAINT "call_settings_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT spar_enable_tenant_rls('call_settings');
