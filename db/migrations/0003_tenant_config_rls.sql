SELECT spar_enable_tenant_rls('client_overviews');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('icps');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('product_groupings');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('call_instructions');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('personas');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('scorecards');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('scorecard_criteria');
--> statement-breakpoint
-- Prompts: a tenant reads its own and the system prompts (tenant_id NULL), and writes only its own.
ALTER TABLE prompts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE prompts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_read ON prompts FOR SELECT USING (tenant_id = spar_current_tenant() OR tenant_id IS NULL);
--> statement-breakpoint
CREATE POLICY tenant_insert ON prompts FOR INSERT WITH CHECK (tenant_id = spar_current_tenant());
--> statement-breakpoint
CREATE POLICY tenant_update ON prompts FOR UPDATE USING (tenant_id = spar_current_tenant()) WITH CHECK (tenant_id = spar_current_tenant());
--> statement-breakpoint
CREATE POLICY tenant_delete ON prompts FOR DELETE USING (tenant_id = spar_current_tenant());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON prompts TO spar_app;
