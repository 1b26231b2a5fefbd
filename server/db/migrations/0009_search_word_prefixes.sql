-- Typed prefixes held as words of their own (docs/decisions/024-search.md): each word of a blocker's title and
-- description is indexed with its beginnings of 2 to 10 characters ("migration": "mi", "mig", … "migratio"), so what
-- is typed so far is one exact entry of the GIN index. A prefix query ('dan':*) made PostgreSQL merge the posting
-- lists of every word it starts into one bitmap (10–45 ms over a million blockers), and an exact entry lets two typed
-- words be intersected by skipping through the longer list (1–2 ms). Words of 1 character, and the characters typed
-- past the 10th, are checked on each candidate instead (server/features/search/search-team.ts).
CREATE FUNCTION "search_word_prefixes"("document" text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(DISTINCT left(lexeme, n), ' '), '')
  FROM unnest(to_tsvector('simple', "document")) AS words, generate_series(2, least(length(lexeme) - 1, 10)) AS n
$$;--> statement-breakpoint
DROP INDEX "blockers_search_idx";--> statement-breakpoint
ALTER TABLE "blockers" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "blockers" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', "title" || ' ' || search_word_prefixes("title")), 'A')
  || setweight(to_tsvector('simple', coalesce("description", '') || ' ' || search_word_prefixes(coalesce("description", ''))), 'B')
) STORED;--> statement-breakpoint
CREATE INDEX "blockers_search_idx" ON "blockers" USING gin ("search_vector");
