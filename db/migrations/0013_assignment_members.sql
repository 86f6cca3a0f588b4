CREATE TABLE "assignment_members" (
	"assignment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"exercises" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"score_sum" numeric DEFAULT 0 NOT NULL,
	"scored" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "assignment_members_assignment_id_user_id_pk" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "assignment_members" ADD CONSTRAINT "assignment_members_tenant_id_clients_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_members_user_idx" ON "assignment_members" USING btree ("tenant_id","user_id");