-- Ending a user's sessions in the same transaction as their password change. Sessions are closed
-- to spar_app, so a tenant transaction calls this function. It runs as the owner, switches to the
-- system path for its own statements only (the previous value is restored before it returns; an
-- error aborts the transaction or savepoint, which undoes the setting too), and touches only a
-- user of the caller's tenant. The session being used may be kept.
CREATE OR REPLACE FUNCTION spar_end_user_sessions(target uuid, keep_session text)
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  n integer := 0;
  previous text := coalesce(current_setting('app.system', true), '');
  tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
BEGIN
  PERFORM set_config('app.system', 'on', true);
  IF EXISTS (SELECT 1 FROM users WHERE id = target AND tenant_id = tenant) THEN
    DELETE FROM sessions WHERE user_id = target AND id IS DISTINCT FROM keep_session;
    GET DIAGNOSTICS n = ROW_COUNT;
  END IF;
  PERFORM set_config('app.system', previous, true);
  RETURN n;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION spar_end_user_sessions(uuid, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION spar_end_user_sessions(uuid, text) TO spar_app;
