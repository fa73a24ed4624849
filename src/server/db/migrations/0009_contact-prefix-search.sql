CREATE INDEX "contacts_email_prefix_idx" ON "contacts" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_first_name_prefix_idx" ON "contacts" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_last_name_prefix_idx" ON "contacts" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_full_name_prefix_idx" ON "contacts" USING btree (lower("full_name") text_pattern_ops);