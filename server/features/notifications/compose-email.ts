// The e-mail of a notification: who it goes to, and what it says about which blocker. Read when it is sent, so it
// says what the blocker is called then; null when there is nothing left to say it about (the blocker or the person
// gone). Composed a batch at a time, as the worker sends them.
import { and, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { isPreferenceEvent } from "../../../common/notification-preferences.ts";
import type { Database } from "../../db/client.ts";
import { blockers, blockingUsers, notifications, profiles } from "../../db/schema.ts";
import type { Mail } from "../../mail/mailer.ts";
import { emailTemplates } from "../../mail/templates.ts";
import { emailLinksForEach } from "../email-links/create-email-links.ts";

const nameOf = (person: { fullName: string | null; email: string } | undefined) => person?.fullName?.trim() || person?.email || "Someone";

/** The e-mails of these deliveries' notifications, with their one-click links: a few statements for the lot. */
export async function composeNotificationEmails(deps: { db: Database; secret: string; appUrl: string }, asked: { id: string; notificationId: string }[], now: Date): Promise<Map<string, Mail | null>> {
  const { db } = deps;
  const actors = alias(profiles, "actor");
  const found =
    asked.length === 0
      ? []
      : await db
          .select({ notification: notifications, blocker: blockers, recipient: profiles, actor: { fullName: actors.fullName, email: actors.email }, partStatus: blockingUsers.status })
          .from(notifications)
          .innerJoin(blockers, eq(blockers.id, notifications.blockerId))
          .innerJoin(profiles, eq(profiles.id, notifications.profileId))
          // The actor, or for Holdup's own reminder (no actor) whoever waits: the blocker's author.
          .leftJoin(actors, eq(actors.id, sql`coalesce(${notifications.actorId}, ${blockers.createdBy})`))
          .leftJoin(blockingUsers, and(eq(blockingUsers.blockerId, blockers.id), eq(blockingUsers.profileId, notifications.profileId)))
          .where(inArray(notifications.id, asked.map((delivery) => delivery.notificationId)));
  const byNotification = new Map(found.map((row) => [row.notification.id, row]));
  const sendable = asked.flatMap((delivery) => {
    const row = byNotification.get(delivery.notificationId);
    if (!row?.recipient.email || !row.recipient.authId || !isPreferenceEvent(row.notification.type)) return [];
    return [{ delivery, row, event: row.notification.type }];
  });
  const links = await emailLinksForEach(
    deps,
    sendable.map(({ delivery, row, event }) => ({ deliveryId: delivery.id, profileId: row.recipient.id, blockerId: row.blocker.id, event, partStatus: row.partStatus })),
    now,
  );
  const mails = new Map<string, Mail | null>(asked.map((delivery) => [delivery.id, null]));
  for (const { delivery, row } of sendable) {
    const { notification, blocker, recipient } = row;
    const linked = links.get(delivery.id);
    if (!linked) continue;
    const content = await emailTemplates.notification({ type: notification.type, automatic: notification.payload.automatic === true, actorName: nameOf(row.actor ?? undefined), title: blocker.title, payload: notification.payload, ...linked });
    mails.set(delivery.id, { to: recipient.email, ...content });
  }
  return mails;
}
