-- A person is a member of a team once (decision 029). Before, one team per person was checked in code only: should
-- two accepts at once have made a second membership of the same team, the oldest is kept.
DELETE FROM "member" m USING "member" older
WHERE older."organization_id" = m."organization_id" AND older."user_id" = m."user_id"
  AND (older."created_at", older."id") < (m."created_at", m."id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_organization_user_uidx" ON "member" USING btree ("organization_id","user_id");
