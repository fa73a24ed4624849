ALTER TYPE "public"."contact_event_type" ADD VALUE 'consent_given';--> statement-breakpoint
ALTER TYPE "public"."contact_event_type" ADD VALUE 'consent_confirmed';