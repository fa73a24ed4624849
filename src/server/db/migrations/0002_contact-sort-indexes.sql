DROP INDEX "contacts_status_idx";--> statement-breakpoint
DROP INDEX "contacts_source_idx";--> statement-breakpoint
CREATE INDEX "contacts_status_created_idx" ON "contacts" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contacts_source_created_idx" ON "contacts" USING btree ("source","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contacts_name_sort_idx" ON "contacts" USING btree (lower(coalesce(nullif("full_name", ''), nullif(trim(coalesce("first_name", '') || ' ' || coalesce("last_name", '')), ''), "email")),"id");