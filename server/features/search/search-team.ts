// Search within my team (docs/decisions/024-search.md): blockers by their title, description and comments, with
// PostgreSQL's full-text search on GIN indexes (migration 0005), and teammates by name or e-mail. Another team's
// blockers and people are never candidates: every query is bound to my team.
import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { BlockerPriority, BlockerStatus } from "../../../common/blockers.ts";
import { prefixQuery, SEARCH_RESULTS_MAX } from "../../../common/search.ts";
import type { Database } from "../../db/client.ts";
import { blockerEvents, blockers, member as teamMember, profiles } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";

type Match = { id: string; title: string; status: BlockerStatus; priority: BlockerPriority; createdAt: Date; rank: number; matchedIn: "title" | "description" | "comment" };

/** The expression of the partial GIN index on comments (migration 0005): it must stay the same to be used. */
const commentDocument = sql`to_tsvector('simple', coalesce(${blockerEvents.payload}->>'body', ''))`;
/** A comment counts for half a match in the blocker itself: a title says what the blocker is about. */
const COMMENT_WEIGHT = 0.5;
/**
 * How many of the newest matches are ranked (see searchTeam): five pages of the palette's ten. A word in one title
 * in eighty is found by walking about 4,000 blockers for 50 matches (1.7 ms over a million) against 16,000 for 200
 * (7 ms), and two typed words ("kalo dan") by that walk rather than by a prefix's whole posting list (9 ms vs 33 ms).
 */
const CANDIDATES = 50;

const cardColumns = { id: blockers.id, title: blockers.title, status: blockers.status, priority: blockers.priority, createdAt: blockers.createdAt };

export async function searchTeam(db: Database, member: Member, text: string) {
  const words = prefixQuery(text);
  if (!words) return { blockers: [], people: [] };
  const query = sql`to_tsquery('simple', ${words})`;
  // The newest matches are the candidates, ranked among themselves: a word typed so far ("ka") can match a good
  // share of a million blockers, and ranking them all would take seconds. Walking the team's blockers newest first
  // (blockers_organization_created_idx) stops after CANDIDATES matches; a rare word is found through the GIN index.
  const inBlockers = db
    .execute(
      sql`select id, title, status, priority, created_at, ts_rank(doc, ${query}) as rank,
            case when to_tsvector('simple', title) @@ ${query} then 'title' else 'description' end as matched_in
          from (select id, title, status, priority, created_at, search_vector as doc from blockers
                where organization_id = ${member.teamId} and search_vector @@ ${query} order by created_at desc limit ${CANDIDATES}) candidates
          order by rank desc, created_at desc limit ${SEARCH_RESULTS_MAX}`,
    )
    .then((result) =>
      (result as unknown as { rows: { id: string; title: string; status: BlockerStatus; priority: BlockerPriority; created_at: Date | string; rank: number | string; matched_in: Match["matchedIn"] }[] }).rows.map(
        (row): Match => ({ id: row.id, title: row.title, status: row.status, priority: row.priority, createdAt: new Date(row.created_at), rank: Number(row.rank), matchedIn: row.matched_in }),
      ),
    );
  const inComments = db
    .select({ ...cardColumns, rank: sql<number>`ts_rank(${commentDocument}, ${query}) * ${COMMENT_WEIGHT}`.mapWith(Number), matchedIn: sql<Match["matchedIn"]>`'comment'` })
    .from(blockerEvents)
    .innerJoin(blockers, eq(blockers.id, blockerEvents.blockerId))
    .where(and(eq(blockerEvents.type, "commented"), eq(blockers.organizationId, member.teamId), sql`${commentDocument} @@ ${query}`))
    .orderBy(desc(sql`ts_rank(${commentDocument}, ${query})`), desc(blockerEvents.createdAt))
    .limit(SEARCH_RESULTS_MAX);
  const [found, commented, people] = await Promise.all([inBlockers, inComments, searchTeammates(db, member, text)]);

  // A blocker found both ways keeps its best match; the best first, then the open ones, then the newest.
  const best = new Map<string, Match>();
  for (const match of [...found, ...commented]) {
    const seen = best.get(match.id);
    if (!seen || match.rank > seen.rank) best.set(match.id, match);
  }
  const ranked = [...best.values()].sort((a, b) => b.rank - a.rank || Number(b.status === "open") - Number(a.status === "open") || b.createdAt.getTime() - a.createdAt.getTime());
  return { blockers: ranked.slice(0, SEARCH_RESULTS_MAX), people };
}

/** Teammates whose name or e-mail contains the text (LIKE's wildcards in it taken literally). */
function searchTeammates(db: Database, member: Member, text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return db
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email, avatarUrl: profiles.avatarUrl })
    .from(teamMember)
    .innerJoin(profiles, eq(profiles.authId, teamMember.userId))
    .where(and(eq(teamMember.organizationId, member.teamId), or(ilike(profiles.fullName, pattern), ilike(profiles.email, pattern))))
    .orderBy(profiles.fullName)
    .limit(5);
}
