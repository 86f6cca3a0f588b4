-- Tenant isolation by row-level security.
-- Tenant-scoped requests run as the NOLOGIN role spar_app (SET LOCAL ROLE) with app.tenant_id set;
-- every tenant-owned table forces RLS, so even a query without a tenant filter sees one tenant.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'spar_app') THEN
    CREATE ROLE spar_app NOLOGIN NOBYPASSRLS;
  END IF;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT spar_app TO %I', current_user);
EXCEPTION WHEN others THEN
  RAISE NOTICE 'could not grant spar_app to %: %', current_user, SQLERRM;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO spar_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO spar_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO spar_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION spar_current_tenant() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;
--> statement-breakpoint
-- Call once per tenant-owned table (later migrations do the same for their tables).
CREATE OR REPLACE FUNCTION spar_enable_tenant_rls(tbl regclass, col text DEFAULT 'tenant_id') RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', tbl);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s USING (%I = spar_current_tenant()) WITH CHECK (%I = spar_current_tenant())',
    tbl, col, col);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO spar_app', tbl);
END $$;
--> statement-breakpoint
SELECT spar_enable_tenant_rls('clients', 'id');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('users');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('support_requests');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('mail_outbox');
--> statement-breakpoint
-- A tenant may read and edit its own client row, never create or remove clients.
REVOKE INSERT, DELETE ON clients FROM spar_app;
--> statement-breakpoint
-- System tables: reached only through the audited system path.
REVOKE ALL ON sessions, login_throttle, audit_log FROM spar_app;
