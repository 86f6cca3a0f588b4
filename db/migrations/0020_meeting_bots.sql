CREATE TABLE "meeting_bot_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"bot_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_bot_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "bot_id" text;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "meeting_url" text;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "bot_name" text;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "join_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "bot_detail" text;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "transcript" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_bot_uq" ON "meetings" USING btree ("provider","bot_id");--> statement-breakpoint
-- webhook ids are read and written only by system transactions (a webhook names a bot, not a tenant)
REVOKE ALL ON "meeting_bot_events" FROM spar_app;
