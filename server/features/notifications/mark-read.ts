import { and, eq, exists, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blockers, notifications } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import type { EventHub } from "../../realtime/event-hub.ts";
import { inMyTeam } from "./list-notifications.ts";

/** Marks one of my notifications read (404 for anyone else's); my other tabs update their count live. */
export async function markRead(db: Database, events: EventHub, member: Member, notificationId: string, now: Date) {
  await db.transaction(async (tx) => {
    const [mine] = await tx
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .innerJoin(blockers, eq(blockers.id, notifications.blockerId))
      .where(and(eq(notifications.id, notificationId), inMyTeam(member)));
    if (!mine) throw new Refusal(404, "notification_not_found", "This notification does not exist");
    if (mine.readAt) return;
    await tx.update(notifications).set({ readAt: now }).where(eq(notifications.id, notificationId));
    await events.publish(tx, [member.profileId], { kind: "notification", teamId: member.teamId });
  });
}

/** Marks all my unread notifications read, or those about one blocker (opening it reads them). */
export async function markAllRead(db: Database, events: EventHub, member: Member, now: Date, filter: { blockerId?: string } = {}) {
  await db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ readAt: now })
      .where(
        and(
          eq(notifications.profileId, member.profileId),
          isNull(notifications.readAt),
          filter.blockerId ? eq(notifications.blockerId, filter.blockerId) : undefined,
          exists(tx.select({ one: blockers.id }).from(blockers).where(and(eq(blockers.id, notifications.blockerId), eq(blockers.organizationId, member.teamId)))),
        ),
      )
      .returning({ id: notifications.id });
    // Only a change moves my other tabs' counts: opening a blocker with nothing unread writes nothing.
    if (marked.length > 0) await events.publish(tx, [member.profileId], { kind: "notification", teamId: member.teamId });
    return marked.length;
  });
}
