CREATE TYPE "public"."contact_event_type" AS ENUM('created', 'signed_up', 'fields_changed', 'tags_added', 'tags_removed', 'imported', 'kit_sync');--> statement-breakpoint
CREATE TABLE "contact_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contact_id" uuid NOT NULL,
	"type" "contact_event_type" NOT NULL,
	"actor" jsonb NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_events_contact_time_idx" ON "contact_events" USING btree ("contact_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Append-only: an event is never changed, and goes only with its contact (the cascade runs after
-- the contact's row is gone, so it passes; a DELETE of events of a living contact does not).
CREATE FUNCTION "contact_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "contacts" WHERE "id" = OLD."contact_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'contact_events is append-only';
END $$;--> statement-breakpoint
CREATE TRIGGER "contact_events_append_only" BEFORE UPDATE OR DELETE ON "contact_events"
  FOR EACH ROW EXECUTE FUNCTION "contact_events_append_only"();
