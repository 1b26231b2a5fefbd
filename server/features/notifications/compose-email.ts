// The e-mail of a notification: who it goes to, and what it says about which blocker. Read when it is sent, so it
// says what the blocker is called then; null when there is nothing left to say it about (the blocker or the person gone).
import { eq } from "drizzle-orm";
import { paths } from "../../../common/paths.ts";
import type { Database } from "../../db/client.ts";
import { blockers, notifications, profiles } from "../../db/schema.ts";
import type { Mail } from "../../mail/mailer.ts";
import { emailTemplates } from "../../mail/templates.ts";

const nameOf = (person: { fullName: string | null; email: string } | undefined) => person?.fullName?.trim() || person?.email || "Someone";

export async function composeNotificationEmail(db: Database, appUrl: string, notificationId: string): Promise<Mail | null> {
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
  const url = new URL(paths.blocker(blocker.id), appUrl).toString();
  const content = emailTemplates.notification({ type: notification.type, automatic: notification.payload.automatic === true, actorName: actor, title: blocker.title, url, payload: notification.payload });
  return { to: recipient.email, ...content };
}
