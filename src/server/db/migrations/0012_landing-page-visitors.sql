-- A view is one visitor a day: each visitor kept as a salted hash for the day, the salt apart.
CREATE TABLE "landing_page_view_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landing_page_visitors" (
	"landing_page_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "landing_page_visitors_landing_page_id_day_visitor_pk" PRIMARY KEY("landing_page_id","day","visitor")
);
--> statement-breakpoint
ALTER TABLE "landing_page_visitors" ADD CONSTRAINT "landing_page_visitors_landing_page_id_landing_pages_id_fk" FOREIGN KEY ("landing_page_id") REFERENCES "public"."landing_pages"("id") ON DELETE cascade ON UPDATE no action;