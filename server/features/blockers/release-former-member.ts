// Someone left the team (or was removed from it): the team's blockers stop waiting on them. Each pending part of
// theirs is released the way ending a blocker releases it (decision 010), the timeline and the people waiting are
// told, and a blocker whose last pending part that was resolves itself when someone is done. A blocker left
// waiting on nobody at all stays open, so the person who logged it can ask someone else (decision 018).
import { and, asc, eq } from "drizzle-orm";
import { blockers, blockingUsers } from "../../db/schema.ts";
import { everyoneOn, loadPeople, type Executor } from "./blocker-people.ts";
import { resolveIfNobodyPending, type ChangeDependencies } from "./change-blocker.ts";
import { recordChange } from "./record-change.ts";

/** Runs inside the caller's transaction; returns the ids of the blockers that no longer wait on the person. */
export async function releaseFormerMember(deps: ChangeDependencies, tx: Executor, formerMember: { profileId: string; teamId: string }, now: Date): Promise<string[]> {
  const { profileId, teamId } = formerMember;
  // Locked in id order, like every change to a blocker locks it, so a concurrent answer cannot interleave.
  const held = await tx
    .select({ blocker: blockers })
    .from(blockers)
    .innerJoin(blockingUsers, and(eq(blockingUsers.blockerId, blockers.id), eq(blockingUsers.profileId, profileId), eq(blockingUsers.status, "pending")))
    .where(and(eq(blockers.organizationId, teamId), eq(blockers.status, "open")))
    .orderBy(asc(blockers.id))
    .for("update", { of: blockers });

  for (const { blocker } of held) {
    const people = await loadPeople(tx, blocker.id);
    await tx
      .update(blockingUsers)
      .set({ status: "released" })
      .where(and(eq(blockingUsers.blockerId, blocker.id), eq(blockingUsers.profileId, profileId), eq(blockingUsers.status, "pending")));
    const after = { ...people, blocking: people.blocking.map((entry) => (entry.profileId === profileId ? { ...entry, status: "released" as const } : entry)) };
    await recordChange(tx, deps, {
      blockerId: blocker.id,
      actorId: profileId,
      type: "person_left",
      payload: { profileId },
      audience: everyoneOn(blocker, after),
      notify: { type: "person_left", profileIds: [blocker.createdBy, ...people.waiting] },
      at: now,
    });
    // Nobody on the team made this change, so an automatic resolution has no one to credit.
    await resolveIfNobodyPending(deps, { tx, blocker, now, actorId: null }, after);
  }
  return held.map(({ blocker }) => blocker.id);
}
