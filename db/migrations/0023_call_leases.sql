ALTER TABLE "calls" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "calls_live_idx" ON "calls" USING btree ("state","lease_until");