CREATE TABLE "slack_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"blocker_id" uuid NOT NULL,
	"profile_id" uuid,
	"channel" text NOT NULL,
	"ts" text NOT NULL,
	"kind" text NOT NULL,
	"heading" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slack_messages" ADD CONSTRAINT "slack_messages_team_id_slack_workspaces_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."slack_workspaces"("team_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_messages" ADD CONSTRAINT "slack_messages_blocker_id_blockers_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."blockers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_messages" ADD CONSTRAINT "slack_messages_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slack_messages_blocker_idx" ON "slack_messages" USING btree ("blocker_id");--> statement-breakpoint
CREATE INDEX "slack_messages_channel_ts_idx" ON "slack_messages" USING btree ("channel","ts");