// A notification's e-mail, when its recipient wants one (their preferences: the event type's e-mail channel, and no
// daily digest instead). Decided and queued in the transaction that made the notification: a delivery row (its
// idempotency key makes it one message however the work is retried) and the job that sends it (deliver-email.ts).
import { inArray } from "drizzle-orm";
import { DEFAULT_NOTIFICATION_PREFERENCES, isPreferenceEvent, type PreferenceEvent } from "../../../common/notification-preferences.ts";
import type { Database } from "../../db/client.ts";
import { deliveries, profiles } from "../../db/schema.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";

export const DELIVER_EMAIL_QUEUE = "deliver-email";
/** A delivery job still active after a minute belonged to a process that died: pg-boss hands it out again. */
export const DELIVERY_JOB_EXPIRY = { expireInSeconds: 60 };


type Executor = Pick<Database, "select" | "insert" | "execute">;
export type QueuedNotification = { id: string; profileId: string; type: string; teamId: string };


export async function queueNotificationEmails(executor: Executor, jobs: Pick<JobQueue, "insertWithin" | "emailRetries">, notifications: QueuedNotification[], at: Date) {
  const emailable = notifications.filter((notification) => isPreferenceEvent(notification.type));
  if (emailable.length === 0) return;
  const recipients = await executor
    .select({ id: profiles.id, email: profiles.email, preferences: profiles.notificationPreferences })
    .from(profiles)
    .where(inArray(profiles.id, [...new Set(emailable.map((notification) => notification.profileId))]));
  const byId = new Map(recipients.map((recipient) => [recipient.id, recipient]));
  const wanted = emailable.filter((notification) => {
    const recipient = byId.get(notification.profileId);
    const preferences = recipient?.preferences ?? DEFAULT_NOTIFICATION_PREFERENCES;
    return recipient !== undefined && recipient.email !== "" && !preferences.dailyDigest && preferences.events[notification.type as PreferenceEvent].email;
  });
  if (wanted.length === 0) return;
  const queued = await executor
    .insert(deliveries)
    .values(wanted.map((notification) => ({ idempotencyKey: `notification:${notification.id}:email`, channel: "email" as const, profileId: notification.profileId, teamId: notification.teamId, notificationId: notification.id, kind: notification.type, createdAt: at })))
    .onConflictDoNothing({ target: deliveries.idempotencyKey })
    .returning({ id: deliveries.id });
  await jobs.insertWithin(
    executor,
    queued.map(({ id }) => ({ name: DELIVER_EMAIL_QUEUE, data: { deliveryId: id }, ...jobs.emailRetries, ...DELIVERY_JOB_EXPIRY })),
  );
}
