CREATE TABLE "contact_import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" "contact_bulk_status" DEFAULT 'running' NOT NULL,
	"file_name" text,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"invalid" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duplicates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"lock_token" uuid,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
