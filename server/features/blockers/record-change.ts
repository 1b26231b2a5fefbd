// Every change to a blocker leaves the same traces, inside the change's own transaction: a timeline event,
// in-app notifications for the people it concerns (never the actor), and live events for their open screens.
import type { BlockerEventType, NotificationType } from "../../../common/blockers.ts";
import { blockerEvents, notifications } from "../../db/schema.ts";
import type { EventHub } from "../../realtime/event-hub.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { queueNotificationEmails } from "../notifications/queue-emails.ts";
import { planReminders } from "../reminders/plan-reminders.ts";
import { currentMembersOn, type Executor } from "./blocker-people.ts";

export type Change = {
  blockerId: string;
  actorId: string | null;
  type: BlockerEventType;
  payload?: Record<string, unknown>;
  /** Who sees the change live (lists, counters, the blocker page). */
  audience: Iterable<string>;
  notify?: { type: NotificationType; profileIds: Iterable<string> };
  at: Date;
};

/** What recording a change needs: the live events it publishes, and the job queue its e-mails go through. */
export type ChangeTraces = { events: EventHub; jobs: JobQueue };

export async function recordChange(executor: Executor, { events, jobs }: ChangeTraces, change: Change) {
  const payload = change.payload ?? {};
  await executor.insert(blockerEvents).values({ blockerId: change.blockerId, actorId: change.actorId, type: change.type, payload, createdAt: change.at });
  // Whatever changed (a part answered, snoozed, nudged, added; the priority or due date; the blocker ended or
  // reopened), the next automatic nudge of each of its parts follows, in the same transaction.
  await planReminders(executor, { blockerId: change.blockerId });
  const notified = [...(change.notify?.profileIds ?? [])];
  const audience = [...change.audience];
  // Someone still on the blocker may have left the team since: what happens in it is no longer theirs to see.
  const { members, teamId } = await currentMembersOn(executor, change.blockerId, [...notified, ...audience]);
  const recipients = [...new Set(notified)].filter((profileId) => profileId !== change.actorId && members.has(profileId));
  // Events name the team: a person in several teams has a stream per team open (a tab each), and only the
  // blocker's team's streams are told (decision 029).
  if (members.size === 0 || teamId === undefined) return;
  if (change.notify && recipients.length > 0) {
    const type = change.notify.type;
    const made = await executor
      .insert(notifications)
      .values(recipients.map((profileId) => ({ profileId, type, blockerId: change.blockerId, actorId: change.actorId, payload, createdAt: change.at })))
      .returning({ id: notifications.id, profileId: notifications.profileId, type: notifications.type });
    // Each by e-mail too, to those who want it (their preferences), queued with the change.
    await queueNotificationEmails(executor, jobs, made, teamId, change.at);
    await events.publish(executor, recipients, { kind: "notification", teamId });
  }
  await events.publish(executor, audience.filter((profileId) => members.has(profileId)), { kind: "blocker", blockerId: change.blockerId, teamId });
}
