// Resolved and cancelled blockers of the team, newest first, with how long each one held work up.
import { and, desc, eq, exists, gte, inArray, lt, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { DATE_RANGE, type resolvedFiltersSchema } from "../../../common/blockers.ts";
import type { Database } from "../../db/client.ts";
import { blockedUsers, blockers, blockingUsers } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { blockerCards } from "./blocker-cards.ts";
import { DAY_MS } from "../../../common/durations.ts";

export const RESOLVED_LIST_LIMIT = 200;

export async function listResolved(db: Database, member: Member, filters: z.output<typeof resolvedFiltersSchema>, now: Date) {
  const conditions: SQL[] = [eq(blockers.organizationId, member.teamId), inArray(blockers.status, ["resolved", "cancelled"])];
  // Dates are whole days, UTC: "to" includes its own day.
  if (filters.from) conditions.push(gte(blockers.resolvedAt, new Date(`${filters.from}T00:00:00Z`)));
  // The day after the last one of the range is in the year 10000, which PostgreSQL cannot read: no upper bound then.
  if (filters.to && filters.to < DATE_RANGE.latest) conditions.push(lt(blockers.resolvedAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS)));
  if (filters.person) {
    const person = filters.person;
    conditions.push(
      or(
        eq(blockers.createdBy, person),
        exists(db.select({ one: blockedUsers.blockerId }).from(blockedUsers).where(and(eq(blockedUsers.blockerId, blockers.id), eq(blockedUsers.profileId, person)))),
        exists(db.select({ one: blockingUsers.blockerId }).from(blockingUsers).where(and(eq(blockingUsers.blockerId, blockers.id), eq(blockingUsers.profileId, person)))),
      ) as SQL,
    );
  }
  const rows = await db
    .select()
    .from(blockers)
    .where(and(...conditions))
    .orderBy(desc(blockers.resolvedAt))
    .limit(RESOLVED_LIST_LIMIT);
  const cards = await blockerCards(db, member, rows.map((row) => row.id), now);
  return cards.map((card) => ({ ...card, blockedForMs: (card.resolvedAt?.getTime() ?? now.getTime()) - card.createdAt.getTime() }));
}
