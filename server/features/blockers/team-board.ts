// The team board: every open blocker of the team, grouped by the person it waits on (a blocker waiting on two
// people is in both groups), each group with its count and its oldest wait. Blockers nobody is left pending on
// (everyone declined, or left the team) form a group of their own, so nothing open is missing from the board.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { blockerPriorities, type teamBoardQuerySchema } from "../../../common/blockers.ts";
import type { Database } from "../../db/client.ts";
import { blockers, blockingUsers } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { blockerCards, type BlockerCard } from "./blocker-cards.ts";
import { peopleSummaries, personOf, type PersonSummary } from "./people-summaries.ts";

type Query = z.output<typeof teamBoardQuerySchema>;
/** Cards shown per group on the whole board; filtered to one person, their whole group (up to the cap). */
export const GROUP_PREVIEW = 10;
export const GROUP_CAP = 200;

type Entry = { blockerId: string; createdAt: Date; priority: (typeof blockerPriorities)[number]; dueAt: Date | null; waitingOn: string | null };

const urgency = (priority: Entry["priority"]) => blockerPriorities.indexOf(priority);
const orders: Record<Query["sort"], (a: Entry, b: Entry) => number> = {
  age: (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  priority: (a, b) => urgency(b.priority) - urgency(a.priority) || a.createdAt.getTime() - b.createdAt.getTime(),
  due: (a, b) => (a.dueAt?.getTime() ?? Number.POSITIVE_INFINITY) - (b.dueAt?.getTime() ?? Number.POSITIVE_INFINITY) || a.createdAt.getTime() - b.createdAt.getTime(),
};

export async function teamBoard(db: Database, member: Member, query: Query, now: Date) {
  // One row per open blocker and person it waits on; a blocker nobody is pending on comes once, with nobody.
  const rows: Entry[] = await db
    .select({ blockerId: blockers.id, createdAt: blockers.createdAt, priority: blockers.priority, dueAt: blockers.dueAt, waitingOn: blockingUsers.profileId })
    .from(blockers)
    .leftJoin(blockingUsers, and(eq(blockingUsers.blockerId, blockers.id), eq(blockingUsers.status, "pending")))
    .where(
      and(
        eq(blockers.organizationId, member.teamId),
        eq(blockers.status, "open"),
        query.priority ? eq(blockers.priority, query.priority) : undefined,
        query.person ? eq(blockingUsers.profileId, query.person) : undefined,
      ),
    )
    .orderBy(asc(blockers.createdAt));

  const byPerson = new Map<string | null, Entry[]>();
  for (const row of rows) byPerson.set(row.waitingOn, [...(byPerson.get(row.waitingOn) ?? []), row]);
  const limit = query.person ? GROUP_CAP : GROUP_PREVIEW;
  const groups = [...byPerson.entries()]
    .map(([personId, entries]) => ({ personId, entries: entries.sort(orders[query.sort]), count: entries.length, oldest: entries.reduce((oldest, entry) => (entry.createdAt < oldest ? entry.createdAt : oldest), entries[0]?.createdAt ?? now) }))
    // The person holding up the most first; nobody pending last.
    .sort((a, b) => Number(a.personId === null) - Number(b.personId === null) || b.count - a.count || a.oldest.getTime() - b.oldest.getTime());

  const shownIds = [...new Set(groups.flatMap((group) => group.entries.slice(0, limit).map((entry) => entry.blockerId)))];
  const shown = shownIds.length > 0 ? await db.select().from(blockers).where(inArray(blockers.id, shownIds)) : [];
  const [cards, people] = await Promise.all([
    blockerCards(db, member, shown, now),
    peopleSummaries(db, groups.flatMap((group) => (group.personId ? [group.personId] : [])), member.teamId),
  ]);
  const cardById = new Map(cards.map((card) => [card.id, card]));
  return {
    total: new Set(rows.map((row) => row.blockerId)).size,
    groups: groups.map((group) => ({
      person: group.personId ? personOf(people, group.personId) : (null as PersonSummary | null),
      count: group.count,
      oldestCreatedAt: group.oldest,
      blockers: group.entries
        .slice(0, limit)
        .map((entry) => cardById.get(entry.blockerId))
        .filter((card): card is BlockerCard => card !== undefined),
    })),
  };
}
