// The profile card's two counters, exactly as the specification defines them (§1, §7; DESIGN.md §2).
import { and, count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blockedUsers, blockers, blockingUsers } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";

export type WaitingCounts = { waitingOnMe: number; imWaitingOn: number };

/**
 * waitingOnMe: my blocking entries with status pending (on my team's blockers).
 * imWaitingOn: distinct blockers that block me and still have at least one pending blocking entry.
 */
export async function countWaiting(db: Database, member: Member): Promise<WaitingCounts> {
  const [[onMe], [byMe]] = await Promise.all([waitingOnMeCountQuery(db, member), imWaitingOnCountQuery(db, member)]);
  return { waitingOnMe: onMe?.total ?? 0, imWaitingOn: byMe?.total ?? 0 };
}

// The queries themselves, apart, so the benchmark can show their plans (EXPLAIN) on a large data set.
/**
 * Within my current team, like the list it counts (waitingOnMeQuery): parts in a team I have left were released
 * when I left, and should one have been missed, the counter still agrees with the list.
 */
export const waitingOnMeCountQuery = (db: Database, member: Member) =>
  db
    .select({ total: count() })
    .from(blockingUsers)
    .innerJoin(blockers, eq(blockers.id, blockingUsers.blockerId))
    .where(and(eq(blockingUsers.profileId, member.profileId), eq(blockingUsers.status, "pending"), eq(blockers.organizationId, member.teamId)));

/**
 * Driven by my waiting entries on open blockers (the partial index blocked_users_open_idx): bounded by the open
 * work I wait on, whatever the size of the team's open work or of its history (decision 012).
 */
export const imWaitingOnCountQuery = (db: Database, member: Member) =>
  db
    .select({ total: count() })
    .from(blockedUsers)
    .innerJoin(blockers, eq(blockers.id, blockedUsers.blockerId))
    .where(and(eq(blockedUsers.profileId, member.profileId), eq(blockedUsers.blockerOpen, true), eq(blockers.organizationId, member.teamId), eq(blockers.status, "open"), stillPending));

/** The blocker (in the outer query) still waits on someone. OFFSET 0 keeps it a probe per blocker, never a scan. */
const stillPending = sql`exists (select 1 from ${blockingUsers} where ${blockingUsers.blockerId} = ${blockers.id} and ${blockingUsers.status} = 'pending' offset 0)`;
