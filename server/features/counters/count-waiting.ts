// The profile card's two counters, exactly as the specification defines them (§1, §7; DESIGN.md §2).
import { and, count, eq, exists, sql } from "drizzle-orm";
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
 * Walks the team's open blockers rather than everything I ever waited on: a pending entry only exists on an
 * open blocker (ending one releases its pending parts), so the answer is the same and the cost stays with
 * today's open work instead of growing with the team's history.
 */
export const imWaitingOnCountQuery = (db: Database, member: Member) =>
  db
    .select({ total: count() })
    .from(blockers)
    .where(and(eq(blockers.organizationId, member.teamId), eq(blockers.status, "open"), blocksMe(member), stillPending(db)));

/**
 * The blocker (in the outer query) holds me up. OFFSET 0 keeps PostgreSQL from turning this into a join over
 * every blocker I ever waited on (which grows with history): it stays one primary-key probe per open blocker.
 */
export const blocksMe = (member: Member) =>
  sql`exists (select 1 from ${blockedUsers} where ${blockedUsers.blockerId} = ${blockers.id} and ${blockedUsers.profileId} = ${member.profileId} offset 0)`;

/** The blocker (in the outer query) still waits on someone. */
export const stillPending = (db: Database) =>
  exists(db.select({ one: blockingUsers.blockerId }).from(blockingUsers).where(and(eq(blockingUsers.blockerId, blockers.id), eq(blockingUsers.status, "pending"))));
