// A teammate's page: who they are, the open blockers waiting on them, and how quickly they usually unblock people.
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blockedUsers, blockers, blockingUsers, member as teamMember, profiles } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import { blockerCards } from "../blockers/blocker-cards.ts";

const NINETY_DAYS_MS = 90 * 24 * 60 * 60 * 1000;

export async function getTeammate(db: Database, viewer: Member, profileId: string, now: Date) {
  const [found] = await db
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email, avatarUrl: profiles.avatarUrl, awayUntil: profiles.awayUntil, timezone: profiles.timezone, role: teamMember.role })
    .from(profiles)
    .leftJoin(teamMember, and(eq(teamMember.userId, profiles.authId), eq(teamMember.organizationId, viewer.teamId)))
    .where(eq(profiles.id, profileId));
  // Someone who has left the team keeps a page while the team's blockers name them (the blocker page links to it).
  if (!found || (found.role === null && !(await isOnTeamBlocker(db, viewer.teamId, profileId)))) throw new Refusal(404, "person_not_found", "This person is not in your team");
  const person = { ...found, formerMember: found.role === null };

  const [openOnThem, [unblocking]] = await Promise.all([
    db
      .select({ blocker: blockers })
      .from(blockingUsers)
      .innerJoin(blockers, eq(blockers.id, blockingUsers.blockerId))
      .where(and(eq(blockingUsers.profileId, profileId), eq(blockingUsers.status, "pending"), eq(blockers.organizationId, viewer.teamId)))
      .orderBy(desc(blockers.createdAt))
      .limit(100),
    // Time to unblock: from the blocker's creation to this person marking their part done, over the last 90 days.
    db
      .select({
        medianMs: sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from (${blockingUsers.respondedAt} - ${blockers.createdAt})) * 1000)`,
        count: sql<number>`count(*)::int`,
      })
      .from(blockingUsers)
      .innerJoin(blockers, eq(blockers.id, blockingUsers.blockerId))
      .where(
        and(
          eq(blockingUsers.profileId, profileId),
          eq(blockingUsers.status, "done"),
          eq(blockers.organizationId, viewer.teamId),
          gte(blockingUsers.respondedAt, new Date(now.getTime() - NINETY_DAYS_MS)),
        ),
      ),
  ]);
  return {
    person,
    openBlockers: await blockerCards(db, viewer, openOnThem.map((row) => row.blocker.id), now),
    medianTimeToUnblockMs: unblocking?.medianMs === null || unblocking?.medianMs === undefined ? null : Math.round(Number(unblocking.medianMs)),
    unblockedCount: unblocking?.count ?? 0,
  };
}

/** Whether the person logged, waits on or is waited on by any of the team's blockers (each an index probe). */
async function isOnTeamBlocker(db: Database, teamId: string, profileId: string): Promise<boolean> {
  const [row] = await db
    .select({
      found: sql<boolean>`exists (select 1 from ${blockers} where ${blockers.createdBy} = ${profileId} and ${blockers.organizationId} = ${teamId})
        or exists (select 1 from ${blockedUsers} inner join ${blockers} on ${blockers.id} = ${blockedUsers.blockerId} where ${blockedUsers.profileId} = ${profileId} and ${blockers.organizationId} = ${teamId})
        or exists (select 1 from ${blockingUsers} inner join ${blockers} on ${blockers.id} = ${blockingUsers.blockerId} where ${blockingUsers.profileId} = ${profileId} and ${blockers.organizationId} = ${teamId})`,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row?.found === true;
}
