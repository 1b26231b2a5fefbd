// The profile card's two counters, exactly as the specification defines them (§1, §7; DESIGN.md §2).
import { and, countDistinct, count, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blockedUsers, blockingUsers } from "../../db/schema.ts";

export type WaitingCounts = { waitingOnMe: number; imWaitingOn: number };

/**
 * waitingOnMe: my blocking entries with status pending.
 * imWaitingOn: distinct blockers that block me and still have at least one pending blocking entry.
 */
export async function countWaiting(db: Database, profileId: string): Promise<WaitingCounts> {
  const [[onMe], [byMe]] = await Promise.all([
    db
      .select({ total: count() })
      .from(blockingUsers)
      .where(and(eq(blockingUsers.profileId, profileId), eq(blockingUsers.status, "pending"))),
    db
      .select({ total: countDistinct(blockedUsers.blockerId) })
      .from(blockedUsers)
      .innerJoin(blockingUsers, and(eq(blockingUsers.blockerId, blockedUsers.blockerId), eq(blockingUsers.status, "pending")))
      .where(eq(blockedUsers.profileId, profileId)),
  ]);
  return { waitingOnMe: onMe?.total ?? 0, imWaitingOn: byMe?.total ?? 0 };
}
