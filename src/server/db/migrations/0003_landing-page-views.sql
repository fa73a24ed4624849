CREATE TABLE "landing_page_views" (
	"landing_page_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "landing_page_views_landing_page_id_day_pk" PRIMARY KEY("landing_page_id","day")
);
--> statement-breakpoint
ALTER TABLE "landing_page_views" ADD CONSTRAINT "landing_page_views_landing_page_id_landing_pages_id_fk" FOREIGN KEY ("landing_page_id") REFERENCES "public"."landing_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_submissions_page_idx" ON "lead_submissions" USING btree ("landing_page_id","created_at");