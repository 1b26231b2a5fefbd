CREATE TABLE "blocker_spans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"blocker_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"profile_id" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"outcome" text,
	"nudges" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blocker_spans" ADD CONSTRAINT "blocker_spans_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocker_spans" ADD CONSTRAINT "blocker_spans_blocker_id_blockers_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."blockers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocker_spans" ADD CONSTRAINT "blocker_spans_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocker_spans_team_idx" ON "blocker_spans" USING btree ("organization_id","kind","ended_at");--> statement-breakpoint
CREATE INDEX "blocker_spans_person_idx" ON "blocker_spans" USING btree ("profile_id","kind","ended_at");--> statement-breakpoint
CREATE INDEX "blocker_spans_blocker_idx" ON "blocker_spans" USING btree ("blocker_id","kind");--> statement-breakpoint
-- What happened before this table existed, rebuilt from the timeline and the blocker tables (decision 037). A
-- blocker's openings: each "created" or "reopened" to the "resolved" or "cancelled" that followed it, if any.
INSERT INTO "blocker_spans" ("organization_id", "blocker_id", "kind", "profile_id", "started_at", "ended_at", "outcome", "nudges")
SELECT b."organization_id", m."blocker_id", 'open', NULL, m."created_at",
  CASE WHEN m."next_type" IN ('resolved', 'cancelled') THEN m."next_at" END,
  CASE WHEN m."next_type" IN ('resolved', 'cancelled') THEN m."next_type" END,
  (SELECT count(*) FROM "blocker_events" n WHERE n."blocker_id" = m."blocker_id" AND n."type" IN ('nudged', 'auto_nudged')
    AND n."created_at" >= m."created_at" AND (m."next_type" NOT IN ('resolved', 'cancelled') OR m."next_type" IS NULL OR n."created_at" < m."next_at"))
FROM (
  SELECT e."blocker_id", e."type", e."created_at",
    lead(e."created_at") OVER (PARTITION BY e."blocker_id" ORDER BY e."sequence") AS "next_at",
    lead(e."type") OVER (PARTITION BY e."blocker_id" ORDER BY e."sequence") AS "next_type"
  FROM "blocker_events" e WHERE e."type" IN ('created', 'reopened', 'resolved', 'cancelled')
) m JOIN "blockers" b ON b."id" = m."blocker_id"
WHERE m."type" IN ('created', 'reopened');--> statement-breakpoint
-- Each part, from when it last began waiting (the timeline does not say which parts a reopening asked again), to
-- its answer, or to when it was released: its person leaving the team, or the blocker ending.
INSERT INTO "blocker_spans" ("organization_id", "blocker_id", "kind", "profile_id", "started_at", "ended_at", "outcome", "nudges")
SELECT b."organization_id", p."blocker_id", 'blocking', p."profile_id", p."waiting_since",
  CASE
    WHEN p."status" = 'pending' THEN NULL
    WHEN p."status" = 'released' THEN greatest(p."waiting_since", coalesce(
      (SELECT max(e."created_at") FROM "blocker_events" e WHERE e."blocker_id" = p."blocker_id" AND e."type" = 'person_left' AND e."payload"->>'profileId' = p."profile_id"::text),
      b."resolved_at", p."waiting_since"))
    ELSE greatest(p."waiting_since", coalesce(p."responded_at", p."waiting_since"))
  END,
  CASE WHEN p."status" = 'pending' THEN NULL ELSE p."status" END,
  (SELECT count(*) FROM "blocker_events" e WHERE e."blocker_id" = p."blocker_id" AND e."type" IN ('nudged', 'auto_nudged')
    AND e."payload"->>'profileId' = p."profile_id"::text AND e."created_at" >= p."waiting_since")
FROM "blocking_users" p JOIN "blockers" b ON b."id" = p."blocker_id";--> statement-breakpoint
-- Each person waiting, from the blocker's logging (or their being added) to its end.
INSERT INTO "blocker_spans" ("organization_id", "blocker_id", "kind", "profile_id", "started_at", "ended_at", "outcome")
SELECT b."organization_id", w."blocker_id", 'waiting', w."profile_id",
  coalesce((SELECT max(e."created_at") FROM "blocker_events" e WHERE e."blocker_id" = w."blocker_id" AND e."type" = 'person_added'
    AND e."payload"->>'profileId' = w."profile_id"::text AND e."payload"->>'role' = 'waiting'), b."created_at"),
  CASE WHEN b."status" = 'open' THEN NULL ELSE coalesce(b."resolved_at", b."created_at") END,
  CASE WHEN b."status" = 'open' THEN NULL ELSE 'ended' END
FROM "blocked_users" w JOIN "blockers" b ON b."id" = w."blocker_id";
