-- Hand-written: the skill map opens on the scorecard a tenant's calls used most in the last four
-- weeks; this index answers that from the index alone (no visit to the calls' rows), which the
-- coaching benchmark (scripts/bench/coaching.ts) showed to be half of a skill map request.
CREATE INDEX IF NOT EXISTS "calls_tenant_recent_scorecard_idx" ON "calls" USING btree ("tenant_id","created_at") INCLUDE ("scorecard_id","mode");
