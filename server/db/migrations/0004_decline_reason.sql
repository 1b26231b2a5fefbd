ALTER TABLE "blocking_users" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "blocking_users" ADD COLUMN "suggested_profile_id" uuid;--> statement-breakpoint
ALTER TABLE "blocking_users" ADD CONSTRAINT "blocking_users_suggested_profile_id_profiles_id_fk" FOREIGN KEY ("suggested_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Parts declined before this migration: their reason and suggestion, from each person's latest "declined" event.
UPDATE "blocking_users" AS "part"
SET "decline_reason" = "latest"."payload"->>'reason',
    "suggested_profile_id" = (SELECT "profiles"."id" FROM "profiles" WHERE "profiles"."id"::text = "latest"."payload"->>'suggestedProfileId')
FROM (
  SELECT DISTINCT ON ("blocker_id", "actor_id") "blocker_id", "actor_id", "payload"
  FROM "blocker_events"
  WHERE "type" = 'declined'
  ORDER BY "blocker_id", "actor_id", "sequence" DESC
) AS "latest"
WHERE "part"."blocker_id" = "latest"."blocker_id" AND "part"."profile_id" = "latest"."actor_id" AND "part"."status" = 'declined';
