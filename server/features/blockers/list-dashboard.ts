// The dashboard's two columns. Both follow the counters' definitions, so a list and its counter always agree.
import { and, desc, eq, exists } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blockedUsers, blockers, blockingUsers } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { blockerCards } from "./blocker-cards.ts";

export const DASHBOARD_LIST_LIMIT = 100;

/** Open blockers where my part is pending. */
export async function listWaitingOnMe(db: Database, member: Member, now: Date) {
  const rows = await db
    .select({ blocker: blockers })
    .from(blockingUsers)
    .innerJoin(blockers, eq(blockers.id, blockingUsers.blockerId))
    .where(and(eq(blockingUsers.profileId, member.profileId), eq(blockingUsers.status, "pending"), eq(blockers.organizationId, member.teamId)))
    .orderBy(desc(blockers.createdAt))
    .limit(DASHBOARD_LIST_LIMIT);
  return blockerCards(db, rows.map((row) => row.blocker), now);
}

/** Blockers that block me and still wait on someone. */
export async function listImWaitingOn(db: Database, member: Member, now: Date) {
  const stillPending = db
    .select({ one: blockingUsers.blockerId })
    .from(blockingUsers)
    .where(and(eq(blockingUsers.blockerId, blockedUsers.blockerId), eq(blockingUsers.status, "pending")));
  const rows = await db
    .select({ blocker: blockers })
    .from(blockedUsers)
    .innerJoin(blockers, eq(blockers.id, blockedUsers.blockerId))
    .where(and(eq(blockedUsers.profileId, member.profileId), eq(blockers.organizationId, member.teamId), exists(stillPending)))
    .orderBy(desc(blockers.createdAt))
    .limit(DASHBOARD_LIST_LIMIT);
  return blockerCards(db, rows.map((row) => row.blocker), now);
}
