// The e-mail of a notification: who it goes to, and what it says about which blocker. Read when it is sent, so it
// says what the blocker is called then; null when there is nothing left to say it about (the blocker or the person gone).
import { eq } from "drizzle-orm";
import { isPreferenceEvent } from "../../../common/notification-preferences.ts";
import type { Database } from "../../db/client.ts";
import { blockers, notifications, profiles } from "../../db/schema.ts";
import type { Mail } from "../../mail/mailer.ts";
import { emailTemplates } from "../../mail/templates.ts";
import { emailLinksFor } from "../email-links/create-email-links.ts";

const nameOf = (person: { fullName: string | null; email: string } | undefined) => person?.fullName?.trim() || person?.email || "Someone";

/** The e-mail of this delivery's notification, with its one-click links (made once per delivery). */
export async function composeNotificationEmail(deps: { db: Database; secret: string; appUrl: string }, delivery: { id: string; notificationId: string }, now: Date): Promise<Mail | null> {
  const { db, appUrl } = deps;
  const notificationId = delivery.notificationId;
  const [found] = await db
    .select({ notification: notifications, blocker: blockers, recipient: profiles })
    .from(notifications)
    .innerJoin(blockers, eq(blockers.id, notifications.blockerId))
    .innerJoin(profiles, eq(profiles.id, notifications.profileId))
    .where(eq(notifications.id, notificationId));
  if (!found || !found.recipient.email || !found.recipient.authId) return null;
  const { notification, blocker, recipient } = found;
  const people = await db.select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email }).from(profiles).where(eq(profiles.id, notification.actorId ?? blocker.createdBy));
  const actor = nameOf(people[0]);
  if (!isPreferenceEvent(notification.type)) return null;
  const links = await emailLinksFor({ ...deps, appUrl }, { deliveryId: delivery.id, profileId: recipient.id, blockerId: blocker.id, event: notification.type }, now);
  const content = await emailTemplates.notification({ type: notification.type, automatic: notification.payload.automatic === true, actorName: actor, title: blocker.title, payload: notification.payload, ...links });
  return { to: recipient.email, ...content };
}
