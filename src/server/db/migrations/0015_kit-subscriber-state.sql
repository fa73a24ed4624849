CREATE TYPE "public"."kit_subscriber_state" AS ENUM('active', 'inactive', 'cancelled', 'bounced', 'complained');--> statement-breakpoint
ALTER TYPE "public"."contact_event_type" ADD VALUE 'kit_state_changed';--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "kit_state" "kit_subscriber_state";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "kit_state_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "contacts_kit_state_created_idx" ON "contacts" USING btree ("kit_state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);