SELECT spar_enable_tenant_rls('jobs');
--> statement-breakpoint
-- Tenants may read their jobs' status; only the system path (workers) writes jobs.
REVOKE INSERT, UPDATE, DELETE ON jobs FROM spar_app;
--> statement-breakpoint
SELECT spar_enable_tenant_rls('reports');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('report_overrides');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('assignments');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('assignment_simulations');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('exercises');
