CREATE TABLE "github_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"sealed_secret" text NOT NULL,
	"connected_by" uuid,
	"connected_at" timestamp with time zone NOT NULL,
	"secret_rotated_at" timestamp with time zone,
	"last_delivery_at" timestamp with time zone,
	"last_bad_signature_at" timestamp with time zone,
	"last_skipped_at" timestamp with time zone,
	"last_skipped_reason" text,
	CONSTRAINT "github_connections_team_id_unique" UNIQUE("team_id")
);
--> statement-breakpoint
CREATE TABLE "github_deliveries" (
	"connection_id" uuid NOT NULL,
	"delivery_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "github_deliveries_connection_id_delivery_id_pk" PRIMARY KEY("connection_id","delivery_id")
);
--> statement-breakpoint
CREATE TABLE "github_items" (
	"team_id" text NOT NULL,
	"repository" text NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "github_items_team_id_repository_number_pk" PRIMARY KEY("team_id","repository","number")
);
--> statement-breakpoint
CREATE TABLE "github_repositories" (
	"connection_id" uuid NOT NULL,
	"key" text NOT NULL,
	"full_name" text NOT NULL,
	"last_delivery_at" timestamp with time zone NOT NULL,
	"last_event" text NOT NULL,
	"last_bad_signature_at" timestamp with time zone,
	CONSTRAINT "github_repositories_connection_id_key_pk" PRIMARY KEY("connection_id","key")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "github_login" text;--> statement-breakpoint
ALTER TABLE "github_connections" ADD CONSTRAINT "github_connections_team_id_organization_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_connections" ADD CONSTRAINT "github_connections_connected_by_profiles_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_deliveries" ADD CONSTRAINT "github_deliveries_connection_id_github_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."github_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_items" ADD CONSTRAINT "github_items_team_id_github_connections_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."github_connections"("team_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_repositories" ADD CONSTRAINT "github_repositories_connection_id_github_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."github_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "github_deliveries_received_idx" ON "github_deliveries" USING btree ("connection_id","received_at");