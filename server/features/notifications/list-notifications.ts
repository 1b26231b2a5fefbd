import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blockers, notifications } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { peopleSummaries, personOf } from "../blockers/people-summaries.ts";

export const NOTIFICATION_LIST_LIMIT = 100;

/**
 * A notification belongs to the team of its blocker: I see those of my current team only, so someone who left a
 * team reads nothing more of it (titles, comments, names). Every notification today is about a blocker.
 */
export const inMyTeam = (member: Member) => and(eq(notifications.profileId, member.profileId), eq(blockers.organizationId, member.teamId));

/** My notifications, unread first, then newest first. */
export async function listNotifications(db: Database, member: Member) {
  const rows = await db
    .select({ notification: notifications, blockerTitle: blockers.title })
    .from(notifications)
    .innerJoin(blockers, eq(blockers.id, notifications.blockerId))
    .where(inMyTeam(member))
    .orderBy(sql`${notifications.readAt} is null desc`, desc(notifications.sequence))
    .limit(NOTIFICATION_LIST_LIMIT);
  const actors = await peopleSummaries(db, rows.flatMap((row) => (row.notification.actorId ? [row.notification.actorId] : [])), member.teamId);
  return rows.map(({ notification, blockerTitle }) => ({
    id: notification.id,
    type: notification.type,
    blockerId: notification.blockerId,
    blockerTitle,
    actor: notification.actorId ? personOf(actors, notification.actorId) : null,
    payload: notification.payload,
    createdAt: notification.createdAt,
    readAt: notification.readAt,
  }));
}

export async function countUnread(db: Database, member: Member) {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .innerJoin(blockers, eq(blockers.id, notifications.blockerId))
    .where(and(inMyTeam(member), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}
