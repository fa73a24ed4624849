ALTER TABLE "landing_page_versions" ADD COLUMN "settings" jsonb;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "settings" jsonb;