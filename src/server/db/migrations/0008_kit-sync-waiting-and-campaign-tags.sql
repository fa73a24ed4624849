ALTER TYPE "public"."kit_sync_job_status" ADD VALUE 'waiting';--> statement-breakpoint
CREATE TABLE "campaign_tags" (
	"campaign" text PRIMARY KEY NOT NULL,
	"tag_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_tags" ADD CONSTRAINT "campaign_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;