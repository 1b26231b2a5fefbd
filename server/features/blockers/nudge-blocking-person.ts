// A manual nudge: someone waiting reminds a blocking person, in the app and by e-mail (as they chose), at most once an
// hour, and not while that person has snoozed it (common/nudge-rules.ts).
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { MANUAL_NUDGE_INTERVAL_MS } from "../../../common/blockers.ts";
import { blockingUsers } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import { everyoneOn, formerMemberRefusal, nextManualNudgeAt, outsiders } from "./blocker-people.ts";
import { changeBlocker, notAllowed, requireOpen, type ChangeDependencies } from "./change-blocker.ts";
import { recordChange } from "./record-change.ts";

export async function nudgeBlockingPerson(deps: ChangeDependencies, member: Member, blockerId: string, profileId: string, now: Date) {
  const nudge = await changeBlocker(deps, member, blockerId, now, async (context) => {
    const { tx, blocker, people, involvement } = context;
    if (!involvement.isWaiting && !involvement.isCreator) throw notAllowed("Only the people waiting on this blocker can nudge");
    requireOpen(blocker);
    const part = people.blocking.find((entry) => entry.profileId === profileId);
    if (!part) throw new Refusal(404, "person_not_on_blocker", "This person is not on this blocker");
    // Leaving the team releases a person's parts; this also holds while that is under way, or if it failed.
    if ((await outsiders(tx, member.teamId, [profileId])).length > 0) throw formerMemberRefusal();
    if (part.status !== "pending") throw new Refusal(409, "part_not_pending", "This person already answered for their part");
    // A snooze is their answer "not before then" (decision 049): the button is not offered meanwhile, and a nudge is refused.
    if (part.snoozedUntil && part.snoozedUntil > now) {
      throw new Refusal(409, "part_snoozed", `They snoozed this until ${part.snoozedUntil.toISOString()}`, { snoozedUntil: part.snoozedUntil.toISOString() });
    }
    // The hour is checked in the UPDATE itself, so two nudges at the same moment cannot both go out.
    const [nudged] = await tx
      .update(blockingUsers)
      .set({ lastNudgedAt: now, nudgeCount: sql`${blockingUsers.nudgeCount} + 1` })
      .where(
        and(
          eq(blockingUsers.blockerId, blockerId),
          eq(blockingUsers.profileId, profileId),
          or(isNull(blockingUsers.lastNudgedAt), lt(blockingUsers.lastNudgedAt, new Date(now.getTime() - MANUAL_NUDGE_INTERVAL_MS))),
        ),
      )
      .returning();
    if (!nudged) {
      const nextAt = nextManualNudgeAt(part, now) ?? now;
      throw new Refusal(429, "nudge_too_soon", `You can nudge again at ${nextAt.toISOString()}`, { nextNudgeAt: nextAt.toISOString(), retryAfter: Math.ceil((nextAt.getTime() - now.getTime()) / 1000) });
    }
    await recordChange(tx, deps, { blockerId, actorId: member.profileId, type: "nudged", payload: { profileId }, audience: everyoneOn(blocker, people), notify: { type: "nudged", profileIds: [profileId] }, at: now });
    return { nextNudgeAt: nextManualNudgeAt(nudged, now) };
  });
  // The e-mail, if the person wants nudges by e-mail, was queued with the notification (queue-deliveries.ts).
  return { nextNudgeAt: nudge.nextNudgeAt };
}
