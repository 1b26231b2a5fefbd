CREATE TABLE "slack_events" (
	"id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slack_people" (
	"team_id" text NOT NULL,
	"slack_user_id" text NOT NULL,
	"profile_id" uuid NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "slack_people_team_id_slack_user_id_pk" PRIMARY KEY("team_id","slack_user_id")
);
--> statement-breakpoint
CREATE TABLE "slack_workspaces" (
	"team_id" text PRIMARY KEY NOT NULL,
	"slack_team_id" text NOT NULL,
	"name" text NOT NULL,
	"icon_url" text,
	"bot_user_id" text NOT NULL,
	"sealed_bot_token" text NOT NULL,
	"installed_by" uuid,
	"installed_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	CONSTRAINT "slack_workspaces_slack_team_id_unique" UNIQUE("slack_team_id")
);
--> statement-breakpoint
ALTER TABLE "slack_people" ADD CONSTRAINT "slack_people_team_id_slack_workspaces_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."slack_workspaces"("team_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_people" ADD CONSTRAINT "slack_people_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_workspaces" ADD CONSTRAINT "slack_workspaces_team_id_organization_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_workspaces" ADD CONSTRAINT "slack_workspaces_installed_by_profiles_id_fk" FOREIGN KEY ("installed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slack_people_profile_idx" ON "slack_people" USING btree ("profile_id");