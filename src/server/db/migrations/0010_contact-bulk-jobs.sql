CREATE TYPE "public"."contact_bulk_action" AS ENUM('tag', 'untag', 'delete');--> statement-breakpoint
CREATE TYPE "public"."contact_bulk_status" AS ENUM('running', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "contact_bulk_job_items" (
	"job_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	CONSTRAINT "contact_bulk_job_items_job_id_contact_id_pk" PRIMARY KEY("job_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "contact_bulk_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" "contact_bulk_action" NOT NULL,
	"tag" text,
	"status" "contact_bulk_status" DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"actor" jsonb NOT NULL,
	"lock_token" uuid,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contact_bulk_job_items" ADD CONSTRAINT "contact_bulk_job_items_job_id_contact_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."contact_bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_bulk_jobs_running_idx" ON "contact_bulk_jobs" USING btree ("created_at") WHERE "contact_bulk_jobs"."status" = 'running';