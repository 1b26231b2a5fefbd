// The dashboard's two columns. Both follow the counters' definitions, so a list and its counter always agree.
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blockers, blockingUsers } from "../../db/schema.ts";
import { blocksMe, stillPending } from "../counters/count-waiting.ts";
import type { Member } from "../../http/app-env.ts";
import { blockerCards } from "./blocker-cards.ts";

export const DASHBOARD_LIST_LIMIT = 100;

/** Open blockers where my part is pending. */
export async function listWaitingOnMe(db: Database, member: Member, now: Date) {
  const rows = await waitingOnMeQuery(db, member);
  return blockerCards(db, rows.map((row) => row.blocker), now);
}

/** Blockers that block me and still wait on someone. */
export async function listImWaitingOn(db: Database, member: Member, now: Date) {
  const rows = await imWaitingOnQuery(db, member);
  return blockerCards(db, rows.map((row) => row.blocker), now);
}

// The queries themselves, apart, so the benchmark can show their plans (EXPLAIN) on a large data set.
export const waitingOnMeQuery = (db: Database, member: Member) =>
  db
    .select({ blocker: blockers })
    .from(blockingUsers)
    .innerJoin(blockers, eq(blockers.id, blockingUsers.blockerId))
    .where(and(eq(blockingUsers.profileId, member.profileId), eq(blockingUsers.status, "pending"), eq(blockers.organizationId, member.teamId)))
    .orderBy(desc(blockers.createdAt))
    .limit(DASHBOARD_LIST_LIMIT);

/** Driven by the team's open blockers, like its counter (see imWaitingOnCountQuery). */
export const imWaitingOnQuery = (db: Database, member: Member) =>
  db
    .select({ blocker: blockers })
    .from(blockers)
    .where(and(eq(blockers.organizationId, member.teamId), eq(blockers.status, "open"), blocksMe(member), stillPending(db)))
    .orderBy(desc(blockers.createdAt))
    .limit(DASHBOARD_LIST_LIMIT);
