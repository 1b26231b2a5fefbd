// The e-mail of a notification, or of a person's changes batched together (issue #27): who it goes to, and what it
// says about which blockers — each with its priority, how long it has waited, its due date and the first lines of its
// description, and for the person waited on Mark done, Snooze and Decline. Read when it is sent, so it says what the
// blocker is called then; null when there is nothing left to say (the blockers or the person gone). Composed a batch
// of deliveries at a time, as the worker sends them.
import { and, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { isPreferenceEvent, type PreferenceEvent } from "../../../common/notification-preferences.ts";
import { formatWait } from "../../../common/moments.ts";
import { paths } from "../../../common/paths.ts";
import type { Database } from "../../db/client.ts";
import { blockers, blockingUsers, notifications, profiles } from "../../db/schema.ts";
import { blockerDetails, descriptionExcerpt } from "../../mail/blocker-details.ts";
import type { EmailAction } from "../../mail/email-layout.tsx";
import type { Mail } from "../../mail/mailer.ts";
import { emailTemplates } from "../../mail/templates.ts";
import { emailLinksForEach } from "../email-links/create-email-links.ts";

const nameOf = (person: { fullName: string | null; email: string } | undefined) => person?.fullName?.trim() || person?.email || "Someone";

/** One notification, ready to be written: alone as an e-mail, or as an item of a batch. */
export type NotificationItem = {
  to: string;
  type: PreferenceEvent;
  automatic: boolean;
  actorName: string;
  title: string;
  payload: Record<string, unknown>;
  /** "Urgent · waiting 3 days · due Tue 09:00", in the recipient's time zone. */
  details: string;
  excerpt: string | undefined;
  /** How long the blocker has waited ("3 days"), for a reminder's subject. */
  waited: string;
  actions: EmailAction[];
  unsubscribe: { label: string; url: string; oneClickUrl: string };
};

type Needs = { db: Database; secret: string; appUrl: string };
type Asked = { id: string; notificationId: string };

/** What each of these deliveries' notifications says, with its one-click links: a few statements for the lot. */
async function readItems(deps: Needs, asked: Asked[], now: Date): Promise<Map<string, NotificationItem>> {
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
  const items = new Map<string, NotificationItem>();
  for (const { delivery, row, event } of sendable) {
    const linked = links.get(delivery.id);
    if (!linked) continue;
    const { notification, blocker, recipient } = row;
    items.set(delivery.id, {
      to: recipient.email,
      type: event,
      automatic: notification.payload.automatic === true,
      actorName: nameOf(row.actor ?? undefined),
      title: blocker.title,
      payload: notification.payload,
      details: blockerDetails(blocker, now, recipient.timezone),
      excerpt: descriptionExcerpt(blocker.description),
      waited: formatWait(blocker.createdAt, now),
      ...linked,
    });
  }
  return items;
}

/**
 * The e-mail of each batch of deliveries (deliver-email.ts groups them: one delivery, or a person's changes of the
 * last minutes), under the batch's first delivery's id; null when none of it can be said any more.
 */
export async function composeNotificationEmails(deps: Needs, batches: Asked[][], now: Date): Promise<Map<string, Mail | null>> {
  const items = await readItems(deps, batches.flat(), now);
  const mails = new Map<string, Mail | null>();
  for (const batch of batches) {
    const [first] = batch;
    if (!first) continue;
    const said = batch.flatMap((delivery) => items.get(delivery.id) ?? []);
    const [only] = said;
    if (!only) mails.set(first.id, null);
    else if (said.length === 1) mails.set(first.id, { to: only.to, ...(await emailTemplates.notification(only)) });
    else mails.set(first.id, { to: only.to, ...(await emailTemplates.notificationBatch(said, new URL(paths.settingsPersonal, deps.appUrl).toString())) });
  }
  return mails;
}

