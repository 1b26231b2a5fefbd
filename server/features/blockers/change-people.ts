// Adding and removing people on an open blocker: someone else it waits on, or someone else it holds up.
import { and, eq } from "drizzle-orm";
import { blockedUsers, blockingUsers } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { fieldRefusal, Refusal } from "../../http/refusal.ts";
import { everyoneOn, outsiders } from "./blocker-people.ts";
import { changeBlocker, requireInvolved, requireOpen, resolveIfNobodyPending, type ChangeDependencies } from "./change-blocker.ts";
import { recordChange } from "./record-change.ts";

type Role = "blocking" | "waiting";

export function addPerson(deps: ChangeDependencies, member: Member, blockerId: string, profileId: string, role: Role, now: Date) {
  return changeBlocker(deps, member, blockerId, now, async (context) => {
    const { tx, blocker, people } = context;
    requireInvolved(context);
    requireOpen(blocker);
    if ((await outsiders(tx, member.teamId, [profileId])).length > 0) throw fieldRefusal("profileId", "Choose someone from your team");
    const isWaiting = people.waiting.includes(profileId);
    const isBlocking = people.blocking.some((entry) => entry.profileId === profileId);
    if (isWaiting || isBlocking) throw new Refusal(409, "already_on_blocker", isWaiting === (role === "waiting") ? "This person is already on this blocker" : "Someone cannot be both waiting and waited on");
    if (role === "blocking") await tx.insert(blockingUsers).values({ blockerId, profileId, waitingSince: now });
    else await tx.insert(blockedUsers).values({ blockerId, profileId });
    const audience = [...everyoneOn(blocker, people), profileId];
    await recordChange(tx, deps, {
      blockerId,
      actorId: member.profileId,
      type: "person_added",
      payload: { profileId, role },
      audience,
      ...(role === "blocking" ? { notify: { type: "blocker_assigned" as const, profileIds: [profileId] } } : {}),
      at: now,
    });
  });
}

export function removePerson(deps: ChangeDependencies, member: Member, blockerId: string, profileId: string, role: Role, now: Date) {
  return changeBlocker(deps, member, blockerId, now, async (context) => {
    const { tx, blocker, people } = context;
    requireInvolved(context);
    requireOpen(blocker);
    if (role === "waiting") {
      if (profileId === blocker.createdBy) throw new Refusal(409, "creator_always_waits", "The person who logged the blocker always waits on it");
      if (!people.waiting.includes(profileId)) throw new Refusal(404, "person_not_on_blocker", "This person is not on this blocker");
      await tx.delete(blockedUsers).where(and(eq(blockedUsers.blockerId, blockerId), eq(blockedUsers.profileId, profileId)));
    } else {
      if (!people.blocking.some((entry) => entry.profileId === profileId)) throw new Refusal(404, "person_not_on_blocker", "This person is not on this blocker");
      if (people.blocking.length === 1) throw new Refusal(409, "last_blocking_person", "A blocker waits on at least one person: add someone else first, or cancel it");
      await tx.delete(blockingUsers).where(and(eq(blockingUsers.blockerId, blockerId), eq(blockingUsers.profileId, profileId)));
    }
    const after = {
      waiting: people.waiting.filter((id) => role !== "waiting" || id !== profileId),
      blocking: people.blocking.filter((entry) => role !== "blocking" || entry.profileId !== profileId),
    };
    await recordChange(tx, deps, { blockerId, actorId: member.profileId, type: "person_removed", payload: { profileId, role }, audience: [...everyoneOn(blocker, people)], at: now });
    if (role === "blocking") await resolveIfNobodyPending(deps, { ...context, actorId: member.profileId }, after);
  });
}
