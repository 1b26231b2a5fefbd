CREATE TABLE "blocker_invitees" (
	"blocker_id" uuid NOT NULL,
	"email" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocker_invitees_blocker_id_email_pk" PRIMARY KEY("blocker_id","email")
);
--> statement-breakpoint
ALTER TABLE "blocker_invitees" ADD CONSTRAINT "blocker_invitees_blocker_id_blockers_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."blockers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocker_invitees" ADD CONSTRAINT "blocker_invitees_invited_by_profiles_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocker_invitees_email_idx" ON "blocker_invitees" USING btree ("email");