ALTER TABLE "blocked_users" ADD COLUMN "blocker_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "blocked_users" SET "blocker_open" = b."status" = 'open' FROM "blockers" b WHERE b."id" = "blocked_users"."blocker_id";--> statement-breakpoint
CREATE INDEX "blocked_users_open_idx" ON "blocked_users" USING btree ("profile_id","blocker_id") WHERE "blocked_users"."blocker_open";--> statement-breakpoint
-- blocker_open follows its blocker's status, whoever writes it: a new row takes the blocker's status, and a
-- blocker that is resolved, cancelled or reopened updates its rows in the same transaction.
CREATE FUNCTION "blocked_users_take_blocker_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.blocker_open := (SELECT b.status = 'open' FROM blockers b WHERE b.id = NEW.blocker_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "blocked_users_take_blocker_status" BEFORE INSERT OR UPDATE OF blocker_id ON "blocked_users"
  FOR EACH ROW EXECUTE FUNCTION "blocked_users_take_blocker_status"();--> statement-breakpoint
CREATE FUNCTION "blockers_pass_status_to_blocked_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE blocked_users SET blocker_open = NEW.status = 'open' WHERE blocker_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "blockers_pass_status_to_blocked_users" AFTER UPDATE OF status ON "blockers"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION "blockers_pass_status_to_blocked_users"();
