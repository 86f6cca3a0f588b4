-- The system path (db/tenant.ts asSystem) runs as the connecting role, which owns the tables.
-- FORCE ROW LEVEL SECURITY applies to the owner too, so a query that took neither path sees
-- nothing (fail closed). asSystem sets app.system = 'on' for its transaction; this policy,
-- granted to the owning role only (never to spar_app), lets exactly that path through.
-- (A superuser connection bypasses RLS anyway; a non-superuser owner needs this policy.)
CREATE OR REPLACE FUNCTION spar_system_path() RETURNS boolean
  LANGUAGE sql STABLE
  AS $$ SELECT coalesce(current_setting('app.system', true), '') = 'on' $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION spar_enable_tenant_rls(tbl regclass, col text DEFAULT 'tenant_id') RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', tbl);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s TO spar_app USING (%I = spar_current_tenant()) WITH CHECK (%I = spar_current_tenant())',
    tbl, col, col);
  EXECUTE format('DROP POLICY IF EXISTS system_path ON %s', tbl);
  EXECUTE format('CREATE POLICY system_path ON %s TO %I USING (spar_system_path()) WITH CHECK (spar_system_path())', tbl, current_user);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO spar_app', tbl);
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users','support_requests','mail_outbox','client_overviews','icps','product_groupings',
    'call_instructions','personas','scorecards','scorecard_criteria','ai_generations','simulations','knowledge_files',
    'knowledge_chunks','calls','call_turns','call_metrics','call_recordings','call_tickets']
  LOOP
    PERFORM spar_enable_tenant_rls(t::regclass);
  END LOOP;
  PERFORM spar_enable_tenant_rls('clients'::regclass, 'id');
END $$;
--> statement-breakpoint
REVOKE INSERT, DELETE ON clients FROM spar_app;
--> statement-breakpoint
REVOKE ALL ON call_tickets FROM spar_app;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY system_path ON prompts TO %I USING (spar_system_path()) WITH CHECK (spar_system_path())', current_user);
END $$;
--> statement-breakpoint
-- System tables get the same fail-closed treatment.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['sessions','login_throttle','audit_log'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY system_path ON %I TO %I USING (spar_system_path()) WITH CHECK (spar_system_path())', t, current_user);
  END LOOP;
END $$;
