// A notification's e-mail and Slack message, when its recipient wants them (their preferences: the event type's
// e-mail and chat channels; a daily digest replaces single e-mails) and, for Slack, their team has connected a
// workspace. Decided and queued in the transaction that made the notification: a delivery row per channel (its
// idempotency key makes it one message however the work is retried) and the job that sends it (deliver-email.ts,
// slack/deliver-slack.ts).
import { inArray } from "drizzle-orm";
import { DEFAULT_NOTIFICATION_PREFERENCES, isPreferenceEvent, type PreferenceEvent } from "../../../common/notification-preferences.ts";
import type { Database } from "../../db/client.ts";
import { deliveries, profiles, slackWorkspaces } from "../../db/schema.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";

export const DELIVER_EMAIL_QUEUE = "deliver-email";
export const DELIVER_SLACK_QUEUE = "deliver-slack";
/** A delivery job still active after a minute belonged to a process that died: pg-boss hands it out again. */
export const DELIVERY_JOB_EXPIRY = { expireInSeconds: 60 };

type Executor = Pick<Database, "select" | "insert" | "execute">;
/** `byHand`: a nudge sent by a person, which goes at once and alone (the others wait to go with their recipient's next changes). */
export type QueuedNotification = { id: string; profileId: string; type: string; teamId: string; byHand?: boolean };
type Channel = (typeof deliveries.$inferInsert)["channel"];

/**
 * With a batch wait (EMAIL_BATCH_SECONDS), a delivery's job starts that long after the change and its worker takes the
 * recipient's other waiting changes of the channel with it: the first change waits at most that long, and what came
 * meanwhile goes in the same message (deliver-email.ts, slack/slack-workers.ts).
 */
export async function queueNotificationDeliveries(executor: Executor, jobs: Pick<JobQueue, "insertWithin" | "emailRetries" | "batchSeconds">, notifications: QueuedNotification[], at: Date) {
  const chosen = notifications.filter((notification) => isPreferenceEvent(notification.type));
  if (chosen.length === 0) return;
  const [recipients, withSlack] = await Promise.all([
    executor
      .select({ id: profiles.id, email: profiles.email, preferences: profiles.notificationPreferences })
      .from(profiles)
      .where(inArray(profiles.id, [...new Set(chosen.map((notification) => notification.profileId))])),
    executor
      .select({ teamId: slackWorkspaces.teamId })
      .from(slackWorkspaces)
      .where(inArray(slackWorkspaces.teamId, [...new Set(chosen.map((notification) => notification.teamId))])),
  ]);
  const byId = new Map(recipients.map((recipient) => [recipient.id, recipient]));
  const slackTeams = new Set(withSlack.map((row) => row.teamId));
  const wanted = chosen.flatMap((notification) => {
    const recipient = byId.get(notification.profileId);
    if (!recipient) return [];
    const preferences = recipient.preferences ?? DEFAULT_NOTIFICATION_PREFERENCES;
    const choice = preferences.events[notification.type as PreferenceEvent];
    const channels: Channel[] = [];
    if (recipient.email !== "" && !preferences.dailyDigest && choice.email) channels.push("email");
    if (slackTeams.has(notification.teamId) && choice.chat) channels.push("slack");
    return channels.map((channel) => ({ notification, channel }));
  });
  if (wanted.length === 0) return;
  const queued = await executor
    .insert(deliveries)
    .values(
      wanted.map(({ notification, channel }) => ({
        idempotencyKey: `notification:${notification.id}:${channel}`,
        channel,
        profileId: notification.profileId,
        teamId: notification.teamId,
        notificationId: notification.id,
        kind: notification.type,
        createdAt: at,
        batched: jobs.batchSeconds > 0 && !notification.byHand,
      })),
    )
    .onConflictDoNothing({ target: deliveries.idempotencyKey })
    .returning({ id: deliveries.id, channel: deliveries.channel, batched: deliveries.batched });
  await jobs.insertWithin(
    executor,
    queued.map(({ id, channel, batched }) => ({
      name: channel === "slack" ? DELIVER_SLACK_QUEUE : DELIVER_EMAIL_QUEUE,
      data: { deliveryId: id },
      ...jobs.emailRetries,
      ...DELIVERY_JOB_EXPIRY,
      // Seconds from the database's now (pg-boss reads text without a zone as an interval): a real wait, whatever the app's clock says.
      ...(batched ? { startAfter: String(jobs.batchSeconds) } : {}),
    })),
  );
}
