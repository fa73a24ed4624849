ALTER TABLE "contact_import_jobs" ADD COLUMN "erased" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "kit_import_jobs" ADD COLUMN "erased" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "kit_import_jobs" ADD COLUMN "include_erased" boolean DEFAULT false NOT NULL;