// The job queue's Slack workers: DMs of notifications (queued with the change that made them, as e-mails are:
// notifications/queue-deliveries.ts) and the updates of kept messages after a blocker changed. A DM's delivery is
// claimed before it is sent and marked sent with where it went, as an e-mail's is. Slack's `ratelimited` is waited
// out by the client; other failures are tried again by pg-boss with back-off, the last one left failed and shown on
// the integrations page. Without Slack configured (its variables removed since), DMs are dropped.
import { eq } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { blockers, deliveries, notifications, profiles } from "../../db/schema.ts";
import type { AppDependencies } from "../../http/app-env.ts";
import { notificationWords } from "../../mail/notification-words.ts";
import { claimDeliveries, SendingElsewhere, type DeliveryAttempt } from "../notifications/claim-deliveries.ts";
import { deliveriesToPeopleWhoLeft } from "../notifications/left-the-team.ts";
import { DELIVER_SLACK_QUEUE } from "../notifications/queue-deliveries.ts";
import { sendBlockerDm, UPDATE_SLACK_MESSAGES_QUEUE, updateBlockerMessages } from "./blocker-messages.ts";
import { republishHomes } from "./home-tab.ts";
import type { SlackDeps } from "./slack-workspaces.ts";
import { createTokenSeal } from "./token-seal.ts";

type Deps = Pick<AppDependencies, "db" | "config" | "logger" | "clock" | "secret" | "jobs" | "answers">;

const nameOf = (person: { fullName: string | null; email: string } | undefined) => person?.fullName?.trim() || person?.email || "Someone";

/** Sends one claimed delivery's DM; answers whether it went, or throws for pg-boss to try again. */
async function deliverOne(deps: SlackDeps | undefined, db: Deps["db"], attempt: DeliveryAttempt & { delivery: typeof deliveries.$inferSelect }, now: Date) {
  const { delivery } = attempt;
  const drop = async () => void (await db.update(deliveries).set({ status: "dropped" }).where(eq(deliveries.id, delivery.id)));
  const [found] = delivery.notificationId
    ? await db
        .select({ notification: notifications, teamId: blockers.organizationId, title: blockers.title, creator: blockers.createdBy })
        .from(notifications)
        .innerJoin(blockers, eq(blockers.id, notifications.blockerId))
        .where(eq(notifications.id, delivery.notificationId))
    : [];
  const blockerId = found?.notification.blockerId;
  if (!deps || !found || !blockerId || (await deliveriesToPeopleWhoLeft(db, [delivery.id])).has(delivery.id)) return drop();
  const { notification } = found;
  const [actor] = await db
    .select({ fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, notification.actorId ?? found.creator));
  const words = notificationWords({ type: notification.type, automatic: notification.payload.automatic === true, actorName: nameOf(actor), title: found.title, payload: notification.payload });
  try {
    // Asked again just before it goes: the person may have left while it was composed.
    if ((await deliveriesToPeopleWhoLeft(db, [delivery.id])).has(delivery.id)) return drop();
    const sent = await sendBlockerDm(deps, found.teamId, { profileId: delivery.profileId, heading: words.heading, kind: notification.type }, blockerId, now);
    if (!sent) return drop();
    await db.update(deliveries).set({ status: "sent", sentAt: now, messageId: `${sent.channel}/${sent.ts}`, lastError: null }).where(eq(deliveries.id, delivery.id));
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await db.update(deliveries).set({ status: attempt.lastTry ? "failed" : "pending", lastError: message }).where(eq(deliveries.id, delivery.id));
    throw error;
  }
}

export async function startSlackWorkers(deps: Deps, options: { pollingIntervalSeconds?: number } = {}) {
  const { boss } = deps.jobs;
  const slackDeps: SlackDeps | undefined = deps.config.slack ? { db: deps.db, slack: deps.config.slack, seal: createTokenSeal(deps.secret), logger: deps.logger, appUrl: deps.config.appUrl } : undefined;
  // The queues exist whether or not Slack is configured: a change queues its jobs in its own transaction.
  await boss.createQueue(DELIVER_SLACK_QUEUE);
  await boss.createQueue(UPDATE_SLACK_MESSAGES_QUEUE);
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 0.5;

  const deliver = async (jobs: PgBoss.JobWithMetadata<{ deliveryId: string }>[]) => {
    const now = deps.clock.now();
    const { claimed, busyElsewhere } = await claimDeliveries(deps.db, jobs.map((job) => job.data.deliveryId), now);
    const failures = new Map<string, Error>([...busyElsewhere].map((id) => [id, new SendingElsewhere("This Slack message is being sent by another worker")]));
    for (const delivery of claimed) {
      const job = jobs.find((candidate) => candidate.data.deliveryId === delivery.id);
      await deliverOne(slackDeps, deps.db, { deliveryId: delivery.id, lastTry: job ? job.retryCount >= job.retryLimit : true, delivery }, now).catch((error: unknown) => failures.set(delivery.id, error instanceof Error ? error : new Error(String(error))));
    }
    for (const job of jobs) {
      const failure = failures.get(job.data.deliveryId);
      if (failure) await boss.fail(DELIVER_SLACK_QUEUE, job.id, { message: failure.message });
    }
  };
  const update = async (jobs: PgBoss.Job<{ blockerId: string }>[]) => {
    if (!slackDeps) return;
    const blockerIds = [...new Set(jobs.map((job) => job.data.blockerId))];
    await updateBlockerMessages(slackDeps, blockerIds, deps.clock.now());
    await republishHomes({ ...slackDeps, answers: deps.answers }, blockerIds, deps.clock.now());
  };
  const workers = [
    await deps.jobs.work(DELIVER_SLACK_QUEUE, { batchSize: 20, pollingIntervalSeconds, includeMetadata: true }, deliver),
    await deps.jobs.work(UPDATE_SLACK_MESSAGES_QUEUE, { batchSize: 20, pollingIntervalSeconds }, update),
  ];
  return async () => {
    for (const id of workers) await boss.offWork({ id });
  };
}

