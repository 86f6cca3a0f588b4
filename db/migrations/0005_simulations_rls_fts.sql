SELECT spar_enable_tenant_rls('ai_generations');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('simulations');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('knowledge_files');
--> statement-breakpoint
SELECT spar_enable_tenant_rls('knowledge_chunks');
--> statement-breakpoint
-- Full-text search over knowledge-base chunks ('simple' config: language-neutral, the four UI languages mix).
ALTER TABLE knowledge_chunks ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', content)) STORED;
--> statement-breakpoint
CREATE INDEX knowledge_chunks_tsv_idx ON knowledge_chunks USING gin (tsv);
