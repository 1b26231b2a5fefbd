// The dashboard's two columns. "Waiting on me" is exactly what its counter counts. "I'm waiting on" is every
// open blocker that holds me up: what its counter counts (those still pending on someone), and those nobody is
// left pending on (everyone declined, or left the team) — still open, and waiting for me to ask someone else or
// cancel. Each card says which it is; the web counts only the first kind, as the counter does.
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blockers, blockingUsers } from "../../db/schema.ts";
import { blocksMe } from "../counters/count-waiting.ts";
import type { Member } from "../../http/app-env.ts";
import { blockerCards } from "./blocker-cards.ts";

export const DASHBOARD_LIST_LIMIT = 100;

/** Open blockers where my part is pending. */
export async function listWaitingOnMe(db: Database, member: Member, now: Date) {
  const rows = await waitingOnMeQuery(db, member);
  return blockerCards(db, member, rows.map((row) => row.blocker), now);
}

/** Open blockers that block me: those still pending on someone, and those nobody is left pending on. */
export async function listImWaitingOn(db: Database, member: Member, now: Date) {
  const rows = await imWaitingOnQuery(db, member);
  return blockerCards(db, member, rows.map((row) => row.blocker), now);
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
    .where(and(eq(blockers.organizationId, member.teamId), eq(blockers.status, "open"), blocksMe(member)))
    .orderBy(desc(blockers.createdAt))
    .limit(DASHBOARD_LIST_LIMIT);
