ALTER TYPE "public"."contact_bulk_action" ADD VALUE 'erase';--> statement-breakpoint
CREATE TABLE "kit_unsubscribes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"kit_id" bigint,
	"status" "kit_sync_job_status" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "kit_unsubscribes_due_idx" ON "kit_unsubscribes" USING btree ("run_after") WHERE "kit_unsubscribes"."status" = 'queued';