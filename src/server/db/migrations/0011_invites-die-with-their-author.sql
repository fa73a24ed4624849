-- An unused invite made by a user who is gone would let a removed colleague back in: delete them.
DELETE FROM "user_invites" WHERE "used_at" IS NULL AND "invited_by" IS NULL;--> statement-breakpoint
ALTER TABLE "user_invites" ADD CONSTRAINT "user_invites_unused_have_inviter" CHECK ("user_invites"."used_at" IS NOT NULL OR "user_invites"."invited_by" IS NOT NULL);--> statement-breakpoint
-- Removing a user, by the app, a script or by hand, deletes their unused invites in the same statement
-- (used ones stay, so a used link can say so; the foreign key then clears their inviter).
CREATE FUNCTION "user_invites_die_with_inviter"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "user_invites" WHERE "invited_by" = OLD."id" AND "used_at" IS NULL;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_invites_die_with_inviter" BEFORE DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "user_invites_die_with_inviter"();
