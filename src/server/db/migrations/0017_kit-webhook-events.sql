CREATE TABLE "kit_webhook_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"kit_subscriber_id" bigint NOT NULL,
	"kit_tag_id" bigint,
	"delivery_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE INDEX "kit_webhook_events_pending_idx" ON "kit_webhook_events" USING btree ("occurred_at","id") WHERE "kit_webhook_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "kit_webhook_events_tag_idx" ON "kit_webhook_events" USING btree ("kit_subscriber_id","kit_tag_id","occurred_at") WHERE "kit_webhook_events"."kit_tag_id" is not null;--> statement-breakpoint
CREATE INDEX "kit_webhook_events_processed_idx" ON "kit_webhook_events" USING btree ("processed_at");