// Whether Holdup's e-mails get out (Slack's messages are the integrations page's: slack/slack-workspaces.ts): the team's failed deliveries (every retry spent) of the last week, for its owners
// and admins in the Reminders section, and the count for the health endpoint. A failing mail server is not a broken
// instance: /api/health still answers 200, and says which.
import { and, count, desc, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blockers, deliveries, notifications, profiles } from "../../db/schema.ts";
import type { Member } from "../../http/app-env.ts";
import { Refusal } from "../../http/refusal.ts";
import { DAY_MS } from "../../../common/durations.ts";

/** A delivery still waiting after this long is stuck behind retries. */
const LATE_AFTER_MS = 15 * 60 * 1000;

export async function teamDeliveryHealth(db: Database, viewer: Member, now: Date) {
  if (!viewer.isAdmin) throw new Refusal(403, "not_allowed", "Only the team's owners and admins see how its e-mails are delivered");
  const since = new Date(now.getTime() - 7 * DAY_MS);
  const [failed, [sent], [late]] = await Promise.all([
    db
      .select({ id: deliveries.id, kind: deliveries.kind, error: deliveries.lastError, at: deliveries.lastAttemptAt, attempts: deliveries.attempts, recipient: { fullName: profiles.fullName, email: profiles.email }, blockerTitle: blockers.title })
      .from(deliveries)
      .innerJoin(profiles, eq(profiles.id, deliveries.profileId))
      .leftJoin(notifications, eq(notifications.id, deliveries.notificationId))
      .leftJoin(blockers, eq(blockers.id, notifications.blockerId))
      .where(and(eq(deliveries.teamId, viewer.teamId), eq(deliveries.channel, "email"), eq(deliveries.status, "failed"), gt(deliveries.lastAttemptAt, since)))
      .orderBy(desc(deliveries.lastAttemptAt))
      .limit(20),
    db.select({ total: count() }).from(deliveries).where(and(eq(deliveries.teamId, viewer.teamId), eq(deliveries.channel, "email"), eq(deliveries.status, "sent"), gt(deliveries.sentAt, since))),
    db.select({ total: count() }).from(deliveries).where(and(eq(deliveries.teamId, viewer.teamId), eq(deliveries.channel, "email"), eq(deliveries.status, "pending"), lt(deliveries.createdAt, new Date(now.getTime() - LATE_AFTER_MS)))),
  ]);
  return { failed, sentThisWeek: sent?.total ?? 0, late: late?.total ?? 0 };
}

/** For /api/health: e-mails and Slack messages that failed for good in the last day, and those waiting behind retries. */
export async function deliveryHealth(db: Database, now: Date) {
  const [[failed], [waiting]] = await Promise.all([
    db.select({ total: count() }).from(deliveries).where(and(eq(deliveries.status, "failed"), gt(deliveries.lastAttemptAt, new Date(now.getTime() - DAY_MS)))),
    db.select({ total: count() }).from(deliveries).where(and(eq(deliveries.status, "pending"), lt(deliveries.createdAt, new Date(now.getTime() - LATE_AFTER_MS)))),
  ]);
  const failedLastDay = failed?.total ?? 0;
  const late = waiting?.total ?? 0;
  return { status: failedLastDay > 0 || late > 0 ? ("failing" as const) : ("ok" as const), failedLastDay, late };
}
