CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"submission_id" uuid,
	"statement_id" uuid NOT NULL,
	"source" text NOT NULL,
	"language" text NOT NULL,
	"page_url" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kit_form_id" bigint,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "consent_records_language_check" CHECK ("consent_records"."language" in ('en', 'de'))
);
--> statement-breakpoint
CREATE TABLE "consent_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"text_en" text NOT NULL,
	"text_de" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_statements_kind_check" CHECK ("consent_statements"."kind" in ('waiting_list', 'webinar', 'landing_page'))
);
--> statement-breakpoint
CREATE TABLE "erasures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"erased_by" uuid,
	"email_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signup_kit_forms" (
	"source" text PRIMARY KEY NOT NULL,
	"kit_form_id" bigint NOT NULL,
	"kit_form_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_submission_id_lead_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."lead_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_statement_id_consent_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."consent_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_statements" ADD CONSTRAINT "consent_statements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_erased_by_users_id_fk" FOREIGN KEY ("erased_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_contact_idx" ON "consent_records" USING btree ("contact_id","given_at");--> statement-breakpoint
CREATE INDEX "consent_records_unconfirmed_idx" ON "consent_records" USING btree ("given_at") WHERE "consent_records"."kit_form_id" is not null and "consent_records"."confirmed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_statements_kind_version_key" ON "consent_statements" USING btree ("kind","version");--> statement-breakpoint
CREATE INDEX "erasures_email_hash_idx" ON "erasures" USING btree ("email_hash");--> statement-breakpoint
INSERT INTO "consent_statements" ("kind", "version", "text_en", "text_de") VALUES
('waiting_list', 1, 'Yes, please put me on the waiting list and send me news about the programme by email. I can unsubscribe at any time with the link in every email; details are in the privacy policy.', 'Ja, bitte setzt mich auf die Warteliste und schickt mir Neuigkeiten zum Programm per E-Mail. Ich kann mich jederzeit über den Link in jeder E-Mail abmelden; Details stehen in der Datenschutzerklärung.'),
('webinar', 1, 'Yes, please register me for the webinar and send me the access details, reminders and related news by email. I can unsubscribe at any time with the link in every email; details are in the privacy policy.', 'Ja, bitte meldet mich zum Webinar an und schickt mir die Zugangsdaten, Erinnerungen und passende Neuigkeiten per E-Mail. Ich kann mich jederzeit über den Link in jeder E-Mail abmelden; Details stehen in der Datenschutzerklärung.'),
('landing_page', 1, 'Yes, please send me what this page offers and related news by email. I can unsubscribe at any time with the link in every email; details are in the privacy policy.', 'Ja, bitte schickt mir, was diese Seite anbietet, und passende Neuigkeiten per E-Mail. Ich kann mich jederzeit über den Link in jeder E-Mail abmelden; Details stehen in der Datenschutzerklärung.');
