// Undo (issue #27, decision 049): the author of a change takes it back moments after, from the toast that confirmed
// it — a part marked done or declined, a snooze, a blocker resolved or cancelled by hand. Only their own change, only
// while it is the blocker's latest (an automatic resolution it caused may follow it in the same transaction), only
// within UNDO_WINDOW_MS. The blocker returns to the state before it, the timeline keeps both the change and an
// `undone` event, the change's unread in-app notifications are withdrawn (their pending e-mails and Slack messages
// with them), and the undo itself notifies nobody.
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { UNDO_WINDOW_MS, type UndoableChange } from "../../../common/blocker-values.ts";
import { blockerEvents, blockers, blockingUsers, notifications } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import { currentMembersOn, everyoneOn } from "./blocker-people.ts";
import { changeBlocker, requireInvolved, type ChangeContext, type ChangeDependencies } from "./change-blocker.ts";
import { recordChange } from "./record-change.ts";

/** The notification each change sent, withdrawn with it (a snooze and a cancellation told nobody). */
const notificationOf = { done: "done", declined: "declined", resolved: "resolved", snoozed: undefined, cancelled: undefined } as const;

const cannotUndo = (message: string) => new Refusal(409, "cannot_undo", message);

export function undoChange(deps: ChangeDependencies, member: Member, blockerId: string, change: UndoableChange, now: Date) {
  return changeBlocker(deps, member, blockerId, now, async (context) => {
    const { tx, blocker } = context;
    requireInvolved(context);
    // The last events, newest first: the change, and perhaps the automatic resolution it caused.
    const latest = await tx.select().from(blockerEvents).where(eq(blockerEvents.blockerId, blockerId)).orderBy(desc(blockerEvents.sequence)).limit(2);
    const [last, before] = latest;
    const causedResolution = last?.type === "resolved" && last.payload.automatic === true && (change === "done" || change === "declined");
    const undone = causedResolution ? before : last;
    if (!undone || undone.type !== change || undone.actorId !== member.profileId || (causedResolution && undone.transactionId !== last?.transactionId)) {
      throw cannotUndo("This can no longer be undone: something else happened to the blocker since");
    }
    if (now.getTime() - undone.createdAt.getTime() > UNDO_WINDOW_MS) throw cannotUndo("This can no longer be undone: it was too long ago");

    await putBack(context, member, undone.type as UndoableChange, undone.payload, causedResolution || change === "resolved" || change === "cancelled");
    const type = notificationOf[change];
    if (type) {
      await tx
        .delete(notifications)
        .where(and(eq(notifications.blockerId, blockerId), eq(notifications.actorId, member.profileId), inArray(notifications.type, causedResolution ? [type, "resolved"] : [type]), eq(notifications.createdAt, undone.createdAt), isNull(notifications.readAt)));
    }
    const people = await tx.select().from(blockingUsers).where(eq(blockingUsers.blockerId, blockerId));
    await recordChange(tx, deps, { blockerId, actorId: member.profileId, type: "undone", payload: { type: change }, audience: everyoneOn(blocker, { ...context.people, blocking: people }), at: now });
    return { undone: change };
  });
}

/** Puts the blocker and the actor's part back as they were before the change. */
async function putBack({ tx, blocker, people }: ChangeContext, member: Member, change: UndoableChange, payload: Record<string, unknown>, reopen: boolean) {
  const mine = and(eq(blockingUsers.blockerId, blocker.id), eq(blockingUsers.profileId, member.profileId));
  switch (change) {
    case "done":
      await tx.update(blockingUsers).set({ status: "pending", respondedAt: null }).where(and(mine, eq(blockingUsers.status, "done")));
      break;
    case "declined":
      await tx.update(blockingUsers).set({ status: "pending", respondedAt: null, declineReason: null, suggestedProfileId: null }).where(and(mine, eq(blockingUsers.status, "declined")));
      break;
    case "snoozed":
      await tx.update(blockingUsers).set({ snoozedUntil: typeof payload.from === "string" ? new Date(payload.from) : null }).where(mine);
      break;
    case "resolved":
    case "cancelled": {
      // The parts the end released are pending again, as they were; not those of people who left the team since.
      const { members } = await currentMembersOn(tx, blocker.id, people.blocking.map((part) => part.profileId));
      if (members.size > 0) {
        await tx
          .update(blockingUsers)
          .set({ status: "pending" })
          .where(and(eq(blockingUsers.blockerId, blocker.id), eq(blockingUsers.status, "released"), inArray(blockingUsers.profileId, [...members])));
      }
      break;
    }
  }
  if (reopen) await tx.update(blockers).set({ status: "open", resolvedAt: null, resolvedBy: null }).where(eq(blockers.id, blocker.id));
}
