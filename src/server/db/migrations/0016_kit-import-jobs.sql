CREATE TYPE "public"."kit_import_kind" AS ENUM('import', 'reconciliation');--> statement-breakpoint
CREATE TYPE "public"."kit_import_phase" AS ENUM('tags', 'memberships', 'subscribers', 'leftover_tags', 'done');--> statement-breakpoint
CREATE TYPE "public"."kit_import_status" AS ENUM('running', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "kit_import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "kit_import_kind" NOT NULL,
	"status" "kit_import_status" DEFAULT 'running' NOT NULL,
	"phase" "kit_import_phase" DEFAULT 'tags' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"since" timestamp with time zone,
	"kit_tag_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"tag_index" integer DEFAULT 0 NOT NULL,
	"cursor" text,
	"total" integer,
	"done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"skipped_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"paused_until" timestamp with time zone,
	"error" text,
	"lock_token" uuid,
	"locked_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kit_import_memberships" (
	"job_id" uuid NOT NULL,
	"kit_subscriber_id" bigint NOT NULL,
	"kit_tag_ids" bigint[] NOT NULL,
	CONSTRAINT "kit_import_memberships_job_id_kit_subscriber_id_pk" PRIMARY KEY("job_id","kit_subscriber_id")
);
--> statement-breakpoint
ALTER TABLE "kit_import_memberships" ADD CONSTRAINT "kit_import_memberships_job_id_kit_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."kit_import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kit_import_jobs_one_running" ON "kit_import_jobs" USING btree ("status") WHERE "kit_import_jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "kit_import_jobs_kind_started_idx" ON "kit_import_jobs" USING btree ("kind","started_at" DESC NULLS LAST);