// Search within my team (docs/decisions/024-search.md): blockers by their title, description and comments, with
// PostgreSQL's full-text search on GIN indexes (migrations 0005 and 0009), and teammates by name or e-mail. Another team's
// blockers and people are never candidates: every query is bound to my team.
import { sql } from "drizzle-orm";
import type { BlockerPriority, BlockerStatus } from "../../../common/blockers.ts";
import { indexedQuery, prefixQuery, SEARCH_RESULTS_MAX, typedWords } from "../../../common/search.ts";
import type { Database } from "../../db/client.ts";
import { jsonValue } from "../../db/prepared.ts";
import { blockerEvents, blockers, member as teamMember, profiles } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";

type MatchRow = { id: string; title: string; status: BlockerStatus; priority: BlockerPriority; created_at: string; rank: number; matched_in: Match["matchedIn"] };
type Match = { id: string; title: string; status: BlockerStatus; priority: BlockerPriority; createdAt: Date; rank: number; matchedIn: "title" | "description" | "comment" };

/** The expression of the partial GIN index on comments (migration 0005): it must stay the same to be used. */
const commentDocument = sql`to_tsvector('simple', coalesce(${blockerEvents.payload}->>'body', ''))`;
/** A comment counts for half a match in the blocker itself: a title says what the blocker is about. */
const COMMENT_WEIGHT = 0.5;
/**
 * How many of the newest matches are ranked (see searchTeam): five pages of the palette's ten. A word in one title
 * in eighty is found by walking about 4,000 blockers for 50 matches (1.7 ms over a million) against 16,000 for 200
 * (7 ms); rarer words, and two typed words ("kalo dan"), through the index (1–3 ms, docs/benchmarks.md).
 */
const CANDIDATES = 50;

export async function searchTeam(db: Database, member: Member, text: string) {
  const words = typedWords(text);
  const prefixes = prefixQuery(words);
  if (!prefixes) return { blockers: [], people: [] };
  const query = sql`to_tsquery('simple', ${prefixes})`;
  // The index holds every word's beginnings, so what is typed is looked up as exact entries (migration 0009); what
  // that cannot ask (a word of one letter, letters past the tenth) is checked on each candidate, through the
  // function behind @@ so that PostgreSQL does not take it to the index.
  const indexed = indexedQuery(words);
  const inIndex = indexed.query ? sql`and search_vector @@ to_tsquery('simple', ${indexed.query})` : sql``;
  const checked = indexed.exact ? sql`` : sql`and ts_match_vq(search_vector, ${query})`;
  // One statement, one round trip: the blockers matched in their text, those matched in a comment, and teammates.
  // In their text, the newest matches are the candidates, ranked among themselves: a word typed so far ("ka") can
  // match a good share of a million blockers, and ranking them all would take seconds. Walking the team's blockers
  // newest first (blockers_organization_created_idx) stops after CANDIDATES matches; a rare word is found through
  // the GIN index.
  const inText = sql`select id, title, status, priority, created_at, ts_rank(doc, ${query}) as rank,
      case when ts_filter(doc, '{a}') @@ ${query} then 'title' else 'description' end as matched_in
    from (select id, title, status, priority, created_at, search_vector as doc from ${blockers}
          where organization_id = ${member.teamId} ${inIndex} ${checked} order by created_at desc limit ${CANDIDATES}) candidates
    order by rank desc, created_at desc limit ${SEARCH_RESULTS_MAX}`;
  const inComments = sql`select ${blockers.id}, ${blockers.title}, ${blockers.status}, ${blockers.priority}, ${blockers.createdAt},
      ts_rank(${commentDocument}, ${query}) * ${COMMENT_WEIGHT} as rank, 'comment' as matched_in
    from ${blockerEvents} join ${blockers} on ${blockers.id} = ${blockerEvents.blockerId}
    where ${blockerEvents.type} = 'commented' and ${blockers.organizationId} = ${member.teamId} and ${commentDocument} @@ ${query}
    order by rank desc, ${blockerEvents.createdAt} desc limit ${SEARCH_RESULTS_MAX}`;
  const found = await jsonValue<{ matches: MatchRow[]; people: { id: string; fullName: string | null; email: string; avatarUrl: string | null }[] }>(
    db,
    sql`json_build_object(
      'matches', (select coalesce(json_agg(found), '[]') from ((${inText}) union all (${inComments})) found),
      'people', (select coalesce(json_agg(people), '[]') from (${teammates(member, text)}) people))`,
    { prepared: false },
  );
  const matches = found.matches.map((row): Match => ({ id: row.id, title: row.title, status: row.status, priority: row.priority, createdAt: new Date(row.created_at), rank: row.rank, matchedIn: row.matched_in }));

  // A blocker found both ways keeps its best match; the best first, then the open ones, then the newest.
  const best = new Map<string, Match>();
  for (const match of matches) {
    const seen = best.get(match.id);
    if (!seen || match.rank > seen.rank) best.set(match.id, match);
  }
  const ranked = [...best.values()].sort((a, b) => b.rank - a.rank || Number(b.status === "open") - Number(a.status === "open") || b.createdAt.getTime() - a.createdAt.getTime());
  return { blockers: ranked.slice(0, SEARCH_RESULTS_MAX), people: found.people };
}

/** Teammates whose name or e-mail contains the text (LIKE's wildcards in it taken literally), as they are sent. */
function teammates(member: Member, text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return sql`select ${profiles.id} as "id", ${profiles.fullName} as "fullName", ${profiles.email} as "email", ${profiles.avatarUrl} as "avatarUrl"
    from ${teamMember} join ${profiles} on ${profiles.authId} = ${teamMember.userId}
    where ${teamMember.organizationId} = ${member.teamId} and (${profiles.fullName} ilike ${pattern} or ${profiles.email} ilike ${pattern})
    order by ${profiles.fullName} limit 5`;
}
