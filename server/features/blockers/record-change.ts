// Every change to a blocker leaves the same traces, inside the change's own transaction: a timeline event,
// in-app notifications for the people it concerns (never the actor), and live events for their open screens.
import type { BlockerEventType, NotificationType } from "../../../common/blockers.ts";
import { blockerEvents, notifications } from "../../db/schema.ts";
import type { EventHub, HubEvent } from "../../realtime/event-hub.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { changesSpans, countNudges, NUDGE_EVENTS, trackSpans } from "../insights/track-spans.ts";
import { queueNotificationDeliveries } from "../notifications/queue-deliveries.ts";
import { planReminders } from "../reminders/plan-reminders.ts";
import { queueSlackUpdates } from "../slack/blocker-messages.ts";
import { queueWebhookDeliveries } from "../webhooks/queue-deliveries.ts";
import { currentMembersOnEach, type Executor } from "./blocker-people.ts";

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

export const recordChange = (executor: Executor, traces: ChangeTraces, change: Change) => recordChanges(executor, traces, [change]);

/** The traces of several changes at once, in a few statements whatever their number (the reminder engine's batches). */
export async function recordChanges(executor: Executor, { events, jobs }: ChangeTraces, changes: Change[]) {
  if (changes.length === 0) return;
  await executor.insert(blockerEvents).values(changes.map((change) => ({ blockerId: change.blockerId, actorId: change.actorId, type: change.type, payload: change.payload ?? {}, createdAt: change.at })));
  // Whatever changed (a part answered, snoozed, nudged, added; the priority or due date; the blocker ended or
  // reopened), the next automatic nudge of each of its parts follows, in the same transaction.
  await planReminders(executor, { blockerIds: [...new Set(changes.map((change) => change.blockerId))] });
  // The reports' rollup follows the state the changes left, as of their time (decision 037).
  await trackSpans(executor, changes.filter((change) => changesSpans(change.type)).map((change) => change.blockerId), changes.at(-1)?.at ?? new Date(0));
  await countNudges(
    executor,
    changes.filter((change) => NUDGE_EVENTS.has(change.type) && typeof change.payload?.profileId === "string").map((change) => ({ blockerId: change.blockerId, profileId: String(change.payload?.profileId) })),
  );
  const concerned = changes.map((change) => ({ change, notified: [...(change.notify?.profileIds ?? [])], audience: [...change.audience] }));
  // Someone still on the blocker may have left the team since: what happens in it is no longer theirs to see.
  const teams = await currentMembersOnEach(
    executor,
    concerned.map(({ change, notified, audience }) => ({ blockerId: change.blockerId, profileIds: [...notified, ...audience] })),
  );
  const made: { change: Change; profileIds: string[] }[] = [];
  const live: { profileIds: string[]; event: HubEvent }[] = [];
  for (const { change, notified, audience } of concerned) {
    const team = teams.get(change.blockerId);
    // Events name the team: a person in several teams has a stream per team open (a tab each), and only the
    // blocker's team's streams are told (decision 029).
    if (!team) continue;
    const recipients = [...new Set(notified)].filter((profileId) => profileId !== change.actorId && team.members.has(profileId));
    if (change.notify && recipients.length > 0) {
      made.push({ change, profileIds: recipients });
      live.push({ profileIds: recipients, event: { kind: "notification", teamId: team.teamId } });
    }
    live.push({ profileIds: audience.filter((profileId) => team.members.has(profileId)), event: { kind: "blocker", blockerId: change.blockerId, teamId: team.teamId } });
  }
  const rows = made.flatMap(({ change, profileIds }) =>
    profileIds.map((profileId) => ({ profileId, type: change.notify?.type ?? "commented", blockerId: change.blockerId, actorId: change.actorId, payload: change.payload ?? {}, createdAt: change.at })),
  );
  if (rows.length > 0) {
    const inserted = await executor
      .insert(notifications)
      .values(rows)
      .returning({ id: notifications.id, profileId: notifications.profileId, type: notifications.type, blockerId: notifications.blockerId, payload: notifications.payload });
    // Each by e-mail and in Slack too, to those who want it (their preferences), queued with the change.
    await queueNotificationDeliveries(
      executor,
      jobs,
      inserted.map(({ blockerId, payload, ...notification }) => ({ ...notification, teamId: teams.get(blockerId ?? "")?.teamId ?? "", byHand: notification.type === "nudged" && payload.automatic !== true })),
      changes[0]?.at ?? new Date(0),
    );
  }
  // Holdup's messages about these blockers in Slack, and Home tabs, say how things stand now, once it is committed.
  await queueSlackUpdates(executor, jobs, [...new Set(changes.map((change) => change.blockerId))]);
  // The team's webhooks, each event built as it stands now and sent once it is committed (decision 039).
  await queueWebhookDeliveries(executor, jobs, changes);
  await events.publishMany(executor, live);
}
