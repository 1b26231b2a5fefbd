// People outside the team a blocker waits on (DESIGN.md §3, issue #9): named by e-mail when the blocker is logged,
// each is sent an invitation to the team, and the blocker waits on them from the moment they join.
import { and, eq, inArray, sql } from "drizzle-orm";
import { blockerInvitees, blockers, blockingUsers, member as teamMember, profiles } from "../../db/schema.ts";
import type { ChangeDependencies } from "./change-blocker.ts";
import { everyoneOn, loadPeople, type Executor } from "./blocker-people.ts";
import { recordChange } from "./record-change.ts";

/** The addresses that belong to members of the team already (by their profile), and the others. */
export async function sortByMembership(executor: Executor, teamId: string, emails: string[]) {
  if (emails.length === 0) return { memberIds: [], outsiders: [] };
  const rows = await executor
    .select({ id: profiles.id, email: profiles.email })
    .from(profiles)
    .innerJoin(teamMember, and(eq(teamMember.userId, profiles.authId), eq(teamMember.organizationId, teamId)))
    .where(inArray(sql`lower(${profiles.email})`, emails));
  const known = new Map(rows.map((row) => [row.email.toLowerCase(), row.id]));
  return { memberIds: emails.flatMap((email) => known.get(email) ?? []), outsiders: emails.filter((email) => !known.has(email)) };
}

export async function addInvitees(executor: Executor, blockerId: string, emails: string[], invitedBy: string, now: Date) {
  if (emails.length === 0) return;
  await executor.insert(blockerInvitees).values(emails.map((email) => ({ blockerId, email, invitedBy, createdAt: now }))).onConflictDoNothing();
}

/**
 * Someone just joined a team: every open blocker of it that named their address now waits on them (a pending part,
 * a notification, live updates, as if they had been chosen in the picker); the names on ended ones are dropped.
 */
export async function startWaitingOnNewMember(deps: ChangeDependencies, joined: { profileId: string; email: string; teamId: string }, now: Date) {
  await deps.events.changeData(deps.db, { teamIds: [joined.teamId] }, async (tx) => {
    const named = await tx
      .select({ blocker: blockers, invitedBy: blockerInvitees.invitedBy })
      .from(blockerInvitees)
      .innerJoin(blockers, eq(blockers.id, blockerInvitees.blockerId))
      .where(and(eq(blockerInvitees.email, joined.email.toLowerCase()), eq(blockers.organizationId, joined.teamId)))
      .for("update", { of: blockers });
    for (const { blocker, invitedBy } of named) {
      if (blocker.status !== "open") continue;
      const people = await loadPeople(tx, blocker.id);
      if (people.waiting.includes(joined.profileId) || people.blocking.some((part) => part.profileId === joined.profileId)) continue;
      await tx.insert(blockingUsers).values({ blockerId: blocker.id, profileId: joined.profileId, waitingSince: now });
      await recordChange(tx, deps, {
        blockerId: blocker.id,
        actorId: invitedBy,
        type: "person_added",
        payload: { profileId: joined.profileId, role: "blocking", invited: true },
        audience: [...everyoneOn(blocker, people), joined.profileId],
        notify: { type: "blocker_assigned", profileIds: [joined.profileId] },
        at: now,
      });
    }
    if (named.length > 0) {
      await tx.delete(blockerInvitees).where(and(eq(blockerInvitees.email, joined.email.toLowerCase()), inArray(blockerInvitees.blockerId, named.map((row) => row.blocker.id))));
    }
  });
}
