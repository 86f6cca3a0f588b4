ALTER TABLE "calls" ADD COLUMN "transport" text DEFAULT 'relay' NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "rtc_call_id" text;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_rtcCallId_unique" UNIQUE("rtc_call_id");