CREATE TABLE "landing_page_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_a_id" uuid NOT NULL,
	"page_b_id" uuid NOT NULL,
	"split_percent" integer NOT NULL,
	"a_views_before" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"winner" text,
	CONSTRAINT "landing_page_tests_page_b_id_unique" UNIQUE("page_b_id"),
	CONSTRAINT "landing_page_tests_split" CHECK ("landing_page_tests"."split_percent" between 1 and 99),
	CONSTRAINT "landing_page_tests_winner" CHECK ("landing_page_tests"."winner" in ('a', 'b') and "landing_page_tests"."ended_at" is not null or "landing_page_tests"."winner" is null and "landing_page_tests"."ended_at" is null)
);
--> statement-breakpoint
ALTER TABLE "landing_page_tests" ADD CONSTRAINT "landing_page_tests_page_a_id_landing_pages_id_fk" FOREIGN KEY ("page_a_id") REFERENCES "public"."landing_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_page_tests" ADD CONSTRAINT "landing_page_tests_page_b_id_landing_pages_id_fk" FOREIGN KEY ("page_b_id") REFERENCES "public"."landing_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "landing_page_tests_running_key" ON "landing_page_tests" USING btree ("page_a_id") WHERE "landing_page_tests"."ended_at" is null;