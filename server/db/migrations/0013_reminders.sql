CREATE TABLE "team_reminder_schedules" (
	"team_id" text PRIMARY KEY NOT NULL,
	"schedule" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "blocking_users" ADD COLUMN "waiting_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "blocking_users" ADD COLUMN "next_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blocking_users" ADD COLUMN "auto_nudge_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "blocking_users" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "away_until" date;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "notification_preferences" jsonb;--> statement-breakpoint
ALTER TABLE "team_reminder_schedules" ADD CONSTRAINT "team_reminder_schedules_team_id_organization_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_reminder_schedules" ADD CONSTRAINT "team_reminder_schedules_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocking_users_next_reminder_idx" ON "blocking_users" USING btree ("next_reminder_at") WHERE "blocking_users"."next_reminder_at" is not null;--> statement-breakpoint
-- Parts that were waiting already have waited since their blocker was logged, and are due for a look by the reminder
-- engine: "now" means "work out my next reminder" (it computes the real time before nudging anyone).
UPDATE "blocking_users" SET "waiting_since" = "blockers"."created_at" FROM "blockers" WHERE "blockers"."id" = "blocking_users"."blocker_id";--> statement-breakpoint
UPDATE "blocking_users" SET "next_reminder_at" = now() FROM "blockers" WHERE "blockers"."id" = "blocking_users"."blocker_id" AND "blockers"."status" = 'open' AND "blocking_users"."status" = 'pending';
