// Resolving or cancelling by hand (the creator or an admin), and reopening (anyone on it, or an admin).
import { and, eq, inArray } from "drizzle-orm";
import { blockers, blockingUsers } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import { currentMembersOn, everyoneOn } from "./blocker-people.ts";
import { changeBlocker, notAllowed, requireInvolved, requireOpen, type ChangeDependencies } from "./change-blocker.ts";
import { recordChange } from "./record-change.ts";

export function endBlocker(deps: ChangeDependencies, member: Member, blockerId: string, outcome: "resolved" | "cancelled", now: Date) {
  return changeBlocker(deps, member, blockerId, now, async (context) => {
    const { tx, blocker, people, involvement } = context;
    if (!involvement.isCreator && !involvement.isAdmin) throw notAllowed("Only the person who logged this blocker, or an admin, can resolve or cancel it");
    requireOpen(blocker);
    await tx.update(blockers).set({ status: outcome, resolvedAt: now, resolvedBy: member.profileId }).where(eq(blockers.id, blockerId));
    // Parts still pending stop counting as "waiting on" their people (docs/decisions/010).
    await tx
      .update(blockingUsers)
      .set({ status: "released" })
      .where(and(eq(blockingUsers.blockerId, blockerId), eq(blockingUsers.status, "pending")));
    const everyone = everyoneOn(blocker, people);
    await recordChange(tx, deps, {
      blockerId,
      actorId: member.profileId,
      type: outcome,
      audience: everyone,
      ...(outcome === "resolved" ? { notify: { type: "resolved" as const, profileIds: everyone } } : {}),
      at: now,
    });
  });
}

export function reopenBlocker(deps: ChangeDependencies, member: Member, blockerId: string, now: Date) {
  return changeBlocker(deps, member, blockerId, now, async (context) => {
    const { tx, blocker, people } = context;
    requireInvolved(context);
    if (blocker.status === "open") throw new Refusal(409, "blocker_open", "This blocker is already open");
    await tx.update(blockers).set({ status: "open", resolvedAt: null, resolvedBy: null }).where(eq(blockers.id, blockerId));
    // Reopened means the wait is not over: the parts that were done, or released by the end, are pending again;
    // except those of people who have left the team since, who can no longer answer.
    const { members: stillInTeam } = await currentMembersOn(tx, blockerId, people.blocking.map((entry) => entry.profileId));
    if (stillInTeam.size > 0) {
      await tx
        .update(blockingUsers)
        .set({ status: "pending", respondedAt: null, waitingSince: now })
        .where(and(eq(blockingUsers.blockerId, blockerId), inArray(blockingUsers.status, ["done", "released"]), inArray(blockingUsers.profileId, [...stillInTeam])));
    }
    const everyone = everyoneOn(blocker, people);
    await recordChange(tx, deps, { blockerId, actorId: member.profileId, type: "reopened", audience: everyone, notify: { type: "reopened", profileIds: everyone }, at: now });
  });
}
