SELECT spar_enable_tenant_rls('calls');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('call_turns');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('call_metrics');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('call_recordings');
--> statement-breakpoint
--> statement-breakpoint
SELECT spar_enable_tenant_rls('call_tickets');
--> statement-breakpoint
REVOKE ALL ON call_tickets FROM spar_app;
