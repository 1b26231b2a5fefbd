-- Full-text search (docs/decisions/024-search.md), written by hand: the generated column is left out of the drizzle
-- schema so that no `select *` of a blocker carries its search document. Words are lowercased, not stemmed
-- ('simple'), so that what is typed so far ("migra") finds "migration" by prefix, in any language.
ALTER TABLE "blockers" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', "title"), 'A') || setweight(to_tsvector('simple', coalesce("description", '')), 'B')
) STORED;--> statement-breakpoint
CREATE INDEX "blockers_search_idx" ON "blockers" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "blocker_events_comment_search_idx" ON "blocker_events" USING gin (to_tsvector('simple', coalesce("payload"->>'body', ''))) WHERE "type" = 'commented';
